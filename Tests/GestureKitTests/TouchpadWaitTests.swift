import Testing
@testable import GestureKit

/// A recognizer whose begin waits on a failure requirement hears a touchpad gesture as it hears
/// touches: its motion goes on (a pan released from the wait begins with the whole translation
/// so far), and a cancel fails it rather than letting it begin and end once released.
@Suite("A touchpad gesture while a begin waits on a failure requirement")
struct TouchpadWaitTests {
    /// A pan following 3-finger touchpad swipes, waiting for a touchpad swipe left to fail.
    func setUp() -> (Fingers, PanGestureRecognizer) {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .left
        s.engine.root.addGestureRecognizer(swipe)
        s.engine.root.addGestureRecognizer(pan)
        pan.require(toFail: swipe)
        return (s, pan)
    }

    @Test("a pan released from the wait begins with the whole translation so far")
    func motionWhileWaiting() {
        let (s, pan) = setUp()
        var atBegin: Point?
        pan.addTarget { p in if p.state == .began { atBegin = p.translation(in: nil) } }
        s.pad(.swipe, .begin, fingers: 3)
        // 1 mm each: the first asks the pan to begin (it waits); the fourth, 4 mm to the right,
        // fails the swipe left.
        for _ in 1...4 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        #expect(s.outcomes == ["swipe: failed(wrong direction)", "pan: began"])
        // All the motion before the update that released it (heard by the swipe first); that
        // update's own motion follows as a change.
        #expect(atBegin == Point(x: 30, y: 0))
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.outcomes.last == "pan: ended")
    }

    @Test("a touchpad gesture cancelled while the pan waits fails it")
    func cancelWhileWaiting() {
        let (s, _) = setUp()
        s.pad(.swipe, .begin, fingers: 3)
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0))
        s.pad(.swipe, .cancel, fingers: 3)
        #expect(s.outcomes == ["swipe: failed(touches cancelled (device))", "pan: failed(touches cancelled (device))"])
    }

    @Test("a touch cancelled while the pan waits fails it, when the cancel fails its requirement first")
    func touchCancelledWhileWaiting() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .left
        s.engine.root.addGestureRecognizer(swipe)
        s.engine.root.addGestureRecognizer(pan)
        pan.require(toFail: swipe)
        s.press([1], at: [Point(x: 400, y: 300)])
        // 3 mm right: the pan asks to begin and waits; too short to fail the swipe left.
        s.drag(1, by: Point(x: 12, y: 0), over: 25)
        s.tick()
        s.cancelContact(1)
        s.frame()
        #expect(s.outcomes == ["swipe: failed(touches cancelled (device))", "pan: failed(touches cancelled (device))"])
    }
}
