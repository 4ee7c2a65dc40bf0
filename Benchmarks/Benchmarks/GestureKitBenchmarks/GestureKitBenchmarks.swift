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
        repeated("graph-24 \(fingers)-finger", units: steadyFrames) {
            GraphWorkload(fingers: fingers)
        } unit: { $0.step() } sink: { $0.graph.sink }
    }

    // (3) and (4) need the recording (GESTUREKIT_RECORDINGS, or ../shared/recordings).
    if Recordings.isAvailable() {
        recordingBenchmarks()
    } else {
        print("SKIPPED: the recording workloads — no \(Recordings.largest) in \(Recordings.directory)")
    }

    // (6): a compositor's touch delivery, 10 fingers forwarded to a client surface in frames.
    repeated("surface 10-finger", units: steadyFrames) { SurfaceWorkload() } unit: { $0.step() } sink: { Double($0.sink) }

    // (7): the soak: an hour of a 10-finger hand at 240 Hz through the graph, in virtual time, on
    // one engine (900,000 frames: 9 iterations of 100,000, one allocation-count sample each, with no
    // warm-up iteration left out). Benchmarks/run gates every sample at 0 allocations and reports
    // resident memory per sample from `bench-driver soak`.
    var soak: GraphWorkload?
    Benchmark(
        "soak-60min 10-finger x\(soakSampleFrames)",
        configuration: .init(metrics: [.mallocCountTotal], warmupIterations: 0, maxDuration: .seconds(900), maxIterations: 9)
    ) { _ in
        let w = soak!
        for _ in 0..<soakSampleFrames { w.step() }
        blackHole(w.graph.sink)
    } setup: {
        soak = GraphWorkload(fingers: 10)
    } teardown: {
        soak = nil
    }

    // (8) and (9): fingers landing and lifting through the graph; one sequence (a landing frame,
    // a lifting frame, deadlines passing) per unit, reported per sequence, not gated yet.
    for fingers in [10, 1] {
        repeated("landing-24 \(fingers)-finger", units: 100) {
            LandingWorkload(fingers: fingers)
        } unit: { $0.cycle() } sink: { $0.sink }
    }

    // (10): libinput's events for 10 fingers mapped to frames by the backend, on a scripted seat.
    repeated("mapping 10-finger", units: steadyFrames) {
        try! MappingWorkload()
    } unit: { $0.step() } sink: { Double($0.contacts) }

    // (5): scaling with the number of recognizers that receive the 10 fingers.
    for count in [8, 32, 128] {
        repeated("scaling-\(count) 10-finger", units: steadyFrames) {
            ScalingWorkload(recognizers: count)
        } unit: { $0.step() } sink: { $0.sink }
    }
}

/// Registers "`name` x`units`": each iteration runs `unit` `units` times on a workload made by
/// `make` once, before the first iteration (outside the measured region), and dropped after the
/// last.
func repeated<W: AnyObject>(
    _ name: String, units: Int, make: @escaping () -> W, unit: @escaping (W) -> Void, sink: @escaping (W) -> Double
) {
    var workload: W?
    Benchmark("\(name) x\(units)") { _ in
        let w = workload!
        for _ in 0..<units { unit(w) }
        blackHole(sink(w))
    } setup: {
        workload = make()
    } teardown: {
        workload = nil
    }
}

/// (3): the largest real recording through the graph. Read and decoded once, before measuring;
/// each iteration replays it on a fresh engine and graph (made outside the measured region);
/// the steady replay plays it on one engine, again and again.
/// (4): the evdev decoder alone over the same recording (evdev events → touch frames).
func recordingBenchmarks() {
    let replay = ReplayWorkload()
    Benchmark("replay-wacom-10 x\(replay.frameCount)") { benchmark in
        replay.prepare()
        benchmark.startMeasurement()
        replay.replay()
        benchmark.stopMeasurement()
    }

    // The same recording again and again on one engine, the device left plugged in: warmed up
    // first, so that what the first passes allocate once (touches, lists growing to their size)
    // is not counted. Its allocations are gated at 0.
    let steady = ReplayWorkload()
    steady.warmUpSteadyReplay()
    Benchmark("replay-steady-wacom-10 x\(steady.frameCount)") { benchmark in
        benchmark.startMeasurement()
        steady.replay()
        benchmark.stopMeasurement()
        steady.shiftForNextPass()
    }

    var decoder = DecoderWorkload()
    Benchmark("decoder-wacom-10 x\(decoder.frameCount)") { _ in
        blackHole(decoder.decodeAll())
    }
}
