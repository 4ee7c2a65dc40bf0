import GestureKit
import Testing

/// A touchpad gesture the engine cancels (for the host, or as its touchpad goes) is cancelled as
/// the gesture it was: its kind, its fingers, its spread.
@Suite struct TouchpadEngineCancelTests {
    /// Follows every touchpad gesture and keeps what it hears.
    final class Listener: GestureRecognizer {
        var heard: [TouchpadGestureEvent] = []
        var fingers: [Int] = []
        override func accepts(_ event: TouchpadGestureEvent) -> Bool { true }
        override func touchpadGesture(_ event: TouchpadGestureEvent) {
            heard.append(event)
            fingers.append(numberOfTouches)
            super.touchpadGesture(event)
        }
    }

    final class Updates: GestureEngineObserver {
        var updates: [GestureUpdate] = []
        func engine(
            _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState
        ) {
            updates.append(GestureUpdate(recognizer: recognizer, from: old, to: new, at: engine.now))
        }
    }

    @Test func aSwipeTheHostCancelsKeepsItsFingers() throws {
        let s = Fingers(kind: .touchpad)
        let observer = Updates()
        s.engine.observer = observer
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var fingers: [Int] = []
        pan.addTarget { fingers.append($0.numberOfTouches) }
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
        s.engine.cancelAllTouches()
        let cancelled = try #require(observer.updates.first { $0.name == "pan" && $0.state == .cancelled })
        #expect(cancelled.numberOfTouches == 3, "as when libinput cancels it, or the host cancels two fingers on a screen")
        #expect(fingers == [3, 3, 3, 3, 3, 3])
    }

    @Test func aSwipeTheHostCancelsIsCancelledAsASwipe() throws {
        let s = Fingers(kind: .touchpad)
        let listener = Listener()
        s.engine.root.addGestureRecognizer(listener)
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
        s.engine.cancelAllTouches()
        let cancel = try #require(listener.heard.last)
        #expect(cancel.phase == .cancel)
        #expect(cancel.kind == .swipe)
    }

    @Test func aPinchWhoseTouchpadGoesKeepsItsKindSpreadAndFingers() throws {
        let s = Fingers(kind: .touchpad)
        let listener = Listener()
        s.engine.root.addGestureRecognizer(listener)
        s.pad(.pinch, .begin, fingers: 2)
        for i in 1...4 { s.pad(.pinch, .update, fingers: 2, scale: 1 + Double(i) / 10) }
        s.engine.send(.deviceRemoved(s.device.id, at: s.time))
        let cancel = try #require(listener.heard.last)
        #expect(cancel.phase == .cancel)
        #expect(cancel.kind == .pinch)
        #expect(cancel.scale == 1.4)
        #expect(listener.fingers == [2, 2, 2, 2, 2, 2])
    }
}
