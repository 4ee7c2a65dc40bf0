import GestureKit
import Testing

/// An app's own recognizers combined with the built-in ones, written against the public API only
/// (`import GestureKit`, as an app outside the module writes them).
@Suite("Custom recognizers combined with built-in ones")
struct SubclassAndCombinationTests {
    /// A one-finger tap written the UIKit way: recognized when its last finger lifts.
    final class PlainTap: GestureRecognizer {
        override func touchesEnded(_ touches: [Touch]) {
            if state == .possible && activeTouchCount == 0 { state = .recognized }
        }
    }

    /// A recognizer that stays undecided for 400 ms after its first finger lands, then fails:
    /// something another recognizer may be told to wait for.
    final class SlowToFail: GestureRecognizer {
        override func touchesBegan(_ touches: [Touch]) {
            if deadline == nil { deadline = now + .milliseconds(400) }
        }
        override func deadlineReached(at time: Timestamp) { fail(.custom("gave up")) }
    }

    /// UIKit's single-tap / double-tap pattern with a custom single tap: the tap is recognized
    /// when the double tap fails, 300 ms after the finger lifted. Its target asks where the tap
    /// was: the finger was at (100, 100), the region's centre is (500, 300).
    @Test("a custom tap waiting on a double tap reports where the finger tapped, not the region's centre")
    func customTapReleasedByDoubleTapFailure() {
        let s = Fingers()
        let view = s.region("view", Rect(x: 0, y: 0, width: 1000, height: 600))
        let single = PlainTap().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var locations: [Point] = []
        single.addTarget { tap in locations.append(tap.location(in: nil)) }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        s.tap(at: Point(x: 100, y: 100))
        s.wait(400)

        #expect(s.outcomes == ["double: failed(slower than 300.0 ms)", "single: ended"])
        #expect(locations.count == 1)
        let p = locations.first ?? .zero
        #expect(abs(p.x - 100) < 1 && abs(p.y - 100) < 1,
                "the tap was at (100, 100); its target read \(p), the centre of the region")
    }

    /// docs/state-machines.md (Pan): a pan whose fingers lifted while it waited on a failure
    /// requirement "begins and ends at once" when the requirement fails. Its targets read the
    /// location of a gesture that ended at (200, 100); they get (500, 300), the middle of the
    /// region, where no finger ever was. (A pinch released the same way does the same.)
    @Test("a pan released from its wait after its finger lifted reports where the finger was")
    func panReleasedAfterLiftReportsItsLocation() {
        let s = Fingers()
        let view = s.region("view", Rect(x: 0, y: 0, width: 1000, height: 600))
        let pan = PanGestureRecognizer().named("pan")
        let gate = SlowToFail().named("gate")
        pan.require(toFail: gate)
        var seen: [(GestureState, Point)] = []
        pan.addTarget { p in seen.append((p.state, p.location(in: nil))) }
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(gate)

        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        s.wait(500)

        #expect(s.outcomes == ["gate: failed(gave up)", "pan: began", "pan: ended"])
        #expect(seen.map(\.0) == [.began, .ended])
        for (state, p) in seen {
            #expect(abs(p.x - 200) < 1 && abs(p.y - 100) < 1,
                    "at \(state) the pan said it was at \(p); its finger lifted at (200, 100)")
        }
    }

    /// docs/state-machines.md: "possible ─ centre moved ≥ minimumDistance with min…max fingers
    /// ─▶ began". A two-finger pan (a map's tilt, say) beside a one-finger drag: one finger drags
    /// 20 mm, a second lands, and the two move 0.5 mm together, less than the 2 mm hysteresis.
    /// The pan must not begin yet, and its translation must not include the 20 mm the first
    /// finger travelled alone.
    @Test("a two-finger pan does not count the travel of one finger before the second landed")
    func twoFingerPanIgnoresSoloTravel() {
        let s = Fingers()
        let tilt = PanGestureRecognizer().named("tilt")
        tilt.minimumNumberOfTouches = 2
        var translations: [Point] = []
        tilt.addTarget { p in translations.append(p.translation(in: nil)) }
        s.engine.root.addGestureRecognizer(tilt)

        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 80, y: 0), over: 150)            // 20 mm alone
        s.press([2], at: [Point(x: 400, y: 300)])
        s.drag([1: Point(x: 2, y: 0), 2: Point(x: 2, y: 0)], over: 1000 / s.hz)   // 0.5 mm together

        #expect(tilt.state == .possible, "two fingers moved 0.5 mm of a 2 mm hysteresis, yet it is \(tilt.state)")

        s.drag([1: Point(x: 12, y: 0), 2: Point(x: 12, y: 0)], over: 50)          // 3 mm more together
        #expect(tilt.state.isActive)
        let began = translations.first ?? .zero
        #expect(began.x < 20, "began with a translation of \(began.x) pt, the first finger's 80 pt of solo travel included")
        s.release([1, 2])
    }
}
