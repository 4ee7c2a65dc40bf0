import Testing
@testable import GestureKit

/// Records every touch hook with the contact ids it was handed; optionally takes touchpad gestures.
private final class ListRecorder: GestureRecognizer {
    private(set) var calls: [String] = []
    var onBegan: (([Touch]) -> Void)?
    var takesTouchpad = false

    private func ids(_ touches: [Touch]) -> String { touches.map { String($0.contactID) }.joined(separator: ",") }

    override func touchesBegan(_ touches: [Touch]) {
        calls.append("began \(ids(touches))")
        onBegan?(touches)
    }
    override func touchesMoved(_ touches: [Touch]) { calls.append("moved \(ids(touches))") }
    override func touchesEnded(_ touches: [Touch]) { calls.append("ended \(ids(touches))") }
    override func touchesCancelled(_ touches: [Touch]) {
        calls.append("cancelled \(ids(touches))")
        super.touchesCancelled(touches)
    }
    override func accepts(_ event: TouchpadGestureEvent) -> Bool { takesTouchpad }
    override func touchpadGesture(_ event: TouchpadGestureEvent) {}

    @discardableResult func take() -> [String] {
        defer { calls.removeAll() }
        return calls
    }
}

/// Two halves of the screen, each region with a recorder: `r` on the left, `q` on the right.
/// The first time finger 2 is offered to `q`, its delegate sends an empty frame stamped `time`.
private final class Halves {
    let r = ListRecorder().named("r")
    let q = ListRecorder().named("q")
    var time = Timestamp.milliseconds(0)
    private(set) var nestedFrameSent = false
    private let delegate = Delegate()

    init(_ engine: GestureEngine, device: DeviceID) {
        let left = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "left")
        let right = Region(frame: Rect(x: 500, y: 0, width: 500, height: 600), name: "right")
        engine.root.addChild(left)
        engine.root.addChild(right)
        left.addGestureRecognizer(r)
        right.addGestureRecognizer(q)
        q.delegate = delegate
        delegate.shouldReceive = { [unowned self, unowned engine] _, touch in
            if touch.contactID == 2 && !nestedFrameSent {
                nestedFrameSent = true
                engine.send(.touchFrame(TouchFrame(device: device, timestamp: time, contacts: [])))
            }
            return true
        }
    }
}

@Suite("Lists handed to touch hooks around nested input")
struct SharedListTests {
    private static let device = ReentryPanel.device

    private func engineWithPanel() -> (GestureEngine, Timestamp) { ReentryPanel.engine() }

    private func contact(_ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchContact {
        ReentryPanel.contact(id, phase, x)
    }

    /// Finger 1 (followed by `r`, on the left) moves; in the same frame finger 2 lands on the right
    /// and moves again (a contact listed twice). While finger 2 is offered, the delegate of the
    /// recognizer on the right sends a frame of its own (empty): the nested cycle hands `r` finger
    /// 1's motion. The outer frame then finds every touch moved and hands `r` finger 1's motion a
    /// second time, though finger 1 has not moved since.
    @Test("motion heard in a frame nested in the offer of a landing finger is not handed again by the outer frame")
    func motionNotHeardTwice() {
        let (engine, start) = engineWithPanel()
        var time = start + .milliseconds(8)
        let halves = Halves(engine, device: Self.device)
        let (r, q) = (halves.r, halves.q)

        engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: [contact(1, .began, 100)])))
        #expect(r.take() == ["began 1"])

        time = time + .milliseconds(8)
        halves.time = time
        engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: [
            contact(1, .moved, 110), contact(2, .began, 700), contact(2, .moved, 710),
        ])))
        #expect(halves.nestedFrameSent)
        // Finger 1 moved once: one touchesMoved for it.
        #expect(r.take() == ["moved 1"])
        #expect(q.take() == ["began 2", "moved 2"])
    }

    /// Fingers 1 and 3 (followed by `r`, on the left) are down. In one frame finger 1 moves,
    /// finger 2 lands on the right, and finger 3 moves. While finger 2 is offered, the delegate of
    /// the recognizer on the right sends a frame of its own (empty): its cycle hands `r` finger 1's
    /// motion. Finger 3's motion comes after that nested frame, and `r` hears it too.
    @Test("motion that comes after a frame nested in the offer of a landing finger is heard")
    func motionAfterNestedFrameHeard() {
        let (engine, start) = engineWithPanel()
        var time = start + .milliseconds(8)
        let halves = Halves(engine, device: Self.device)
        let (r, q) = (halves.r, halves.q)

        engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: [
            contact(1, .began, 100), contact(3, .began, 300),
        ])))
        #expect(r.take() == ["began 1,3"])

        time = time + .milliseconds(8)
        halves.time = time
        engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: [
            contact(1, .moved, 110), contact(2, .began, 700), contact(3, .moved, 310),
        ])))
        #expect(halves.nestedFrameSent)
        // Each finger's motion once: finger 1's in the nested frame, finger 3's after it.
        #expect(r.take() == ["moved 1", "moved 3"])
        #expect(q.take() == ["began 2"])

        // The next frame, every finger moving, is heard whole.
        time = time + .milliseconds(8)
        engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: [
            contact(1, .moved, 120), contact(2, .moved, 720), contact(3, .moved, 320),
        ])))
        #expect(r.take() == ["moved 1,3"])
        #expect(q.take() == ["moved 2"])
    }

    /// `first` and `second` both get finger 1 as it lands. `first`'s touchesBegan sends a touchpad
    /// gesture's begin before `second`'s touchesBegan runs. `second` (still possible, taking
    /// touchpad gestures) once joined it, and its touchesBegan was handed its whole list,
    /// touchpad sequence included. A recognizer that follows touchscreen fingers is now offered
    /// no touchpad gesture (it follows one or the other): `second` keeps finger 1 alone.
    @Test("a touchpad gesture joined before touchesBegan runs is not handed to touchesBegan")
    func touchpadSequenceNotHandedAsBegan() {
        let (engine, start) = engineWithPanel()
        let time = start + .milliseconds(8)
        let first = ListRecorder().named("first")
        let second = ListRecorder().named("second")
        second.takesTouchpad = true
        engine.root.addGestureRecognizer(first)
        engine.root.addGestureRecognizer(second)
        var sent = false
        first.onBegan = { [unowned engine] _ in
            guard !sent else { return }
            sent = true
            engine.send(.touchpadGesture(TouchpadGestureEvent(
                device: Self.device, timestamp: time, kind: .pinch, phase: .begin, fingerCount: 2
            )))
        }

        engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: [contact(1, .began, 100)])))
        #expect(sent)
        #expect(first.take() == ["began 1"])
        #expect(second.touchpadGestureSequence == nil)
        // Only the finger began: the touchpad sequence (contact id -1) is no touch of the hooks.
        #expect(second.take() == ["began 1"])
    }
}
