import GestureKit
import Testing

/// What one frame carries must not change what is recognized: a frame that lands, moves and lifts
/// fingers together is heard as those events in frames of their own, and a lift that carries the
/// finger's last motion as that motion, then the lift. A sensor sampling at another rate, or one
/// that reports a landing beside a lift, then gives the same gestures.
@Suite("Real input classes: what a frame carries")
struct FrameContentTests {
    /// A 1-finger tap. Finger 1 drags 10 mm (the tap fails), then finger 2 lands and finger 1
    /// lifts: `sameFrame`, in one frame; otherwise finger 2 lands one frame before the lift.
    /// Finger 2 lifts 80 ms later, still.
    private func landingWhileFailed(sameFrame: Bool) -> [String] {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag([1: Point(x: 40, y: 0)], over: 100)
        s.tick()
        s.down(2, at: Point(x: 600, y: 300))
        if !sameFrame {
            s.frame()
            s.tick()
        }
        s.lift(1)
        s.frame()
        s.wait(80)
        s.release([2])
        s.wait(500)
        return s.outcomes
    }

    @Test("a finger landing while a recognizer fails is offered to it once it resets, whichever frame it landed in")
    func landingBeforeReset() {
        let split = landingWhileFailed(sameFrame: false)
        let mixed = landingWhileFailed(sameFrame: true)
        #expect(split.contains("tap: ended"), "\(split)")
        #expect(mixed == split)
    }

    /// A pan and a tap. Finger 1 lands, moves 1.5 mm right, and lifts 1 mm further on:
    /// `liftCarriesMotion`, the lift reports the new position; otherwise a move frame does and the
    /// lift follows where it is.
    private func strokeEndingInLift(liftCarriesMotion: Bool) -> [String] {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        s.engine.root.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag([1: Point(x: 6, y: 0)], over: 50)
        s.tick()
        if liftCarriesMotion {
            s.lift(1, at: Point(x: 310, y: 300))
        } else {
            s.move(1, to: Point(x: 310, y: 300))
            s.frame()
            s.tick()
            s.lift(1)
        }
        s.frame()
        s.wait(500)
        return s.outcomes
    }

    @Test("a lift that carries the finger past the pan's hysteresis begins and ends the pan")
    func liftCarryingMotion() {
        let split = strokeEndingInLift(liftCarriesMotion: false)
        let carried = strokeEndingInLift(liftCarriesMotion: true)
        #expect(split.contains("pan: began") && split.contains("pan: ended"), "\(split)")
        #expect(!split.contains("tap: ended"), "\(split)")
        #expect(carried == split)
    }

    /// A pinch on three still fingers. In one frame finger 1 moves by one point, finger 4 lands
    /// and finger 2 lifts (`sameFrame`), or the same in three frames in that order (the pinch
    /// counts the motion of the fingers already down before a new one joins its measure).
    private func landingBesideLift(sameFrame: Bool) -> (log: [String], scale: Double) {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2, 3], at: [Point(x: 300, y: 300), Point(x: 500, y: 300), Point(x: 400, y: 450)])
        s.wait(200)
        s.tick()
        s.move(1, to: Point(x: 301, y: 300))
        if !sameFrame {
            s.frame()
            s.tick()
        }
        s.down(4, at: Point(x: 700, y: 500))
        if !sameFrame {
            s.frame()
            s.tick()
        }
        s.lift(2)
        s.frame()
        let scale = pinch.scale
        s.wait(100)
        s.release([1, 3, 4])
        return (s.outcomes, scale)
    }

    @Test("a finger landing in the frame in which another lifts changes no pinch")
    func landingBesideLiftInOneFrame() {
        let split = landingBesideLift(sameFrame: false)
        let mixed = landingBesideLift(sameFrame: true)
        #expect(!mixed.log.contains("pinch: began"), "\(mixed.log)")
        #expect(mixed.log == split.log)
        #expect(abs(mixed.scale - split.scale) < 0.001, "scale \(mixed.scale), split \(split.scale)")
    }
}
