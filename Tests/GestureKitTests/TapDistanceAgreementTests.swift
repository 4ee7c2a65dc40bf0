import GestureKit
import Testing

/// The engine's count of taps (``Touch/tapCount``) and the tap recognizer must agree on which
/// taps are near enough to count together: both measure from where the first tap of the run
/// ended (its lift; for a double tap, the tap before) to where the next lands. `TapCounter` once measured from where the last tap landed,
/// so a tap that rolled a few millimetres made the two disagree near the limit.
@Suite("Tap counts and the double tap agree on the distance between taps")
struct TapDistanceAgreementTests {
    /// Records the tap count of each finger that lands in a view.
    final class Counts: TouchHandler {
        var counts: [Int] = []
        func touchBegan(_ touch: Touch) { counts.append(touch.tapCount) }
        func touchMoved(_ touch: Touch) {}
        func touchEnded(_ touch: Touch) {}
        func touchCancelled(_ touch: Touch) {}
    }

    /// A tap that lands at 100 mm, rolls 3 mm right and lifts; a second tap `offset` mm from
    /// the landing point. Returns the double tap's outcomes and the counts the view heard.
    static func run(secondAt offset: Double) -> (outcomes: [String], counts: [Int]) {
        let s = Fingers()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        let h = Counts()
        let view = s.region("view", Fingers.screen)
        view.touchHandler = h
        view.addGestureRecognizer(double)
        let landing = Point(x: 400, y: 300)
        s.press([1], at: [landing])
        s.drag(1, by: Point(x: 12, y: 0), over: 40)
        s.release([1])
        s.wait(100)
        s.press([1], at: [landing + Point(x: offset * Fingers.pointsPerMillimetre, y: 0)])
        s.release([1])
        s.wait(400)
        return (s.outcomes, h.counts)
    }

    @Test("9 mm from the lift, 12 mm from the landing: a double tap, and the second finger's tapCount is 2")
    func nearTheLift() {
        let r = Self.run(secondAt: 12)
        #expect(r.outcomes == ["double: ended"], "\(r.outcomes)")
        #expect(r.counts == [1, 2], "\(r.counts)")
    }

    @Test("9.5 mm from the landing, 12.5 mm from the lift: no double tap, and tapCount is 1")
    func nearTheLanding() {
        let r = Self.run(secondAt: -9.5)
        #expect(r.outcomes.first?.hasPrefix("double: failed") == true, "\(r.outcomes)")
        #expect(r.counts == [1, 1], "\(r.counts)")
    }
}
