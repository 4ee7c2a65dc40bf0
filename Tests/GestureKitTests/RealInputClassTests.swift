import GestureKit
import Testing

/// The classes of input real panels produce and ideal fingers do not: a finger lifting or landing
/// in the frame in which others move, a sensor stretched onto an output of another aspect, a
/// device without resolution, a resting contact re-sent every frame, fingers landing far apart.
@Suite("Real input classes")
struct RealInputClassTests {
    // MARK: Mixed-phase frames

    /// Three still fingers; at 300 ms finger 1 lifts. `sameFrame`: in the frame in which finger 2
    /// moves by one point; otherwise in a frame of its own just after.
    private func liftBesideMotion(sameFrame: Bool) -> [String] {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(RotationGestureRecognizer().named("rotation"))
        s.engine.root.addGestureRecognizer(PinchGestureRecognizer().named("pinch"))
        s.press([1, 2, 3], at: [Point(x: 300, y: 300), Point(x: 500, y: 300), Point(x: 400, y: 420)])
        s.wait(300)
        s.tick()
        s.move(2, to: Point(x: 501, y: 300))
        if sameFrame {
            s.lift(1)
            s.frame()
        } else {
            s.frame()
            s.tick()
            s.lift(1)
            s.frame()
        }
        s.wait(100)
        s.release([2, 3])
        return s.outcomes
    }

    @Test("a finger lifting in the frame in which another moves begins no rotation or pinch")
    func liftInMovingFrame() {
        let mixed = liftBesideMotion(sameFrame: true)
        let split = liftBesideMotion(sameFrame: false)
        #expect(!mixed.contains("rotation: began"), "\(mixed)")
        #expect(!mixed.contains("pinch: began"), "\(mixed)")
        #expect(mixed == split)
    }

    /// Three fingers spread out around (500, 300); at the middle of the stroke finger 3 lifts
    /// (in the same frame as the others move, or a frame later), and fingers 1 and 2 go on.
    /// Returns the pinch's final scale and the rotation's final angle.
    private func pinchAndTurn(liftInMovingFrame: Bool) -> (scale: Double, rotation: Double, log: [String]) {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        var scale = 1.0
        var angle = 0.0
        pinch.addTarget { p in scale = p.scale }
        rotation.addTarget { r in angle = r.rotation }
        let sim = Delegate()
        sim.simultaneous = { _, _ in true }
        s.keepAlive.append(sim)
        pinch.delegate = sim
        rotation.delegate = sim
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        let c = Point(x: 500, y: 300)
        // Finger k sits at angle a_k on a circle whose radius and turn grow with f.
        func at(_ k: Int, _ f: Double) -> Point {
            let a = Double(k) * 2.1 + 0.5 * f
            let r = 60 + 60 * f
            return c + Point(x: r * cos(a), y: r * sin(a))
        }
        s.press([1, 2, 3], at: [at(1, 0), at(2, 0), at(3, 0)])
        let steps = 24
        for i in 1...steps {
            s.tick()
            let f = Double(i) / Double(steps)
            if i == steps / 2 && liftInMovingFrame {
                s.move(1, to: at(1, f))
                s.move(2, to: at(2, f))
                s.lift(3)
                s.frame()
                continue
            }
            s.move(1, to: at(1, f))
            s.move(2, to: at(2, f))
            if i <= steps / 2 { s.move(3, to: at(3, f)) }
            s.frame()
            if i == steps / 2 {
                s.tick()
                s.lift(3)
                s.frame()
            }
        }
        s.release([1, 2])
        return (scale, angle, s.outcomes)
    }

    @Test("pinch scale and rotation stay continuous when a finger lifts in a moving frame")
    func continuousThroughLift() {
        let mixed = pinchAndTurn(liftInMovingFrame: true)
        let split = pinchAndTurn(liftInMovingFrame: false)
        // The fingers went from radius 60 to 120 and turned 0.5 rad.
        #expect(abs(split.scale - 2) < 0.05, "split \(split.scale)")
        #expect(abs(mixed.scale - split.scale) / split.scale < 0.02, "mixed \(mixed.scale) split \(split.scale)")
        #expect(abs(split.rotation - 0.5) < 0.05, "split \(split.rotation)")
        #expect(abs(mixed.rotation - split.rotation) < 0.03, "mixed \(mixed.rotation) split \(split.rotation)")
        #expect(mixed.log == split.log)
    }

    @Test("a finger landing in the frame in which the others spread keeps the pinch's scale")
    func landInMovingFrame() {
        func run(sameFrame: Bool) -> Double {
            let s = Fingers()
            let pinch = PinchGestureRecognizer()
            s.engine.root.addGestureRecognizer(pinch)
            s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
            s.drag([1: Point(x: -50, y: 0), 2: Point(x: 50, y: 0)], over: 100)
            s.tick()
            s.move(1, to: Point(x: 300, y: 300))
            s.move(2, to: Point(x: 700, y: 300))
            if sameFrame {
                s.down(3, at: Point(x: 500, y: 500))
                s.frame()
            } else {
                s.frame()
                s.tick()
                s.down(3, at: Point(x: 500, y: 500))
                s.frame()
            }
            let scale = pinch.scale
            s.release([1, 2, 3])
            return scale
        }
        // The two fingers went from 200 to 400 points apart: the scale is 2 either way.
        #expect(abs(run(sameFrame: false) - 2) < 0.01)
        #expect(abs(run(sameFrame: true) - 2) < 0.01)
    }

    /// A custom recognizer that follows its fingers' centroid through the base class's
    /// `forEachFinger`, re-anchoring when the finger set changes.
    final class CentroidFollower: GestureRecognizer {
        var position: Point?
        var offset = Point.zero
        var steps: [Double] = []

        private func centroid(includingLifted: Bool) -> Point? {
            var sum = Point.zero
            var n = 0.0
            forEachFinger(includingLifted: includingLifted) { t in
                sum += t.location
                n += 1
            }
            return n > 0 ? sum / n : nil
        }

        override func touchesBegan(_ touches: [Touch]) {
            if let c = centroid(includingLifted: false) { offset = (position ?? c) - c }
        }
        override func touchesMoved(_ touches: [Touch]) {
            guard let c = centroid(includingLifted: true) else { return }
            let p = c + offset
            if let old = position { steps.append(p.distance(to: old)) }
            position = p
        }
        override func touchesEnded(_ touches: [Touch]) {
            if let c = centroid(includingLifted: false), let p = position { offset = p - c }
        }
    }

    @Test("a custom recognizer measuring through forEachFinger does not jump on a lift frame")
    func customRecognizerThroughBaseClass() {
        let s = Fingers()
        let follower = CentroidFollower()
        s.engine.root.addGestureRecognizer(follower)
        s.press([1, 2, 3], at: [Point(x: 100, y: 100), Point(x: 500, y: 300), Point(x: 300, y: 500)])
        s.drag([2: Point(x: 3, y: 0)], over: 50)
        s.tick()
        s.move(2, to: Point(x: 504, y: 300))
        s.lift(1)
        s.frame()
        s.drag([2: Point(x: 3, y: 0)], over: 50)
        // Finger 2 moves about 0.5 point a frame; the centroid moves a third or half of that.
        #expect(!follower.steps.isEmpty)
        #expect(follower.steps.allSatisfy { $0 < 1 }, "\(follower.steps)")
    }

    // MARK: Millimetres per axis

    /// A sensor stretched onto the output: 8 points per millimetre across, 2 down.
    static let stretched = PointDensity(x: 8, y: 2)

    @Test("a stroke is judged by what the finger did: 7 mm right and 14 mm up is a swipe up")
    func swipeDirectionPerAxis() {
        let s = Fingers(density: Self.stretched)
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .all
        var direction: SwipeDirection = []
        swipe.addTarget { g in direction = g.recognizedDirection }
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1], at: [Point(x: 300, y: 400)])
        // 7 mm × 8 = 56 points right, 14 mm × 2 = 28 points up: mostly right in points.
        s.drag(1, by: Point(x: 56, y: -28), over: 150)
        s.release([1])
        #expect(s.outcomes == ["swipe: ended"])
        #expect(direction == .up)
    }

    @Test("the pan's hysteresis is 2 mm on each axis of a stretched sensor")
    func panThresholdPerAxis() {
        let s = Fingers(density: Self.stretched)
        s.engine.root.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        s.press([1], at: [Point(x: 300, y: 300)])
        // 12 points across is 1.5 mm: not yet a pan (12 points at the mean 4 pt/mm would be 3 mm).
        s.drag(1, by: Point(x: 12, y: 0), over: 100)
        #expect(s.outcomes.isEmpty)
        // 6 points down is 3 mm.
        s.drag(1, by: Point(x: 0, y: 6), over: 50)
        #expect(s.outcomes == ["pan: began"])
        s.release([1])
    }

    @Test("a tap that moved 6 mm down a stretched sensor is no tap")
    func tapMovementPerAxis() {
        let s = Fingers(density: Self.stretched)
        s.engine.root.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 0, y: 12), over: 50)  // 6 mm
        s.release([1])
        #expect(s.outcomes == ["tap: failed(moved further than 4 mm)"])
        s.wait(500)
        s.press([1], at: [Point(x: 600, y: 300)])
        s.drag(1, by: Point(x: 24, y: 0), over: 50)  // 3 mm
        s.release([1])
        #expect(s.outcomes.last == "tap: ended")
    }

    @Test("the edge band is 6 mm deep on each axis")
    func edgeBandPerAxis() {
        func start(at p: Point, move: Point) -> [String] {
            let s = Fingers(density: Self.stretched)
            let edge = ScreenEdgePanGestureRecognizer().named("edge")
            edge.edges = .all
            s.engine.root.addGestureRecognizer(edge)
            s.press([1], at: [p])
            s.drag(1, by: move, over: 100)
            s.release([1])
            return s.outcomes
        }
        // 40 points from the left edge is 5 mm; 40 points from the top is 20 mm.
        #expect(start(at: Point(x: 40, y: 300), move: Point(x: 160, y: 0)) == ["edge: began", "edge: ended"])
        #expect(start(at: Point(x: 500, y: 40), move: Point(x: 0, y: 160)) == ["edge: failed(started outside its area)"])
        #expect(start(at: Point(x: 500, y: 10), move: Point(x: 0, y: 160)) == ["edge: began", "edge: ended"])
    }

    @Test("the output mapping gives a density per axis, turned with the output")
    func mappingDensity() throws {
        let sensor = Size(width: 200, height: 100)
        let upright = OutputMapping(size: Size(width: 1920, height: 1080))
        let d = try #require(upright.density(sensorMillimetres: sensor))
        #expect(d.source == .deviceResolution)
        #expect(abs(d.density.x - 9.6) < 1e-9 && abs(d.density.y - 10.8) < 1e-9)
        // A quarter turn lays the sensor's 200 mm along the output's height.
        for rotation in [OutputRotation.clockwise90, .clockwise270] {
            let turned = try #require(OutputMapping(size: Size(width: 1920, height: 1080), rotation: rotation)
                .density(sensorMillimetres: sensor))
            #expect(abs(turned.density.x - 19.2) < 1e-9 && abs(turned.density.y - 5.4) < 1e-9, "\(rotation)")
        }
        let flipped = try #require(OutputMapping(size: Size(width: 1920, height: 1080), rotation: .upsideDown, flipsHorizontally: true)
            .density(sensorMillimetres: sensor))
        #expect(abs(flipped.density.x - 9.6) < 1e-9 && abs(flipped.density.y - 10.8) < 1e-9)
        // Without a sensor size, the output's physical size; without that, nothing.
        let kiosk = OutputMapping(size: Size(width: 1920, height: 1080), physicalSize: Size(width: 476, height: 268))
        let o = try #require(kiosk.density(sensorMillimetres: nil))
        #expect(o.source == .outputSize)
        #expect(abs(o.density.x - 1920 / 476) < 1e-9 && abs(o.density.y - 1080 / 268) < 1e-9)
        #expect(upright.density(sensorMillimetres: nil) == nil)
    }

    @Test("a device without resolution takes its millimetres from the output's physical size")
    func outputSizeAsSource() {
        // A 1000×600-point output that is 500×300 mm: 2 points per millimetre on both axes.
        let mapping = OutputMapping(size: Size(width: 1000, height: 600), physicalSize: Size(width: 500, height: 300))
        let source = mapping.density(sensorMillimetres: nil)
        let s = Fingers(hasResolution: false, density: source?.density)
        #expect(source?.source == .outputSize)
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        s.engine.root.addGestureRecognizer(edge)
        // 10 points from the left edge is 5 mm: inside the 6 mm band. At the fallback 3.78 pt/mm
        // the band would be 23 points and a start 20 points in would count too; 14 points in is
        // 7 mm and must not.
        s.press([1], at: [Point(x: 14, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["edge: failed(started outside its area)"])
        s.wait(300)
        s.press([1], at: [Point(x: 10, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes.suffix(2) == ["edge: began", "edge: ended"])
    }

    // MARK: Silent contacts

    @Test("a lost lift next to a moving finger is cancelled by the watchdog, and taps come back")
    func silentContactBesideMotion() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        var taps = 0
        tap.addTarget { _ in taps += 1 }
        // Finger 9 lands and its lift is lost; every later frame repeats it, unchanged.
        s.press([9], at: [Point(x: 900, y: 500)])
        for i in 0..<30 {
            s.wait(1940)
            s.press([1], at: [Point(x: 200 + Double(i), y: 200)])
            s.drag(1, by: Point(x: 1, y: 0), over: 20)
            s.release([1])
        }
        // 30 taps over 60 s: those after the watchdog's 30 s count.
        #expect(s.engine.statistics.stuckTouchesCancelled == 1)
        #expect(taps >= 14, "\(taps) taps")
    }

    // MARK: Landing window

    @Test("fingers landing 600 ms apart make no two-finger tap, long press or swipe")
    func landingWindow() {
        func run(apart ms: Double) -> [String] {
            let s = Fingers()
            let tap = TapGestureRecognizer().named("tap-2f")
            tap.numberOfTouchesRequired = 2
            let press = LongPressGestureRecognizer().named("press-2f")
            press.numberOfTouchesRequired = 2
            press.minimumPressDuration = .milliseconds(700)
            let swipe = SwipeGestureRecognizer().named("swipe-2f")
            swipe.numberOfTouchesRequired = 2
            swipe.maximumDuration = .milliseconds(900)
            let sim = Delegate()
            sim.simultaneous = { _, _ in true }
            s.keepAlive.append(sim)
            for r in [tap, press, swipe] as [GestureRecognizer] {
                r.delegate = sim
                s.engine.root.addGestureRecognizer(r)
            }
            s.press([1], at: [Point(x: 300, y: 300)])
            s.wait(ms)
            s.press([2], at: [Point(x: 360, y: 300)])
            s.wait(60)
            s.release([1, 2])
            return s.outcomes
        }
        let apart = run(apart: 600)
        #expect(apart.contains("tap-2f: failed(fingers landed more than 250.0 ms apart)"), "\(apart)")
        #expect(apart.contains("press-2f: failed(fingers landed more than 250.0 ms apart)"), "\(apart)")
        #expect(apart.contains("swipe-2f: failed(fingers landed more than 250.0 ms apart)"), "\(apart)")
        let together = run(apart: 100)
        #expect(together.contains("tap-2f: ended"), "\(together)")
    }
}
