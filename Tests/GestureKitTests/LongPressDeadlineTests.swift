import Testing
@testable import GestureKit

/// A long press that a touchpad hold joins while the arbiter rules on its begin (its delegate,
/// asked `gestureRecognizerShouldBegin`, sends the hold's begin): the hold sets it a press
/// deadline, and the press then begins. That deadline, left over, fired while the press was
/// under way and asked for `began` again, an illegal transition (an assertion in debug builds).
/// Found by the invariant checker's reentrant mode (seed 0x3136); the long press now ignores a
/// deadline once its press is under way.
@Suite struct LongPressDeadlineTests {
    private final class SendsHold: GestureRecognizerDelegate {
        unowned let engine: GestureEngine
        var sent = false
        init(engine: GestureEngine) { self.engine = engine }
        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
            if !sent {
                sent = true
                engine.send(.touchpadGesture(TouchpadGestureEvent(
                    device: DeviceID(2), timestamp: engine.now, kind: .hold, phase: .begin, fingerCount: 2)))
            }
            return true
        }
    }

    @Test("a press deadline set while the begin was ruled on does not fire into the press under way")
    func leftOverDeadline() {
        let (engine, start) = ReentryPanel.engine()
        engine.send(.deviceAdded(InputDevice(
            id: DeviceID(2), name: "pad", kind: .touchpad, sizeMillimetres: Size(width: 100, height: 60), maximumContacts: 5
        ), at: start))
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        press.acceptsTouchpadHolds = true
        press.assertsOnRefusal = false
        let delegate = SendsHold(engine: engine)
        press.delegate = delegate
        engine.root.addGestureRecognizer(press)
        var states: [GestureState] = []
        press.addTarget { states.append($0.state) }

        var time = start + .milliseconds(8)
        engine.send(.touchFrame(TouchFrame(device: ReentryPanel.device, timestamp: time, contacts: [
            ReentryPanel.contact(1, .began, 100), ReentryPanel.contact(2, .began, 200),
        ])))
        // The press deadline: the press asks to begin, its delegate sends the hold's begin.
        time = time + .milliseconds(600)
        engine.advance(to: time)
        #expect(delegate.sent)
        #expect(press.state == .began)
        // Motion, then well past a second press duration.
        for k in 1...5 {
            time = time + .milliseconds(200)
            engine.send(.touchFrame(TouchFrame(device: ReentryPanel.device, timestamp: time, contacts: [
                ReentryPanel.contact(1, .moved, 100 + Double(k)), ReentryPanel.contact(2, .stationary, 200),
            ])))
        }
        #expect(press.refusedTransitions.isEmpty, "refused: \(press.refusedTransitions)")
        #expect(states.first == .began && states.dropFirst().allSatisfy { $0 == .changed })
        time = time + .milliseconds(8)
        engine.send(.touchpadGesture(TouchpadGestureEvent(device: DeviceID(2), timestamp: time, kind: .hold, phase: .end, fingerCount: 2)))
        engine.send(.touchFrame(TouchFrame(device: ReentryPanel.device, timestamp: time, contacts: [
            ReentryPanel.contact(1, .ended, 105), ReentryPanel.contact(2, .ended, 200),
        ])))
        engine.advance(to: time + .seconds(2))
        #expect(press.state == .possible)
        #expect(engine.activeTouches.isEmpty && engine.nextDeadline == nil)
    }
}
