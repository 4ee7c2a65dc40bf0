import GestureKit
import Testing

/// Recognizers under input classes real panels produce: a finger lifting in the frame another
/// lands in, a contact on the sensor's edge mirrored onto the screen's far edge, a device
/// stretched between its axes. Each test failed on the code before its fix; its message says what
/// a user expects.
@Suite("Recognizers under real input")
struct RealInputRecognizersTests {
    // MARK: A recognizer waiting on require(toFail:)

    @Test("a pan released from waiting on a swipe begins with the whole translation so far, with no jump")
    func waitingPanKeepsTranslation() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        pan.require(toFail: swipe)
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(swipe)
        var seen: [(GestureState, Double)] = []
        pan.addTarget { p in seen.append((p.state, p.translation(in: nil).x)) }
        s.press([1], at: [Point(x: 100, y: 300)])
        // 100 pt right over 2 s: the swipe fails at its 600 ms deadline, the finger 30 pt along.
        s.drag(1, by: Point(x: 100, y: 0), over: 2000)
        s.release([1])
        #expect(s.outcomes == ["swipe: failed(slower than 600.0 ms)", "pan: began", "pan: ended"])
        let began = seen.first { $0.0 == .began }?.1 ?? .nan
        #expect(abs(began - 30) < 1,
                "at began the pan's translation is the finger's travel so far (about 30 pt), as the library's own RequireFailureTests says ('begins with the whole translation so far'); got \(began)")
        let steps = zip(seen, seen.dropFirst()).map { abs($1.1 - $0.1) }
        #expect(steps.allSatisfy { $0 < 2 },
                "the finger moves 0.42 pt a frame: the translation must not jump (largest step \(steps.max() ?? 0) pt)")
    }

    /// A recognizer that decides nothing while its fingers are down (it fails, undecided, when
    /// they lift): what a long press waits on below.
    final class Undecided: GestureRecognizer {}

    private func waitingLongPress(moving: Bool) -> [String] {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        let other = Undecided().named("other")
        press.require(toFail: other)
        s.engine.root.addGestureRecognizer(press)
        s.engine.root.addGestureRecognizer(other)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(600)  // past the 500 ms minimum: the press waits on the other to begin
        if moving { s.drag(1, by: Point(x: 80, y: 0), over: 200) } else { s.wait(200) }
        s.release([1])
        return s.outcomes
    }

    @Test("a long press waiting on another recognizer fails if the finger moves too far meanwhile")
    func waitingLongPressMovesTooFar() {
        let still = waitingLongPress(moving: false)
        let moved = waitingLongPress(moving: true)
        #expect(still == ["other: failed(undecided when its touches ended)", "press: began", "press: ended"], "\(still)")
        #expect(moved.first { $0.hasPrefix("press:") } == "press: failed(moved further than 4 mm)",
                "the press had not begun (it waited in possible) when the finger moved 80 points: it fails, as UIKit's does; got \(moved)")
    }

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

    @Test("a two-finger tap whose second finger lands in the frame the first lifts in is a two-finger tap")
    func twoFingerTapLandingInLiftFrame() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap2")
        tap.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(30)
        s.tick()
        s.down(2, at: Point(x: 340, y: 300))
        s.lift(1)
        s.frame()
        s.wait(30)
        s.release([2])
        s.wait(400)
        #expect(s.outcomes == ["tap2: ended"], "the landing is counted before the lift, as split frames hear it; got \(s.outcomes)")
    }

    // MARK: Thresholds in points on a stretched device

    /// 8 points per millimetre across, 2 down (mean 4).
    static let stretched = PointDensity(x: 8, y: 2)

    private func swipe(by d: Point) -> [String] {
        let s = Fingers(density: Self.stretched)
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .all
        swipe.minimumDistance = .points(80)
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: d, over: 100)
        s.release([1])
        return s.outcomes
    }

    @Test("a swipe's minimumDistance in points is a length in points on a stretched device")
    func swipePointsThreshold() {
        let right = swipe(by: Point(x: 100, y: 0))
        let down = swipe(by: Point(x: 0, y: 50))
        #expect(right == ["swipe: ended"], "100 pt right reaches an 80 pt minimum (docs: a threshold in points stays a length in points); got \(right)")
        #expect(down == ["swipe: failed(ended too soon)"], "50 pt down does not reach an 80 pt minimum; got \(down)")
    }

    private func pinch(vertical: Bool, by d: Double) -> [String] {
        let s = Fingers(density: Self.stretched)
        let pinch = PinchGestureRecognizer().named("pinch")
        pinch.minimumSpreadChange = .points(6)
        s.engine.root.addGestureRecognizer(pinch)
        let a = Point(x: 300, y: 200)
        let axis = vertical ? Point(x: 0, y: 1) : Point(x: 1, y: 0)
        s.press([1, 2], at: [a, a + axis * 100])
        s.drag([1: axis * -d, 2: axis * d], over: 100)
        s.release([1, 2])
        return s.outcomes
    }

    @Test("a pinch's minimumSpreadChange in points is a length in points on a stretched device")
    func pinchPointsThreshold() {
        let across = pinch(vertical: false, by: 8)  // spread 50 → 58 pt
        let down = pinch(vertical: true, by: 4)  // spread 50 → 54 pt
        #expect(across == ["pinch: began", "pinch: ended"], "an 8 pt spread change reaches a 6 pt minimum; got \(across)")
        #expect(down == ["pinch: failed(ended too soon)"], "a 4 pt spread change does not reach a 6 pt minimum; got \(down)")
    }

    // MARK: The directional swipe at every frame rate

    private func settle(hz: Double) -> [String] {
        let s = Fingers(hz: hz)
        s.engine.root.addGestureRecognizer(DirectionalSwipeGestureRecognizer().named("dswipe"))
        s.press([1], at: [Point(x: 400, y: 300)])
        // 20 pt (5 mm) right over 192 ms, then the contact settles back 0.5 pt (0.125 mm) in the
        // last 8 ms before the lift: the same physical stroke at every rate.
        s.trace([1], over: 200) { _, f in
            let t = f * 200
            return Point(x: 400 + (t <= 192 ? 20 * t / 192 : 20 - 0.5 * (t - 192) / 8), y: 300)
        }
        s.release([1])
        return s.outcomes
    }

    @Test("a directional swipe's finish or cancel does not depend on the panel's frame rate")
    func directionalSwipeFrameRate() {
        let at60 = settle(hz: 60)
        let at120 = settle(hz: 120)
        let at240 = settle(hz: 240)
        #expect(at60 == at120 && at120 == at240,
                "one stroke (moving right at 100 pt/s over the last 100 ms) must end the same way at 60, 120 and 240 Hz: \(at60) / \(at120) / \(at240)")
        #expect(at240 == ["dswipe: began", "dswipe: ended"],
                "a 0.125 mm settle in the last 8 ms is not 'moving back against' a stroke still going forwards; got \(at240)")
    }

    @Test("a directional swipe dragged back towards its start and held still before lifting cancels")
    func directionalSwipeBackThenStill() {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(DirectionalSwipeGestureRecognizer().named("dswipe"))
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 28, y: 0), over: 100)   // 7 mm right
        s.drag(1, by: Point(x: -20, y: 0), over: 200)  // 5 mm back: 8 pt from the start
        s.wait(60)                                      // held still
        s.release([1])
        #expect(s.outcomes == ["dswipe: began", "dswipe: cancelled"], "\(s.outcomes)")
    }

    // MARK: A directional swipe a touchpad cancels

    final class SwipeEvents: DirectionalSwipeGestureRecognizerDelegate {
        var calls: [String] = []
        func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("start") }
        func swipeDidCancel(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("cancel") }
        func swipeDidFinish(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("finish") }
    }

    @Test("a directional swipe driven by a touchpad swipe tells its delegate when the touchpad cancels it")
    func directionalSwipeTouchpadCancelTellsDelegate() {
        let s = Fingers(kind: .touchpad)
        let swipe = DirectionalSwipeGestureRecognizer().named("dswipe")
        let events = SwipeEvents()
        swipe.swipeDelegate = events
        s.engine.root.addGestureRecognizer(swipe)
        s.pad(.swipe, .begin, fingers: 3)
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 30, y: 0))
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 30, y: 0))
        s.pad(.swipe, .cancel, fingers: 3)
        #expect(s.outcomes == ["dswipe: began", "dswipe: cancelled"])
        #expect(events.calls == ["start", "cancel"], "swipeDidCancel: 'the swipe was cancelled (... or its touches were)'; got \(events.calls)")
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

    private func strokeFromBottomRow(_ mapping: OutputMapping, row: Double) -> [String] {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        // A keyboard along the bottom 200 points of the 1000 × 600 screen.
        pan.exclusionZones = [.screen(Rect(x: 0, y: 400, width: 1000, height: 200))]
        s.engine.root.addGestureRecognizer(pan)
        let p = mapping.map(normalized: Point(x: 0.5, y: row / 4096))
        s.press([1], at: [p])
        s.drag(1, by: Point(x: 0, y: -100), over: 100)
        s.release([1])
        return s.outcomes
    }

    @Test("the sensor's edge row mirrored onto the screen's bottom edge lies in an exclusion zone along that edge")
    func exclusionZoneOnFarEdge() {
        let size = Size(width: 1000, height: 600)
        let upright = strokeFromBottomRow(OutputMapping(size: size), row: 4095)
        let turned = strokeFromBottomRow(OutputMapping(size: size, rotation: .upsideDown), row: 0)
        #expect(upright == [])
        #expect(turned == upright, "the bottom row is inside the keyboard's zone whichever way the panel is turned; got \(turned)")
    }
}
