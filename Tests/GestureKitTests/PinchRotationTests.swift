import Testing
@testable import GestureKit

@Suite("Pinch")
struct PinchTests {
    let centre = Point(x: 500, y: 300)

    func story(spreadTo r: Double, hz: Double = 120) -> (s: Fingers, pinch: PinchGestureRecognizer, end: (scale: Double, velocity: Double)) {
        let s = Fingers(hz: hz)
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        var end = (scale: 0.0, velocity: 0.0)
        pinch.addTarget { p in
            if p.state == .ended { end = (p.scale, p.velocity) }
        }
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.drag([1: Point(x: 100 - r, y: 0), 2: Point(x: r - 100, y: 0)], over: 200)
        s.release([1, 2])
        return (s, pinch, end)
    }

    @Test("pinching in gives a scale below 1 and a negative velocity")
    func pinchIn() {
        let (s, _, end) = story(spreadTo: 50)
        #expect(s.outcomes == ["pinch: began", "pinch: ended"])
        #expect(abs(end.scale - 0.5) < 1e-12)
        #expect(end.velocity < -1)
    }

    @Test("spreading out gives a scale above 1 and a positive velocity")
    func spreadOut() {
        let (s, _, end) = story(spreadTo: 200)
        #expect(s.outcomes == ["pinch: began", "pinch: ended"])
        #expect(abs(end.scale - 2) < 1e-12)
        #expect(end.velocity > 1)
    }

    @Test("it begins once the spread changed by 2 mm")
    func hysteresis() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.drag([1: Point(x: -7, y: 0), 2: Point(x: 7, y: 0)], over: 50)
        #expect(s.log.isEmpty)
        s.drag([1: Point(x: -1, y: 0), 2: Point(x: 1, y: 0)], over: 10)
        #expect(s.log == ["pinch: began"])
        #expect(abs(pinch.scale - 1.08) < 1e-12)
        s.release([1, 2])
    }

    @Test("scale is settable: set to 1, it measures from there, and the velocity restarts")
    func settableScale() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], over: 100)
        #expect(abs(pinch.scale - 2) < 1e-12)
        let before = pinch.velocity
        pinch.scale = 1
        #expect(pinch.scale == 1)
        // Until motion comes after it, the velocity measured up to it, in the new scale's terms.
        #expect(before > 0 && abs(pinch.velocity - before / 2) < 1e-9)
        s.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], over: 100)
        #expect(abs(pinch.scale - 1.5) < 1e-12)
        s.release([1, 2])
    }

    @Test("a third finger and a lifted finger keep the scale continuous")
    func fingersChange() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], over: 100)
        s.tick()
        s.press([3], at: [Point(x: 500, y: 100)])
        #expect(abs(pinch.scale - 2) < 1e-12)
        s.release([3])
        #expect(abs(pinch.scale - 2) < 1e-12)
        #expect(pinch.state == .changed)
        // Down to one finger it holds its scale (UIKit's pinch ends when the last finger lifts).
        s.release([2])
        #expect(s.outcomes == ["pinch: began"])
        #expect(abs(pinch.scale - 2) < 1e-12)
        s.release([1])
        #expect(s.outcomes == ["pinch: began", "pinch: ended"])
    }

    @Test("a hand of 2, 10, 11 or 16 fingers spreading to twice its size gives a scale of 2")
    func manyFingers() {
        // Up to 10 fingers the spread keeps their positions on the stack; more are read again.
        for count in [2, 10, 11, 16] {
            let s = Fingers(hz: 120)
            let pinch = PinchGestureRecognizer().named("pinch")
            s.engine.root.addGestureRecognizer(pinch)
            let ids = Array(1...count)
            let directions = ids.map { id in
                let a = 2 * Double.pi * Double(id) / Double(count)
                return Point(x: cos(a), y: sin(a))
            }
            s.press(ids, at: directions.map { centre + $0 * 60 })
            s.trace(ids, over: 100) { id, f in centre + directions[id - 1] * (60 + 60 * f) }
            #expect(s.outcomes == ["pinch: began"], "\(count) fingers")
            #expect(abs(pinch.scale - 2) < 1e-9, "\(count) fingers: \(pinch.scale)")
            s.release(ids)
        }
    }
}

@Suite("Rotation")
struct RotationTests {
    let centre = Point(x: 500, y: 300)

    func turn(_ s: Fingers, from a0: Double, by da: Double, over ms: Double) {
        s.trace([1, 2], over: ms) { id, f in pair(centre, 100, a0 + da * f, id) }
    }

    @Test("turning clockwise on screen is positive; counter-clockwise negative")
    func sign() {
        for (da, name) in [(Double.pi / 2, "clockwise"), (-Double.pi / 2, "counter-clockwise")] {
            let s = Fingers()
            let rotation = RotationGestureRecognizer().named("rotation")
            s.engine.root.addGestureRecognizer(rotation)
            var end = (rotation: 0.0, velocity: 0.0)
            rotation.addTarget { r in
                if r.state == .ended { end = (r.rotation, r.velocity) }
            }
            s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
            turn(s, from: 0, by: da, over: 250)
            s.release([1, 2])
            #expect(s.outcomes == ["rotation: began", "rotation: ended"], "\(name)")
            #expect(abs(end.rotation - da) < 1e-9, "\(name)")
            // A quarter turn in 0.24999 s.
            #expect(abs(end.velocity - da / 0.24999) < 1e-6 * abs(da / 0.24999), "\(name)")
        }
    }

    @Test("it begins once the fingers turned 0.12 rad")
    func threshold() {
        let s = Fingers()
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        turn(s, from: 0, by: 0.11, over: 50)
        #expect(s.log.isEmpty)
        turn(s, from: 0.11, by: 0.02, over: 10)
        #expect(s.log == ["rotation: began"])
        s.release([1, 2])
    }

    @Test("rotation is settable: set to 0 it measures from there and the velocity restarts")
    func settable() {
        let s = Fingers()
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        turn(s, from: 0, by: 1, over: 100)
        #expect(abs(rotation.rotation - 1) < 1e-9)
        let before = rotation.velocity
        rotation.rotation = 0
        #expect(rotation.rotation == 0)
        // Until motion comes after it, the velocity measured up to it.
        #expect(before > 0 && rotation.velocity == before)
        turn(s, from: 1, by: -0.5, over: 100)
        #expect(abs(rotation.rotation + 0.5) < 1e-9)
        #expect(rotation.velocity < 0)
        s.release([1, 2])
    }

    @Test("turning past half a circle keeps counting")
    func pastHalfACircle() {
        let s = Fingers()
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        turn(s, from: 0, by: 5, over: 500)
        #expect(abs(rotation.rotation - 5) < 1e-9)
        s.release([1, 2])
    }
}
