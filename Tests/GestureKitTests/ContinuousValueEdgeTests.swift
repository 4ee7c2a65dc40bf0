import Testing
@testable import GestureKit

/// Continuous values (translation, velocity, scale, rotation) as targets read them: the same
/// physical motion must give the same values, in sign and size, however it is sampled. Each test
/// fails on the code it was written against.
@Suite("Continuous values after pauses, landings and placements")
struct ContinuousValueEdgeTests {
    static let rates: [Double] = [60, 120, 240]

    /// Sends a frame every interval for `ms` milliseconds, every finger down re-sent unchanged
    /// (a panel reporting fingers held still).
    static func hold(_ s: Fingers, ms: Double) {
        for _ in 0..<Int((ms / 1000 * s.hz).rounded()) {
            s.tick()
            s.frame()
        }
    }

    // MARK: A pause inside the velocity window

    /// A finger drags right at 800 pt/s for 250 ms, holds still for 60 ms (re-sent in every frame,
    /// as panels do), then goes on right, slowly: 4 pt in 50 ms (80 pt/s), and lifts. It never
    /// moves left, so no velocity a target reads after the pause may point left, and the velocity
    /// as it lifts is about 80 pt/s.
    ///
    /// The tracker has no sample of the pause (a finger that does not move adds none), so the
    /// quadratic fit over the last 100 ms bridges the ramp before the pause and the slow motion
    /// after it, and its slope at the newest sample points backwards: −637 pt/s at 60 Hz,
    /// −478, −538, −326, −5 pt/s at 120 Hz, −434, −496, −535, −520, −413, −232, −63 pt/s at 240 Hz.
    @Test("pan: after a pause, a finger moving on slowly never has a velocity pointing backwards",
          arguments: rates)
    func panVelocityAfterPause(hz: Double) {
        let s = Fingers(hz: hz)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var afterPause: [Double] = []
        var paused = false
        var ended: Point?
        pan.addTarget { p in
            if paused && p.state == .changed { afterPause.append(p.velocity(in: nil).x) }
            if p.state == .ended { ended = p.velocity(in: nil) }
        }
        s.press([1], at: [Point(x: 100, y: 300)])
        s.drag(1, by: Point(x: 200, y: 0), over: 250)
        Self.hold(s, ms: 60)
        paused = true
        s.drag(1, by: Point(x: 4, y: 0), over: 50)
        s.release([1])
        #expect(!afterPause.isEmpty)
        #expect(afterPause.allSatisfy { $0 >= 0 },
                "\(hz) Hz: the finger only ever moved right, yet the pan's velocity after the pause was \(afterPause) pt/s")
        if let v = ended?.x {
            #expect(v >= 0 && v < 200, "\(hz) Hz: velocity as it lifted \(v) pt/s, the finger moving right at 80 pt/s")
        }
    }

    /// The same story, lifting: a drag at 800 pt/s, 60 ms held still, one last 1 pt roll right
    /// in the lift's frame. A list that flings on the pan's velocity at `ended` is thrown back the
    /// way the finger came: −479 pt/s at 60 Hz, −371 at 120 Hz, −307 at 240 Hz (70 ms held:
    /// −645, −558, −556).
    @Test("pan: a finger that paused and rolls 1 pt forward as it lifts does not fling backwards",
          arguments: rates)
    func panVelocityAtLiftAfterPause(hz: Double) throws {
        for pause in [50.0, 70.0] {
            let s = Fingers(hz: hz)
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            var ended: Point?
            pan.addTarget { p in if p.state == .ended { ended = p.velocity(in: nil) } }
            s.press([1], at: [Point(x: 100, y: 300)])
            s.drag(1, by: Point(x: 200, y: 0), over: 250)
            Self.hold(s, ms: pause)
            s.tick()
            s.lift(1, at: Point(x: 301, y: 300))
            s.frame()
            let v = try #require(ended)
            // The last motion: 1 pt in one frame interval, after a stop.
            #expect(v.x >= 0 && v.x <= hz + 1,
                    "\(hz) Hz, \(pause) ms held: velocity at ended \(v.x) pt/s; the finger never moved left")
        }
    }

    /// Two fingers spread (scale 1 → 1.6 in 150 ms), hold still 60 ms, then spread on slowly
    /// (4 pt more in 100 ms, about +0.2 scale per second). The scale only ever grows, so its
    /// velocity after the pause is never negative. Observed: −3.26 per second at 60 Hz; −2.43,
    /// −2.77, −1.79, −0.26 at 120 Hz; −2.19 … −0.05 over eight frames at 240 Hz (a zoom's momentum
    /// thrown the wrong way). The rotation below gives the same figures in rad/s.
    @Test("pinch: after a pause, spreading on slowly never gives a negative scale velocity",
          arguments: rates)
    func pinchVelocityAfterPause(hz: Double) {
        let s = Fingers(hz: hz)
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        var afterPause: [Double] = []
        var paused = false
        pinch.addTarget { p in if paused && p.state == .changed { afterPause.append(p.velocity) } }
        let c = Point(x: 500, y: 300)
        s.press([1, 2], at: [pair(c, 100, 0, 1), pair(c, 100, 0, 2)])
        s.trace([1, 2], over: 150) { id, f in pair(c, 100 + 60 * f, 0, id) }
        Self.hold(s, ms: 60)
        paused = true
        s.trace([1, 2], over: 100) { id, f in pair(c, 160 + 2 * f, 0, id) }
        s.release([1, 2])
        #expect(!afterPause.isEmpty)
        #expect(afterPause.allSatisfy { $0 >= 0 },
                "\(hz) Hz: the spread only grew, yet the pinch's velocity after the pause was \(afterPause) per second")
    }

    /// The same for a rotation: 0.6 rad clockwise in 150 ms, 60 ms still, then 0.02 rad more in
    /// 100 ms. The angle only grows, so its velocity is never negative.
    @Test("rotation: after a pause, turning on slowly never gives a negative angular velocity",
          arguments: rates)
    func rotationVelocityAfterPause(hz: Double) {
        let s = Fingers(hz: hz)
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        var afterPause: [Double] = []
        var paused = false
        rotation.addTarget { r in if paused && r.state == .changed { afterPause.append(r.velocity) } }
        let c = Point(x: 500, y: 300)
        s.press([1, 2], at: [pair(c, 100, 0, 1), pair(c, 100, 0, 2)])
        s.trace([1, 2], over: 150) { id, f in pair(c, 100, 0.6 * f, id) }
        Self.hold(s, ms: 60)
        paused = true
        s.trace([1, 2], over: 100) { id, f in pair(c, 100, 0.6 + 0.02 * f, id) }
        s.release([1, 2])
        #expect(!afterPause.isEmpty)
        #expect(afterPause.allSatisfy { $0 >= 0 },
                "\(hz) Hz: the fingers only turned clockwise, yet the rotation's velocity after the pause was \(afterPause) rad/s")
    }

    // MARK: A finger joining a pinch whose threshold is in points

    /// Two fingers rest 100 pt apart; a third lands 200 pt below them and all rest, then lift.
    /// No finger moved, so no pinch begins, whatever unit its threshold is in: with the default
    /// 2 mm the pinch fails (ended too soon), as it should. With `minimumSpreadChange = .points(8)`
    /// it begins (scale 1.0) and ends: the landing frame compares the spread in points of the new
    /// set, the third finger included, with the old set's (`spreadChangeReached` measures
    /// `spread(includingLifted: true, inPoints: true)` without leaving the new fingers out, while
    /// the millimetre measure `s` it is given does). A pinch that begins on a landing wins over the
    /// three-finger swipe or pan the user was starting.
    @Test("pinch with a threshold in points: a third finger landing, nothing moving, begins no pinch",
          arguments: [Distance.points(8), .millimetres(2)])
    func pinchPointsThresholdThirdFingerLands(threshold: Distance) {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        pinch.minimumSpreadChange = threshold
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 500, y: 300)])
        s.wait(50)
        s.tick()
        s.down(3, at: Point(x: 450, y: 500))
        s.frame()
        s.wait(50)
        s.release([1, 2, 3])
        #expect(s.outcomes == ["pinch: failed(ended too soon)"], "threshold \(threshold): \(s.outcomes)")
    }

    // MARK: A finger placed anew in a frame in which another moves, listed in either order

    /// Two fingers spread from 10 to 15 mm either side of the centre (scale 1.5). In one frame,
    /// finger 1, resting, is placed 10 mm along by a calibration change (a `stationary` contact at
    /// a new position), and finger 2 moves 2 mm right and 2 mm down. Only finger 2's motion counts
    /// (docs/architecture.md; `PlacementTests.twoFingersOnePlaced` holds it for a pan): the line
    /// between the fingers goes from (20, 0) to (22, 2) mm, so the scale becomes
    /// 1.5 × √488 / 20 = 1.657 and the rotation atan(2 / 22) = 0.0907 rad, whatever order the
    /// frame lists the two contacts in (the decoder and the backend list them by slot, so the
    /// order is which finger landed first).
    ///
    /// Listed placed-first, that is what comes out. Listed moved-first, the scale stays 1.5 and the
    /// rotation 0: `touchPlaced` re-anchors the pinch (`rebase`) and the rotation (`anchor`) on
    /// the fingers' positions as read so far in the frame, finger 2's motion included, so that
    /// motion is taken for the starting point and never measured. (The pan, which shifts its
    /// offset instead, gives (4, 4) pt both ways.)
    @Test("pinch and rotation: a finger placed anew in the frame another moves: the same scale and angle whichever is listed first",
          arguments: [false, true])
    func placementListingOrder(movedFirst: Bool) {
        let mm = Fingers.pointsPerMillimetre
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        let d = Delegate()
        d.simultaneous = { _, _ in true }
        s.keepAlive.append(d)
        for r in [pinch, rotation] as [GestureRecognizer] {
            r.delegate = d
            s.engine.root.addGestureRecognizer(r)
        }
        let c = Point(x: 500, y: 300)
        s.press([1, 2], at: [c - Point(x: 10 * mm, y: 0), c + Point(x: 10 * mm, y: 0)])
        s.trace([1, 2], over: 100) { id, f in
            id == 1 ? c - Point(x: (10 + 5 * f) * mm, y: 0) : c + Point(x: (10 + 5 * f) * mm, y: 0)
        }
        #expect(abs(pinch.scale - 1.5) < 1e-9)
        s.tick()
        let placed = TouchContact(id: 1, phase: .stationary, location: c - Point(x: 5 * mm, y: 0), millimetres: Point(x: 120, y: 75))
        let moved = TouchContact(id: 2, phase: .moved, location: c + Point(x: 17 * mm, y: 2 * mm), millimetres: Point(x: 142, y: 77))
        s.engine.send(.touchFrame(TouchFrame(
            device: s.device.id, timestamp: s.time, contacts: movedFirst ? [moved, placed] : [placed, moved])))
        let expectedScale = 1.5 * (22.0 * 22 + 4).squareRoot() / 20
        let expectedTurn = atan2Approx(2, 22)
        #expect(abs(pinch.scale - expectedScale) < 1e-6,
                "moved listed first: \(movedFirst): scale \(pinch.scale), expected \(expectedScale)")
        #expect(abs(rotation.rotation - expectedTurn) < 1e-6,
                "moved listed first: \(movedFirst): rotation \(rotation.rotation) rad, expected \(expectedTurn)")
    }
}
