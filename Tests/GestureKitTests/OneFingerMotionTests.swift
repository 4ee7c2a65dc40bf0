import Testing
@testable import GestureKit

/// The library's pinch and rotation are not handed the motion of a single finger (they measure
/// nothing with one): these stories check that they still measure from the moment a second
/// finger joins, however long the first moved alone, and that a subclass, which may override
/// `touchesMoved`, hears every frame.
@Suite("One finger's motion: pinch and rotation")
struct OneFingerMotionTests {
    let centre = Point(x: 500, y: 300)

    final class CountingPinch: PinchGestureRecognizer {
        var moves = 0
        override func touchesMoved(_ touches: [Touch]) {
            moves += 1
            super.touchesMoved(touches)
        }
    }

    final class CountingRotation: RotationGestureRecognizer {
        var moves = 0
        override func touchesMoved(_ touches: [Touch]) {
            moves += 1
            super.touchesMoved(touches)
        }
    }

    @Test("a subclass of pinch or rotation hears every frame of one finger's motion")
    func subclassesHearOneFinger() {
        let s = Fingers(hz: 120)
        let pinch = CountingPinch().named("pinch")
        let rotation = CountingRotation().named("rotation")
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        s.press([1], at: [centre])
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        #expect(pinch.moves == 12)
        #expect(rotation.moves == 12)
        s.release([1])
        #expect(pinch.state == .possible && rotation.state == .possible)
    }

    @Test("a pinch measures from the second finger's landing, however long the first moved alone")
    func pinchAfterOneFingerMoved() {
        let s = Fingers(hz: 120)
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1], at: [centre - Point(x: 100, y: 0)])
        s.drag(1, by: Point(x: -60, y: 0), over: 200)
        #expect(s.log.isEmpty)
        // Finger 1 at x 340; finger 2 lands at 560: 110 points each side of their centre.
        s.tick()
        s.press([2], at: [centre + Point(x: 60, y: 0)])
        s.drag([1: Point(x: -110, y: 0), 2: Point(x: 110, y: 0)], over: 100)
        #expect(s.outcomes == ["pinch: began"])
        #expect(abs(pinch.scale - 2) < 1e-12)
        s.release([1, 2])
        #expect(s.outcomes == ["pinch: began", "pinch: ended"])
        s.takeLog()

        // Two fingers land and one lifts before they spread: the pinch, still possible, follows
        // the other alone while it moves, then measures the pair a third finger makes with it
        // from that finger's landing.
        s.tick()
        s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
        s.release([2])
        s.drag(1, by: Point(x: 30, y: 0), over: 100)
        #expect(pinch.state == .possible)
        s.tick()
        s.press([3], at: [Point(x: 530, y: 300)])
        // The pair 430…530 (50 either side of its centre) spreads to 380…580 (100).
        s.drag([1: Point(x: -50, y: 0), 3: Point(x: 50, y: 0)], over: 100)
        #expect(s.outcomes == ["pinch: began"])
        #expect(abs(pinch.scale - 2) < 1e-12)
        s.release([1, 3])
        #expect(s.outcomes == ["pinch: began", "pinch: ended"])
    }

    @Test("a rotation measures from the second finger's landing, however long the first moved alone")
    func rotationAfterOneFingerMoved() {
        let s = Fingers(hz: 120)
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        s.press([1], at: [centre - Point(x: 100, y: 0)])
        s.drag(1, by: Point(x: 0, y: -80), over: 200)
        #expect(s.log.isEmpty)
        // Finger 1 at (400, 220); finger 2 lands opposite it about (500, 260).
        s.tick()
        let pivot = Point(x: 500, y: 260)
        let start1 = Point(x: 400, y: 220)
        s.press([2], at: [pivot + (pivot - start1)])
        let turn = 0.6
        s.trace([1, 2], over: 150) { id, f in
            let a = turn * f
            let u = start1 - pivot
            let turned = Point(x: u.x * cos(a) - u.y * sin(a), y: u.x * sin(a) + u.y * cos(a))
            return id == 1 ? pivot + turned : pivot - turned
        }
        #expect(s.outcomes == ["rotation: began"])
        #expect(abs(rotation.rotation - turn) < 1e-9)
        s.release([1, 2])
        #expect(s.outcomes == ["rotation: began", "rotation: ended"])
    }
}
