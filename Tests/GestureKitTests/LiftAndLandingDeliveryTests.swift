import Testing
@testable import GestureKit

/// A finger that lands in the frame another lifts in, at a view whose recognizers delay or
/// cancel its touches: the view hears what it would had the finger landed one frame later.
/// Each test compares the mixed frame with the split one.
@Suite("A lift and a landing in one frame, at the view")
struct LiftAndLandingDeliveryTests {
    /// Runs `setUp`'s recognizers on a view, hands finger 1 over to finger 2 (see
    /// `Fingers.handOver`), then holds finger 2 60 ms and lifts it; returns what the view's
    /// handler heard and the outcomes.
    private func run(sameFrame: Bool, _ setUp: (Region) -> Void) -> (view: [String], outcomes: [String]) {
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = TouchLog()
        view.touchHandler = log
        setUp(view)
        s.handOver(sameFrame: sameFrame) { s in
            s.wait(60)
            s.release([2])
        }
        return (log.entries, s.outcomes)
    }

    @Test("single taps drummed on a view whose tap delays touches: neither finger reaches the view")
    func drummedTapsDelayed() {
        func taps(_ same: Bool) -> (view: [String], outcomes: [String]) {
            run(sameFrame: same) { view in
                let tap = TapGestureRecognizer().named("tap")
                tap.delaysTouchesBegan = true
                view.addGestureRecognizer(tap)
            }
        }
        let split = taps(false)
        #expect(split.outcomes == ["tap: ended", "tap: ended"])
        #expect(split.view.isEmpty)
        let same = taps(true)
        #expect(same.outcomes == split.outcomes)
        #expect(same.view == split.view, "the second finger is the second tap's: the view never hears it begin")
    }

    @Test("a double tap drummed on a view whose double tap delays touches: neither finger reaches the view")
    func drummedDoubleTapDelayed() {
        func taps(_ same: Bool) -> (view: [String], outcomes: [String]) {
            run(sameFrame: same) { view in
                let double = TapGestureRecognizer().named("double")
                double.numberOfTapsRequired = 2
                double.delaysTouchesBegan = true
                view.addGestureRecognizer(double)
            }
        }
        let split = taps(false)
        #expect(split.outcomes == ["double: ended"])
        #expect(split.view.isEmpty)
        let same = taps(true)
        #expect(same.outcomes == split.outcomes)
        #expect(same.view == split.view)
    }

    @Test("single taps drummed on a view whose tap cancels touches: each finger begins and is cancelled once")
    func drummedTapsCancelled() {
        func taps(_ same: Bool) -> (view: [String], outcomes: [String]) {
            run(sameFrame: same) { view in
                view.addGestureRecognizer(TapGestureRecognizer().named("tap"))
            }
        }
        let split = taps(false)
        #expect(split.outcomes == ["tap: ended", "tap: ended"])
        let same = taps(true)
        #expect(same.outcomes == split.outcomes)
        #expect(same.view == split.view)
    }
}
