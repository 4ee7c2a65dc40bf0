import GestureKit
import Testing
@testable import GestureKitLibinput

/// `gestures(configuration:engine:)` yields every change through an observer of its own on the
/// engine. A host that sets the engine's observer in a `withEngine` change (its own logger, or
/// `nil`) takes that observer's place, not the stream's: the sequence goes on.
@Suite("Gestures as an AsyncSequence: an observer set in a withEngine change")
struct AsyncObserverReplacedTests {
    @Test("an engine change that sets the observer to nil leaves the stream yielding")
    func observerClearedInAChange() async throws {
        var script: [ScriptedLibinputSystem.PollStep] = [
            .events([Fixture.touch(.down, 0, at: 100, normalized: (0.1, 0.5)), Fixture.frame(at: 100)]),
        ]
        for i in 1...5 {
            let ms = UInt64(100 + i * 10)
            script.append(.events([
                Fixture.touch(.motion, 0, at: ms, normalized: (0.1 + Double(i) * 0.02, 0.5)), Fixture.frame(at: ms),
            ]))
        }
        // The script ends with the finger down: the backend waits, and the pan stays active.
        let stream = LibinputBackend.gestures(
            configuration: AsyncGestureTests.configuration(script, waitsWhenIdle: true), engine: AsyncGestureTests.panEngine)
        var states: [GestureState] = []
        for try await update in stream where update.name == "pan" {
            states.append(update.state)
            if update.state == .began {
                let controller = stream.controller
                controller.withEngine { engine in
                    engine.observer = nil
                    // Heard by the stream only if its observer is still in place.
                    engine.cancelAllTouches()
                    controller.stop()
                }
            }
        }
        #expect(states.first == .began)
        #expect(states.last == .cancelled, "the cancel after the observer was cleared was not yielded: \(states)")
    }
}
