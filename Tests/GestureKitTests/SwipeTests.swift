import Testing
@testable import GestureKit

@Suite("Swipe")
struct SwipeTests {
    static let strokes: [(SwipeDirection, Point)] = [
        (.right, Point(x: 100, y: 0)), (.left, Point(x: -100, y: 0)),
        (.up, Point(x: 0, y: -100)), (.down, Point(x: 0, y: 100)),
    ]

    @Test("each direction, alone, recognizes its own stroke and reports it")
    func eachDirection() {
        for (direction, stroke) in Self.strokes {
            let s = Fingers()
            let swipe = SwipeGestureRecognizer().named("swipe")
            swipe.direction = direction
            s.engine.root.addGestureRecognizer(swipe)
            var seen: SwipeDirection?
            swipe.addTarget { seen = $0.recognizedDirection }
            s.press([1], at: [Point(x: 500, y: 300)])
            s.drag(1, by: stroke, over: 100)
            s.release([1])
            #expect(s.log == ["swipe: ended"], "\(direction)")
            #expect(seen == direction)
            #expect(swipe.recognizedDirection == [], "reset after the fingers lifted")
        }
    }

    @Test("a set of directions accepts each of them and refuses the others")
    func setOfDirections() {
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = [.left, .up]
        s.engine.root.addGestureRecognizer(swipe)
        var seen: [SwipeDirection] = []
        swipe.addTarget { seen.append($0.recognizedDirection) }
        for (_, stroke) in Self.strokes {
            s.wait(500)
            s.press([1], at: [Point(x: 500, y: 300)])
            s.drag(1, by: stroke, over: 100)
            s.release([1])
        }
        #expect(s.log == ["swipe: failed(wrong direction)", "swipe: ended", "swipe: ended", "swipe: failed(wrong direction)"])
        #expect(seen == [.left, .up])
    }

    @Test("the default direction is right, and a stroke the other way fails early")
    func wrongDirection() {
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe")
        #expect(swipe.direction == .right)
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1], at: [Point(x: 500, y: 300)])
        s.drag(1, by: Point(x: -15, y: 0), over: 50)  // below a third of 48 pt
        #expect(s.log.isEmpty)
        s.drag(1, by: Point(x: -5, y: 0), over: 20)
        #expect(s.log == ["swipe: failed(wrong direction)"])
        s.release([1])

        // Too far across the direction: more than 30°.
        s.takeLog()
        s.wait(500)
        s.press([1], at: [Point(x: 500, y: 300)])
        s.drag(1, by: Point(x: 100, y: 80), over: 100)
        s.release([1])
        #expect(s.log == ["swipe: failed(wrong direction)"])
    }

    @Test("a stroke slower than the maximum duration fails at the deadline")
    func tooSlow() {
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe")
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1], at: [Point(x: 100, y: 300)])
        let landed = s.time
        var failedAt: Timestamp?
        final class Watch: GestureEngineObserver {
            var at: (Timestamp) -> Void = { _ in }
            func engine(_ e: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
                if new == .failed { at(e.now) }
            }
        }
        let watch = Watch()
        watch.at = { failedAt = $0 }
        s.engine.observer = watch
        s.drag(1, by: Point(x: 100, y: 0), over: 2000)  // 48 pt after 960 ms
        #expect(failedAt == landed + .milliseconds(600))
        #expect(swipe.failureReason == .tooSlow(allowed: .milliseconds(600)))
        s.release([1])
    }

    @Test("touches required: two fingers together swipe; one finger does not; three fail")
    func touchesRequired() {
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe2")
        swipe.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1, 2], at: [Point(x: 100, y: 300), Point(x: 100, y: 360)])
        s.drag([1: Point(x: 100, y: 0), 2: Point(x: 100, y: 0)], over: 100)
        s.release([1, 2])
        #expect(s.takeLog() == ["swipe2: ended"])

        s.wait(500)
        s.press([1], at: [Point(x: 100, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        #expect(s.log.isEmpty)
        s.release([1])
        #expect(s.takeLog() == ["swipe2: failed(ended too soon)"])

        s.wait(500)
        s.press([1, 2, 3], at: [Point(x: 100, y: 300), Point(x: 100, y: 360), Point(x: 100, y: 420)])
        #expect(s.takeLog() == ["swipe2: failed(3 touches, expected 2)"])
        s.release([1, 2, 3])
    }
}
