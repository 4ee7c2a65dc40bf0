import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// The async path: `gestures(configuration:engine:)` on scripted devices, with deadlines that only
/// the backend's own poll timeout can fire (the script ends in silence: no later event advances
/// the engine).
@Suite("Gestures as an AsyncSequence")
struct AsyncGestureTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    /// A configuration whose scripted system starts its monotonic clock at `start` and answers
    /// polls with `script`; once the script is spent the loop ends (a SIGTERM the loop reports).
    /// With `waitsWhenIdle`, a spent script waits for a wake instead.
    static func configuration(
        start: Timestamp = .zero, _ script: [ScriptedLibinputSystem.PollStep], waitsWhenIdle: Bool = false
    ) -> LibinputBackend.Configuration {
        var config = Fixture.configuration()
        config.makeSystem = {
            let system = ScriptedLibinputSystem(nodes: Fixture.allNodes)
            system.clock = start
            system.pollScript = script
            system.waitsWhenIdle = waitsWhenIdle
            return system
        }
        return config
    }

    /// An engine with one pan, named "pan", on the whole screen.
    @Sendable static func panEngine() -> GestureEngine {
        let engine = GestureEngine(screen: screen)
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        engine.root.addGestureRecognizer(pan)
        return engine
    }

    static func collect(_ stream: LibinputStream<GestureUpdate>) async throws -> [GestureUpdate] {
        var updates: [GestureUpdate] = []
        for try await update in stream { updates.append(update) }
        return updates
    }

    @Test("A long press begins when the poll times out at its deadline, with no event after the touch lands")
    func longPress() async throws {
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(start: .milliseconds(1000), [
                .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]),
                .timeout,
            ])
        ) {
            let engine = GestureEngine(screen: Self.screen)
            let hold = LongPressGestureRecognizer()
            hold.name = "hold"
            engine.root.addGestureRecognizer(hold)
            return engine
        }
        let updates = try await Self.collect(stream)
        let hold = updates.filter { $0.name == "hold" }
        let minimum = LongPressGestureRecognizer().minimumPressDuration
        // Began at its deadline; cancelled as the stream ends with the finger still down (the
        // engine hears the device go: nothing is left under way).
        #expect(hold.map(\.state) == [.began, .cancelled])
        #expect(hold.first?.timestamp == Timestamp.milliseconds(1000) + minimum)
        #expect(hold.first?.kind == .longPress)
        #expect(hold.first?.previousState == .possible)
        #expect(hold.first?.location == Point(x: 500, y: 250))
        #expect(hold.first?.numberOfTouches == 1)
    }

    @Test("A double tap times out through the poll: it fails and the single tap waiting on it is recognized")
    func doubleTapTimeout() async throws {
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(start: .milliseconds(2000), [
                .events([Fixture.touch(.down, 0, at: 2000, normalized: (0.2, 0.4)), Fixture.frame(at: 2000)]),
                .events([Fixture.touch(.up, 0, at: 2080), Fixture.frame(at: 2080)]),
                .timeout,
            ])
        ) {
            let engine = GestureEngine(screen: Self.screen)
            let double = TapGestureRecognizer()
            double.name = "double"
            double.numberOfTapsRequired = 2
            let single = TapGestureRecognizer()
            single.name = "single"
            single.require(toFail: double)
            engine.root.addGestureRecognizer(double)
            engine.root.addGestureRecognizer(single)
            return engine
        }
        let updates = try await Self.collect(stream)
        let due = Timestamp.milliseconds(2080) + TapGestureRecognizer().maximumIntervalBetweenTaps
        let double = try #require(updates.first { $0.name == "double" })
        #expect(double.state == .failed)
        #expect(double.timestamp == due)
        #expect(double.failureReason != nil)
        #expect(double.tapsCompleted == 1)
        let single = updates.filter { $0.name == "single" }
        #expect(single.map(\.state) == [.ended])
        #expect(single.first?.timestamp == due)
        #expect(single.first?.location == Point(x: 200, y: 200))
        #expect(updates.firstIndex { $0.name == "double" }! < updates.firstIndex { $0.name == "single" }!)
    }

    @Test("Without a deadline the poll waits forever, and a silent script fires nothing")
    func noDeadlineNoFiring() async throws {
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(start: .milliseconds(1000), [
                .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]),
                .timeout,
            ])
        ) {
            // A pan has no deadline; the watchdog is off, so the engine has none either.
            var configuration = GestureConfiguration.default
            configuration.stuckTouchTimeout = nil
            let engine = GestureEngine(screen: Self.screen, configuration: configuration)
            let pan = PanGestureRecognizer(configuration: configuration)
            pan.name = "pan"
            engine.root.addGestureRecognizer(pan)
            return engine
        }
        // Nothing fires while the script is silent; the pan, still deciding when the stream
        // ends, fails then, as its device goes.
        let updates = try await Self.collect(stream)
        #expect(updates.map(\.state) == [.failed])
        #expect(updates.first?.timestamp == Timestamp.milliseconds(1000))
    }

    @Test("Pans arrive with translation and velocity, and an engine change runs on the backend's thread")
    func panValuesAndEngineChange() async throws {
        var script: [ScriptedLibinputSystem.PollStep] = [
            .events([Fixture.touch(.down, 0, at: 100, normalized: (0.1, 0.5)), Fixture.frame(at: 100)]),
        ]
        for i in 1...10 {
            let ms = UInt64(100 + i * 10)
            script.append(.events([
                Fixture.touch(.motion, 0, at: ms, normalized: (0.1 + Double(i) * 0.02, 0.5)), Fixture.frame(at: ms),
            ]))
        }
        script.append(.events([Fixture.touch(.up, 0, at: 200), Fixture.frame(at: 200)]))
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(script, waitsWhenIdle: true), engine: Self.panEngine)
        let seen = Seen()
        var updates: [GestureUpdate] = []
        for try await update in stream {
            updates.append(update)
            if update.state == .ended {
                // The engine lives on the backend's thread; the change runs there, then stops it.
                let controller = stream.controller
                controller.withEngine { engine in
                    seen.names.withLock { $0 = engine.root.gestureRecognizers.map(\.name) + ["\(engine.devices.count) devices"] }
                    controller.stop()
                }
            }
        }
        #expect(seen.names.withLock { $0 } == ["pan", "2 devices"])
        let pan = updates.filter { $0.name == "pan" }
        #expect(pan.first?.state == .began)
        #expect(pan.last?.state == .ended)
        #expect(pan.allSatisfy { $0.kind == .pan })
        let last = try #require(pan.last)
        #expect(abs(try #require(last.translation).x - 200) < 1e-6)
        #expect(try #require(last.velocity).x > 0)
    }
}

/// What a controller's change saw on the backend's thread.
private final class Seen: Sendable {
    let names = ThreadLock<[String]>([])
}
