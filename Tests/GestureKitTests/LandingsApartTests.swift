import Testing
@testable import GestureKit

/// A landing taken back from a tap that hears the lifts first is held from its view
/// (`.offering`, listed in `landingsApart`) until `releaseLandingsApart()`. The view must hear
/// what it would had the finger landed one frame later, whichever cycle took it back: one nested
/// in a deadline's target, or in a delegate asked as the tap is offered the finger again. Each
/// test failed while the release came at the end of the outermost cycle rather than of the
/// event's outermost delivery batch.
@Suite("Landings held apart: nested and deadline cycles")
struct LandingsApartTests {
    /// A long press on `other` (finger 9) begins at its deadline, inside `advance(to:)`; its
    /// target hands finger 1 over to finger 2 on `view` (whose tap cancels touches): lifted in
    /// one frame and landed in the same frame, or in the next. Returns what `view` heard right
    /// after the deadline, and at the end.
    private func handOverFromDeadline(sameFrame: Bool) -> (afterDeadline: [String], end: [String], outcomes: [String]) {
        let s = Fingers()
        let other = s.region("other", Rect(x: 800, y: 0, width: 200, height: 200))
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = TouchLog()
        view.touchHandler = log
        view.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        let press = LongPressGestureRecognizer().named("press")
        other.addGestureRecognizer(press)
        s.once(from: press, at: .began) { s in
            s.lift(1)
            if !sameFrame {
                s.frame()
                s.tick()
            }
            s.down(2, at: Point(x: 310, y: 300))
            s.frame()
        }
        s.press([9], at: [Point(x: 900, y: 100)])
        s.wait(450)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(100) // the press's deadline passes: its target hands finger 1 over to finger 2
        let afterDeadline = log.entries
        s.wait(60)
        s.release([2])
        s.wait(500)
        s.release([9])
        return (afterDeadline, log.entries, s.outcomes.filter { $0.hasPrefix("tap") })
    }

    @Test("a hand-over sent from a deadline's target: the view hears finger 2 begin as it lands, and its cancel")
    func handOverFromDeadlineTarget() {
        let split = handOverFromDeadline(sameFrame: false)
        #expect(split.outcomes == ["tap: ended", "tap: ended"])
        #expect(split.afterDeadline == ["began 1", "cancelled 1", "began 2"])
        let same = handOverFromDeadline(sameFrame: true)
        #expect(same.outcomes == split.outcomes)
        #expect(same.afterDeadline == split.afterDeadline, "finger 2 left .offering after advance(to:) returned")
        #expect(same.end == split.end)
    }

    /// Single taps drummed on a view whose tap delays touches; the tap's delegate, asked about
    /// finger 2 as it is offered it again after it reset (or, split, as finger 2 lands), sends a
    /// frame of the fingers as they are.
    private func drummedWithDelegateFrame(sameFrame: Bool) -> (view: [String], outcomes: [String]) {
        let s = Fingers()
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = TouchLog()
        view.touchHandler = log
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        let d = Delegate()
        var asked = 0
        d.shouldReceive = { [unowned s] _, t in
            if t.contactID == 2 {
                asked += 1
                // Mixed frame: the first ask is the landing's own offer, the second the offer
                // after the tap reset. Split: the landing's own offer.
                if asked == (sameFrame ? 2 : 1) {
                    s.tick()
                    s.frame()
                }
            }
            return true
        }
        tap.delegate = d
        s.keepAlive.append(d)
        s.handOver(sameFrame: sameFrame) { s in
            s.wait(60)
            s.release([2])
        }
        return (log.entries, s.outcomes)
    }

    @Test("a frame a delegate sends as the tap is offered the landing again does not deliver it to the view")
    func delegateFrameDuringReoffer() {
        let split = drummedWithDelegateFrame(sameFrame: false)
        #expect(split.outcomes == ["tap: ended", "tap: ended"])
        #expect(split.view.isEmpty)
        let same = drummedWithDelegateFrame(sameFrame: true)
        #expect(same.outcomes == split.outcomes)
        #expect(same.view == split.view, "the view heard a touch the delaying tap was about to take")
    }
}
