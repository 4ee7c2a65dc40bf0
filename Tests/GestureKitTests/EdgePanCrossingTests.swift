import Testing
@testable import GestureKit

/// An edge pan judges the direction of a stroke where its path crossed the 2 mm hysteresis, not
/// wherever the first frame past it happens to fall: otherwise a stroke near the border between
/// leaving the edge and running along it began at some frame rates and failed at others.
@Suite("Edge pans: the direction where the path crossed the hysteresis")
struct EdgePanCrossingTests {
    /// A finger lands 3 mm from the left edge, rolls 1.5 mm along it (down) in 50 ms, then moves
    /// straight inward at 100 mm/s. Its path crosses 2 mm from where it landed 1.32 mm inward,
    /// 48.6° from the inward direction: running along the edge more than leaving it. The first
    /// frame past 2 mm falls further in, by up to a frame's travel (1.7 mm at 60 Hz): judged
    /// there, this stroke began at all four rates, and whether such a stroke began depended on
    /// where the rate's frames fell.
    func stroke(hz: Double) -> [String] {
        let s = Fingers(hz: hz)
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        edge.edges = .left
        s.engine.root.addGestureRecognizer(edge)
        let ppm = Fingers.pointsPerMillimetre
        let start = Point(x: 3 * ppm, y: 300)
        s.press([1], at: [start])
        var t = 0.0
        let dt = 1 / hz
        while t < 0.3 {
            s.tick()
            t += dt
            let along = min(t, 0.05) / 0.05 * 1.5
            let inward = max(0, t - 0.05) * 100
            s.move(1, to: start + Point(x: inward * ppm, y: along * ppm))
            s.frame()
        }
        s.release([1])
        return s.outcomes
    }

    @Test("a stroke that rolls along the edge, then turns inward, fails the same way at 60, 90, 120 and 240 Hz")
    func sameAtEveryRate() {
        for hz in [60.0, 90.0, 120.0, 240.0] {
            #expect(stroke(hz: hz) == ["edge: failed(wrong direction)"], "at \(Int(hz)) Hz")
        }
    }

    @Test("a stroke that leaves the edge more than it runs along it begins at every rate")
    func leavingBegins() {
        // The same finger rolling only 1 mm: the path crosses 2 mm 1.73 mm inward, 30° off.
        for hz in [60.0, 90.0, 120.0, 240.0] {
            let s = Fingers(hz: hz)
            let edge = ScreenEdgePanGestureRecognizer().named("edge")
            s.engine.root.addGestureRecognizer(edge)
            let ppm = Fingers.pointsPerMillimetre
            let start = Point(x: 3 * ppm, y: 300)
            s.press([1], at: [start])
            var t = 0.0
            while t < 0.3 {
                s.tick()
                t += 1 / hz
                s.move(1, to: start + Point(x: max(0, t - 0.05) * 100 * ppm, y: min(t, 0.05) / 0.05 * ppm))
                s.frame()
            }
            s.release([1])
            #expect(s.outcomes == ["edge: began", "edge: ended"], "at \(Int(hz)) Hz")
        }
    }
}
