import Testing
@testable import GestureKit

/// A recognizer or a touch handler that arrives while a finger is down takes no part in that
/// finger's sequence, whatever else happens meanwhile: a touch's recognizers are those it was
/// offered to as it began (as in UIKit), and a handler hears only touches that began after it
/// came (`TouchHandler`: every touch that began in its region ends with exactly one end or cancel).
@Suite("Arriving while a finger is down")
struct LateArrivalTests {
    /// A pan added to region b while finger 1 rests there; with `tapElsewhere`, a tap in region
    /// a (whose tap recognizer resets) comes before finger 1 drags and lifts.
    func panAddedMidTouch(tapElsewhere: Bool) -> (log: [String], handler: [String]) {
        let s = Fingers()
        let a = s.region("a", Rect(x: 0, y: 0, width: 400, height: 600))
        let b = s.region("b", Rect(x: 500, y: 0, width: 500, height: 600))
        let handler = TouchLog()
        b.touchHandler = handler
        a.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.press([1], at: [Point(x: 700, y: 300)])
        b.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        if tapElsewhere {
            s.tick()
            s.press([2], at: [Point(x: 200, y: 300)])
            s.release([2])
        }
        s.drag(1, by: Point(x: 100, y: 0), over: 200)
        s.release([1])
        return (s.outcomes.filter { $0.hasPrefix("pan") }, handler.entries)
    }

    @Test("A recognizer added while a finger is down never takes that finger, whatever lands elsewhere meanwhile")
    func recognizerAddedMidTouch() {
        let quiet = panAddedMidTouch(tapElsewhere: false)
        let tapped = panAddedMidTouch(tapElsewhere: true)
        #expect(quiet.log == [])
        #expect(quiet.handler == ["began 1", "moved 1", "ended 1"])
        #expect(tapped.log == quiet.log, "an unrelated tap in another region handed finger 1 to the pan")
        #expect(tapped.handler == quiet.handler)
    }

    @Test("A region that joins the tree again while a finger is down takes that finger into none of its new recognizers")
    func regionJoinsMidTouch() {
        let s = Fingers()
        let a = s.region("a", Rect(x: 0, y: 0, width: 400, height: 600))
        let b = s.region("b", Rect(x: 500, y: 0, width: 250, height: 600))
        let c = s.region("c", Rect(x: 750, y: 0, width: 250, height: 600))
        a.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        let pan = PanGestureRecognizer().named("pan")
        c.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 600, y: 300)])
        // Out of the tree, b takes the pan from c, then comes back under the finger.
        b.removeFromParent()
        b.addGestureRecognizer(pan)
        s.engine.root.addChild(b)
        s.tick()
        s.press([2], at: [Point(x: 200, y: 300)])
        s.release([2])
        s.drag(1, by: Point(x: 100, y: 0), over: 200)
        s.release([1])
        #expect(s.outcomes.filter { $0.hasPrefix("pan") } == [], "\(s.outcomes)")
        #expect(s.outcomes.contains("tap: ended"))
        // A finger that lands after it came is its own.
        s.tick()
        s.press([3], at: [Point(x: 600, y: 300)])
        s.drag(3, by: Point(x: 100, y: 0), over: 200)
        s.release([3])
        #expect(s.outcomes.filter { $0.hasPrefix("pan") } == ["pan: began", "pan: ended"])
    }

    @Test("A handler set on a region while a finger is down there hears nothing of that finger")
    func handlerSetMidTouch() {
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        s.press([1], at: [Point(x: 200, y: 200)])
        let log = TouchLog()
        view.touchHandler = log
        s.drag(1, by: Point(x: 10, y: 0), over: 10)
        s.release([1])
        #expect(log.entries == [], "TouchHandler: every touch that began here ends with exactly one end or cancel")
        // The next finger is its own, whole.
        s.press([2], at: [Point(x: 300, y: 200)])
        s.release([2])
        #expect(log.entries == ["began 2", "ended 2"])
    }

    @Test("A handler set while a finger's beginning is held back by a recognizer hears it whole")
    func handlerSetWhileHeld() {
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let hold = LongPressGestureRecognizer().named("hold")
        hold.delaysTouchesBegan = true
        view.addGestureRecognizer(hold)
        s.press([1], at: [Point(x: 200, y: 200)])
        let log = TouchLog()
        view.touchHandler = log
        // A quick tap: the long press fails as the finger lifts, and the held touch is delivered.
        s.release([1])
        #expect(log.entries == ["began 1", "ended 1"])
    }

    /// An engine whose root holds another engine's root, in whose tree lies region `view`; the
    /// inner engine is returned too, to be kept alive.
    func nestedView() -> (outer: Fingers, inner: Fingers, view: Region) {
        let outer = Fingers()
        let inner = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        inner.engine.root.addChild(view)
        outer.engine.root.addChild(inner.engine.root)
        return (outer, inner, view)
    }

    @Test("A handler set where there was none, on a nested engine's region, hears nothing of an outer engine's finger down there")
    func nestedHandlerFromNil() {
        let (outer, inner, view) = nestedView()
        defer { withExtendedLifetime(inner) {} }
        outer.press([1], at: [Point(x: 100, y: 300)])
        let log = TouchLog()
        view.touchHandler = log
        outer.drag(1, by: Point(x: 10, y: 0), over: 10)
        outer.release([1])
        #expect(log.entries == [], "\(log.entries)")
    }

    @Test("A handler replaced on a nested engine's region cancels an outer engine's finger to the old one")
    func nestedHandlerReplaced() {
        let (outer, inner, view) = nestedView()
        defer { withExtendedLifetime(inner) {} }
        let first = TouchLog()
        view.touchHandler = first
        outer.press([1], at: [Point(x: 100, y: 300)])
        let second = TouchLog()
        view.touchHandler = second
        outer.drag(1, by: Point(x: 10, y: 0), over: 10)
        outer.release([1])
        #expect(first.entries == ["began 1", "cancelled 1"], "\(first.entries)")
        #expect(second.entries == [], "\(second.entries)")
    }
}
