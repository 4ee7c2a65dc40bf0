import Testing
@testable import GestureKit

/// Discrete recognizers (tap, long press / tap-and-hold, edge pan) fed input the way real panels
/// send it: fingers of one gesture landing and lifting a few milliseconds apart, frames at 60 or
/// 240 Hz, contacts listed in slot order, calibrated positions a point past the screen's edge.
/// Each test asserts the behaviour the docs promise; each failed before its fix.
@Suite("Discrete recognizers on realistic input: fingers apart, corners, listing order")
struct RealInputDiscreteTests {

    // MARK: Tap: the fingers of a multi-finger tap lift a few milliseconds apart

    /// Real fingers of a two-finger tap rarely lift in the same scan: 8–40 ms apart is usual.
    /// `numberOfTouches` promises that "a tap that recognized counts the fingers of its taps, even
    /// once they lifted, as UIKit does", and it does when both lift in one frame (2). When they lift
    /// in two frames, the first finger was pruned from the recognizer's touches a frame earlier,
    /// and `numberOfTouches` counts only the finger lifting now: 1. `location(ofTouch: 1)` then
    /// falls back to the tap's centroid instead of the second finger.
    @Test("tap: a two-finger tap whose fingers lift a few ms apart reports two touches at recognition",
          arguments: [8.0, 20.0, 40.0])
    func twoFingerTapLiftedApartCountsBoth(liftGap: Double) {
        let s = Fingers(hz: 240)
        let tap = TapGestureRecognizer().named("tap")
        tap.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        var counted: [Int] = []
        var located: [[Point]] = []
        tap.addTarget { g in
            counted.append(g.numberOfTouches)
            located.append((0..<2).map { g.location(ofTouch: $0, in: nil) })
        }
        let a = Point(x: 300, y: 300), b = Point(x: 380, y: 300)
        s.press([1, 2], at: [a, b])
        s.wait(60)
        s.tick(); s.lift(2); s.frame()
        s.wait(liftGap)
        s.tick(); s.lift(1); s.frame()
        #expect(s.outcomes == ["tap: ended"])
        #expect(counted == [2], "fingers lifted \(liftGap) ms apart: numberOfTouches at recognition \(counted)")
        #expect(Set(located.first ?? []) == [a, b], "location(ofTouch:) for 0 and 1: \(located)")
    }

    // MARK: Tap-and-hold: a tap finger held too long is not "fingers landed apart"

    /// A two-finger tap-and-hold whose tap goes wrong: both fingers land together, one lifts after
    /// 60 ms, the other stays down. The tap before the press is "timed from its first finger, as a
    /// tap is", so at 750 ms it fails as `heldTooLong(750 ms)`, which is what a two-finger
    /// `TapGestureRecognizer` fed the same input says. The long press's `deadlineReached` first
    /// tests "fewer fingers down than required, and the landing window is over", which is also
    /// true here, and fails it as `fingersLandedApart(250 ms)`, though both fingers landed in the
    /// same frame.
    @Test("long press: a two-finger tap-and-hold whose tap finger stays down fails as held too long, not landed apart")
    func tapAndHoldTapFingerHeldReason() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        let tap = TapGestureRecognizer().named("tap")
        tap.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 340, y: 300)])
        s.wait(60)
        s.tick(); s.lift(2); s.frame()
        s.wait(900)
        let pressOutcome = s.outcomes.filter { $0.hasPrefix("press:") }
        let tapOutcome = s.outcomes.filter { $0.hasPrefix("tap:") }
        #expect(tapOutcome == ["tap: failed(held longer than 750.0 ms)"])
        #expect(pressOutcome == ["press: failed(held longer than 750.0 ms)"],
                "both fingers landed in one frame; the press says: \(pressOutcome)")
    }

    // MARK: Edge pan: a corner zone and an edge band, fingers landing a few ms apart

    /// An edge pan with a 12 mm top-left corner zone and a 6 mm left band, two fingers: a
    /// two-finger back swipe whose upper finger lands 8 mm from the top (inside the corner square
    /// and the band) and whose lower finger lands 30 mm from the top (band only), 8 ms later.
    /// At 60 Hz both landings come in one frame: the zones that hold both are looked for, the band
    /// holds both, and the pan begins from the left edge. At 240 Hz they come in two frames: the
    /// first finger alone makes the corner the only candidate ("a corner zone wins over the edge
    /// bands that also cover it"), the band is dropped, and the second finger fails the pan as
    /// `fingerOutsideZone(top-left corner)`. The same physical gesture, recognized or not by the
    /// panel's scan rate (docs/architecture.md, "One frame, many things": "the gestures do not
    /// depend on the sensor's rate or on how it groups its reports").
    @Test("edge pan: two fingers landing 8 ms apart, one in a corner square, give the same outcome at 60 and 240 Hz")
    func cornerAndBandLandingRate() {
        func run(hz: Double) -> [String] {
            let s = Fingers(hz: hz)
            let edge = ScreenEdgePanGestureRecognizer().named("edge")
            edge.zones = [.corner(CornerZone(.topLeft, size: .millimetres(12))), .edge(EdgeZone(.left, depth: .millimetres(6)))]
            edge.minimumNumberOfTouches = 2
            s.engine.root.addGestureRecognizer(edge)
            // Physical landings at 5 ms and 13 ms; each contact is reported by the first scan at
            // or after it (frames every 1000/hz ms from 0).
            let upper = Point(x: 12, y: 32), lower = Point(x: 12, y: 120)   // (3, 8) mm and (3, 30) mm
            let period = 1000 / hz
            let firstFrame = (5 / period).rounded(.up), secondFrame = (13 / period).rounded(.up)
            s.down(1, at: upper)
            if secondFrame > firstFrame {
                s.frame()
                for _ in 0..<Int(secondFrame - firstFrame) { s.tick() }
            }
            s.down(2, at: lower)
            s.frame()
            s.drag([1: Point(x: 120, y: 0), 2: Point(x: 120, y: 0)], over: 150)
            s.release([1, 2])
            return s.outcomes
        }
        let at60 = run(hz: 60), at240 = run(hz: 240)
        #expect(at60 == ["edge: began", "edge: ended"])
        #expect(at240 == at60, "60 Hz (one landing frame): \(at60); 240 Hz (two landing frames): \(at240)")
    }

    // MARK: Edge pan: a calibrated corner touch a point past both edges

    /// A calibrated panel (udev `LIBINPUT_CALIBRATION_MATRIX` with a small offset, as set for a
    /// misaligned bezel) maps the sensor's corner a few points off the screen. A finger off the
    /// screen beside an edge is in that edge's band (`EdgeZone.contains` takes any inset ≤ the
    /// band, negative included: (-1, 300) starts a left-edge pan), but one off the screen at a
    /// corner is in neither band: the left band requires 0 ≤ y ≤ height along its edge, the top band
    /// 0 ≤ x ≤ width, so (-5, -3) is in no zone and a stroke from the very corner fails as
    /// `startedOutsideArea`, whichever way it goes. Likewise past the bottom-right corner.
    @Test("edge pan: a corner touch mapped a few points past both edges is in the edge bands",
          arguments: [false, true])
    func cornerTouchPastBothEdges(bottomRight: Bool) {
        let size = Size(width: 1000, height: 600)
        // 1 % larger, shifted by half a percent: the sensor's corners land just off the screen.
        let calibration = OutputMapping.CalibrationMatrix(1.01, 0, -0.005, 0, 1.01, -0.005)
        let mapping = OutputMapping(size: size, calibration: calibration)
        let corner = mapping.map(normalized: bottomRight ? Point(x: 1, y: 1) : Point(x: 0, y: 0))
        let s = Fingers()
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        edge.edges = .all
        s.engine.root.addGestureRecognizer(edge)
        var began: ScreenEdges = []
        edge.addTarget { g in if g.state == .began { began = g.edge } }
        s.press([1], at: [corner])
        s.drag(1, by: Point(x: bottomRight ? -100 : 100, y: 0), over: 120)
        s.release([1])
        #expect(s.outcomes == ["edge: began", "edge: ended"],
                "finger landing at \(corner) on a \(size.width)×\(size.height) screen: \(s.outcomes)")
        #expect(began == (bottomRight ? .right : .left))
    }

    // MARK: Edge pan: later fingers landing together, listed in either order

    /// A three-finger edge pan on the left and top edges: the first finger lands in the top-left
    /// corner, inside both bands (candidates: top, left); 50 ms later two fingers land in one
    /// frame, one along the top band only, one along the left band only. No zone holds all three,
    /// so the pan fails, but the reason names the zone the finger listed *second* missed: "outside
    /// the top edge" or "outside the left edge" depending on the panel's slot order. The first
    /// fingers of a sequence are named in the zones' order, whatever the listing
    /// (DiscreteRealFramesTests); later fingers landing together are not.
    @Test("edge pan: the failure reason for later fingers landing together does not depend on the order they are listed in")
    func laterFingersListingOrderReason() {
        func run(topFirst: Bool) -> [String] {
            let s = Fingers()
            let edge = ScreenEdgePanGestureRecognizer().named("edge")
            edge.edges = [.left, .top]
            edge.minimumNumberOfTouches = 3
            s.engine.root.addGestureRecognizer(edge)
            s.press([1], at: [Point(x: 8, y: 8)])
            s.wait(50)
            let alongTop = Point(x: 200, y: 8), alongLeft = Point(x: 8, y: 200)
            if topFirst {
                s.down(2, at: alongTop); s.down(3, at: alongLeft)
            } else {
                s.down(3, at: alongLeft); s.down(2, at: alongTop)
            }
            s.frame()
            return s.outcomes
        }
        let a = run(topFirst: true), b = run(topFirst: false)
        #expect(a == b, "top-band finger listed first: \(a); left-band finger listed first: \(b)")
    }
    // MARK: Long press: one finger lifts as another lands, in one frame

    /// A two-finger long press, both fingers resting 100 ms: then one lifts and another finger
    /// lands, in the same scan (a hand shifting its grip). At no moment were three fingers down.
    /// In two frames (lift, then landing) the press fails as `endedTooSoon`. In one frame
    /// `LongPressGestureRecognizer.hearsLiftsFirst` asks for the landing first (it hears the lifts
    /// first only when every finger down lifts), so the press counts 3 fingers and fails as
    /// `wrongNumberOfTouches(expected: 2, actual: 3)`: a reason that depends on how the panel
    /// grouped its reports, and that names a finger count that never happened.
    @Test("long press: a finger lifting in the frame another lands fails it as ended too soon, as in two frames")
    func twoFingerPressLiftAndLandOneFrame() {
        func run(oneFrame: Bool) -> [String] {
            let s = Fingers()
            let press = LongPressGestureRecognizer().named("press")
            press.numberOfTouchesRequired = 2
            s.engine.root.addGestureRecognizer(press)
            s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 340, y: 300)])
            s.wait(100)
            s.tick()
            s.lift(1)
            if !oneFrame { s.frame(); s.tick() }
            s.down(3, at: Point(x: 320, y: 300))
            s.frame()
            s.wait(800)
            return s.outcomes
        }
        let two = run(oneFrame: false), one = run(oneFrame: true)
        #expect(two == ["press: failed(ended too soon)"])
        #expect(one == two, "lift and landing in one frame: \(one); in two frames: \(two)")
    }
}
