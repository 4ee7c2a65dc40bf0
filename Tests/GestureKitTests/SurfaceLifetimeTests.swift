import Testing
@testable import GestureKit

/// What a compositor's client hears when its surface is raised or goes away mid-touch: a raise is
/// no removal, a held touch is never announced to a surface that is going, and an engine whose
/// tree holds another's cancels its own fingers on the surfaces that leave.
@Suite("Surfaces raised or removed mid-touch")
struct SurfaceLifetimeTests {
    @Test("Raising a touched window (addChild on its own parent) does not cancel the client's touch, as UIKit's addSubview does not")
    func raiseKeepsTouch() {
        let s = Fingers()
        let window = s.region("window", Rect(x: 100, y: 100, width: 400, height: 300))
        let other = s.region("other", Rect(x: 300, y: 200, width: 400, height: 300))
        let log = SurfaceLog(scope: .region)
        window.touchHandler = log
        let pan = PanGestureRecognizer().named("pan")
        pan.cancelsTouchesInView = false
        window.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 150, y: 150)])
        #expect(log.take() == ["down 1", "frame window"])
        s.engine.root.addChild(window) // raise on touch
        #expect(s.engine.root.children.map(\.name) == ["other", "window"])
        s.drag(1, by: Point(x: 10, y: 0), over: 10)
        s.release([1])
        #expect(log.take() == ["motion 1", "frame window", "up 1", "frame window"])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        // Raised, it is now the one hit where the two overlap.
        #expect(s.engine.root.hitTest(Point(x: 350, y: 250)) === window)
        _ = other
    }

    @Test("insertChild on its own parent moves a child to the index counted without it")
    func reorderAmongSiblings() {
        let s = Fingers()
        let a = s.region("a", Rect(x: 0, y: 0, width: 10, height: 10))
        let b = s.region("b", Rect(x: 0, y: 0, width: 10, height: 10))
        let c = s.region("c", Rect(x: 0, y: 0, width: 10, height: 10))
        s.engine.root.insertChild(c, at: 0)
        #expect(s.engine.root.children.map(\.name) == ["c", "a", "b"])
        s.engine.root.insertChild(c, at: 1)
        #expect(s.engine.root.children.map(\.name) == ["a", "c", "b"])
        s.engine.root.insertChild(a, at: 99)
        #expect(s.engine.root.children.map(\.name) == ["c", "b", "a"])
        #expect(a.parent === s.engine.root && a.engine === s.engine)
        _ = (b, c)
    }

    @Test("A touch held back (delaysTouchesBegan) is dropped unheard when its surface is removed")
    func heldTouchDroppedOnRemoval() {
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = SurfaceLog(scope: .region)
        view.touchHandler = log
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(log.take() == [])
        view.removeFromParent()
        #expect(log.take() == [], "a held touch was announced to a surface being removed, then cancelled")
        s.release([1])
        #expect(log.take() == [])
        #expect(s.engine.participants.isEmpty)
    }

    /// An engine's tree placed in another's; a view in the inner tree with a surface log.
    func nested(scope: TouchCancellationScope = .touch) -> (outer: Fingers, inner: Fingers, view: Region, log: SurfaceLog) {
        let outer = Fingers()
        let inner = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        inner.engine.root.addChild(view)
        outer.engine.root.addChild(inner.engine.root)
        let log = SurfaceLog(scope: scope)
        view.touchHandler = log
        return (outer, inner, view, log)
    }

    @Test("Nested engines: a surface removed from the inner tree cancels the outer engine's finger delivered to it")
    func nestedRegionRemoved() {
        let (outer, inner, view, log) = nested()
        outer.press([1], at: [Point(x: 100, y: 300)])
        #expect(log.take() == ["down 1", "frame view"])
        view.removeFromParent()
        #expect(log.take() == ["cancel 1", "frame view"])
        outer.drag(1, by: Point(x: 20, y: 0), over: 30)
        outer.release([1])
        #expect(log.take() == [], "the removed surface went on hearing the finger")
        withExtendedLifetime(inner) {}
    }

    @Test("Nested engines: the inner tree taken out of the outer one cancels the outer engine's fingers on its surfaces")
    func nestedTreeRemoved() {
        let (outer, inner, _, log) = nested()
        outer.press([1], at: [Point(x: 100, y: 300)])
        #expect(log.take() == ["down 1", "frame view"])
        inner.engine.root.removeFromParent()
        #expect(log.take() == ["cancel 1", "frame view"])
        outer.drag(1, by: Point(x: 20, y: 0), over: 30)
        outer.release([1])
        #expect(log.take() == [], "the detached surface went on hearing the finger")
    }

    @Test("Nested engines: an inner engine dropped with its finger down ends that finger with a cancel on the surface, which lives on in the outer tree", arguments: [TouchCancellationScope.touch, .region])
    func innerEngineDropped(scope: TouchCancellationScope) {
        let outer = Fingers()
        var inner: Fingers? = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        inner?.engine.root.addChild(view)
        if let root = inner?.engine.root { outer.engine.root.addChild(root) }
        let log = SurfaceLog(scope: scope)
        view.touchHandler = log
        inner?.press([1], at: [Point(x: 100, y: 300)])
        #expect(log.take() == ["down 1", "frame view"])
        weak let engine = inner?.engine
        inner = nil
        #expect(engine == nil)
        #expect(log.take() == [scope == .touch ? "cancel 1" : "cancel view [1]", "frame view"],
                "the surface never heard the end of the dropped engine's finger")
        // The surface goes on in the outer tree: the outer engine's fingers reach it as before.
        outer.press([2], at: [Point(x: 100, y: 300)])
        outer.release([2])
        #expect(log.take() == ["down 2", "frame view", "up 2", "frame view"])
    }

    @Test("An engine dropped with its finger down, its tree in no other engine's, calls no handler from its deinit")
    func engineDroppedAlone() {
        var story: Fingers? = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        story?.engine.root.addChild(view)
        let log = SurfaceLog(scope: .touch)
        view.touchHandler = log
        story?.press([1], at: [Point(x: 100, y: 300)])
        #expect(log.take() == ["down 1", "frame view"])
        story = nil
        #expect(log.take() == [])
    }

    @Test("Nested engines: a region-wide cancel (wl_touch.cancel) ends the other engine's fingers on the surface too, in the same call")
    func regionCancelCoversBothEngines() {
        let (outer, inner, _, log) = nested(scope: .region)
        outer.press([1], at: [Point(x: 100, y: 300)])
        inner.press([2], at: [Point(x: 300, y: 300)])
        #expect(log.take() == ["down 1", "frame view", "down 2", "frame view"])
        inner.cancelContact(2)
        inner.frame()
        #expect(log.take() == ["cancel view [2, 1]", "frame view"])
        // The client was told every touch on the surface ended: the outer finger's motion and lift
        // are not heard there.
        outer.drag(1, by: Point(x: 20, y: 0), over: 30)
        outer.release([1])
        #expect(log.take() == [], "the surface heard a finger after its region-wide cancel")
        // A new finger is a new touch.
        outer.press([3], at: [Point(x: 100, y: 300)])
        #expect(log.take() == ["down 3", "frame view"])
    }
}
