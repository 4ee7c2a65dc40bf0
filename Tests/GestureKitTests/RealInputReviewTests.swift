import GestureKit
import Testing

/// Recognizers under input classes real panels produce: a finger lifting in the frame another
/// lands in, a contact on the sensor's edge mirrored onto the screen's far edge. Each test failed
/// on the code before its fix; its message says what a user expects.
@Suite("Real input review")
struct RealInputReviewTests {
    // MARK: A lift and a landing in one frame

    private func handOver(sameFrame: Bool) -> [String] {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        pan.maximumNumberOfTouches = 2
        s.engine.root.addGestureRecognizer(pan)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        s.tick()
        s.lift(1)
        if !sameFrame {
            s.frame()
            s.tick()
        }
        s.down(3, at: Point(x: 300, y: 250))
        s.frame()
        s.drag([2: Point(x: 0, y: 40), 3: Point(x: 0, y: 40)], over: 100)
        s.release([2, 3])
        return s.outcomes
    }

    @Test("a frame in which one finger lifts and another lands leaves two fingers: a two-finger-max pan pans")
    func handOverInOneFrame() {
        let split = handOver(sameFrame: false)
        let mixed = handOver(sameFrame: true)
        #expect(split == ["pan: began", "pan: ended"])
        #expect(mixed == split,
                "after the frame two fingers are down (finger 1 up, finger 3 down), as with the lift and landing in separate frames; got \(mixed)")
    }

    private func drumming(sameFrame: Bool) -> [String] {
        let s = Fingers()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(double)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(60)
        s.tick()
        s.lift(1)
        if !sameFrame {
            s.frame()
            s.tick()
        }
        s.down(2, at: Point(x: 310, y: 300))
        s.frame()
        s.wait(60)
        s.release([2])
        s.wait(400)
        return s.outcomes
    }

    @Test("a double tap drummed with two fingers, the second landing in the frame the first lifts, is a double tap")
    func drummedDoubleTap() {
        let split = drumming(sameFrame: false)
        let mixed = drumming(sameFrame: true)
        #expect(split == ["double: ended"])
        #expect(mixed == split, "one finger down at every frame, two 60 ms taps 2.5 mm apart: a double tap; got \(mixed)")
    }

    // MARK: The panel's edge column, mirrored

    private func strokeFromEdge(_ mapping: OutputMapping, column: Double) -> [String] {
        let s = Fingers()
        let app = s.region("app", Rect(x: 0, y: 0, width: 1000, height: 600))
        app.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        // The sensor's column `column` (of 4096), at mid-height.
        let p = mapping.map(normalized: Point(x: column / 4096, y: 0.5))
        s.press([1], at: [p])
        s.drag(1, by: Point(x: p.x < 500 ? 100 : -100, y: 0), over: 100)
        s.release([1])
        return s.outcomes
    }

    @Test("a stroke from the panel's edge reaches the full-screen region whichever way the panel is turned")
    func edgeColumnUpsideDown() {
        let size = Size(width: 1000, height: 600)
        // Upright, the sensor's last column; turned, its first one: both the screen's right edge.
        let upright = strokeFromEdge(OutputMapping(size: size), column: 4095)
        let turned = strokeFromEdge(OutputMapping(size: size, rotation: .upsideDown), column: 0)
        #expect(upright == ["pan: began", "pan: ended"])
        #expect(turned == upright,
                "the sensor's column 0 of an upside-down panel is the screen's last column, inside the region that covers the screen; it maps to x = \(OutputMapping(size: size, rotation: .upsideDown).map(normalized: Point(x: 0, y: 0.5)).x), off the screen, and the region's pan hears nothing: \(turned)")
    }
}
