import Testing
@testable import GestureKit

/// A host that advances the engine on its own clock (`advance(to: MonotonicClock.now)` when a
/// timer fires, as the libinput backend's loop does on a poll timeout) reads a frame the device
/// stamped a moment before that: the frame arrives with a timestamp behind the engine's time.
/// Time does not go backwards, and the frame must be heard as it would have been on time: a
/// finger that lifts in it lifted in this frame.
@Suite("A frame stamped before the engine's time")
struct LateFrameTests {
    /// Finger 1 down at the middle of the screen, then dragged by `drag` over 50 ms; the host then
    /// advances the engine 10 ms on, and the next frame (stamped 8.3 ms on, at 120 Hz) lifts the
    /// finger at `lift`.
    func story(_ s: Fingers, drag: Point, liftAt lift: Point) {
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: drag, over: 50)
        s.engine.advance(to: s.time + .milliseconds(10))
        s.tick()
        s.lift(1, at: lift)
        s.frame()
    }

    @Test("a flick whose lift carries its last motion is a swipe")
    func flickSwipe() {
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe")
        s.engine.root.addGestureRecognizer(swipe)
        // 6 mm, then the lift carries 14 mm more.
        story(s, drag: Point(x: 24, y: 0), liftAt: Point(x: 480, y: 300))
        #expect(s.outcomes == ["swipe: ended"])
    }

    @Test("a pan that ends reports where its finger lifted, with the finger counted")
    func panEndsWhereTheFingerLifted() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.region("panel", Rect(x: 0, y: 0, width: 1000, height: 600)).addGestureRecognizer(pan)
        var atEnd: (location: Point, fingers: Int, translation: Point)?
        pan.addTarget { p in
            if p.state == .ended { atEnd = (p.location(in: nil), p.numberOfTouches, p.translation(in: nil)) }
        }
        story(s, drag: Point(x: 40, y: 0), liftAt: Point(x: 460, y: 300))
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(atEnd?.location == Point(x: 460, y: 300))
        #expect(atEnd?.fingers == 1)
        #expect(atEnd?.translation == Point(x: 60, y: 0))
    }

    @Test("a second tap that lands far from the first makes no double tap")
    func doubleTapFarApart() {
        let s = Fingers()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(double)
        s.quickTap(1, at: Point(x: 200, y: 300))
        // 100 mm away: the second tap's landing is read after the host advanced the engine past it.
        s.engine.advance(to: s.time + .milliseconds(10))
        s.tick()
        s.press([1], at: [Point(x: 600, y: 300)])
        s.release([1])
        #expect(s.outcomes == ["double: failed(moved further than 10 mm)"])
    }
}
