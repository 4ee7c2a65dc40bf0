import GestureKit
import GestureKitEvdev

/// A recognition threshold of ``GestureConfiguration`` that a real hand can sit on, and a way to
/// move it.
///
/// No threshold recognizer is invariant for an input that lies on one of its thresholds: a tap
/// whose finger moves 1.93 mm against the 2 mm pan hysteresis becomes a pan when a transform moves
/// its landing point by 0.1 mm. The metamorphic tier therefore accepts a difference only when it is
/// shown to be of that kind: the original recording, replayed with one threshold moved by
/// ``ThresholdSensitivity/margin``, gives the same difference. Everything else fails the tier.
struct Threshold: Sendable {
    /// The configuration property, e.g. `panMinimumDistance`.
    let name: String
    /// Multiplies the threshold by a factor.
    let scale: @Sendable (inout GestureConfiguration, Double) -> Void

    /// Every threshold a gesture of the demo graph is decided by: distances, durations and angles.
    /// (Velocity estimation, touchpad units, the stuck-touch watchdog and palm sizes decide no
    /// gesture of a touchscreen recording's fingers.)
    static let all: [Threshold] = [
        Threshold(name: "tapMaximumMovement") { c, f in c.tapMaximumMovement = scaled(c.tapMaximumMovement, by: f) },
        Threshold(name: "tapMaximumDuration") { c, f in c.tapMaximumDuration = scaled(c.tapMaximumDuration, by: f) },
        Threshold(name: "multiTapMaximumInterval") { c, f in c.multiTapMaximumInterval = scaled(c.multiTapMaximumInterval, by: f) },
        Threshold(name: "multiTapMaximumDistance") { c, f in c.multiTapMaximumDistance = scaled(c.multiTapMaximumDistance, by: f) },
        Threshold(name: "multiTouchLandingWindow") { c, f in c.multiTouchLandingWindow = scaled(c.multiTouchLandingWindow, by: f) },
        Threshold(name: "longPressMinimumDuration") { c, f in c.longPressMinimumDuration = scaled(c.longPressMinimumDuration, by: f) },
        Threshold(name: "longPressAllowableMovement") { c, f in c.longPressAllowableMovement = scaled(c.longPressAllowableMovement, by: f) },
        Threshold(name: "panMinimumDistance") { c, f in c.panMinimumDistance = scaled(c.panMinimumDistance, by: f) },
        Threshold(name: "screenEdgeWidth") { c, f in c.screenEdgeWidth = scaled(c.screenEdgeWidth, by: f) },
        Threshold(name: "swipeMinimumDistance") { c, f in c.swipeMinimumDistance = scaled(c.swipeMinimumDistance, by: f) },
        Threshold(name: "swipeMaximumDuration") { c, f in c.swipeMaximumDuration = scaled(c.swipeMaximumDuration, by: f) },
        Threshold(name: "swipeMaximumDeviation") { c, f in c.swipeMaximumDeviation = scaled(c.swipeMaximumDeviation, by: f) },
        Threshold(name: "pinchMinimumSpreadChange") { c, f in c.pinchMinimumSpreadChange = scaled(c.pinchMinimumSpreadChange, by: f) },
        Threshold(name: "rotationMinimumAngle") { c, f in c.rotationMinimumAngle = scaled(c.rotationMinimumAngle, by: f) },
    ]

    private static func scaled(_ d: Distance, by f: Double) -> Distance {
        switch d {
        case .millimetres(let v): .millimetres(v * f)
        case .points(let v): .points(v * f)
        }
    }

    private static func scaled(_ d: Duration, by f: Double) -> Duration {
        .microseconds(Int64((Double(d.gestureMicroseconds) * f).rounded()))
    }

    private static func scaled(_ v: Double, by f: Double) -> Double { v * f }
}

/// Which differences between a recording and its transform are thresholds crossed, not faults.
enum ThresholdSensitivity {
    /// How far a threshold is moved, as a fraction. 10 % of the 2 mm pan hysteresis is 0.2 mm,
    /// two sensor units of the DTH2242 (0.1 mm each), and what a finger moves in the first
    /// 6 ms after landing, by which resampling may shift its first report; 10 % of the rotation
    /// threshold (0.7°) is well inside the 3° the tier allows a rotation's final angle.
    static let margin = 0.10

    /// The original replayed with one threshold moved: which one, and what differed from the
    /// original's gestures.
    struct Variant: Sendable {
        var description: String
        var differences: [GestureDifference]
    }

    /// The original's gestures, replayed with each threshold of ``Threshold/all`` moved down and
    /// up by ``margin`` in turn (28 replays), compared with the original's.
    static func variants(of recording: Recording, original: [RecognizedGesture]) throws -> [Variant] {
        var result: [Variant] = []
        for threshold in Threshold.all {
            for factor in [1 - margin, 1 + margin] {
                let moved = try DemoReplay.run(recording) { threshold.scale(&$0, factor) }.gestures
                let sign = factor < 1 ? "−" : "+"
                result.append(Variant(
                    description: "\(threshold.name) \(sign)\(Int((margin * 100).rounded())) %",
                    differences: GestureComparison.compare(expected: original, actual: moved)))
            }
        }
        return result
    }

    /// The variant that shows the same difference as `difference`, if one does.
    static func explanation(of difference: GestureDifference, in variants: [Variant]) -> Variant? {
        variants.first { $0.differences.contains { $0.isSame(as: difference) } }
    }
}
