import Testing
@testable import GestureKit

@Suite("Velocity tracker")
struct VelocityTrackerTests {
    /// Samples of `position(t)` (t in seconds from the start) at `hz` for `ms` milliseconds; the
    /// timestamps are whole microseconds and the positions are taken at those exact moments.
    func sampled(hz: Double, ms: Double, _ position: (Double) -> Point) -> (VelocityTracker, Timestamp) {
        var tracker = VelocityTracker()
        let start = Timestamp.seconds(12.5)
        var last = start
        let n = Int(ms / 1000 * hz)
        for i in 0...n {
            let t = start + .microseconds(Int64((Double(i) * 1_000_000 / hz).rounded()))
            tracker.add(position((t - start).gestureSeconds), at: t)
            last = t
        }
        return (tracker, last)
    }

    @Test("constant velocity gives the exact value at 60, 120 and 240 Hz", arguments: [60.0, 120.0, 240.0])
    func constant(hz: Double) {
        let (tracker, last) = sampled(hz: hz, ms: 300) { t in Point(x: 100 + 320 * t, y: 50 - 75 * t) }
        let v = tracker.velocity(at: last)
        #expect(abs(v.x - 320) < 1e-6)
        #expect(abs(v.y + 75) < 1e-6)
        #expect(tracker.velocity() == v)
    }

    @Test("quadratic motion: the fit gives the slope at the newest sample", arguments: [60.0, 120.0, 240.0])
    func quadratic(hz: Double) {
        let (tracker, last) = sampled(hz: hz, ms: 500) { t in Point(x: 40 * t + 600 * t * t, y: -900 * t * t) }
        let tn = (last - Timestamp.seconds(12.5)).gestureSeconds
        let v = tracker.velocity(at: last)
        #expect(abs(v.x - (40 + 1200 * tn)) < 1e-6)
        #expect(abs(v.y - (-1800 * tn)) < 1e-6)
    }

    @Test("a finger that stopped longer than the stop timeout before now has zero velocity")
    func stopTimeout() {
        let (tracker, last) = sampled(hz: 120, ms: 200) { t in Point(x: 500 * t, y: 0) }
        #expect(abs(tracker.velocity(at: last + .milliseconds(40)).x - 500) < 1e-6)
        #expect(tracker.velocity(at: last + .milliseconds(40) + .microseconds(1)) == .zero)
    }

    @Test("only the last 100 ms count")
    func window() {
        var tracker = VelocityTracker()
        // 200 ms at 1000 pt/s, then 100 ms still: the window sees only the stillness.
        for i in 0...20 { tracker.add(Point(x: Double(i) * 10, y: 0), at: .milliseconds(Int64(i * 10))) }
        for i in 21...30 { tracker.add(Point(x: 200, y: 0), at: .milliseconds(Int64(i * 10))) }
        #expect(abs(tracker.velocity().x) < 1e-9)
    }

    @Test("fewer than two samples give zero; a sample at the same moment replaces the newest")
    func fewSamples() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity() == .zero)
        tracker.add(Point(x: 0, y: 0), at: .milliseconds(0))
        #expect(tracker.velocity() == .zero)
        tracker.add(Point(x: 10, y: 0), at: .milliseconds(10))
        #expect(abs(tracker.velocity().x - 1000) < 1e-9)
        tracker.add(Point(x: 20, y: 0), at: .milliseconds(10))
        #expect(abs(tracker.velocity().x - 2000) < 1e-9)
        tracker.reset()
        #expect(tracker.velocity() == .zero)
    }

    @Test("the ring keeps the newest samples once full")
    func ring() {
        var tracker = VelocityTracker(window: .seconds(10), stopTimeout: .seconds(1))
        for i in 0..<100 { tracker.add(Point(x: Double(i * i), y: 0), at: .milliseconds(Int64(i * 10))) }
        // x = 10000 t² (t in s): slope at t = 0.99 s is 19800; the fit over the last 32 samples is exact.
        #expect(abs(tracker.velocity().x - 19800) < 1e-3)
    }
}

@Suite("Maths and units")
struct MathsTests {
    @Test("atan2Approx agrees with known angles to 1e-9")
    func knownAngles() {
        for k in -11...12 {
            let a = Double(k) * .pi / 12
            for r in [1e-6, 1.0, 3e5] {
                let got = atan2Approx(sin(a) * r, cos(a) * r)
                #expect(abs(got - a) < 1e-9, "k = \(k), r = \(r): \(got)")
            }
        }
        #expect(atan2Approx(0, 0) == 0)
        #expect(atan2Approx(0, -1) == .pi)
        #expect(atan2Approx(1, 0) == .pi / 2)
        #expect(atan2Approx(-1, 0) == -.pi / 2)
        #expect(abs(atan2Approx(1, 1) - .pi / 4) < 1e-9)
        #expect(abs(atan2Approx(1, 2) - 0.4636476090008061) < 1e-9)
        #expect(abs(atan2Approx(-3, -4) + 2.498091544796509) < 1e-9)
    }

    @Test("atan2Approx is within 1e-9 across a fine sweep")
    func sweep() {
        var worst = 0.0
        for i in 0..<20_000 {
            let a = -Double.pi + 2 * .pi * (Double(i) + 0.5) / 20_000
            worst = max(worst, abs(atan2Approx(sin(a), cos(a)) - a))
        }
        #expect(worst < 1e-9)
    }

    @Test("turnAngle is the turn from one vector to another, to 1e-9, small steps and large")
    func turnAngles() {
        // Steps on both sides of the series' limit (tan ¼ ≈ 0.245 rad) and up to half a turn.
        let steps: [Double] = [0, 1e-7, 1e-3, 0.01, 0.1, 0.2, 0.244978, 0.2449787, 0.245, 0.3, 1, 2, 3, 3.14159]
        var worst = 0.0
        for i in 0..<48 {
            let from = -Double.pi + 2 * .pi * Double(i) / 48
            for step in steps {
                for sign in [1.0, -1.0] {
                    for (r1, r2) in [(1.0, 1.0), (0.5, 3.0), (40.0, 0.01)] {
                        let a = Point(x: r1 * cos(from), y: r1 * sin(from))
                        let b = Point(x: r2 * cos(from + sign * step), y: r2 * sin(from + sign * step))
                        let got = turnAngle(from: a, to: b)
                        worst = max(worst, abs(got - sign * step))
                        #expect(abs(got - sign * step) < 1e-9, "from \(from), step \(sign * step): \(got)")
                    }
                }
            }
        }
        #expect(worst < 1e-9)
        // Exactly at the series' limit, and a vector with nowhere to turn from.
        #expect(abs(turnAngle(from: Point(x: 4, y: 0), to: Point(x: 4, y: 1)) - 0.24497866312686414) < 1e-9)
        #expect(turnAngle(from: .zero, to: Point(x: 1, y: 1)) == 0)
    }

    @Test("timestamps and durations add, subtract and print exactly")
    func timestamps() {
        let t = Timestamp.milliseconds(1500)
        #expect(t.microseconds == 1_500_000)
        #expect(t + .milliseconds(250) == Timestamp(microseconds: 1_750_000))
        #expect(t - .microseconds(1) == Timestamp(microseconds: 1_499_999))
        #expect(Timestamp.milliseconds(1750) - t == .milliseconds(250))
        #expect(t - Timestamp.milliseconds(1750) == .milliseconds(-250))
        #expect(t + (t - Timestamp.milliseconds(1750)) == Timestamp.milliseconds(1250))
        #expect(Timestamp.seconds(0.0000015) == Timestamp(microseconds: 2))
        #expect(Timestamp.seconds(2.5).seconds == 2.5)
        #expect(t < t + .microseconds(1))
        #expect(t.description == "1.500000s")
        #expect(Timestamp(microseconds: -500).description == "-0.000500s")
        #expect(Timestamp(microseconds: 12_000_007).description == "12.000007s")
        #expect(Duration.nanoseconds(1999).gestureMicroseconds == 1)
        #expect(Duration.seconds(3).gestureMicroseconds == 3_000_000)
        #expect(Duration.milliseconds(-250).gestureMicroseconds == -250_000)
        // Truncated toward zero, and clamped rather than trapping or wrapping.
        #expect(Duration.nanoseconds(-1999).gestureMicroseconds == -1)
        #expect((Duration.seconds(2) + .nanoseconds(999)).gestureMicroseconds == 2_000_000)
        #expect((Duration.seconds(-2) - .nanoseconds(999)).gestureMicroseconds == -2_000_000)
        #expect(Duration.seconds(Int64.max).gestureMicroseconds == .max)
        #expect(Duration.seconds(Int64.min).gestureMicroseconds == .min)
        // Either side of the largest attosecond count that fits 64 bits (about 9.22 s), and far
        // beyond it: the same truncation whichever division is taken.
        let edge = Duration(secondsComponent: 9, attosecondsComponent: 223_372_036_854_775_807)
        #expect(edge.gestureMicroseconds == 9_223_372)
        #expect((edge + .nanoseconds(1)).gestureMicroseconds == 9_223_372)
        #expect((Duration.zero - edge - .nanoseconds(1)).gestureMicroseconds == -9_223_372)
        #expect((Duration.seconds(86_400) + .nanoseconds(1_999)).gestureMicroseconds == 86_400_000_001)
        #expect(Duration.milliseconds(1250).gestureSeconds == 1.25)
    }

    @Test("distances convert to points per device")
    func distances() {
        #expect(Distance.millimetres(4).points(atPointsPerMillimetre: 4) == 16)
        #expect(Distance.points(10).points(atPointsPerMillimetre: 4) == 10)
        #expect(Distance.millimetres(2.5).description == "2.5 mm")
        #expect(Distance.points(32).description == "32 pt")
    }

    @Test("points, sizes and rectangles")
    func geometry() {
        let p = Point(x: 3, y: 4)
        #expect(p.length == 5)
        #expect(p.distance(to: .zero) == 5)
        #expect(p + p == Point(x: 6, y: 8))
        #expect(p * 2 / 4 == Point(x: 1.5, y: 2))
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 110, y: 20)))
        #expect(!r.contains(Point(x: 10, y: 70)))
        #expect(r.center == Point(x: 60, y: 45))
        #expect(r.description == "[(10, 20) 100×50]")
        #expect(Point(x: 1.234, y: -2).description == "(1.23, -2)")
    }
}
