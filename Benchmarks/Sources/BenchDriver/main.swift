// Runs one workload for a number of frames, for instruction counts under
// `valgrind --tool=callgrind`. Run it twice with different frame counts and divide the difference
// of the totals by the difference of the frames: set-up and warm-up cancel out.
//
//     bench-driver graph-10 10000      the 24-recognizer graph, 10 fingers, 240 Hz, steady state
//     bench-driver graph-1 10000       the same with 1 finger
//     bench-driver scaling-32 10000    32 recognizers receiving 10 fingers
//     bench-driver mapping-10 10000    libinput's events for 10 fingers at 240 Hz mapped to frames by
//                                      the backend on a scripted seat (the engine left out)
//     bench-driver interest-21 10000   1 finger, 3 pans following it and 21 recognizers that
//                                      failed when it landed (interest-0: the 3 pans alone)
//     bench-driver surface-10 10000    10 fingers forwarded to a client surface, in frames
//     bench-driver decoder 5           the evdev decoder over the largest recording, 5 passes
//     bench-driver replay 5            the recording through the graph, 5 replays
//     bench-driver replay-steady 5     the same, 5 replays on one engine after 8 to warm it up,
//                                      each pass later than the last
//     bench-driver landing-10 100      10 fingers landing and lifting through the graph, 100
//                                      sequences (landing-1: one finger); Benchmarks/run counts
//                                      the landing and lifting frames alone (--toggle-collect)
//     bench-driver states 10           the graph's recognizer states after warm-up (a check)
//     bench-driver soak 60             60 minutes of 10 fingers at 240 Hz in virtual time: resident
//                                      memory and heap in use every 100,000 frames; exits 1 if
//                                      either grows
import Foundation
import Workloads
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    print("usage: bench-driver graph-10|graph-1|landing-10|landing-1|scaling-<n>|interest-<n>|mapping-10|surface-10|decoder|replay|replay-steady|states|soak <count>")
    exit(2)
}
let name = arguments[1]
if ["decoder", "replay", "replay-steady"].contains(name) && !Recordings.isAvailable() {
    print("SKIPPED: no \(Recordings.largest) in \(Recordings.directory) (set GESTUREKIT_RECORDINGS)")
    exit(3)
}
switch name {
case "graph-10", "graph-1":
    let w = GraphWorkload(fingers: name == "graph-10" ? 10 : 1)
    w.stream.run(frames: count)
    print("\(name): \(count) frames, sink \(w.graph.sink)")
case "landing-10", "landing-1":
    let w = LandingWorkload(fingers: name == "landing-10" ? 10 : 1)
    for _ in 0..<count { w.cycle() }
    print("\(name): \(count) sequences, sink \(w.sink)")
case "surface-10":
    let w = SurfaceWorkload()
    w.stream.run(frames: count)
    print("\(name): \(count) frames, sink \(w.sink)")
case "soak":
    exit(soak(minutes: count))
case "states":
    let w = GraphWorkload(fingers: count)
    for s in w.states { print(s) }
case "mapping-10":
    let w = try MappingWorkload()
    for _ in 0..<count { w.step() }
    print("\(name): \(count) frames, \(w.contacts) contacts")
case _ where name.hasPrefix("interest-"):
    guard let n = Int(name.dropFirst("interest-".count)) else { exit(2) }
    let w = InterestWorkload(idle: n)
    w.stream.run(frames: count)
    print("\(name): \(count) frames, sink \(w.sink)")
case _ where name.hasPrefix("scaling-"):
    guard let n = Int(name.dropFirst("scaling-".count)) else { exit(2) }
    let w = ScalingWorkload(recognizers: n)
    w.stream.run(frames: count)
    print("\(name): \(count) frames, sink \(w.sink)")
case "decoder":
    var w = DecoderWorkload()
    var frames = 0
    for _ in 0..<count { frames += w.decodeAll() }
    print("decoder: \(count) passes, \(frames) frames (\(w.frameCount) per pass)")
case "replay":
    let w = ReplayWorkload()
    for _ in 0..<count {
        w.prepare()
        w.replay()
    }
    print("replay: \(count) replays of \(w.frameCount) frames")
case "replay-steady":
    // The recording again and again on one engine, each pass later than the last.
    let w = ReplayWorkload()
    w.warmUpSteadyReplay()
    for _ in 0..<count {
        w.replay()
        w.shiftForNextPass()
    }
    print("replay-steady: \(count) replays of \(w.frameCount) frames on one engine")
default:
    print("unknown workload \(name)")
    exit(2)
}

/// Resident memory and data (heap and stack) of this process in KiB: the second and sixth fields
/// of /proc/self/statm, in pages.
func memoryKiB() -> (resident: Int, data: Int) {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return (-1, -1) }
    let fields = statm.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard fields.count >= 6 else { return (-1, -1) }
    let page = sysconf(Int32(_SC_PAGESIZE)) / 1024
    return (fields[1] * page, fields[5] * page)
}

/// The soak: `minutes` of a 10-finger hand at 240 Hz through the graph on one engine, sampling
/// resident memory and the data segment every ``soakSampleFrames`` frames. Returns 1 when either
/// grew from the second sample (after the first 100,000 frames) to the last by more than 512 KiB.
func soak(minutes: Int) -> Int32 {
    let w = GraphWorkload(fingers: 10)
    let frames = minutes * 60 * Int(w.stream.hz)
    var samples: [(frames: Int, resident: Int, data: Int)] = []
    func sample() {
        let m = memoryKiB()
        samples.append((w.stream.framesSent, m.resident, m.data))
    }
    sample()
    var sent = 0
    while sent < frames {
        let n = min(soakSampleFrames, frames - sent)
        for _ in 0..<n { w.step() }
        sent += n
        sample()
    }
    print("soak: \(frames) frames (\(minutes) min at \(Int(w.stream.hz)) Hz, virtual time), sink \(w.graph.sink)")
    print("  frames        virtual min   resident KiB  data KiB")
    for s in samples {
        let min = Double(s.frames) / w.stream.hz / 60
        print("  " + [String(s.frames), String(format: "%.1f", min), String(s.resident), String(s.data)]
            .map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined())
    }
    guard samples.count >= 3 else { return 0 }
    let base = samples[1], last = samples[samples.count - 1]
    let resident = last.resident - base.resident, data = last.data - base.data
    print("soak: growth after the first sample: resident \(resident) KiB, data \(data) KiB")
    return resident > 512 || data > 512 ? 1 : 0
}
