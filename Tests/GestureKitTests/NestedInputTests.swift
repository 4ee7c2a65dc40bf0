import Testing
@testable import GestureKit

/// Records every hook it is called for (touches by contact id, touchpad events by phase); the
/// story decides its state through the closures.
private final class Recorder: GestureRecognizer {
    private(set) var calls: [String] = []
    var onMoved: ((Recorder) -> Void)?
    var onEnded: ((Recorder) -> Void)?
    var onPad: ((Recorder, TouchpadGestureEvent) -> Void)?
    var takesTouchpad = false

    private func ids(_ touches: [Touch]) -> String { touches.map { String($0.contactID) }.joined(separator: ",") }

    override func touchesBegan(_ touches: [Touch]) { calls.append("began \(ids(touches))") }
    override func touchesMoved(_ touches: [Touch]) {
        calls.append("moved \(ids(touches))")
        onMoved?(self)
    }
    override func touchesEnded(_ touches: [Touch]) {
        calls.append("ended \(ids(touches))")
        onEnded?(self)
    }
    override func touchesCancelled(_ touches: [Touch]) {
        calls.append("cancelled \(ids(touches))")
        super.touchesCancelled(touches)
    }
    override func accepts(_ event: TouchpadGestureEvent) -> Bool { takesTouchpad }
    override func touchpadGesture(_ event: TouchpadGestureEvent) {
        calls.append("pad \(event.phase.rawValue)")
        onPad?(self, event)
    }

    @discardableResult func take() -> [String] {
        defer { calls.removeAll() }
        return calls
    }
}

/// Logs every transition of every recognizer, resets included.
private final class Transitions: GestureEngineObserver {
    private(set) var log: [String] = []
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        log.append("\(recognizer.name): \(old.rawValue)→\(new.rawValue)")
    }
}

@Suite("Input sent from callbacks at other re-entry points")
struct NestedInputTests {
    private static let device = ReentryPanel.device

    private func engineWithPanel() -> (GestureEngine, Timestamp) { ReentryPanel.engine() }

    private func contact(_ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchContact {
        ReentryPanel.contact(id, phase, x)
    }

    private func frame(_ time: Timestamp, _ contacts: [TouchContact]) -> InputEvent {
        .touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: contacts))
    }

    /// `a` and `b` (simultaneous) follow finger 1. The finger lifts with its last motion in the
    /// lift. `a`, first in the loop, hears that motion and begins; its target sends a frame (empty).
    /// That nested cycle hands `b` its queued lift, but not the motion the outer loop has not
    /// handed it yet; its end prunes the lifted touch from `b`, and the outer loop then has
    /// nothing to hand `b`: the motion is lost (and `b` fails as undecided before the outer
    /// loop reaches it).
    @Test("a frame sent from a target during the hooks' loop does not cost a later recognizer the frame's motion")
    func motionNotLostToNestedFrameFromTarget() {
        let (engine, start) = engineWithPanel()
        var time = start + .milliseconds(8)
        let a = Recorder().named("a")
        let b = Recorder().named("b")
        engine.root.addGestureRecognizer(a)
        engine.root.addGestureRecognizer(b)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        a.delegate = delegate
        a.onMoved = { r in if r.state == .possible { r.state = .began } }
        a.onEnded = { r in if r.state.isActive { r.state = .ended } }
        var sent = false
        let nestedTime = start + .milliseconds(20)
        a.addTarget { [unowned engine] g in
            guard g.state == .began, !sent else { return }
            sent = true
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: nestedTime, contacts: [])))
        }

        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(b.take() == ["began 1"])

        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .ended, 140)]))
        #expect(sent)
        #expect(a.take() == ["began 1", "moved 1", "ended 1"])
        // The lift carried the finger's last motion: `b` hears it, then the lift.
        #expect(b.take() == ["moved 1", "ended 1"])
    }

    /// `first` takes finger 1 as it lands; `second`'s delegate, asked as the finger is offered,
    /// sends the next frame of the stream, in which finger 1 lifts. The touch is not yet among
    /// the engine's active touches (they are appended after the offer), so the lift is dropped
    /// as a contact without a beginning, and the touch stays down with nothing to end it but the
    /// watchdog.
    @Test("a lift sent from shouldReceive while the finger is offered ends the touch")
    func liftSentDuringOfferEndsTouch() {
        let (engine, start) = engineWithPanel()
        let time = start + .milliseconds(8)
        let first = Recorder().named("first")
        let second = Recorder().named("second")
        engine.root.addGestureRecognizer(first)
        engine.root.addGestureRecognizer(second)
        let delegate = Delegate()
        second.delegate = delegate
        var sent = false
        delegate.shouldReceive = { [unowned engine] _, touch in
            if touch.contactID == 1 && !sent {
                sent = true
                engine.send(.touchFrame(TouchFrame(
                    device: Self.device, timestamp: time + .milliseconds(8), contacts: [
                        TouchContact(id: 1, phase: .ended, location: Point(x: 100, y: 100), millimetres: Point(x: 25, y: 25)),
                    ])))
            }
            return true
        }

        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(sent)
        #expect(engine.statistics.contactsWithoutBegin == 0)
        #expect(engine.activeTouches.isEmpty)
        #expect(first.take() == ["began 1", "ended 1"])
    }

    /// The same landing, with the delegate calling `cancelAllTouches()`: the landing finger is
    /// not among the active touches yet, is not cancelled, and stays down afterwards.
    @Test("cancelAllTouches called from shouldReceive while the finger is offered cancels that finger")
    func cancelAllDuringOfferCancelsLandingTouch() {
        let (engine, start) = engineWithPanel()
        let time = start + .milliseconds(8)
        let first = Recorder().named("first")
        let second = Recorder().named("second")
        engine.root.addGestureRecognizer(first)
        engine.root.addGestureRecognizer(second)
        let delegate = Delegate()
        second.delegate = delegate
        var cancelled = false
        delegate.shouldReceive = { [unowned engine] _, _ in
            if !cancelled {
                cancelled = true
                engine.cancelAllTouches()
            }
            return true
        }

        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(cancelled)
        #expect(engine.activeTouches.isEmpty)
        #expect(first.take() == ["began 1", "cancelled 1"])
    }

    /// `w` begins as finger 1 moves and excludes `o`, which shares the finger. `o`'s delegate,
    /// asked whether the two may be simultaneous, sends the next frame, in which the finger
    /// lifts: that nested cycle ends `w`, fails `o` as undecided and resets both. The arbiter
    /// then fails `o` all the same, in no sequence: `o` is left `failed` by no engine's
    /// participants, never reset, and is offered no touch again.
    @Test("a recognizer reset while its exclusion was being decided is not failed afterwards")
    func exclusionAfterNestedResetDoesNotStrandRecognizer() {
        let (engine, start) = engineWithPanel()
        var time = start + .milliseconds(8)
        let transitions = Transitions()
        engine.observer = transitions
        let w = Recorder().named("w")
        let o = Recorder().named("o")
        engine.root.addGestureRecognizer(w)
        engine.root.addGestureRecognizer(o)
        w.onMoved = { r in if r.state == .possible { r.state = .began } }
        w.onEnded = { r in if r.state.isActive { r.state = .ended } }
        let delegate = Delegate()
        o.delegate = delegate
        var sent = false
        delegate.simultaneous = { [unowned engine] _, _ in
            if !sent {
                sent = true
                engine.send(.touchFrame(TouchFrame(
                    device: Self.device, timestamp: time + .milliseconds(4), contacts: [
                        TouchContact(id: 1, phase: .ended, location: Point(x: 140, y: 100), millimetres: Point(x: 35, y: 25)),
                    ])))
            }
            return false
        }

        engine.send(frame(time, [contact(1, .began, 100)]))
        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .moved, 140)]))
        #expect(sent)
        #expect(w.state == .possible)
        // The sequence is over: `o` was reset by the nested cycle and must stay ready.
        #expect(o.state == .possible, "\(transitions.log)")

        o.take()
        time = time + .milliseconds(40)
        engine.send(frame(time, [contact(2, .began, 300)]))
        #expect(o.take() == ["began 2"])
    }

    /// `r` begins as finger 1 moves, and its delegate says it requires `o` (undecided, sharing
    /// the finger) to fail; asked, it sends the next frame, in which the finger lifts. That nested
    /// cycle fails both as undecided and resets them. The arbiter then makes `r` wait all the
    /// same: `r` is left `possible` with a transition pending, by no engine's participants, and
    /// no offer reaches a recognizer with a pending transition: it never takes a touch again.
    @Test("a recognizer reset while its wait on a failure requirement was being decided is not left waiting")
    func waitAfterNestedResetDoesNotStrandRecognizer() {
        let (engine, start) = engineWithPanel()
        var time = start + .milliseconds(8)
        let r = Recorder().named("r")
        let o = Recorder().named("o")
        engine.root.addGestureRecognizer(r)
        engine.root.addGestureRecognizer(o)
        r.onMoved = { r in if r.state == .possible { r.state = .began } }
        let delegate = Delegate()
        r.delegate = delegate
        var sent = false
        delegate.requireFailure = { [unowned engine] _, _ in
            if !sent {
                sent = true
                engine.send(.touchFrame(TouchFrame(
                    device: Self.device, timestamp: time + .milliseconds(4), contacts: [
                        TouchContact(id: 1, phase: .ended, location: Point(x: 140, y: 100), millimetres: Point(x: 35, y: 25)),
                    ])))
            }
            return true
        }

        engine.send(frame(time, [contact(1, .began, 100)]))
        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .moved, 140)]))
        #expect(sent)
        #expect(o.state == .possible)
        // The sequence is over: nothing is left pending on `r`, which takes the next finger.
        #expect(r.pendingState == nil)
        r.take()
        time = time + .milliseconds(40)
        engine.send(frame(time, [contact(2, .began, 300)]))
        #expect(r.take() == ["began 2"])
    }

    /// `a` and `b` (simultaneous) follow a touchpad pinch. On its update `a` begins, and its
    /// target sends the gesture's end: the nested event is handed to `b` before the update the
    /// outer delivery has not handed it yet, and once `b` has been reset by the nested cycle
    /// the update is never handed to it.
    @Test("a touchpad event sent from a target is heard by a later recognizer after the event in delivery")
    func touchpadUpdateNotLostToNestedEnd() {
        let (engine, start) = engineWithPanel()
        var time = start + .milliseconds(8)
        let a = Recorder().named("a")
        let b = Recorder().named("b")
        a.takesTouchpad = true
        b.takesTouchpad = true
        engine.root.addGestureRecognizer(a)
        engine.root.addGestureRecognizer(b)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        a.delegate = delegate
        a.onPad = { r, e in
            if e.phase == .update && r.state == .possible { r.state = .began }
            if e.phase == .end && r.state.isActive { r.state = .ended }
        }
        var sent = false
        let endTime = start + .milliseconds(30)
        a.addTarget { [unowned engine] g in
            guard g.state == .began, !sent else { return }
            sent = true
            engine.send(.touchpadGesture(TouchpadGestureEvent(
                device: Self.device, timestamp: endTime, kind: .pinch, phase: .end, fingerCount: 2)))
        }

        engine.send(.touchpadGesture(TouchpadGestureEvent(
            device: Self.device, timestamp: time, kind: .pinch, phase: .begin, fingerCount: 2)))
        time = time + .milliseconds(8)
        engine.send(.touchpadGesture(TouchpadGestureEvent(
            device: Self.device, timestamp: time, kind: .pinch, phase: .update, fingerCount: 2)))
        #expect(sent)
        #expect(a.take() == ["pad begin", "pad update", "pad end"])
        #expect(b.take() == ["pad begin", "pad update", "pad end"])
    }
}
