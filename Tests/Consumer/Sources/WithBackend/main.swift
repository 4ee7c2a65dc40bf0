// A program that embeds the libinput backend, run by scripts/consumer-check on any machine: it
// reads the backend's monotonic clock, drives an engine by it, and asks for a device node that
// does not exist, which must be the backend's clear error rather than a crash.
import GestureKit
import GestureKitLibinput
#if canImport(Glibc)
import Glibc
#endif

let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1920, height: 1080))
let tap = TapGestureRecognizer()
engine.root.addGestureRecognizer(tap)
let now = MonotonicClock.now
engine.advance(to: now)
guard engine.now == now, now > .zero else {
    print("WithBackend: the monotonic clock gave \(now), the engine is at \(engine.now)")
    exit(1)
}

let missing = "/dev/input/gesturekit-consumer-check-missing"
do {
    let backend = try LibinputBackend(configuration: .paths([missing]))
    print("WithBackend: opened \(missing), which should not exist: \(backend.touchDevices)")
    exit(1)
} catch LibinputBackendError.deviceNotFound(let path) where path == missing {
    print("WithBackend: the backend refused the missing node as it should (\(missing))")
} catch {
    print("WithBackend: expected deviceNotFound(\(missing)), got \(error)")
    exit(1)
}
