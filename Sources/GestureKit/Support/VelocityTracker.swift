/// Estimates velocity from recent samples by a least-squares fit, as Flutter and Android do.
///
/// Keeps the last ``capacity`` samples in a fixed ring stored inline (no allocation, and no
/// copy-on-write check when a recognizer adds a sample on every frame), fits a
/// quadratic (or a line, with few samples) to the samples inside the window ending at the newest
/// one, weighting them equally, and returns the fit's slope at that newest sample. The samples
/// before a pause (two samples further apart than ``stopTimeout``) are left out, as Flutter
/// leaves them: a motion that goes on after a pause has its own velocity, not one bent
/// backwards by the motion before. Because the
/// fit spans a time window, not a number of samples, the same motion sampled at 60, 120 or 240 Hz
/// gives the same answer (the ring holds the default 100 ms window up to 640 Hz).
public struct VelocityTracker: Sendable {
    /// How many samples the ring keeps.
    public static let capacity = Ring.count

    private struct Sample: Sendable {
        var time: Int64
        var x: Double
        var y: Double
    }
    private typealias Ring = InlineArray<64, Sample>
    private var samples = Ring(repeating: Sample(time: 0, x: 0, y: 0))
    private var head = 0
    private var count = 0
    /// The velocity measured up to the last ``restart(from:scalingVelocityBy:)``, which stands
    /// until a sample comes after it.
    private var carried: Point?

    /// The window the fit looks at.
    public var window: Duration
    /// At ``velocity(at:)``, samples older than this mean the motion stopped; two samples further
    /// apart than this have a pause between them.
    public var stopTimeout: Duration {
        didSet { pause = stopTimeout.gestureMicroseconds }
    }
    /// ``stopTimeout`` in microseconds, kept rather than converted at every sample.
    private var pause: Int64

    /// Creates a tracker.
    public init(window: Duration = .milliseconds(100), stopTimeout: Duration = .milliseconds(40)) {
        self.window = window
        self.stopTimeout = stopTimeout
        pause = stopTimeout.gestureMicroseconds
    }

    /// Creates a tracker with the window and stop timeout of `configuration`.
    public init(configuration: GestureConfiguration) {
        self.init(window: configuration.velocityWindow, stopTimeout: configuration.velocityStopTimeout)
    }

    /// Forgets every sample.
    public mutating func reset() {
        count = 0
        head = 0
        carried = nil
    }

    /// Forgets every sample but the newest one's moment, at which the value is now `p`: a value
    /// set anew (a pan's translation, a pinch's scale, a rotation's angle) measures its velocity
    /// from there, on the motion that comes after. Until that motion comes, the velocity is the
    /// one measured up to now, times `factor` (a scale set from 2 to 1 changes half as fast),
    /// and zero once the stop timeout has passed: a target that sets the value at every change,
    /// as UIKit code does, still reads the fingers' velocity as they lift. Without samples,
    /// nothing.
    mutating func restart(from p: Point, scalingVelocityBy factor: Double = 1) {
        guard count > 0 else { return }
        let v = carried ?? velocity()
        let time = samples[(head + Self.capacity - 1) % Self.capacity].time
        samples[0] = Sample(time: time, x: p.x, y: p.y)
        head = 1
        count = 1
        carried = Point(x: v.x * factor, y: v.y * factor)
    }

    /// Adds a position at a moment. Samples must come in time order; one at the same moment as
    /// the newest replaces it.
    public mutating func add(_ p: Point, at t: Timestamp) {
        add(p, at: t) { 0 }
    }

    /// Adds a position at a moment, as ``add(_:at:)``, noting a rest the samples do not show.
    /// A device that reports only what changed sends nothing while a finger rests; scanning
    /// every `scanPeriod()` microseconds, it saw the finger still where the newest sample has it
    /// one period before `t`, and a sample says so after a pause (the newest older than
    /// ``stopTimeout``, and than one and a half periods). Without it, motion begun after a rest
    /// had one sample past the pause and no velocity at 60 Hz, where at 240 Hz the next frames
    /// gave it one. The period is asked only at a pause; 0 means unknown, and nothing is added.
    @inline(__always)
    mutating func add(_ p: Point, at t: Timestamp, scanPeriod: () -> Int64) {
        if count > 0 {
            let newest = (head + Self.capacity - 1) % Self.capacity
            let last = samples[newest]
            if last.time >= t.microseconds {
                samples[newest].x = p.x
                samples[newest].y = p.y
                return
            }
            let gap = t.microseconds - last.time
            if gap > pause {
                let period = scanPeriod()
                if period > 0 && gap * 2 > period * 3 {
                    append(Sample(time: t.microseconds - period, x: last.x, y: last.y))
                }
            }
        }
        append(Sample(time: t.microseconds, x: p.x, y: p.y))
    }

    @inline(__always)
    private mutating func append(_ sample: Sample) {
        carried = nil
        samples[head] = sample
        head = (head + 1) % Self.capacity
        if count < Self.capacity { count += 1 }
    }

    /// The velocity in units per second at the newest sample, or at `now` when given (zero if the
    /// newest sample is older than ``stopTimeout`` by then).
    public func velocity(at now: Timestamp? = nil) -> Point {
        guard count >= 2 || carried != nil else { return .zero }
        let newest = (head + Self.capacity - 1) % Self.capacity
        let t0 = samples[newest].time
        if let now, now.microseconds - t0 > stopTimeout.gestureMicroseconds { return .zero }
        if let carried, count == 1 { return carried }
        let horizon = window.gestureMicroseconds
        // Gather the samples in the window, newest first, as offsets in seconds (≤ 0).
        var n = 0
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx0 = 0.0, sx1 = 0.0, sx2 = 0.0, sy0 = 0.0, sy1 = 0.0, sy2 = 0.0
        var i = newest
        var newer = t0
        while n < count {
            let sample = samples[i]
            let age = t0 - sample.time
            // A gap longer than the stop timeout between two samples is a pause: what came
            // before it is another motion (a fit across the pause overshoots backwards).
            if age > horizon || newer - sample.time > pause { break }
            newer = sample.time
            let t = -Double(age) / 1_000_000
            let t2 = t * t
            s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            sx0 += sample.x; sx1 += sample.x * t; sx2 += sample.x * t2
            sy0 += sample.y; sy1 += sample.y * t; sy2 += sample.y * t2
            n += 1
            i = (i + Self.capacity - 1) % Self.capacity
        }
        guard n >= 2 else { return .zero }
        if n >= 3, let q = Self.quadraticSlope(s0, s1, s2, s3, s4, sx0, sx1, sx2, sy0, sy1, sy2) {
            return q
        }
        // Linear least squares: slope = (n Σty − Σt Σy) / (n Σt² − (Σt)²).
        let det = s0 * s2 - s1 * s1
        guard abs(det) > 1e-18 else { return .zero }
        return Point(x: (s0 * sx1 - s1 * sx0) / det, y: (s0 * sy1 - s1 * sy0) / det)
    }

    /// The linear coefficient of the quadratic fit y = a + b t + c t², from its normal equations
    /// (Cramer's rule): the slope at t = 0, the newest sample.
    private static func quadraticSlope(
        _ s0: Double, _ s1: Double, _ s2: Double, _ s3: Double, _ s4: Double,
        _ x0: Double, _ x1: Double, _ x2: Double, _ y0: Double, _ y1: Double, _ y2: Double
    ) -> Point? {
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        // Samples too close in time make the system ill-conditioned: fall back to a line.
        guard abs(det) > 1e-15 * max(1, abs(s0 * s2 * s4)) else { return nil }
        func slope(_ v0: Double, _ v1: Double, _ v2: Double) -> Double {
            (s0 * (v1 * s4 - s3 * v2) - v0 * (s1 * s4 - s3 * s2) + s2 * (s1 * v2 - v1 * s2)) / det
        }
        return Point(x: slope(x0, x1, x2), y: slope(y0, y1, y2))
    }
}
