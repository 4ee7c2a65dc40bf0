import Testing
@testable import GestureKit

/// A region's touch handler replaced, or taken away, while it has touches: the touches it was
/// delivered end there, with a cancel and a frame, and the handler that follows hears only the
/// touches delivered after it came (`TouchHandler`: every touch that began at a handler ends
/// there with exactly one end or cancel).
@Suite("Touch delivery: a region's handler replaced while it has touches")
struct HandlerSwapTests {
    func view(_ s: Fingers, scope: TouchCancellationScope) -> (Region, SurfaceLog) {
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = SurfaceLog(scope: scope)
        view.touchHandler = log
        return (view, log)
    }

    @Test("replaced between events: the old handler's touches are cancelled to it; the new one hears only later touches",
          arguments: [TouchCancellationScope.touch, .region])
    func replacedBetweenEvents(scope: TouchCancellationScope) {
        let s = Fingers()
        let (view, old) = view(s, scope: scope)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        s.drag(1, by: Point(x: 10, y: 0), over: 10)
        #expect(old.take() == ["down 1", "down 2", "frame view", "motion 1", "frame view"])
        let new = SurfaceLog(scope: scope)
        view.touchHandler = new
        // Before: the old handler heard nothing more, and the new one "motion 1", "up 1" of a touch it never had.
        let cancels = scope == .region ? ["cancel view [1, 2]"] : ["cancel 1", "cancel 2"]
        #expect(old.take() == cancels + ["frame view"])
        s.drag(1, by: Point(x: 10, y: 0), over: 10)
        s.release([1, 2])
        #expect(new.take() == [])
        #expect(old.take() == [])
        s.tap(at: Point(x: 400, y: 300))
        #expect(new.take() == ["down 1", "frame view", "up 1", "frame view"])
        #expect(s.engine.deliveryTouches.isEmpty)
    }

    @Test("taken away: the touches it had are cancelled to it, and nothing more is delivered")
    func takenAway() {
        let s = Fingers()
        let (view, old) = view(s, scope: .touch)
        s.press([1], at: [Point(x: 200, y: 200)])
        old.take()
        view.touchHandler = nil
        #expect(old.take() == ["cancel 1", "frame view"])
        s.drag(1, by: Point(x: 10, y: 0), over: 10)
        s.release([1])
        #expect(old.take() == [])
        #expect(s.engine.deliveryTouches.isEmpty)
    }

    @Test("set again to the same handler: nothing changes")
    func sameHandler() {
        let s = Fingers()
        let (view, log) = view(s, scope: .touch)
        s.press([1], at: [Point(x: 200, y: 200)])
        log.take()
        view.touchHandler = log
        s.drag(1, by: Point(x: 10, y: 0), over: 10)
        s.release([1])
        #expect(log.take() == ["motion 1", "frame view", "up 1", "frame view"])
    }

    @Test("replaced from inside the old handler's call: it hears the cancel and its frame then; the new one, the event's later touches")
    func replacedInsideACall() {
        let s = Fingers()
        let (view, old) = view(s, scope: .region)
        let new = SurfaceLog(scope: .region)
        old.after = { entry in if entry == "down 1" { view.touchHandler = new } }
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        // Finger 1 is the old handler's, cancelled and framed at once; finger 2, delivered after
        // the change in the same event, is the new handler's, framed at the event's end.
        #expect(old.take() == ["down 1", "cancel view [1]", "frame view"])
        #expect(new.take() == ["down 2", "frame view"])
        s.release([1, 2])
        #expect(old.take() == [])
        #expect(new.take() == ["up 2", "frame view"])
        #expect(s.engine.deliveryTouches.isEmpty)
    }

    @Test("a touch held back when the handler changes is the new handler's")
    func heldBackGoesToTheNewHandler() {
        let s = Fingers()
        let (view, old) = view(s, scope: .touch)
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(old.take() == [])
        let new = SurfaceLog(scope: .touch)
        view.touchHandler = new
        #expect(old.take() == [])
        s.drag(1, by: Point(x: 80, y: 0), over: 40)  // the tap fails: the finger is delivered
        s.release([1])
        #expect(old.take() == [])
        #expect(new.take().filter { !$0.hasPrefix("motion") && !$0.hasPrefix("frame") } == ["down 1", "up 1"])
    }
}
