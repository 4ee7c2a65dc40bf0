import Testing
@testable import GestureKit

@Suite("Delegate and subclass hooks")
struct DelegateTests {
    @Test("shouldBegin answering false fails the recognizer with delegate refused")
    func shouldBeginRefuses() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let delegate = Delegate()
        delegate.shouldBegin = { _ in false }
        pan.delegate = delegate
        s.engine.root.addGestureRecognizer(pan)
        let actions = ActionLog(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        s.release([1])
        #expect(s.log == ["pan: failed(delegate refused to begin)"])
        #expect(pan.failureReason == .delegateRefusedBegin)
        #expect(delegate.asked == ["shouldReceive pan", "shouldBegin pan"])
        #expect(actions.states.isEmpty)
    }

    @Test("shouldBegin is asked only when the recognizer tries to leave possible")
    func shouldBeginTiming() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        let delegate = Delegate()
        tap.delegate = delegate
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 100, y: 100)])
        #expect(delegate.asked == ["shouldReceive tap"])
        s.release([1])
        #expect(delegate.asked == ["shouldReceive tap", "shouldBegin tap"])
        #expect(s.log == ["tap: ended"])
    }

    @Test("shouldReceive keeps chosen touches from the recognizer for their whole life")
    func shouldReceiveFilters() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        pan.maximumNumberOfTouches = 1
        let delegate = Delegate()
        delegate.shouldReceive = { _, touch in touch.location.x < 500 }  // only the left half
        pan.delegate = delegate
        s.engine.root.addGestureRecognizer(pan)

        // A touch on the right half alone: the pan never hears of it.
        s.press([1], at: [Point(x: 700, y: 100)])
        s.drag(1, by: Point(x: -400, y: 0), over: 100)  // it crosses into the left half: still refused
        s.release([1])
        #expect(s.log.isEmpty)
        #expect(pan.state == .possible)

        // Two fingers, one per half: the pan sees one and does not fail on the maximum.
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 700, y: 100)])
        #expect(pan.numberOfTouches == 1)
        s.drag([1: Point(x: 0, y: 40), 2: Point(x: 0, y: 200)], over: 100)
        #expect(pan.translation(in: nil) == Point(x: 0, y: 40))
        s.release([1, 2])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("shouldRecognizeSimultaneouslyWith from either side lets both recognize")
    func simultaneous() {
        for side in ["inner", "outer", "none"] {
            let s = Fingers()
            let panel = s.region("panel", Rect(x: 100, y: 100, width: 400, height: 400))
            let inner = PanGestureRecognizer().named("inner")
            let outer = PanGestureRecognizer().named("outer")
            panel.addGestureRecognizer(inner)
            s.engine.root.addGestureRecognizer(outer)
            let delegate = Delegate()
            delegate.simultaneous = { _, _ in true }
            if side == "inner" { inner.delegate = delegate }
            if side == "outer" { outer.delegate = delegate }
            s.press([1], at: [Point(x: 200, y: 200)])
            s.drag(1, by: Point(x: 50, y: 0), over: 100)
            s.release([1])
            if side == "none" {
                #expect(s.outcomes == ["inner: began", "outer: failed(excluded by inner)", "inner: ended"])
            } else {
                #expect(s.outcomes == ["inner: began", "outer: began", "inner: ended", "outer: ended"], "\(side)")
            }
        }
    }

    @Test("shouldRequireFailureOf makes a recognizer wait, as require(toFail:) does")
    func shouldRequireFailureOf() {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        let delegate = Delegate()
        delegate.requireFailure = { r, o in r === single && o === double }
        single.delegate = delegate
        s.engine.root.addGestureRecognizer(single)
        s.engine.root.addGestureRecognizer(double)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.log.isEmpty)
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(100)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["double: ended", "single: failed(required double to fail, but it recognized)"])
    }

    @Test("shouldBeRequiredToFailBy makes the other recognizer wait")
    func shouldBeRequiredToFailBy() {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        let delegate = Delegate()
        delegate.requiredToFail = { r, o in r === double && o === single }
        double.delegate = delegate
        s.engine.root.addGestureRecognizer(single)
        s.engine.root.addGestureRecognizer(double)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.log.isEmpty)
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
    }

    /// A pan that does not keep others from recognizing.
    final class PoliteP: PanGestureRecognizer {
        override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    }

    /// A pan that nothing keeps from recognizing.
    final class StubbornP: PanGestureRecognizer {
        override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    }

    /// A tap that waits for any swipe to fail.
    final class PatientTap: TapGestureRecognizer {
        override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is SwipeGestureRecognizer }
    }

    /// A swipe that every long press must wait for.
    final class BossySwipe: SwipeGestureRecognizer {
        override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other is LongPressGestureRecognizer }
    }

    @Test("canPrevent false: beginning does not exclude the others")
    func canPrevent() {
        let s = Fingers()
        let polite = PoliteP().named("polite")
        let other = PanGestureRecognizer().named("other")
        s.engine.root.addGestureRecognizer(polite)
        s.engine.root.addGestureRecognizer(other)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["polite: began", "other: began", "polite: ended", "other: ended"])
    }

    @Test("canBePrevented false: the others beginning does not exclude it")
    func canBePrevented() {
        let s = Fingers()
        let first = PanGestureRecognizer().named("first")
        let stubborn = StubbornP().named("stubborn")
        let third = PanGestureRecognizer().named("third")
        s.engine.root.addGestureRecognizer(first)
        s.engine.root.addGestureRecognizer(stubborn)
        s.engine.root.addGestureRecognizer(third)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == [
            "first: began", "third: failed(excluded by first)", "stubborn: began", "first: ended", "stubborn: ended",
        ])
    }

    @Test("shouldRequireFailure(of:) and shouldBeRequiredToFail(by:) make the waits a subclass asks for")
    func subclassRequirements() {
        let s = Fingers()
        let tap = PatientTap().named("tap")
        let swipe = SwipeGestureRecognizer().named("swipe")
        s.engine.root.addGestureRecognizer(tap)
        s.engine.root.addGestureRecognizer(swipe)
        // The tap is recognized on lifting, but must wait for the swipe, which fails on the same lift.
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["swipe: failed(ended too soon)", "tap: ended"])

        let t = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        let bossy = BossySwipe().named("bossy")
        bossy.direction = .left
        t.engine.root.addGestureRecognizer(press)
        t.engine.root.addGestureRecognizer(bossy)
        t.press([1], at: [Point(x: 500, y: 300)])
        t.wait(500)
        #expect(t.log.isEmpty, "the press waits for the swipe")
        t.wait(100)
        #expect(t.takeLog() == ["bossy: failed(slower than 600.0 ms)", "press: began"])
        t.release([1])
        #expect(t.takeLog() == ["press: ended"])
    }

    @Test("A recognizer that shouldReceive takes out of the tree is not offered the touch it was answering for")
    func shouldReceiveChangesTheTree() {
        // The region is looked up once per offer and trusted only while the tree is unchanged:
        // each way the answer can change it must be seen.
        for change in ["remove the recognizer", "remove its region", "move it to a region outside the tree"] {
            let s = Fingers()
            let canvas = s.region("canvas", Rect(x: 0, y: 0, width: 800, height: 600))
            let first = PanGestureRecognizer().named("first")
            let second = PanGestureRecognizer().named("second")
            let delegate = Delegate()
            let outside = Region(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "outside")
            delegate.shouldReceive = { r, _ in
                guard r === first else { return true }
                switch change {
                case "remove the recognizer": canvas.removeGestureRecognizer(second)
                case "remove its region": canvas.removeFromParent()
                default: outside.addGestureRecognizer(second)
                }
                return true
            }
            first.delegate = delegate
            canvas.addGestureRecognizer(first)
            canvas.addGestureRecognizer(second)
            s.press([1], at: [Point(x: 100, y: 100)])
            #expect(second.numberOfTouches == 0, "\(change)")
            #expect(first.numberOfTouches == (change == "remove its region" ? 0 : 1), "\(change)")
            s.release([1])
            first.delegate = nil
        }
    }

    @Test("The delegate is held weakly: once its owner lets it go, the recognizer has none and asks nobody")
    func delegateIsWeak() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var delegate: Delegate? = Delegate()
        weak let gone = delegate
        delegate?.shouldReceive = { _, _ in false }
        pan.delegate = delegate
        #expect(pan.delegate === delegate)
        delegate = nil
        #expect(gone == nil)
        #expect(pan.delegate == nil)
        // With no delegate to refuse it, the touch is taken.
        s.press([1], at: [Point(x: 100, y: 100)])
        #expect(pan.numberOfTouches == 1)
        s.release([1])
    }
}
