import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// A developer's async service on top of `LibinputBackend.gestures(configuration:engine:)`:
/// what the stream yields, and what the controller promises, seen from the consuming task: a
/// gesture cancelled after its finger's last report is cancelled where the finger was; a change
/// sent before `stop()` runs; a host with its own seat session suspends through the controller.
@Suite("Async hosts: cancelled gestures, the last change, a host's seat")
struct AsyncHostTests {
    static let screen = AsyncGestureTests.screen

    static func configuration(
        start: Timestamp = .zero, _ script: [ScriptedLibinputSystem.PollStep], waitsWhenIdle: Bool = false
    ) -> LibinputBackend.Configuration {
        AsyncGestureTests.configuration(start: start, script, waitsWhenIdle: waitsWhenIdle)
    }

    @Sendable static func panEngine() -> GestureEngine { AsyncGestureTests.panEngine() }

    // MARK: GestureUpdate values

    @Test("A long press held still and cancelled as the stream ends is cancelled where the finger is, with its finger")
    func longPressCancelledAtStreamEnd() async throws {
        // The finger lands at (200, 100) and stays still; the long press begins at its deadline
        // (poll timeout), then the stream ends (the script is spent) with the finger down. The
        // docs: the engine hears the device removed and the gesture ends as `cancelled` in the
        // updates. GestureUpdate.location is "the gesture's location ... the centroid of the
        // fingers down". The `.cancelled` update says (500, 250), the centre of the screen,
        // where no finger ever was, and 0 touches: the cancelled touch's timestamp (its last
        // report, 1.0 s) is not the recognizer's frame time (1.5 s), so it is left out. A
        // cancel in the same microsecond as the last report (a finger that moved just before)
        // gets the right values: the snapshot depends on timing, not on the fingers.
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(start: .milliseconds(1000), [
                .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.2, 0.2)), Fixture.frame(at: 1000)]),
                .timeout,
            ])
        ) {
            let engine = GestureEngine(screen: Self.screen)
            let hold = LongPressGestureRecognizer()
            hold.name = "hold"
            engine.root.addGestureRecognizer(hold)
            return engine
        }
        var updates: [GestureUpdate] = []
        for try await update in stream where update.name == "hold" { updates.append(update) }
        #expect(updates.map(\.state) == [.began, .cancelled])
        let began = try #require(updates.first)
        let cancelled = try #require(updates.last)
        #expect(began.location == Point(x: 200, y: 100))
        #expect(cancelled.location == Point(x: 200, y: 100))
        #expect(cancelled.numberOfTouches == 1)
    }

    @Test("A pan cancelled by the stuck-touch watchdog (a poll timeout, no input) is cancelled where the finger was")
    func watchdogCancelLocation() async throws {
        // The finger lands at (100, 250), pans to (400, 250) and its lift is lost. With no
        // further input, the watchdog's deadline fires through the poll timeout 30 s later and
        // cancels the pan. The `.cancelled` update keeps the right translation (300, 0) but says
        // the gesture is at (500, 250), the screen's centre, with 0 touches.
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(start: .milliseconds(100), [
                .events([Fixture.touch(.down, 0, at: 100, normalized: (0.1, 0.5)), Fixture.frame(at: 100)]),
                .events([Fixture.touch(.motion, 0, at: 120, normalized: (0.4, 0.5)), Fixture.frame(at: 120)]),
                .timeout,
            ]),
            engine: Self.panEngine)
        var updates: [GestureUpdate] = []
        for try await update in stream where update.name == "pan" { updates.append(update) }
        #expect(updates.map(\.state) == [.began, .cancelled])
        let cancelled = try #require(updates.last)
        let timeout = try #require(GestureConfiguration.default.stuckTouchTimeout)
        #expect(cancelled.timestamp == Timestamp.milliseconds(120) + timeout)  // the watchdog fired it
        #expect(cancelled.translation == Point(x: 300, y: 0))
        #expect(cancelled.location == Point(x: 400, y: 250))
        #expect(cancelled.numberOfTouches == 1)
    }

    // MARK: The controller

    @Test("A withEngine change sent before stop() runs (it was sent while the backend was open)")
    func changeBeforeStopIsApplied() async throws {
        // LibinputController: "each change is queued, the backend's loop is woken, and the
        // change runs on the loop's thread ..., in the order the changes were sent"; only
        // "changes sent after the backend closed are never applied". A host that sends a last
        // change (read the engine's state, cancel its touches, resume a continuation) and then
        // stops the stream loses the change whenever both reach the loop before it wakes: the
        // loop sees the stop first and returns; close(into:) never applies the queue. Here the
        // backend's thread is busy with an earlier change while the host sends both.
        let busy = Gate()
        let release = Gate()
        let ran = ThreadLock(false)
        let stream = LibinputBackend.gestures(configuration: Self.configuration([], waitsWhenIdle: true)) {
            GestureEngine(screen: Self.screen)
        }
        let controller = stream.controller
        controller.withEngine { _ in
            busy.open()
            release.wait()
        }
        let finished = Task {
            for try await _ in stream {}
        }
        await busy.waitAsync()
        controller.withEngine { _ in ran.withLock { $0 = true } }
        controller.stop()
        release.open()
        try await finished.value
        #expect(ran.withLock { $0 })
    }

    @Test("An async host with its own seat session suspends through the controller, and the engine ends the pan")
    func hostSeatSuspendThroughController() async throws {
        // HostDeviceAccess / troubleshooting.md: a host holding its own seat session suspends the
        // backend when its seat is disabled, so that the engine cancels the touches that were
        // down. An async host reaches the backend only through its controller: the removals
        // `controller.suspend()` makes go to the engine the backend drives.
        var config = Self.configuration([
            .events([Fixture.touch(.down, 0, at: 100, normalized: (0.1, 0.5)), Fixture.frame(at: 100)]),
            .events([Fixture.touch(.motion, 0, at: 120, normalized: (0.4, 0.5)), Fixture.frame(at: 120)]),
        ], waitsWhenIdle: true)
        let fds = ThreadLock<Int32>(500)
        config.seatAccess = .host(HostDeviceAccess(
            open: { _, _ in fds.withLock { $0 += 1; return $0 } },
            close: { _ in }))
        let stream = LibinputBackend.gestures(configuration: config, engine: Self.panEngine)
        var states: [GestureState] = []
        for try await update in stream where update.name == "pan" {
            states.append(update.state)
            if update.state == .began {
                // The host's seat was disabled (a VT switch); the service then stops.
                stream.controller.suspend()
                stream.controller.stop()
            }
        }
        #expect(states == [.began, .cancelled])
    }
}

/// A flag one thread opens and another waits on.
final class Gate: Sendable {
    private let opened = ThreadLock(false)
    func open() { opened.withLock { $0 = true } }
    func wait() { while !opened.withLock({ $0 }) { usleep(1000) } }
    func waitAsync() async { while !opened.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) } }
}
