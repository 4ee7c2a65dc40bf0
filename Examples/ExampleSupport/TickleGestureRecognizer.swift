import GestureKit

/// A custom discrete recognizer: one finger rubbed back and forth — left, right, left (or right,
/// left, right) — with each stroke at least ``minimumStrokeLength`` long.
///
/// It shows what a subclass of ``GestureRecognizer`` does:
/// - it follows its touches in the hooks (`touchesBegan`, `touchesMoved`, `touchesEnded`);
/// - it moves `state` from `possible` to `recognized` (discrete gestures never pass through
///   `began`), or calls `fail(_:)` with a reason a host can log;
/// - it clears its own per-gesture fields in `reset()`, which the engine calls once every touch
///   of the sequence has gone, whatever the outcome.
///
/// A stroke ends when the finger turns around — when it has come back more than
/// ``turnTolerance`` from the furthest point of the stroke, so that a trembling finger does not
/// turn — or when it lifts. A stroke that ends shorter than ``minimumStrokeLength`` fails the
/// gesture; the ``requiredStrokes``th long stroke recognizes it.
public final class TickleGestureRecognizer: GestureRecognizer {
    /// How far each stroke must go, along x (default 20 mm: the same on every screen size).
    public var minimumStrokeLength: Distance = .millimetres(20)
    /// How far the finger must come back before it counts as turning around (default 3 mm).
    public var turnTolerance: Distance = .millimetres(3)
    /// Strokes needed (default 3).
    public var requiredStrokes = 3

    /// Long strokes completed so far in this gesture.
    public private(set) var strokes = 0
    private var strokeStart = 0.0   // x where the current stroke began, in screen points
    private var extreme = 0.0       // the furthest x the current stroke reached
    private var heading = 0.0       // +1 moving right, −1 moving left, 0 not yet known

    public override init(configuration: GestureConfiguration = .default) {
        super.init(configuration: configuration)
        name = "tickle"
    }

    public override func touchesBegan(_ touches: [Touch]) {
        // One finger only. `self.touches` holds every touch this recognizer follows.
        guard self.touches.count == 1, let t = touches.first else {
            return fail(.wrongNumberOfTouches(expected: 1...1, actual: self.touches.count))
        }
        strokeStart = t.location.x
        extreme = t.location.x
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard let t = touches.first else { return }
        let x = t.location.x
        if heading == 0 {
            // The first motion picks the heading, once it is clearly more than a tremble.
            if abs(x - strokeStart) > points(turnTolerance, for: t) { heading = x > strokeStart ? 1 : -1 }
            extreme = x
            return
        }
        if (x - extreme) * heading > 0 {
            extreme = x                                                  // still going the same way
        } else if abs(x - extreme) > points(turnTolerance, for: t) {
            endStroke(for: t)                                            // it turned around
            if state != .possible { return }
            strokeStart = extreme
            extreme = x
            heading = -heading
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        // Lifting ends the last stroke; anything short of the required count is a failure.
        endStroke(for: touches.first)
        if state == .possible { fail(.custom("\(strokes) strokes of \(requiredStrokes)")) }
    }

    /// Counts the stroke that just ended, or fails when it was too short.
    private func endStroke(for touch: Touch?) {
        let length = abs(extreme - strokeStart)
        let needed = points(minimumStrokeLength, for: touch)
        guard length >= needed else {
            let mm = length / (touch?.pointsPerMillimetre ?? configuration.fallbackPointsPerMillimetre)
            return fail(.custom("stroke \(strokes + 1) was \(Int(mm.rounded())) mm, shorter than \(minimumStrokeLength)"))
        }
        strokes += 1
        if strokes >= requiredStrokes { state = .recognized }
    }

    public override func reset() {
        super.reset()
        strokes = 0
        strokeStart = 0
        extreme = 0
        heading = 0
    }
}
