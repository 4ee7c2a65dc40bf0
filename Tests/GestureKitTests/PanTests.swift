import Testing
@testable import GestureKit

@Suite("Pan")
struct PanTests {
    @Test("a drag begins after the hysteresis, changes with every frame and ends with the full translation")
    func drag() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var translations: [Point] = []
        pan.addTarget { translations.append($0.translation(in: nil)) }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 80, y: 0), over: 200)  // 24 frames of 10/3 pt
        s.release([1])
        // 2 mm is 8 pt: the third frame (10 pt) begins it.
        #expect(s.log == ["pan: began"] + Array(repeating: "pan: changed", count: 21) + ["pan: ended"])
        #expect(abs(translations[0].x - 10) < 1e-9)
        #expect(translations.last == Point(x: 80, y: 0))
    }

    @Test("minimum touches: one finger of a two-finger pan never begins")
    func minimumTouches() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan2")
        pan.minimumNumberOfTouches = 2
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        s.release([1])
        #expect(s.takeLog() == ["pan2: failed(ended too soon)"])

        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        s.drag([1: Point(x: 0, y: 80), 2: Point(x: 0, y: 80)], over: 100)
        #expect(pan.numberOfTouches == 2)
        s.release([1])
        #expect(s.outcomes == ["pan2: began", "pan2: ended"])
        #expect(pan.translation(in: nil) == Point(x: 0, y: 80))
        s.release([2])
    }

    @Test("maximum touches: too many fingers fail a pan that has not begun and are ignored by one that has")
    func maximumTouches() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        pan.maximumNumberOfTouches = 1
        s.engine.root.addGestureRecognizer(pan)
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        #expect(s.takeLog() == ["pan: failed(2 touches, expected 1)"])
        s.release([1, 2])

        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 100)
        s.press([2], at: [Point(x: 400, y: 400)])
        #expect(pan.numberOfTouches == 1)
        s.drag([1: Point(x: 20, y: 0), 2: Point(x: 300, y: 0)], over: 100)
        #expect(pan.translation(in: nil) == Point(x: 60, y: 0))
        s.release([1, 2])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("translation is continuous when fingers are added and lifted")
    func continuousTranslation() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 100)
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        s.tick()
        s.press([2], at: [Point(x: 300, y: 300)])  // the centroid jumps by (80, 100)
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        s.drag([1: Point(x: 20, y: 0), 2: Point(x: 20, y: 0)], over: 100)
        #expect(pan.translation(in: nil) == Point(x: 60, y: 0))
        s.release([1])
        #expect(pan.translation(in: nil) == Point(x: 60, y: 0))
        #expect(pan.state == .changed)
        s.drag(2, by: Point(x: 0, y: 30), over: 100)
        #expect(pan.translation(in: nil) == Point(x: 60, y: 30))
        var atEnd: Point?
        pan.addTarget { if $0.state == .ended { atEnd = $0.translation(in: nil) } }
        s.release([2])
        #expect(atEnd == Point(x: 60, y: 30))
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("a finger lifting in the same frame another moves keeps the translation continuous")
    func liftWhileAnotherMoves() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 300, y: 100)])
        s.drag([1: Point(x: 0, y: 40), 2: Point(x: 0, y: 40)], over: 100)
        #expect(pan.translation(in: nil) == Point(x: 0, y: 40))
        // Finger 2 moves 10 pt down while finger 1 lifts: the pan moves by the common motion only.
        s.tick()
        s.move(2, to: Point(x: 300, y: 150))
        s.lift(1)
        s.frame()
        #expect(pan.translation(in: nil) == Point(x: 0, y: 45))
        s.drag(2, by: Point(x: 0, y: 10), over: 50)
        #expect(pan.translation(in: nil) == Point(x: 0, y: 55))
        s.release([2])
    }

    @Test("a finger landing in the same frame another moves keeps that motion")
    func landWhileAnotherMoves() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 100)
        s.tick()
        s.move(1, to: Point(x: 150, y: 100))
        s.down(2, at: Point(x: 500, y: 500))
        s.frame()
        #expect(pan.translation(in: nil) == Point(x: 50, y: 0))
        s.release([1, 2])
    }

    @Test("setTranslation moves the origin and restarts the velocity on the motion after it")
    func setTranslation() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 100, y: 0), over: 250)
        #expect(pan.velocity(in: nil).x > 390)
        let before = pan.velocity(in: nil)
        pan.setTranslation(Point(x: 5, y: 5), in: nil)
        #expect(pan.translation(in: nil) == Point(x: 5, y: 5))
        // Until motion comes after it, the velocity measured up to it.
        #expect(pan.velocity(in: nil) == before)
        s.drag(1, by: Point(x: 0, y: 20), over: 50)
        #expect(pan.translation(in: nil) == Point(x: 5, y: 25))
        #expect(abs(pan.velocity(in: nil).y - 400) < 4)
        #expect(abs(pan.velocity(in: nil).x) < 1e-6)
        s.release([1])
    }

    @Test("velocity is the speed of the last 100 ms, and zero when the finger stopped before lifting")
    func velocity() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var atEnd: Point?
        pan.addTarget { if $0.state == .ended { atEnd = $0.velocity(in: nil) } }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 100, y: -50), over: 250)  // 400 pt/s right, 200 pt/s up
        s.release([1])
        // 30 frames of 8333 µs: 100 pt over 0.24999 s.
        let expected = 100 / 0.24999
        #expect(abs(atEnd!.x - expected) < 1e-6)
        #expect(abs(atEnd!.y + expected / 2) < 1e-6)

        s.wait(500)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 100, y: 0), over: 250)
        s.wait(100)
        s.release([1])
        #expect(atEnd == .zero)
    }
}
