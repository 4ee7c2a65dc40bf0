import Testing
@testable import GestureKit

/// The discrete and threshold-based recognizers against what real touch panels send: the same
/// physical gesture must give the same outcome, with the same reason, and the same timing to
/// within a frame, whatever the frame rate, the output's quarter turn, or the order a frame
/// happens to list its contacts in.
@Suite("Discrete recognizers on real panels' frames: rolled taps, tap-and-hold, listing order, 45° swipes")
struct DiscreteRealFramesTests {

    // MARK: Long press: the interval before the press is met by the press's first finger

    /// A two-finger tap-and-hold: a two-finger tap, then two fingers held. The press's first
    /// finger lands 250 ms after the tap lifted (inside the 300 ms multi-tap interval), its second
    /// 0, 40 or 80 ms later (inside the 250 ms landing window). A two-finger double tap takes the
    /// interval as met by the next tap's first finger (`TapGestureRecognizer.touchesBegan` re-arms
    /// its deadline on that landing), and so does `Touch.tapCount`. The long press leaves the
    /// interval's deadline armed while the press's fingers are still landing (`joinBy` only
    /// replaces a later deadline), so with the second finger 80 ms behind, the deadline fires
    /// between the two landings and fails the press as `heldTooLong(750 ms)`: a finger that has
    /// rested 50 ms "held too long". At 0 or 40 ms the press begins.
    @Test("long press: a two-finger tap-and-hold whose press fingers land across the interval's end still begins",
          arguments: [0.0, 40.0, 80.0])
    func tapAndHoldPressFingersStraddleInterval(secondFingerDelay: Double) {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 340, y: 300)])
        s.wait(60)
        s.release([1, 2])
        s.wait(250)
        s.down(1, at: Point(x: 300, y: 300))
        s.frame()
        if secondFingerDelay > 0 { s.wait(secondFingerDelay) }
        s.down(2, at: Point(x: 340, y: 300))
        s.frame()
        s.wait(600)
        #expect(s.outcomes == ["press: began"],
                "second finger of the press \(secondFingerDelay) ms after the first: \(s.outcomes)")
    }

    // MARK: Lift and landing in one frame, for multi-finger taps and tap-and-holds

    /// A two-finger double tap rolled: the first tap's fingers lift 100 ms apart, and the second
    /// tap's first finger lands as the first tap's last finger lifts; the second tap's other
    /// finger follows 30 ms later. At 240 Hz the lift and the landing come in two frames and it
    /// is a double tap; at 60 Hz they come in one. `TapGestureRecognizer.hearsLiftsFirst` asks
    /// for the lifts first only when `activeThisTap + landing > numberOfTouchesRequired`
    /// (1 + 1 > 2 is false), though the tap under way already has all its fingers: the landing is
    /// counted into the first tap, and the double tap fails as "4 touches, expected 2".
    @Test("tap: a two-finger double tap whose second tap lands as the first tap's last finger lifts, in one frame as in two",
          arguments: [false, true])
    func twoFingerDoubleTapRolled(sameFrame: Bool) {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("double")
        tap.numberOfTouchesRequired = 2
        tap.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        let at = [Point(x: 400, y: 300), Point(x: 440, y: 300)]
        s.press([1, 2], at: at)
        s.wait(60)
        s.lift(1); s.frame()
        s.wait(100)
        if sameFrame {
            s.lift(2); s.down(11, at: at[0]); s.frame()
        } else {
            s.lift(2); s.frame()
            s.tick()
            s.down(11, at: at[0]); s.frame()
        }
        s.wait(30)
        s.down(12, at: at[1]); s.frame()
        s.wait(60)
        s.release([11, 12])
        s.wait(400)
        #expect(s.outcomes == ["double: ended"], "lift and landing in one frame: \(sameFrame): \(s.outcomes)")
    }

    /// The same roll for a two-finger tap-and-hold: the tap's fingers lift 100 ms apart, the
    /// press's first finger lands as the tap's last lifts, its second 30 ms later, and both rest.
    /// In two frames the press begins; in one, `LongPressGestureRecognizer.hearsLiftsFirst`
    /// (`active + landing > numberOfTouchesRequired`, 1 + 1 > 2) hears the landing first, it
    /// joins the tap, and the press fails as `heldTooLong(750 ms)`.
    @Test("long press: a two-finger tap-and-hold whose press lands as the tap's last finger lifts, in one frame as in two",
          arguments: [false, true])
    func twoFingerTapAndHoldRolled(sameFrame: Bool) {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        let at = [Point(x: 400, y: 300), Point(x: 440, y: 300)]
        s.press([1, 2], at: at)
        s.wait(60)
        s.lift(1); s.frame()
        s.wait(100)
        if sameFrame {
            s.lift(2); s.down(11, at: at[0]); s.frame()
        } else {
            s.lift(2); s.frame()
            s.tick()
            s.down(11, at: at[0]); s.frame()
        }
        s.wait(30)
        s.down(12, at: at[1]); s.frame()
        s.wait(800)
        #expect(s.outcomes == ["press: began"], "lift and landing in one frame: \(sameFrame): \(s.outcomes)")
    }

    // MARK: Long press: a tap-and-hold's tap is timed as a tap

    /// A two-finger tap whose fingers land 200 ms apart (inside the landing window) and lift
    /// 850 ms after the first landed. The tap recognizer fails it as `heldTooLong(750 ms)`: a
    /// tap's duration runs from its first finger. The tap-and-hold's tap ("quick taps ... come
    /// first, as for a tap", docs/state-machines.md) is timed from its last finger's landing
    /// (`deadline = now + tapTimer` once all are down), so the same touch is a tap to it and the
    /// two fingers held next begin the press.
    @Test("long press: the tap before a two-finger press lasts at most maximumTapDuration from its first finger, as a tap")
    func tapAndHoldTapTimedFromFirstFinger() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        let tap = TapGestureRecognizer().named("tap")
        tap.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        let both = Delegate()
        both.simultaneous = { _, _ in true }
        s.keepAlive.append(both)
        press.delegate = both
        tap.delegate = both
        s.down(1, at: Point(x: 300, y: 300)); s.frame()
        s.wait(200)
        s.down(2, at: Point(x: 340, y: 300)); s.frame()
        s.wait(650)
        s.release([1, 2])
        s.wait(100)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 340, y: 300)])
        s.wait(600)
        let held = FailureReason.heldTooLong(allowed: .milliseconds(750))
        // Both at the same deadline, in either order.
        #expect(s.outcomes.sorted() == ["press: failed(\(held))", "tap: failed(\(held))"], "\(s.outcomes)")
    }

    // MARK: Edge pan: two fingers landing in one frame, in either listed order

    /// Two fingers land in ONE frame at the bottom edge; which a frame lists first is the
    /// panel's slot order, not anything the user did. The recognizer takes "the first finger's
    /// zones" from the first contact listed:
    /// - with a 12 mm bottom-left corner zone and a 6 mm bottom band, finger 1 lands 5 mm from
    ///   the left edge (corner and band), finger 2 25 mm from it (band only): finger 1 listed
    ///   first leaves the corner alone and fails on finger 2 (`fingerOutsideZone(corner)`);
    ///   finger 2 listed first leaves the band, which holds both, and the two-finger swipe up
    ///   begins;
    /// - with the bottom band alone, finger 1 in it and finger 2 23 mm above it: listed first,
    ///   finger 2 fails the pan as `startedOutsideArea` (the first-finger shortcut reads
    ///   `touches.first`), listed second as `fingerOutsideZone(bottom edge)`.
    @Test("edge pan: two fingers landing in one frame give the same outcome and reason whichever the frame lists first",
          arguments: ["corner and band", "band and outside"])
    func edgePanListingOrder(layout: String) {
        var outcomes: [Bool: [String]] = [:]
        for firstListedIsOne in [true, false] {
            let s = Fingers()
            let r = ScreenEdgePanGestureRecognizer().named("edge")
            let a: Point, b: Point
            if layout == "corner and band" {
                r.zones = [.corner(CornerZone(.bottomLeft, size: .millimetres(12))), .edge(EdgeZone(.bottom, depth: .millimetres(6)))]
                (a, b) = (Point(x: 20, y: 592), Point(x: 100, y: 592))
            } else {
                r.edges = .bottom
                (a, b) = (Point(x: 400, y: 592), Point(x: 440, y: 500))
            }
            r.minimumNumberOfTouches = 2
            s.engine.root.addGestureRecognizer(r)
            if firstListedIsOne {
                s.down(1, at: a); s.down(2, at: b)
            } else {
                s.down(2, at: b); s.down(1, at: a)
            }
            s.frame()
            s.drag([1: Point(x: 0, y: -80), 2: Point(x: 0, y: -80)], over: 100)
            s.release([1, 2])
            outcomes[firstListedIsOne] = s.outcomes
        }
        #expect(outcomes[true] == outcomes[false],
                "\(layout): finger 1 listed first: \(outcomes[true]!); finger 2 listed first: \(outcomes[false]!)")
    }

    // MARK: Swipe: a 45° stroke, turned a quarter

    /// The same stroke on a panel turned a quarter: exactly 45° between the allowed direction and
    /// the one beside it. Up-right with `direction = .up`, turned clockwise, is down-right with
    /// `direction = .right`. `SwipeDirection.dominant` breaks |dx| == |dy| towards x, so the
    /// upright run judges the stroke "mostly right", not allowed, and fails at 4 mm (a third of
    /// the distance, frame 16); the turned run judges it "right", allowed but off the cone, and
    /// fails only at the 600 ms deadline (frame 73). Both fail as `wrongDirection`, ~470 ms
    /// apart: a recognizer that requires the swipe to fail waits that much longer on one
    /// orientation. (The edge pan's 45° tie was fixed to go the same way on every edge,
    /// RecognizerInvarianceTests; the swipe still leans on x.)
    @Test("swipe: a 45° stroke fails at the same moment on a panel turned a quarter")
    func swipeDiagonalTurned() {
        func run(direction: SwipeDirection, step: Point) -> (outcome: String?, frame: Int) {
            let s = Fingers()
            let swipe = SwipeGestureRecognizer().named("swipe")
            swipe.direction = direction
            s.engine.root.addGestureRecognizer(swipe)
            let start = Point(x: 500, y: 300)
            s.press([1], at: [start])
            var failedAt: Int?
            for k in 1...90 {
                s.tick()
                s.move(1, to: start + step * Double(k))
                s.frame()
                if failedAt == nil, !s.outcomes.isEmpty { failedAt = k }
            }
            s.release([1])
            return (s.outcomes.first, failedAt ?? 91)
        }
        let upright = run(direction: .up, step: Point(x: 1, y: -1))
        let turned = run(direction: .right, step: Point(x: 1, y: 1))
        #expect(upright.outcome == turned.outcome, "\(upright) vs \(turned)")
        #expect(abs(upright.frame - turned.frame) <= 1,
                "frame (120 Hz) of failure: upright \(upright), turned a quarter \(turned)")
    }
}
