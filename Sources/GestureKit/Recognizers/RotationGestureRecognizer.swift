/// Recognizes two or more fingers turning (UIKit's `UIRotationGestureRecognizer`). Continuous:
/// begins once the fingers have turned ``minimumAngle`` about their centre. The turn of each
/// frame is the mean of each finger's turn about the fingers' centroid, weighted by its distance
/// from it, measured over the fingers down both before and after the frame: fingers landing or
/// lifting, even in a frame in which others move, add nothing, and with many fingers no single
/// pair decides.
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
    @exclusivity(unchecked) private var tracker: VelocityTracker

    /// Creates a rotation recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        minimumAngle = configuration.rotationMinimumAngle
        tracker = VelocityTracker(configuration: configuration)
        super.init(configuration: configuration)
    }

    /// The turn of the fingers around their centre in the frame being processed, in radians: each
    /// finger's change of angle about the centroid, weighted by its distance from it (a finger near
    /// the centre says little about the turn), over the fingers that were down before the frame
    /// and are still measured in it (those that lifted in it included, at their last position).
    /// Positions are in millimetres along the screen's axes, so a stretched mapping does not bend
    /// the angles. `nil` for fewer than two such fingers.
    private func turnInFrame() -> Double? {
        let frame = lastFrameTime
        // Where each finger was before this frame: its previous location if the frame reported it,
        // else where it is.
        func before(_ t: Touch) -> Point { t.density.millimetres(t.timestamp == frame ? t.previousLocation : t.location) }
        func after(_ t: Touch) -> Point { t.density.millimetres(t.location) }
        var sumBefore = Point.zero
        var sumAfter = Point.zero
        var n = 0
        forEachFinger { t in
            guard t.startTimestamp < frame else { return }  // landed in this frame: no "before"
            sumBefore += before(t)
            sumAfter += after(t)
            n += 1
        }
        guard n >= 2 else { return nil }
        let c0 = sumBefore / Double(n)
        let c1 = sumAfter / Double(n)
        var turn = 0.0
        var weight = 0.0
        forEachFinger { t in
            guard t.startTimestamp < frame else { return }
            let a = before(t) - c0
            let b = after(t) - c1
            let w = a.length
            guard w > 0, b.length > 0 else { return }
            var d = atan2Approx(b.y, b.x) - atan2Approx(a.y, a.x)
            if d > .pi { d -= 2 * .pi }
            if d < -.pi { d += 2 * .pi }
            turn += w * d
            weight += w
        }
        return weight > 0 ? turn / weight : nil
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let turn = turnInFrame() else { return }
        accumulated += turn
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
        tracker.reset()
    }
}
