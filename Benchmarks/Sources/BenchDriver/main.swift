// Runs one workload for a number of frames, for instruction counts under
// `valgrind --tool=callgrind`. Run it twice with different frame counts and divide the difference
// of the totals by the difference of the frames: set-up and warm-up cancel out.
//
//     bench-driver graph-10 10000      the 24-recognizer graph, 10 fingers, 240 Hz, steady state
//     bench-driver graph-1 10000       the same with 1 finger
//     bench-driver scaling-32 10000    32 recognizers receiving 10 fingers
//     bench-driver surface-10 10000    10 fingers forwarded to a client surface, in frames
//     bench-driver decoder 5           the evdev decoder over the largest recording, 5 passes
//     bench-driver replay 5            the recording through the graph, 5 replays
//     bench-driver states 10           the graph's recognizer states after warm-up (a check)
import Workloads
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    print("usage: bench-driver graph-10|graph-1|scaling-<n>|surface-10|decoder|replay|states <count>")
    exit(2)
}
let name = arguments[1]
if ["decoder", "replay"].contains(name) && !Recordings.isAvailable() {
    print("SKIPPED: no \(Recordings.largest) in \(Recordings.directory) (set GESTUREKIT_RECORDINGS)")
    exit(3)
}
switch name {
case "graph-10", "graph-1":
    let w = GraphWorkload(fingers: name == "graph-10" ? 10 : 1)
    w.stream.run(frames: count)
    print("\(name): \(count) frames, sink \(w.graph.sink)")
case "surface-10":
    let w = SurfaceWorkload()
    w.stream.run(frames: count)
    print("\(name): \(count) frames, sink \(w.sink)")
case "states":
    let w = GraphWorkload(fingers: count)
    for s in w.states { print(s) }
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
default:
    print("unknown workload \(name)")
    exit(2)
}
