import GestureKit
import Testing

/// A directional swipe's ``DirectionalSwipeGestureRecognizer/currentDirection``, and the cancel
/// on lifting that reads it, must not depend on the panel's frame rate or on which way the screen
/// is turned: the same stroke sampled at 60, 120 and 240 Hz, and mirrored, is judged alike.
///
/// The direction was once set where the centre first strayed 1 mm from where it was last set, and
/// that point moved there: a stroke that went 0.9 mm back and then 1.2 mm down read "left" when
/// sampled finely (the 1 mm was crossed with 0.9 mm of it leftward) and "down" at 60 Hz (one
/// frame held most of the turn). It is now the direction from the last point of the path at
/// least 1 mm from where the fingers are.
@Suite("Directional swipe: the current direction whatever the frame rate")
struct DirectionalSwipeRateTests {
    static let rates: [Double] = [60, 120, 240]
    static let mm = Fingers.pointsPerMillimetre

    /// Runs `stroke` (offsets in millimetres, each over its milliseconds) from the screen's centre
    /// at `hz`, mirrored in x when `mirrored`; returns the current direction read after each
    /// stroke segment, and the outcome of lifting.
    static func run(
        hz: Double, mirrored: Bool = false, _ stroke: [(Point, Double)]
    ) -> (directions: [SwipeDirection], outcome: [String]) {
        let s = Fingers(hz: hz)
        let swipe = DirectionalSwipeGestureRecognizer().named("swipe")
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1], at: [Point(x: 500, y: 300)])
        var directions: [SwipeDirection] = []
        for (offset, ms) in stroke {
            let o = Point(x: mirrored ? -offset.x : offset.x, y: offset.y) * mm
            s.drag(1, by: o, over: ms)
            directions.append(swipe.currentDirection)
        }
        s.release([1])
        return (directions, s.outcomes)
    }

    static func mirror(_ d: SwipeDirection) -> SwipeDirection {
        d == .left ? .right : d == .right ? .left : d
    }

    @Test("0.9 mm back, then 1.2 mm down: down at every rate, and the lift finishes alike")
    func backThenDown() {
        // 5 mm right begins the swipe (2 mm); the turn is well inside the 8 mm cancel distance.
        let stroke: [(Point, Double)] = [(Point(x: 5, y: 0), 100), (Point(x: -0.9, y: 0), 50), (Point(x: 0, y: 1.2), 50)]
        var seen: [Double: ([SwipeDirection], [String])] = [:]
        for hz in Self.rates { seen[hz] = Self.run(hz: hz, stroke) }
        for hz in Self.rates {
            #expect(seen[hz]!.0.last == .down, "at \(hz) Hz the stroke ended moving down: \(seen[hz]!.0)")
            #expect(seen[hz]!.1 == seen[60]!.1, "at \(hz) Hz: \(seen[hz]!.1), at 60 Hz: \(seen[60]!.1)")
        }
        #expect(seen[60]!.1.last == "swipe: ended", "moving down is not moving back: \(seen[60]!.1)")
    }

    @Test("a stroke that turns back 3 mm reads left, and cancels, at every rate and mirrored")
    func turnsBack() {
        let stroke: [(Point, Double)] = [(Point(x: 6, y: 0), 100), (Point(x: -3, y: 0.4), 80)]
        for hz in Self.rates {
            let plain = Self.run(hz: hz, stroke)
            let mirrored = Self.run(hz: hz, mirrored: true, stroke)
            #expect(plain.directions == [.right, .left], "at \(hz) Hz: \(plain.directions)")
            #expect(mirrored.directions == plain.directions.map(Self.mirror), "mirrored at \(hz) Hz: \(mirrored.directions)")
            #expect(plain.outcome.last == "swipe: cancelled" && mirrored.outcome == plain.outcome,
                    "at \(hz) Hz: \(plain.outcome), mirrored \(mirrored.outcome)")
        }
    }

    @Test("a finger that stops and trembles keeps the direction it last moved in, at every rate")
    func tremble() {
        // Down 10 mm, then 0.3 mm to and fro, four times: no millimetre of motion, no new direction.
        var stroke: [(Point, Double)] = [(Point(x: 0, y: 10), 150)]
        for _ in 0..<4 { stroke += [(Point(x: 0.3, y: -0.2), 30), (Point(x: -0.3, y: 0.2), 30)] }
        for hz in Self.rates {
            let r = Self.run(hz: hz, stroke)
            #expect(r.directions.allSatisfy { $0 == .down }, "at \(hz) Hz: \(r.directions)")
            #expect(r.outcome.last == "swipe: ended", "at \(hz) Hz: \(r.outcome)")
        }
    }

    @Test("each segment's direction is that of its last millimetre, at every rate")
    func segments() {
        // An L, a U and a zigzag, each leg longer than 1 mm.
        let stroke: [(Point, Double)] = [
            (Point(x: 4, y: 0), 60), (Point(x: 0, y: 3), 60), (Point(x: -2, y: 0), 40),
            (Point(x: 0, y: -1.5), 40), (Point(x: 2.5, y: 1), 40), (Point(x: 1, y: 2.5), 40),
        ]
        let expected: [SwipeDirection] = [.right, .down, .left, .up, .right, .down]
        for hz in Self.rates {
            #expect(Self.run(hz: hz, stroke).directions == expected, "at \(hz) Hz")
            #expect(Self.run(hz: hz, mirrored: true, stroke).directions == expected.map(Self.mirror), "mirrored at \(hz) Hz")
        }
    }
}
