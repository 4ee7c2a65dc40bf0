import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

@Suite("Event loops")
struct RunLoopTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    @Test("run(engine:) feeds the engine until SIGINT, with signal handlers installed and restored")
    func runUntilSignal() throws {
        let (backend, system) = try Fixture.backend()
        system.pollScript = [
            .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]),
            .events([Fixture.touch(.up, 0, at: 1100), Fixture.frame(at: 1100)]),
            .signal(SIGINT),
            .events([Fixture.frame(at: 1200)]),
        ]
        let engine = GestureEngine(screen: Self.screen)
        var seen: [InputEvent] = []
        let reason = try backend.run(engine: engine) { seen.append($0) }
        #expect(reason == .signal(SIGINT))
        #expect(seen.count == 4)
        #expect(Fixture.frames(seen).map(\.timestamp) == [.milliseconds(1000), .milliseconds(1100)])
        #expect(engine.devices.count == 2)
        #expect(engine.now == .milliseconds(1100))
        #expect(system.calls.first { $0 == .installStopSignals } != nil)
        #expect(system.calls.last { $0 == .restoreStopSignals || $0 == .installStopSignals } == .restoreStopSignals)
        #expect(system.pollScript.count == 1)
    }

    @Test("Poll timeouts come from deadlines on the monotonic clock, rounded up to milliseconds")
    func timeouts() throws {
        let (backend, system) = try Fixture.backend()
        system.clock = .seconds(10)
        #expect(backend.pollTimeout(until: nil) == -1)
        #expect(backend.pollTimeout(until: .seconds(10) + .microseconds(10_500)) == 11)
        #expect(backend.pollTimeout(until: .seconds(10) + .milliseconds(250)) == 250)
        #expect(backend.pollTimeout(until: .seconds(9)) == 0)
    }

    @Test("A timed-out poll advances the engine to the monotonic clock's present")
    func timeoutAdvancesEngine() throws {
        let (backend, system) = try Fixture.backend()
        system.clock = .seconds(42)
        system.pollScript = [.timeout, .signal(SIGTERM)]
        let engine = GestureEngine(screen: Self.screen)
        let reason = try backend.run(engine: engine, handlingSignals: false)
        #expect(reason == .signal(SIGTERM))
        #expect(engine.now == .seconds(42))
        #expect(system.calls.contains(.poll(timeoutMilliseconds: -1)))
        #expect(!system.calls.contains(.installStopSignals))
    }

    @Test("The engine's deadline becomes the poll timeout and fires on timeout")
    func deadlineLoop() throws {
        let (backend, system) = try Fixture.backend()
        system.clock = .seconds(1)
        system.pollScript = [.timeout, .signal(SIGTERM)]
        var deadline: Timestamp? = .seconds(1) + .milliseconds(30)
        var fired: [Timestamp] = []
        let reason = try backend.loop(
            handlingSignals: false, deadline: { deadline },
            onTimeout: { now in
                fired.append(now)
                deadline = nil
            }, handler: { _ in })
        #expect(reason == .signal(SIGTERM))
        #expect(system.calls.contains(.poll(timeoutMilliseconds: 30)))
        #expect(fired == [.seconds(1) + .milliseconds(30)])
    }

    @Test("A stop handle stops the loop, and a stopped backend's loop returns at once")
    func stopHandle() throws {
        let (backend, system) = try Fixture.backend()
        backend.stopHandle.stop()
        #expect(backend.stopHandle.isStopRequested)
        let reason = try backend.run(engine: GestureEngine(screen: Self.screen), handlingSignals: false)
        #expect(reason == .stopRequested)
        #expect(!system.calls.contains { if case .poll = $0 { true } else { false } })
    }

    @Test("An interrupted poll is retried; a failed poll is an error")
    func pollFailures() throws {
        let (backend, system) = try Fixture.backend()
        system.pollScript = [.failure(EINTR), .events([Fixture.frame(at: 1)]), .failure(EBADF)]
        let engine = GestureEngine(screen: Self.screen)
        #expect(throws: LibinputBackendError.pollFailed(errno: EBADF)) {
            try backend.run(engine: engine, handlingSignals: false)
        }
        #expect(system.pollScript.isEmpty)
        // The failure ended the loop as `close(into:)` does: the engine heard both devices go.
        #expect(engine.devices.isEmpty)
        #expect(backend.fileDescriptor == -1)
    }

    @Test("dispatch failures surface as errors")
    func dispatchFailure() throws {
        let (backend, system) = try Fixture.backend()
        system.dispatchResult = -ENODEV
        #expect(throws: LibinputBackendError.dispatchFailed(errno: ENODEV)) { try backend.dispatch { _ in } }
        system.dispatchResult = -EAGAIN
        #expect(throws: Never.self) { try backend.dispatch { _ in } }
    }

    @Test("events(configuration:) yields events from a thread of its own and stops when the consumer does")
    func asyncSequence() async throws {
        let script: [ScriptedLibinputSystem.PollStep] = [
            .events([Fixture.touch(.down, 0, at: 5, normalized: (0.5, 0.5)), Fixture.frame(at: 5)]),
            .events([Fixture.touch(.up, 0, at: 17), Fixture.frame(at: 17)]),
        ]
        var config = Fixture.configuration()
        config.makeSystem = {
            let system = ScriptedLibinputSystem(nodes: Fixture.allNodes)
            system.pollScript = script
            system.waitsWhenIdle = true
            return system
        }
        var received: [InputEvent] = []
        for try await event in LibinputBackend.events(configuration: config) {
            received.append(event)
            if received.count == 4 { break }
        }
        #expect(received.count == 4)
        #expect(Fixture.frames(received).map { $0.contacts.map(\.phase) } == [[.began], [.ended]])
    }

    @Test("events(configuration:) ends with the error when the backend cannot open")
    func asyncSequenceError() async throws {
        let config = Fixture.configuration(nodes: [Fixture.node(Fixture.keyboardInfo)])
        await #expect(throws: LibinputBackendError.self) {
            for try await _ in LibinputBackend.events(configuration: config) {}
        }
    }
}
