import Testing
@testable import GestureKit

/// A handler that logs what a region receives as a Wayland client would see it: "down 1",
/// "motion 1", "up 1", "cancel 1" (one touch), "cancel view [1, 2]" (a region-wide cancel),
/// "frame view".
final class SurfaceLog: TouchHandler {
    let cancellationScope: TouchCancellationScope
    private(set) var entries: [String] = []
    /// Called after each entry is logged, with the entry (a story changes the graph from here).
    var after: (String) -> Void = { _ in }

    init(scope: TouchCancellationScope = .region) { cancellationScope = scope }

    private func log(_ entry: String) {
        entries.append(entry)
        after(entry)
    }
    func touchBegan(_ touch: Touch) { log("down \(touch.contactID)") }
    func touchMoved(_ touch: Touch) { log("motion \(touch.contactID)") }
    func touchEnded(_ touch: Touch) { log("up \(touch.contactID)") }
    func touchCancelled(_ touch: Touch) { log("cancel \(touch.contactID)") }
    func touchesCancelled(_ touches: [Touch], in region: Region) {
        log("cancel \(region.name) \(touches.map(\.contactID))")
    }
    func touchFrame(in region: Region) { log("frame \(region.name)") }

    /// Clears the log, returning what it held.
    @discardableResult func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

@Suite("Surface delivery: frames and region-wide cancels (wl_touch)")
struct SurfaceDeliveryTests {
    /// A view in the middle of the screen with a surface log.
    func view(_ s: Fingers, scope: TouchCancellationScope = .region) -> (Region, SurfaceLog) {
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = SurfaceLog(scope: scope)
        view.touchHandler = log
        return (view, log)
    }

    /// Two regions, "left" and "right", sharing one log; returns it and the right region.
    func leftAndRight(_ s: Fingers) -> (SurfaceLog, Region) {
        let shared = SurfaceLog()
        s.region("left", Rect(x: 0, y: 0, width: 400, height: 600)).touchHandler = shared
        let right = s.region("right", Rect(x: 600, y: 0, width: 400, height: 600))
        right.touchHandler = shared
        return (shared, right)
    }

    /// A region "other" to the right of the view, with its own log.
    func otherRegion(_ s: Fingers) -> SurfaceLog {
        let log = SurfaceLog()
        s.region("other", Rect(x: 750, y: 100, width: 200, height: 400)).touchHandler = log
        return log
    }

    /// A pan on `region` that only receives the touches of `contacts`, so a claim leaves the
    /// region's other touches to it.
    func pan(on region: Region, receiving contacts: Set<Int>, _ s: Fingers) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer().named("pan")
        let delegate = Delegate()
        delegate.shouldReceive = { _, t in contacts.contains(t.contactID) }
        pan.delegate = delegate
        s.keepAlive.append(delegate)
        region.addGestureRecognizer(pan)
        return pan
    }

    /// After a region-wide cancel: `fingers` move on and lift, and `log` hears nothing of them;
    /// the engine keeps no touch for delivery.
    func expectSilence(_ s: Fingers, _ log: SurfaceLog, fingers: [Int]) {
        log.take()
        s.drag(Dictionary(uniqueKeysWithValues: fingers.map { ($0, Point(x: 15, y: 10)) }), over: 30)
        s.release(fingers)
        #expect(log.entries == [])
        #expect(s.engine.deliveryTouches.isEmpty)
    }

    @Test("each event's deliveries to a region end with one frame; an event that delivers nothing has none")
    func framePerEvent() {
        let s = Fingers()
        let (_, log) = view(s)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        #expect(log.take() == ["down 1", "down 2", "frame view"])
        s.tick()
        s.frame()  // both fingers stationary
        #expect(log.take() == [])
        s.drag([1: Point(x: 10, y: 0), 2: Point(x: 0, y: 10)], over: 10)
        #expect(log.take() == ["motion 1", "motion 2", "frame view"])
        s.drag(2, by: Point(x: 5, y: 5), over: 10)
        #expect(log.take() == ["motion 2", "frame view"])
        s.release([1, 2])
        #expect(log.take() == ["up 1", "up 2", "frame view"])
    }

    @Test("two regions touched in one event each get their own frame, in the order they were delivered to")
    func framesPerRegion() {
        let s = Fingers()
        let (shared, _) = leftAndRight(s)
        s.press([1, 2], at: [Point(x: 700, y: 100), Point(x: 100, y: 100)])
        #expect(shared.take() == ["down 1", "down 2", "frame right", "frame left"])
        s.drag(2, by: Point(x: 10, y: 0), over: 10)
        #expect(shared.take() == ["motion 2", "frame left"])
        s.release([1, 2])
        #expect(shared.take() == ["up 1", "up 2", "frame right", "frame left"])
    }

    @Test("a claim cancels every touch the region was delivered, once, claimed or not; nothing follows")
    func claimCancelsTheRegion() {
        let s = Fingers()
        let (view, log) = view(s)
        _ = pan(on: view, receiving: [1], s)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 400, y: 200)])
        s.drag(2, by: Point(x: 4, y: 0), over: 10)
        #expect(log.take() == ["down 1", "down 2", "frame view", "motion 2", "frame view"])
        s.drag(1, by: Point(x: 80, y: 0), over: 10)
        #expect(s.outcomes == ["pan: began"])
        #expect(log.entries == ["cancel view [1, 2]", "frame view"])
        expectSilence(s, log, fingers: [1, 2])
    }

    @Test("cancelling per touch: the claimed touch alone is cancelled, the other goes on, frames all along")
    func claimCancelsTheTouch() {
        let s = Fingers()
        let (view, log) = view(s, scope: .touch)
        _ = pan(on: view, receiving: [1], s)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 400, y: 200)])
        #expect(log.take() == ["down 1", "down 2", "frame view"])
        s.drag(1, by: Point(x: 80, y: 0), over: 10)
        #expect(log.take() == ["cancel 1", "frame view"])
        s.drag(2, by: Point(x: 0, y: 20), over: 10)
        s.release([1, 2])
        #expect(log.take() == ["motion 2", "frame view", "up 2", "frame view"])
    }

    @Test("a handler that cancels per region but implements only touchCancelled hears each touch cancelled")
    func defaultRegionCancelForwardsPerTouch() {
        final class PerTouch: TouchHandler {
            var entries: [String] = []
            var cancellationScope: TouchCancellationScope { .region }
            func touchBegan(_ touch: Touch) { entries.append("began \(touch.contactID)") }
            func touchMoved(_ touch: Touch) {}
            func touchEnded(_ touch: Touch) { entries.append("ended \(touch.contactID)") }
            func touchCancelled(_ touch: Touch) { entries.append("cancelled \(touch.contactID)") }
        }
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let handler = PerTouch()
        view.touchHandler = handler
        _ = pan(on: view, receiving: [2], s)
        s.press([1, 2, 3], at: [Point(x: 200, y: 200), Point(x: 300, y: 200), Point(x: 400, y: 200)])
        s.drag(2, by: Point(x: 0, y: 80), over: 10)
        s.release([1, 2, 3])
        #expect(handler.entries == ["began 1", "began 2", "began 3", "cancelled 1", "cancelled 2", "cancelled 3"])
    }

    @Test("a gesture whose fingers span two regions cancels each region once, with its own touches")
    func claimAcrossTwoRegions() {
        let s = Fingers()
        let left = s.region("left", Rect(x: 0, y: 0, width: 500, height: 600))
        let right = s.region("right", Rect(x: 500, y: 0, width: 500, height: 600))
        let leftLog = SurfaceLog(), rightLog = SurfaceLog()
        left.touchHandler = leftLog
        right.touchHandler = rightLog
        let pan = PanGestureRecognizer().named("pan")
        pan.minimumNumberOfTouches = 3
        s.engine.root.addGestureRecognizer(pan)
        s.press([1, 2, 3], at: [Point(x: 300, y: 300), Point(x: 400, y: 300), Point(x: 600, y: 300)])
        s.drag([1: Point(x: 0, y: -80), 2: Point(x: 0, y: -80), 3: Point(x: 0, y: -80)], over: 10)
        s.release([1, 2, 3])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(leftLog.entries == ["down 1", "down 2", "frame left", "cancel left [1, 2]", "frame left"])
        #expect(rightLog.entries == ["down 3", "frame right", "cancel right [3]", "frame right"])
    }

    @Test("a finger that lands after the cancel: claimed at once by the gesture in progress, never delivered")
    func landsDuringTheClaim() {
        let s = Fingers()
        let (view, log) = view(s)
        _ = pan(on: view, receiving: [1, 2], s)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 80, y: 0), over: 10)
        #expect(log.take() == ["down 1", "frame view", "cancel view [1]", "frame view"])
        s.tick()
        s.down(2, at: Point(x: 400, y: 300))
        s.frame()
        s.drag([1: Point(x: 10, y: 0), 2: Point(x: 10, y: 0)], over: 20)
        s.release([1, 2])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(log.entries == [])
    }

    @Test("a finger that lands after the cancel, once the claiming gesture is over: a new touch for the region")
    func landsAfterTheGesture() {
        let s = Fingers()
        let (view, log) = view(s)
        let swipe = SwipeGestureRecognizer().named("swipe")
        let delegate = Delegate()
        delegate.shouldReceive = { _, t in t.contactID == 1 }
        swipe.delegate = delegate
        s.keepAlive.append(delegate)
        view.addGestureRecognizer(swipe)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        #expect(s.outcomes == ["swipe: ended"])
        #expect(Array(log.entries.suffix(2)) == ["cancel view [1]", "frame view"])
        log.take()
        s.tick()
        s.down(2, at: Point(x: 400, y: 300))
        s.frame()
        s.drag(2, by: Point(x: 0, y: 10), over: 10)
        s.release([1, 2])
        #expect(log.take() == ["down 2", "frame view", "motion 2", "frame view", "up 2", "frame view"])
    }

    @Test("a touch held back and never delivered is not in the cancel, and reaches the region later as a new touch")
    func heldTouchIsNotCancelled() {
        let s = Fingers()
        let (view, log) = view(s)
        _ = pan(on: view, receiving: [1], s)
        let hold = LongPressGestureRecognizer().named("hold")
        hold.delaysTouchesBegan = true
        let delegate = Delegate()
        delegate.shouldReceive = { _, t in t.contactID == 2 }
        hold.delegate = delegate
        s.keepAlive.append(delegate)
        view.addGestureRecognizer(hold)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.tick()
        s.down(2, at: Point(x: 400, y: 300))
        s.frame()
        #expect(log.take() == ["down 1", "frame view"])
        s.drag(1, by: Point(x: 80, y: 0), over: 10)
        #expect(log.take() == ["cancel view [1]", "frame view"])
        s.release([2])
        #expect(s.outcomes == ["pan: began", "hold: failed(ended too soon)"])
        #expect(log.take() == ["down 2", "up 2", "frame view"])
    }

    @Test("a touch claimed while held back: its region hears nothing, not even a frame; another region's touch goes on")
    func heldAndClaimed() {
        let s = Fingers()
        let (view, log) = view(s)
        let otherLog = otherRegion(s)
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        s.press([1, 2], at: [Point(x: 600, y: 200), Point(x: 800, y: 200)])
        s.wait(60)
        s.release([1, 2])
        #expect(s.log == ["tap: ended"])
        #expect(log.entries == [])
        #expect(otherLog.entries == ["down 2", "frame other", "up 2", "frame other"])
    }

    /// A tap on a view with a double tap that holds its end back (delaysTouchesEnded) and does
    /// not cancel: the view has heard the touch land, not lift.
    func tapWithEndHeld(_ s: Fingers) -> (Region, SurfaceLog, TapGestureRecognizer) {
        let (view, log) = view(s)
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        view.addGestureRecognizer(double)
        s.tap(at: Point(x: 200, y: 200))
        #expect(log.take() == ["down 1", "frame view"])
        return (view, log, double)
    }

    @Test("an end held back until a deadline is followed by a frame when the deadline lets it go")
    func releasedByDeadline() {
        let s = Fingers()
        let (_, log, _) = tapWithEndHeld(s)
        s.wait(299)
        #expect(log.entries == [])
        s.wait(1)
        #expect(s.log == ["double: failed(slower than 300.0 ms)"])
        #expect(log.take() == ["up 1", "frame view"])
    }

    @Test("an end held back is let go with a frame when the host removes the recognizer holding it")
    func releasedByRemoval() {
        let s = Fingers()
        let (view, log, double) = tapWithEndHeld(s)
        view.removeGestureRecognizer(double)
        #expect(log.take() == ["up 1", "frame view"])
    }

    @Test("a device that goes away cancels each region it touched once")
    func deviceRemoved() {
        let s = Fingers()
        let (_, log) = view(s)
        let otherLog = otherRegion(s)
        s.press([1, 2, 3], at: [Point(x: 200, y: 200), Point(x: 300, y: 200), Point(x: 800, y: 200)])
        log.take(); otherLog.take()
        s.unplug()
        #expect(log.entries == ["cancel view [1, 2]", "frame view"])
        #expect(otherLog.entries == ["cancel other [3]", "frame other"])
        #expect(s.engine.deliveryTouches.isEmpty)
    }

    @Test("a device that goes away, cancelling per touch: one cancel per touch, then one frame")
    func deviceRemovedPerTouch() {
        let s = Fingers()
        let (_, log) = view(s, scope: .touch)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        log.take()
        s.unplug()
        #expect(log.entries == ["cancel 1", "cancel 2", "frame view"])
    }

    @Test("a contact the device cancels (SYN_DROPPED, TOUCH_CANCEL) cancels the whole region, its other fingers included")
    func deviceCancelledContact() {
        let s = Fingers()
        let (_, log) = view(s)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        log.take()
        s.tick()
        s.cancelContact(1)
        s.frame()
        #expect(log.entries == ["cancel view [1, 2]", "frame view"])
        expectSilence(s, log, fingers: [2])
    }

    @Test("a contact the device cancels, cancelling per touch: the other finger goes on")
    func deviceCancelledContactPerTouch() {
        let s = Fingers()
        let (_, log) = view(s, scope: .touch)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        log.take()
        s.tick()
        s.cancelContact(1)
        s.frame()
        #expect(log.take() == ["cancel 1", "frame view"])
        s.drag(2, by: Point(x: 20, y: 0), over: 10)
        s.release([2])
        #expect(log.take() == ["motion 2", "frame view", "up 2", "frame view"])
    }

    @Test("cancelAllTouches: one cancel and one frame per region")
    func hostCancelsAll() {
        let s = Fingers()
        let (_, log) = view(s)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        log.take()
        s.engine.cancelAllTouches()
        #expect(log.entries == ["cancel view [1, 2]", "frame view"])
        expectSilence(s, log, fingers: [1, 2])
    }

    @Test("a handler that removes its region from inside a call: one cancel, one frame, nothing after")
    func handlerRemovesItsRegion() {
        let s = Fingers()
        let (view, log) = view(s)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 300, y: 200)])
        log.take()
        log.after = { [unowned view] entry in if entry == "motion 1" { view.removeFromParent() } }
        s.drag([1: Point(x: 10, y: 0), 2: Point(x: 10, y: 0)], over: 10)
        #expect(log.entries == ["motion 1", "cancel view [1, 2]", "frame view"])
        expectSilence(s, log, fingers: [1, 2])
    }

    @Test("a held touch let go as it lifts, whose region is removed as it lands: cancelled, never ended")
    func removedAsHeldTouchLands() {
        let s = Fingers()
        let panel = s.region("panel", Rect(x: 0, y: 0, width: 400, height: 600))
        let log = SurfaceLog()
        panel.touchHandler = log
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        edge.edges = .left
        edge.delaysTouchesBegan = true
        s.engine.root.addGestureRecognizer(edge)
        log.after = { [unowned panel] entry in if entry == "down 1" { panel.removeFromParent() } }
        s.press([1], at: [Point(x: 10, y: 300)])
        s.wait(60)
        #expect(log.entries == [])
        s.release([1])
        #expect(log.entries == ["down 1", "cancel panel [1]", "frame panel"])
    }

    @Test("a region removed from inside its frame gets its cancel and another frame after it")
    func removedDuringItsFrame() {
        let s = Fingers()
        let (view, log) = view(s)
        var removed = false
        log.after = { [unowned view] entry in
            if entry == "frame view" && !removed {
                removed = true
                view.removeFromParent()
            }
        }
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(log.take() == ["down 1", "frame view", "cancel view [1]", "frame view"])
        s.release([1])
        #expect(log.entries == [])
    }

    @Test("a region removed from inside another region's frame is cancelled and framed in the same event")
    func removedDuringAnotherFrame() {
        let s = Fingers()
        let (shared, right) = leftAndRight(s)
        shared.after = { [unowned right] entry in if entry == "frame left" { right.removeFromParent() } }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 700, y: 100)])
        #expect(shared.take() == ["down 1", "down 2", "frame left", "cancel right [2]", "frame right"])
        s.release([1, 2])
        #expect(shared.take() == ["up 1", "frame left"])
    }
}
