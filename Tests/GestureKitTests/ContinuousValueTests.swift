import Testing
@testable import GestureKit

@Suite("Continuous values")
struct ContinuousValueTests {
    let centre = Point(x: 500, y: 300)

    /// Two fingers 25 mm from their centre spread 25 mm more and turn 1 rad in 100 ms, at a
    /// steady rate (a scale of 10 per second, 10 rad per second), starting as they land. Returns
    /// the pinch's and the rotation's velocity as each began.
    func quickPinchAndTurn(hz: Double) -> (scale: Double?, turn: Double?) {
        let s = Fingers(hz: hz)
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        let d = Delegate()
        d.simultaneous = { _, _ in true }
        s.keepAlive.append(d)
        pinch.delegate = d
        rotation.delegate = d
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        var began: (scale: Double?, turn: Double?) = (nil, nil)
        pinch.addTarget { p in if p.state == .began { began.scale = p.velocity } }
        rotation.addTarget { r in if r.state == .began { began.turn = r.velocity } }
        let c = centre
        s.press([1, 2], at: [pair(c, 100, 0, 1), pair(c, 100, 0, 2)])
        s.trace([1, 2], over: 100) { id, f in pair(c, 100 + 100 * f, f, id) }
        s.release([1, 2])
        return began
    }

    @Test("a pinch and a rotation that begin in their first frame of motion have its velocity then, at 60, 120 and 240 Hz",
          arguments: [60.0, 120.0, 240.0])
    func velocityAtBeganInFirstFrame(hz: Double) throws {
        let began = quickPinchAndTurn(hz: hz)
        let scale = try #require(began.scale)
        let turn = try #require(began.turn)
        #expect(abs(scale - 10) < 0.5, "pinch velocity at began, \(hz) Hz: \(scale)")
        #expect(abs(turn - 10) < 0.5, "rotation velocity at began, \(hz) Hz: \(turn)")
    }

    @Test("a target that sets the scale to 1 and the rotation to 0 on every call reads the fingers' rates as velocities")
    func velocityWithValuesSetOnEveryCall() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        let d = Delegate()
        d.simultaneous = { _, _ in true }
        s.keepAlive.append(d)
        pinch.delegate = d
        rotation.delegate = d
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        // As UIKit code applies each step to a view's transform and starts the next from there.
        var scaleVelocities: [Double] = []
        var turnVelocities: [Double] = []
        pinch.addTarget { p in
            if p.state == .changed { scaleVelocities.append(p.velocity) }
            p.scale = 1
        }
        rotation.addTarget { r in
            if r.state == .changed { turnVelocities.append(r.velocity) }
            r.rotation = 0
        }
        let c = centre
        s.press([1, 2], at: [pair(c, 100, 0, 1), pair(c, 100, 0, 2)])
        // The spread grows 25 mm in 200 ms from 25 mm (a rate of 5 to 2.5 per second of the scale
        // at each moment), turning 2 rad per second.
        s.trace([1, 2], over: 200) { id, f in pair(c, 100 + 100 * f, 0.4 * f, id) }
        s.release([1, 2])
        #expect(scaleVelocities.count > 10)
        #expect(turnVelocities.count > 10)
        #expect(scaleVelocities.allSatisfy { $0 > 2 && $0 < 5.5 }, "\(scaleVelocities)")
        #expect(turnVelocities.allSatisfy { abs($0 - 2) < 0.1 }, "\(turnVelocities)")
    }
}
