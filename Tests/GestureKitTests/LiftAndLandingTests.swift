import GestureKit
import Testing

/// A frame in which one finger lifts and another lands: a panel sampling at 60–240 Hz reports a
/// finger drumming down within a frame interval (4–17 ms) of the previous one's lift in the same
/// frame as that lift. Each
/// test compares the mixed frame with the same input split into a lift, then a landing one frame
/// later; each failed on the code before recognizers could hear the lift first.
@Suite("A lift and a landing in one frame")
struct LiftAndLandingTests {
    /// Adds `recognizers` to a new script's root and hands finger 1 over to finger 2 (see
    /// `Fingers.handOver`); returns the outcomes.
    private func handOver(
        _ recognizers: [GestureRecognizer], sameFrame: Bool, hold: Double = 60,
        first: Point = Point(x: 300, y: 300), second: Point = Point(x: 310, y: 300),
        before: (Fingers) -> Void = { _ in }, then: (Fingers) -> Void
    ) -> [String] {
        let s = Fingers()
        for r in recognizers { s.engine.root.addGestureRecognizer(r) }
        s.handOver(sameFrame: sameFrame, hold: hold, first: first, second: second, before: before, then: then)
        return s.outcomes
    }

    @Test("a double tap drummed with two fingers, the second landing in the frame the first lifts, is a double tap")
    func drummedDoubleTap() {
        func run(_ same: Bool) -> [String] {
            let double = TapGestureRecognizer().named("double")
            double.numberOfTapsRequired = 2
            return handOver([double], sameFrame: same) { s in
                s.wait(60)
                s.release([2])
            }
        }
        let split = run(false)
        #expect(split == ["double: ended"])
        #expect(run(true) == split, "one finger down at every frame, two 60 ms taps 2.5 mm apart: a double tap")
    }

    @Test("single taps drummed with two fingers are each a tap, in one frame as in two")
    func drummedSingleTaps() {
        func run(_ same: Bool) -> [String] {
            let tap = TapGestureRecognizer().named("tap")
            return handOver([tap], sameFrame: same) { s in
                s.wait(60)
                s.release([2])
            }
        }
        let split = run(false)
        #expect(split == ["tap: ended", "tap: ended"])
        #expect(run(true) == split, "two 60 ms taps, the second landing as the first lifts: two taps")
    }

    @Test("a tap drummed onto a double tap's first tap, with the single tap waiting on it, gives the double tap")
    func drummedDoubleTapOverSingle() {
        func run(_ same: Bool) -> [String] {
            let tap = TapGestureRecognizer().named("tap")
            let double = TapGestureRecognizer().named("double")
            double.numberOfTapsRequired = 2
            tap.require(toFail: double)
            return handOver([tap, double], sameFrame: same) { s in
                s.wait(60)
                s.release([2])
            }
        }
        let split = run(false)
        #expect(split == ["double: ended", "tap: failed(required double to fail, but it recognized)"])
        #expect(run(true) == split)
    }

    @Test("a tap-and-hold whose hold lands in the frame the tap lifts begins")
    func tapAndHoldInOneFrame() {
        func run(_ same: Bool) -> [String] {
            let press = LongPressGestureRecognizer().named("press")
            press.numberOfTapsRequired = 1
            return handOver([press], sameFrame: same) { s in
                s.wait(700)
                s.release([2])
            }
        }
        let split = run(false)
        #expect(split == ["press: began", "press: ended"])
        #expect(run(true) == split, "a tap, then a finger held 700 ms: a tap-and-hold")
    }

    @Test("a flick whose finger lifts as another lands is a swipe")
    func flickWithLanding() {
        func run(_ same: Bool) -> [String] {
            let swipe = SwipeGestureRecognizer().named("swipe")
            swipe.direction = .right
            return handOver([swipe], sameFrame: same, hold: 0, second: Point(x: 600, y: 300),
                            before: { $0.drag([1: Point(x: 90, y: 0)], over: 80) }) { s in
                s.wait(60)
                s.release([2])
            }
        }
        let split = run(false)
        #expect(split.first == "swipe: ended", "\(split)")
        #expect(run(true) == split)
    }

    @Test("a landing in a lift's frame that joins a two-finger tap still counts first")
    func twoFingerTapStillCountsLandingFirst() {
        let tap = TapGestureRecognizer().named("tap2")
        tap.numberOfTouchesRequired = 2
        let outcomes = handOver([tap], sameFrame: true, hold: 30, second: Point(x: 340, y: 300)) { s in
            s.wait(30)
            s.release([2])
        }
        #expect(outcomes == ["tap2: ended"])
    }
    @Test("six single taps drummed with two fingers, each landing as the last lifts, are six taps at any frame rate",
          arguments: [60.0, 120.0, 240.0])
    func drumRoll(hz: Double) {
        let s = Fingers()
        s.hz = hz
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 300, y: 300)])
        for i in 0..<5 {
            s.wait(50)
            s.tick()
            let down = i % 2 == 0 ? 1 : 2
            s.lift(down)
            s.down(3 - down, at: Point(x: 300 + Double(i % 2) * 20, y: 300))
            s.frame()
        }
        s.wait(50)
        s.release([2])
        s.wait(500)
        #expect(s.outcomes == Array(repeating: "tap: ended", count: 6), "\(s.outcomes)")
        #expect(tap.touches.isEmpty && tap.state == .possible, "the tap follows no finger once all have lifted")
    }
}
