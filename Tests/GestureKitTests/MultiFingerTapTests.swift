import GestureKit
import Testing

/// Multi-finger taps and touch tap counts judged by invariance: the same physical taps give the
/// same outcome whatever the fingers' spread and the order a frame lists them in, and each
/// finger is counted from the finger of the last tap it lands near. Each test failed on the code
/// before its fix.
@Suite("Multi-finger taps")
struct MultiFingerTapTests {
    /// Two quick taps with `fingers` fingers `spread` points apart (4 pt/mm), the second exactly
    /// where the first was; `order` is the order the second tap's fingers are listed in its frame.
    private func doubleTap(fingers: Int, spread: Double, order: [Int], shift: Double = 0) -> [String] {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("double")
        tap.numberOfTouchesRequired = fingers
        tap.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        let at = (0..<fingers).map { Point(x: 400 + Double($0) * spread, y: 300) }
        s.press(Array(1...fingers), at: at)
        s.wait(60)
        s.release(Array(1...fingers))
        s.wait(120)
        s.press(order.map { $0 + 10 }, at: order.map { at[$0 - 1] + Point(x: shift, y: 0) })
        s.wait(60)
        s.release(order.map { $0 + 10 })
        s.wait(400)
        return s.outcomes
    }

    @Test("a two-finger double tap with fingers 24 mm apart, the second tap exactly on the first, is a double tap")
    func twoFingerDoubleTapWide() {
        #expect(doubleTap(fingers: 2, spread: 96, order: [1, 2]) == ["double: ended"],
                "the distance between taps is that of their centroids (0 mm here), not half the fingers' spread")
    }

    @Test("a three-finger double tap gives the same outcome whatever order its fingers are listed in")
    func threeFingerDoubleTapOrder() {
        let middleFirst = doubleTap(fingers: 3, spread: 48, order: [2, 1, 3])
        let outerFirst = doubleTap(fingers: 3, spread: 48, order: [1, 2, 3])
        #expect(middleFirst == ["double: ended"])
        #expect(outerFirst == middleFirst)
    }

    @Test("a two-finger double tap whose second tap lands 15 mm from the first still fails")
    func twoFingerDoubleTapTooFar() {
        #expect(doubleTap(fingers: 2, spread: 40, order: [1, 2], shift: 60)
                == ["double: failed(moved further than 10 mm)"])
    }

    @Test("each finger of a two-finger double tap's second tap has a tap count of 2, whichever finger lifted last",
          arguments: [[1, 2], [2, 1]])
    func twoFingerTapCounts(liftOrder: [Int]) {
        let s = Fingers()
        let region = s.region("pad", Rect(x: 0, y: 0, width: 1000, height: 600))
        let handler = TapCounts()
        region.touchHandler = handler
        let at = [Point(x: 400, y: 300), Point(x: 480, y: 300)]  // 20 mm apart
        s.press([1, 2], at: at)
        s.wait(60)
        for id in liftOrder {
            s.tick()
            s.lift(id)
            s.frame()
        }
        s.wait(120)
        s.press([3, 4], at: at)
        s.wait(60)
        s.release([3, 4])
        #expect(handler.seen == [1, 1, 2, 2])
    }

    @Test("a tap elsewhere between two taps on one place starts the count again, as before")
    func tapElsewhereRestartsTheCount() {
        let s = Fingers()
        let region = s.region("pad", Rect(x: 0, y: 0, width: 1000, height: 600))
        let handler = TapCounts()
        region.touchHandler = handler
        for (id, x) in [(1, 300.0), (2, 700.0), (3, 300.0)] {
            s.press([id], at: [Point(x: x, y: 300)])
            s.wait(40)
            s.release([id])
            s.wait(60)
        }
        #expect(handler.seen == [1, 1, 1])
    }
}

/// A turned or flipped panel beside another output: its touches stay on its own output.
@Suite("Outputs side by side")
struct SideBySideOutputTests {
    /// A stroke from the left output's right-hand edge, leftwards into it; the screen is two
    /// outputs side by side, "left" 600 × 600 at x 0 and "right" beside it. The panel is the
    /// left output's, placed there by `mapping`, as its producer announces it.
    private func strokeFromSharedEdge(_ mapping: OutputMapping, column: Double) -> [String] {
        let s = Fingers(outputFrame: mapping.frame)
        let left = s.region("left", Rect(x: 0, y: 0, width: 600, height: 600))
        let right = s.region("right", Rect(x: 600, y: 0, width: 400, height: 600))
        left.addGestureRecognizer(PanGestureRecognizer().named("leftPan"))
        right.addGestureRecognizer(PanGestureRecognizer().named("rightPan"))
        // The left panel's sensor column `column` (of 4096), at mid-height.
        s.press([1], at: [mapping.map(normalized: Point(x: column / 4096, y: 0.5))])
        s.drag(1, by: Point(x: -100, y: 0), over: 100)
        s.release([1])
        return s.outcomes
    }

    @Test("the edge column of a turned or flipped panel stays on its own output when another is beside it")
    func flippedOutputEdgeBesideAnotherOutput() {
        let size = Size(width: 600, height: 600)
        let upright = strokeFromSharedEdge(OutputMapping(size: size), column: 4095)
        let turned = strokeFromSharedEdge(OutputMapping(size: size, rotation: .upsideDown), column: 0)
        let flipped = strokeFromSharedEdge(OutputMapping(size: size, flipsHorizontally: true), column: 0)
        #expect(upright == ["leftPan: began", "leftPan: ended"])
        #expect(turned == upright)
        #expect(flipped == upright)
    }
}
