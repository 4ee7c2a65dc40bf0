import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// How a host embeds the backend: the async sequences, their controller and the values they yield.
@Suite("Hosts: the async path")
struct HostAsyncPathTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    /// A configuration whose scripted system answers polls with `script`, and which keeps the
    /// system it made in `box` for the test to inspect once the backend's thread is done.
    static func configuration(
        start: Timestamp = .zero, _ script: [ScriptedLibinputSystem.PollStep], waitsWhenIdle: Bool = false,
        box: SystemBox? = nil
    ) -> LibinputBackend.Configuration {
        var config = Fixture.configuration()
        config.makeSystem = {
            let system = ScriptedLibinputSystem(nodes: Fixture.allNodes)
            system.clock = start
            system.pollScript = script
            system.waitsWhenIdle = waitsWhenIdle
            box?.system = system
            return system
        }
        return config
    }

    /// Waits (up to two seconds) for `condition`, which the backend's thread makes true.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test("An observer the builder sets that implements only the method with the cause keeps hearing every change")
    func builderObserverWithCause() async throws {
        // GestureKitLibinput's docs (gestures(configuration:engine:)): "An observer the builder sets
        // on the engine keeps hearing every change." GestureEngineObserver says the method with
        // the cause "is the method the engine calls", and that an observer implementing it "need
        // not implement" the one without.
        let observer = CauseObserver()
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration(start: .milliseconds(1000), [
                .events([Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]),
                .timeout,
                .events([Fixture.touch(.up, 0, at: 1700), Fixture.frame(at: 1700)]),
            ])
        ) {
            let engine = GestureEngine(screen: Self.screen)
            let hold = LongPressGestureRecognizer()
            hold.name = "hold"
            engine.root.addGestureRecognizer(hold)
            engine.observer = observer
            return engine
        }
        var yielded: [GestureState] = []
        for try await update in stream where update.name == "hold" { yielded.append(update.state) }
        #expect(yielded == [.began, .ended])
        // The builder's observer heard the same changes (and the reset), with their causes.
        #expect(observer.heard.withLock { $0 } == [.began, .ended, .possible])
    }

    @Test("A host that keeps its stream (for its controller) and stops iterating mid-gesture still stops the backend")
    func breakMidGesture() async throws {
        // LibinputStream: "a consumer that stops iterating (or whose task is cancelled) stops the
        // backend, which releases every device." The README's host keeps `gestures` in a
        // variable to reach `gestures.controller`; stopping the iteration must be enough, not
        // dropping the stream value as well.
        let box = SystemBox()
        let stream = LibinputBackend.gestures(
            configuration: Self.configuration([
                .events([Fixture.touch(.down, 0, at: 100, normalized: (0.1, 0.5)), Fixture.frame(at: 100)]),
                .events([Fixture.touch(.motion, 0, at: 120, normalized: (0.4, 0.5)), Fixture.frame(at: 120)]),
                .events([Fixture.touch(.motion, 0, at: 140, normalized: (0.6, 0.5)), Fixture.frame(at: 140)]),
            ], waitsWhenIdle: true, box: box),
            engine: {
                let engine = GestureEngine(screen: Self.screen)
                let pan = PanGestureRecognizer()
                pan.name = "pan"
                engine.root.addGestureRecognizer(pan)
                return engine
            })
        try await Self.firstBegan(stream)
        let released = await Self.eventually {
            guard let system = box.system else { return false }
            return !system.hasContext && system.openDescriptors.isEmpty && system.calls.contains(.closeWakePipe)
        }
        #expect(released)
        // The host still holds its stream, as one that keeps `stream.controller` around does.
        withExtendedLifetime(stream) {}
        stream.controller.stop()  // let the backend's thread go
    }

    /// Iterates until the pan begins, then stops iterating (the iterator is gone on return).
    static func firstBegan(_ stream: LibinputStream<GestureUpdate>) async throws {
        for try await update in stream where update.name == "pan" && update.state == .began { break }
    }
}

/// The scripted system a configuration made, for inspection after its thread is done.
/// Set on the backend's thread before it opens, read by the test afterwards.
final class SystemBox: @unchecked Sendable {
    var system: ScriptedLibinputSystem?
}

/// An observer that implements only the method with the cause, as GestureEngineObserver allows.
/// It is `@unchecked Sendable` so that a builder can capture it; only the backend's thread calls it.
final class CauseObserver: GestureEngineObserver, @unchecked Sendable {
    let heard = ThreadLock<[GestureState]>([])

    func engine(
        _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState,
        because cause: TransitionCause
    ) {
        heard.withLock { $0.append(new) }
    }
}
