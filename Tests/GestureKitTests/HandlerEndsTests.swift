import Testing
@testable import GestureKit

/// Logs what one handler hears ("old down 1", "old cancel 1", "old frame view"), so that two
/// handlers of one region can be told apart.
final class HandlerCallLog: TouchHandler {
    let tag: String
    let cancellationScope: TouchCancellationScope
    private(set) var entries: [String] = []
    init(_ tag: String, scope: TouchCancellationScope = .touch) {
        self.tag = tag
        cancellationScope = scope
    }
    func touchBegan(_ touch: Touch) { entries.append("\(tag) down \(touch.contactID)") }
    func touchMoved(_ touch: Touch) { entries.append("\(tag) motion \(touch.contactID)") }
    func touchEnded(_ touch: Touch) { entries.append("\(tag) up \(touch.contactID)") }
    func touchCancelled(_ touch: Touch) { entries.append("\(tag) cancel \(touch.contactID)") }
    func touchesCancelled(_ touches: [Touch], in region: Region) {
        entries.append("\(tag) cancel \(region.name) \(touches.map(\.contactID))")
    }
    func touchFrame(in region: Region) { entries.append("\(tag) frame \(region.name)") }
    @discardableResult func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

@Suite("Handlers hear the end of their touches, and let go of closed regions")
struct HandlerEndsTests {
    /// What a host does to the surface's handler while the surface is out of every engine's tree.
    enum Swap: String, CaseIterable, CustomTestStringConvertible {
        case replaced, cleared
        var testDescription: String { rawValue }
    }

    // An engine dropped with a finger down owes the surface its cancel (`Region.cancelsOwed`).
    // The host gives the surface another handler (or none) before it joins the next engine's
    // tree: the handler that heard the touch begin hears it end then, and the one that follows
    // hears nothing of it. TouchHandler's docs: "A handler replaced on its region (or taken away)
    // while it has touches gets their cancels then, with a frame; the handler that follows never
    // hears of them."
    @Test("A surface owed a cancel by a dropped engine: the handler that heard the touch hears its cancel, a handler that replaced it hears nothing",
          arguments: Swap.allCases)
    func owedCancelGoesToTheHandlerThatHadTheTouch(swap: Swap) {
        var story: Fingers? = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        story?.engine.root.addChild(view)
        let old = HandlerCallLog("old")
        view.touchHandler = old
        story?.press([1], at: [Point(x: 100, y: 300)])
        #expect(old.take() == ["old down 1", "old frame view"])
        story = nil // the engine goes with finger 1 down: the view is owed its cancel
        let new = HandlerCallLog("new")
        view.touchHandler = swap == .replaced ? new : nil
        // The compositor rebuilds its engine and moves the surface over.
        let next = Fingers()
        next.engine.root.addChild(view)
        #expect(new.entries == [], "the new handler heard the end of a touch it never heard begin")
        #expect(old.entries == ["old cancel 1", "old frame view"], "the handler that heard finger 1 land never heard it end")
    }

    // Regions removed in a callback during an event get their cancel, and a frame at the end of
    // the batch (docs/architecture.md "Touch delivery": "each region that was delivered anything,
    // a cancel included, gets one touchFrame(in:)"). A host that closes a window from a gesture's
    // target (removeFromParent, then drops or replaces its handler) still has the client's
    // wl_touch.frame follow the cancel, and a replacing handler gets no frame for calls it never
    // had.
    @Test("A window closed from a target, its handler dropped or replaced in the same event: the old handler still gets the frame after its cancel",
          arguments: Swap.allCases)
    func frameFollowsTheCancelToTheHandlerThatGotIt(swap: Swap) {
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let old = HandlerCallLog("old")
        let new = HandlerCallLog("new")
        view.touchHandler = old
        let tap = TapGestureRecognizer().named("tap")
        tap.cancelsTouchesInView = false
        s.engine.root.addGestureRecognizer(tap)
        tap.addTarget { [unowned view] g in
            guard g.state == .ended else { return }
            // "Tap to close": the surface goes, and its handler with it (or another takes its place).
            view.removeFromParent()
            view.touchHandler = swap == .replaced ? new : nil
        }
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(old.take() == ["old down 1", "old frame view"])
        s.release([1])
        #expect(old.entries == ["old cancel 1", "old frame view"], "the cancel was not followed by a frame")
        #expect(new.entries == [], "the new handler got a frame of calls it never had")
    }

    /// A surface with a handler and a double tap, tapped once: the double tap holds the touch's
    /// end back from the handler while it waits for a second tap.
    private func tappedDoubleTapSurface(in s: Fingers) -> (Region, HandlerCallLog) {
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = HandlerCallLog("view")
        view.touchHandler = log
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.release([1])
        return (view, log)
    }

    // A touch that ended keeps its region (strongly) while it sits in the engine's `retiring`
    // list. When the last thing to let go of the touch happens outside `send(_:)` — a deadline
    // fired by `advance(to:)` (a double tap timing out releases the held end), or the host
    // removing the region — the list is looked at as that event's delivery closes, not at the
    // next input event, which on an idle kiosk or compositor may be hours away: the region, its
    // recognizers and its handler go at once. docs/architecture.md: the touch/region cycle "is
    // cut when the touch ends".
    @Test("A surface closed after a double tap timed out is freed at once, not at the next input event")
    func regionFreedAfterDeadlineReleasedTheTouch() {
        let s = Fingers()
        weak var weakView: Region?
        weak var weakHandler: HandlerCallLog?
        do {
            let (view, log) = tappedDoubleTapSurface(in: s)
            s.wait(500) // the double tap fails; the held end goes out
            #expect(log.entries == ["view down 1", "view frame view", "view up 1", "view frame view"])
            #expect(s.engine.activeTouches.isEmpty && s.engine.deliveryTouches.isEmpty)
            weakView = view
            weakHandler = log
            view.removeFromParent()
        }
        #expect(weakView == nil, "the closed surface is kept alive by the retired touch until the next input event")
        #expect(weakHandler == nil)
        // It does go with the next event: the touch was only waiting in the engine's list.
        s.unplug()
        #expect(weakView == nil)
    }

    @Test("A surface closed while a double tap still holds its touch's end is freed at once")
    func regionFreedWhenRemovedWithEndHeld() {
        let s = Fingers()
        weak var weakView: Region?
        do {
            let (view, log) = tappedDoubleTapSurface(in: s)
            weakView = view
            view.removeFromParent()
            #expect(log.entries.last == "view frame view")
        }
        #expect(weakView == nil, "the closed surface is kept alive by the retired touch until the next input event")
    }
}
