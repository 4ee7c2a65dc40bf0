import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// `close()` called from inside the backend's own loop: from `run`'s handler, from a controller's
/// closure, from a handler of `dispatch(into:)`.
@Suite("Closing the backend from inside its loop")
struct CloseInsideLoopTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    static func polls(after call: ScriptedLibinputSystem.Call, in calls: [ScriptedLibinputSystem.Call]) -> Int {
        guard let closed = calls.firstIndex(of: call) else { return 0 }
        return calls[closed...].filter { if case .poll = $0 { true } else { false } }.count
    }

    @Test("run's handler closes the backend: run returns stopRequested, polls no closed descriptor, hands on nothing more")
    func closeFromHandler() throws {
        let (backend, system) = try Fixture.backend()
        system.pollScript = [
            .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]),
            .events([Fixture.touch(.up, 0, at: 1100), Fixture.frame(at: 1100)]),
            .events([Fixture.touch(.down, 1, at: 1200, normalized: (0.2, 0.2)), Fixture.frame(at: 1200)]),
        ]
        let engine = GestureEngine(screen: Self.screen)
        var frames = 0
        let reason = try backend.run(engine: engine, handlingSignals: false) { event in
            guard case .touchFrame = event else { return }
            frames += 1
            backend.close()
        }
        // Before the fix the loop went on polling the closed context and wake pipe (the script's
        // SIGTERM ended it here; the live system fails with POLLNVAL, or waits on whatever reused
        // the descriptors).
        #expect(reason == .stopRequested)
        #expect(Self.polls(after: .destroyContext, in: system.calls) == 0, "\(system.calls)")
        #expect(frames == 1)
    }

    @Test("A controller's change that closes the backend stops run, on the live system too")
    func closeFromController() throws {
        let (backend, system) = try Fixture.backend()
        system.pollScript = [
            .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]),
            .events([Fixture.frame(at: 1100)]),
        ]
        backend.controller.update { $0.close() }
        backend.controller.setRotation(.clockwise90)  // sent after the close: never applied
        let reason = try backend.run(engine: GestureEngine(screen: Self.screen), handlingSignals: false)
        #expect(reason == .stopRequested)
        #expect(Self.polls(after: .destroyContext, in: system.calls) == 0, "\(system.calls)")
        #expect(backend.rotation == .none)

        // libinput itself, on a path context without devices: before the fix run threw
        // "libinput_dispatch failed: Bad file descriptor (errno 9)".
        var configuration = LibinputBackend.Configuration.paths([], logger: Fixture.quietLogger)
        configuration.requiresTouchDevice = false
        configuration.seatAccess = .direct
        let live = try LibinputBackend(configuration: configuration)
        live.controller.update { $0.close() }
        #expect(try live.run(engine: GestureEngine(screen: Self.screen), handlingSignals: false) == .stopRequested)
        #expect(live.fileDescriptor == -1)
    }

    @Test("A handler of dispatch(into:) that closes the backend gets nothing after it, not the scroll's second event")
    func closeFromDispatchHandler() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            .scrollFinger(RawScrollEvent(device: Fixture.touchpad, timeMicroseconds: 10_000, vertical: 3)),
            .scrollFinger(RawScrollEvent(device: Fixture.touchpad, timeMicroseconds: 20_000, vertical: 3)),
        ]
        var seen: [InputEvent] = []
        try backend.dispatch { event in
            seen.append(event)
            backend.close()
        }
        // The first scroll event yields a begin and an update; the handler closed at the begin.
        #expect(seen.count == 1, "\(seen)")
    }
}
