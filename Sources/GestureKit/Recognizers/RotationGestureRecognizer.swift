/// Recognizes two fingers turning (UIKit's `UIRotationGestureRecognizer`). Continuous: begins
/// once the line between the first two fingers has turned ``minimumAngle``.
///
/// ``rotation`` is in radians, clockwise positive on screen (y grows downwards), settable;
/// ``velocity`` is in radians per second. libinput's touchpad pinch (its angle) drives it too.
open class RotationGestureRecognizer: GestureRecognizer {
    /// The turn before the rotation begins, in radians.
    public var minimumAngle: Double
    /// Whether touchpad pinches drive the recognizer.
    public var acceptsTouchpadPinches = true

    /// The turn since the fingers landed, in radians; set it (to 0, say) to measure from here on.
    public var rotation: Double {
        get { accumulated + offset }
        set { offset = newValue - accumulated; tracker.reset() }
    }
    /// The rate of turn, in radians per second.
    public var velocity: Double { tracker.velocity(at: now).x }

    // The state below changes on every motion, by plain stores that never span a call out: no
    // run-time exclusivity check.
    @exclusivity(unchecked) private var accumulated = 0.0
    @exclusivity(unchecked) private var offset = 0.0
    @exclusivity(unchecked) private var lastAngle: Double?
    @exclusivity(unchecked) private var tracker: VelocityTracker

    /// Creates a rotation recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        minimumAngle = configuration.rotationMinimumAngle
        tracker = VelocityTracker(configuration: configuration)
        super.init(configuration: configuration)
    }

    /// The angle of the line from the first finger to the second, in millimetres along the
    /// screen's axes (so a stretched mapping does not bend it), over the fingers
    /// ``GestureRecognizer/forEachFinger(includingLifted:excluding:_:)`` gives; `nil` for fewer
    /// than two.
    private func angle(includingLifted: Bool, excluding excluded: [Touch] = []) -> Double? {
        var first: Point?
        var second: Point?
        forEachFinger(includingLifted: includingLifted, excluding: excluded) { t in
            let p = t.density.millimetres(t.location)
            if first == nil { first = p } else if second == nil { second = p }
        }
        guard let a = first, let b = second else { return nil }
        let d = b - a
        return atan2Approx(d.y, d.x)
    }

    /// Adds the turn from the last angle to `a`.
    private func accumulate(to a: Double?) {
        guard let a, let last = lastAngle else { return }
        var d = a - last
        if d > .pi { d -= 2 * .pi }
        if d < -.pi { d += 2 * .pi }
        accumulated += d
    }

    open override func touchesBegan(_ touches: [Touch]) {
        // The fingers already down may have turned in this same frame: that counts first.
        accumulate(to: angle(includingLifted: true, excluding: touches))
        lastAngle = angle(includingLifted: false)
    }

    open override func touchesMoved(_ touches: [Touch]) {
        // A finger that lifted in this frame still counts here, so the pair is the one the last
        // angle was measured on; touchesEnded then re-anchors without it.
        guard let a = angle(includingLifted: true) else { return }
        accumulate(to: a)
        lastAngle = a
        tracker.add(Point(x: rotation, y: 0), at: now)
        if state == .possible {
            if abs(accumulated) >= minimumAngle { state = .began }
        } else if state.isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        let active = activeTouchCount
        if active < 2 {
            if state.isActive { return state = .ended }
            if active == 0 { return fail(.endedTooSoon) }
        }
        lastAngle = angle(includingLifted: false)
    }

    open override func accepts(_ event: TouchpadGestureEvent) -> Bool {
        acceptsTouchpadPinches && event.kind == .pinch
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        switch event.phase {
        case .begin:
            accumulated = 0
            tracker.reset()
            tracker.add(Point(x: rotation, y: 0), at: event.timestamp)
        case .update:
            accumulated += event.angleDelta * .pi / 180
            tracker.add(Point(x: rotation, y: 0), at: event.timestamp)
            if state == .possible {
                if abs(accumulated) >= minimumAngle { state = .began }
            } else if state.isActive {
                state = .changed
            }
        case .end:
            if state.isActive { state = .ended } else { fail(.endedTooSoon) }
        case .cancel:
            if state.isActive { state = .cancelled } else { fail(.touchesCancelled(.device)) }
        }
    }

    open override func reset() {
        super.reset()
        accumulated = 0
        offset = 0
        lastAngle = nil
        tracker.reset()
    }
}
