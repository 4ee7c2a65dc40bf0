// Per-frame cost of GestureKit: wall clock and heap allocations.
//
// Every benchmark is named "<workload> x<frames>": one iteration sends that many frames, and
// `Benchmarks/run` divides by it to report per frame. The steady-state workloads run
// `steadyFrames` moving frames per iteration on an engine brought to steady state once, before the
// first iteration; the recording workloads run the whole recording. (The tool's own scaling factor
// is not used: it divides allocation counts in integers, and 999 allocations in 1000 frames would
// read 0.)
//
// GESTUREKIT_BENCH_CI=1 measures allocations only, with few iterations (the CI gate). Instruction
// counts come from `valgrind --tool=callgrind` on `bench-driver`, not from here: on these
// machines `.instructions` has no hardware counters and disturbs the malloc count.
import Benchmark
import Foundation
import Workloads

let benchmarks: @Sendable () -> Void = {
    let ci = ProcessInfo.processInfo.environment["GESTUREKIT_BENCH_CI"] == "1"
    Benchmark.defaultConfiguration = .init(
        metrics: ci ? [.mallocCountTotal] : [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: ci ? 1 : 5,
        maxDuration: ci ? .milliseconds(300) : .seconds(2),
        maxIterations: ci ? 5 : 2_000
    )
    let steadyFrames = 1000

    // (1) and (2): the 24-recognizer graph on a 3-level region tree, 240 Hz, steady state.
    for fingers in [10, 1] {
        var workload: GraphWorkload?
        Benchmark("graph-24 \(fingers)-finger x\(steadyFrames)") { _ in
            let w = workload!
            for _ in 0..<steadyFrames { w.step() }
            blackHole(w.graph.sink)
        } setup: {
            workload = GraphWorkload(fingers: fingers)
        } teardown: {
            workload = nil
        }
    }

    // (3) and (4) need the recording (GESTUREKIT_RECORDINGS, or ../shared/recordings).
    if Recordings.isAvailable() {
        recordingBenchmarks()
    } else {
        print("SKIPPED: the recording workloads — no \(Recordings.largest) in \(Recordings.directory)")
    }

    // (6): a compositor's touch delivery, 10 fingers forwarded to a client surface in frames.
    var surface: SurfaceWorkload?
    Benchmark("surface 10-finger x\(steadyFrames)") { _ in
        let w = surface!
        for _ in 0..<steadyFrames { w.step() }
        blackHole(w.sink)
    } setup: {
        surface = SurfaceWorkload()
    } teardown: {
        surface = nil
    }

    // (5): scaling with the number of recognizers that receive the 10 fingers.
    for count in [8, 32, 128] {
        var workload: ScalingWorkload?
        Benchmark("scaling-\(count) 10-finger x\(steadyFrames)") { _ in
            let w = workload!
            for _ in 0..<steadyFrames { w.step() }
            blackHole(w.sink)
        } setup: {
            workload = ScalingWorkload(recognizers: count)
        } teardown: {
            workload = nil
        }
    }
}

/// (3): the largest real recording through the graph. Read and decoded once, before measuring;
/// each iteration replays it on a fresh engine and graph (made outside the measured region).
/// (4): the evdev decoder alone over the same recording (evdev events → touch frames).
func recordingBenchmarks() {
    let replay = ReplayWorkload()
    Benchmark("replay-wacom-10 x\(replay.frameCount)") { benchmark in
        replay.prepare()
        benchmark.startMeasurement()
        replay.replay()
        benchmark.stopMeasurement()
    }

    var decoder = DecoderWorkload()
    Benchmark("decoder-wacom-10 x\(decoder.frameCount)") { _ in
        blackHole(decoder.decodeAll())
    }
}
