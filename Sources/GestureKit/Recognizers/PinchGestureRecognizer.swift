/// Recognizes two or more fingers pinching (UIKit's `UIPinchGestureRecognizer`). Continuous:
/// begins once the fingers' mean distance from their centre has changed by
/// ``minimumSpreadChange``.
///
/// ``scale`` is the spread relative to the start (below 1 pinching in), settable; ``velocity`` is
/// in scale per second. libinput's touchpad pinch drives it too.
open class PinchGestureRecognizer: GestureRecognizer {
    /// The spread change before the pinch begins.
    public var minimumSpreadChange: Distance
    /// Whether touchpad pinches drive the recognizer.
    public var acceptsTouchpadPinches = true

    /// The spread relative to the start; set it (to 1, say) to measure from here on.
    public var scale: Double {
        get { base * currentRatio }
        set {
            base = currentRatio == 0 ? newValue : newValue / currentRatio
            tracker.reset()
        }
    }
    /// The rate of change of ``scale`` per second.
    public var velocity: Double { tracker.velocity(at: now).x }

    // The state below changes on every motion, by plain stores that never span a call out: no
    // run-time exclusivity check.
    @exclusivity(unchecked) private var base = 1.0
    @exclusivity(unchecked) private var currentRatio = 1.0
    @exclusivity(unchecked) private var initialSpread = 0.0
    @exclusivity(unchecked) private var tracker: VelocityTracker

    /// Creates a pinch recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        minimumSpreadChange = configuration.pinchMinimumSpreadChange
        tracker = VelocityTracker(configuration: configuration)
        super.init(configuration: configuration)
    }

    /// Mean distance of the active fingers from their centroid, in points.
    private func spread() -> Double? {
        guard let c = centroid(of: touches, includingEndedAt: nil) else { return nil }
        // One pass counts the fingers and sums their distances (this runs on every motion).
        var sum = 0.0
        var n = 0
        var i = 0
        while i < touches.count {
            unowned(unsafe) let t = touches[i]
            i += 1
            if t.phase.isActive && t.type != .touchpadGesture {
                sum += t.location.distance(to: c)
                n += 1
            }
        }
        return n >= 2 ? sum / Double(n) : nil
    }

    /// Restarts the spread measurement when the finger set changes, keeping ``scale`` continuous.
    private func rebase() {
        base *= currentRatio
        currentRatio = 1
        initialSpread = spread() ?? 0
    }

    open override func touchesBegan(_ touches: [Touch]) { rebase() }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let s = spread(), initialSpread > 0 else { return }
        currentRatio = s / initialSpread
        tracker.add(Point(x: scale, y: 0), at: now)
        if state == .possible {
            if abs(s - initialSpread) >= points(minimumSpreadChange, for: touches.first) { state = .began }
        } else if state.isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        if activeTouchCount < 2 {
            if state.isActive { return state = .ended }
            if activeTouchCount == 0 { return fail(.endedTooSoon) }
        }
        rebase()
    }

    open override func accepts(_ event: TouchpadGestureEvent) -> Bool {
        acceptsTouchpadPinches && event.kind == .pinch
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        switch event.phase {
        case .begin:
            base = 1
            currentRatio = 1
            tracker.reset()
            tracker.add(Point(x: 1, y: 0), at: event.timestamp)
        case .update:
            currentRatio = event.scale
            tracker.add(Point(x: scale, y: 0), at: event.timestamp)
            if state == .possible { state = .began } else if state.isActive { state = .changed }
        case .end:
            if state.isActive { state = .ended } else { fail(.endedTooSoon) }
        case .cancel:
            if state.isActive { state = .cancelled } else { fail(.touchesCancelled(.device)) }
        }
    }

    open override func reset() {
        super.reset()
        base = 1
        currentRatio = 1
        initialSpread = 0
        tracker.reset()
    }
}
