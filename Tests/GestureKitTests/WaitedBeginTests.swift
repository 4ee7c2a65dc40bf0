import Testing
@testable import GestureKit

/// A pan whose begin waits on a failure requirement begins when the arbiter releases it, outside
/// its own hooks: what the pan (and its subclasses) does as it begins and as its fingers lift
/// must happen on that path too.
@Suite("A begin that waited on a failure requirement")
struct WaitedBeginTests {
    /// A card whose directional swipe waits for a one-finger swipe in `direction` to fail.
    func setUp(waitingOn direction: SwipeDirection) -> (Fingers, DirectionalSwipeGestureRecognizer, SwipeWatcher) {
        let s = Fingers()
        let card = s.region("card", Rect(x: 300, y: 200, width: 400, height: 200))
        let swipe = DirectionalSwipeGestureRecognizer().named("dswipe")
        let quick = SwipeGestureRecognizer().named("swipe")
        quick.direction = direction
        card.addGestureRecognizer(quick)
        card.addGestureRecognizer(swipe)
        swipe.require(toFail: quick)
        let watcher = SwipeWatcher()
        swipe.swipeDelegate = watcher
        return (s, swipe, watcher)
    }

    @Test("a directional swipe released from its wait knows its initial direction and starts")
    func directionalSwipeReleasedWhileDragging() {
        let (s, swipe, watcher) = setUp(waitingOn: .up)
        s.press([1], at: [Point(x: 400, y: 300)])
        // 2 mm a frame: the first frame asks to begin (it waits), the second fails the swipe up.
        s.drag(1, by: Point(x: 200, y: 0), over: 200)
        #expect(s.outcomes == ["swipe: failed(wrong direction)", "dswipe: began"])
        #expect(swipe.initialDirection == .right)
        #expect(abs(swipe.progress - 0.2) < 1e-12)
        s.release([1])
        #expect(watcher.calls.first == "start right")
        #expect(watcher.calls.filter { $0 == "start right" }.count == 1)
        #expect(watcher.calls.last == "finish")
    }

    @Test("a directional swipe released after its finger lifted starts, then finishes or cancels")
    func directionalSwipeReleasedAfterTheLift() {
        let (s, swipe, watcher) = setUp(waitingOn: .right)
        var seen: [SwipeDirection] = []
        swipe.addTarget { g in seen.append(g.initialDirection) }
        s.press([1], at: [Point(x: 400, y: 300)])
        // 8 mm right, short of the swipe's 12 mm: the directional swipe waits, and the lift fails
        // the swipe (ended too soon), which releases it.
        s.drag(1, by: Point(x: 32, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["swipe: failed(ended too soon)", "dswipe: began", "dswipe: ended"])
        #expect(watcher.calls == ["start right", "finish"])
        #expect(seen.last == .right)
    }

    @Test("a pan released after its fingers lifted ends through finish()")
    func panSubclassFinishes() {
        final class Finishing: PanGestureRecognizer {
            var finished = 0
            override func finish() {
                finished += 1
                super.finish()
            }
        }
        let s = Fingers()
        let pan = Finishing().named("pan")
        let quick = SwipeGestureRecognizer().named("swipe")
        s.engine.root.addGestureRecognizer(quick)
        s.engine.root.addGestureRecognizer(pan)
        pan.require(toFail: quick)
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 32, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["swipe: failed(ended too soon)", "pan: began", "pan: ended"])
        #expect(pan.finished == 1)
    }
}
