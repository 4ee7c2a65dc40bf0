/// Recognizes two or more fingers pinching (UIKit's `UIPinchGestureRecognizer`). Continuous:
/// begins once the fingers' mean distance from their centre has changed by
/// ``minimumSpreadChange``.
///
/// ``scale`` is the spread relative to the start (below 1 pinching in), settable; ``velocity`` is
/// in scale per second. It ends when the last finger lifts, as UIKit's does: while one finger is
/// left the scale holds, and a finger landing again goes on from it. libinput's touchpad pinch
/// drives it too.
open class PinchGestureRecognizer: GestureRecognizer {
    /// The spread change before the pinch begins.
    public var minimumSpreadChange: Distance {
        get { settings.minimumSpreadChange }
        set { settings.minimumSpreadChange = newValue }
    }
    /// Whether touchpad pinches drive the recognizer.
    public var acceptsTouchpadPinches: Bool {
        get { settings.acceptsTouchpadPinches }
        set { settings.acceptsTouchpadPinches = newValue }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private struct Settings {
        var minimumSpreadChange: Distance
        var acceptsTouchpadPinches: Bool = true
    }
    private var settings: Settings

    /// The spread relative to the start; set it (to 1, say) to measure from here on. The velocity
    /// then starts afresh from the latest motion's moment, as a pan's does on
    /// ``PanGestureRecognizer/setTranslation(_:in:)``: until motion comes after it, it is the
    /// velocity measured up to it, in the new scale's terms (set from 2 to 1, half of it).
    public var scale: Double {
        get { base * currentRatio }
        set {
            let old = scale
            base = currentRatio == 0 ? newValue : newValue / currentRatio
            motion.value.trackedOffset = 0
            motion.value.tracker.restart(from: Point(x: newValue, y: 0), scalingVelocityBy: old != 0 ? newValue / old : 0)
        }
    }
    /// The rate of change of ``scale`` per second.
    public var velocity: Double { motion.value.tracker.velocity(at: now).x }

    /// The state that changes on every motion, by plain stores that never span a call out: see
    /// `Unchecked`.
    private struct Motion {
        var base: Double = 1.0
        var currentRatio: Double = 1.0
        var initialSpread: Double = 0.0
        /// The same in screen points, measured only for a ``minimumSpreadChange`` in points.
        var initialSpreadPoints: Double = 0.0
        var tracker: VelocityTracker
        /// What the velocity is measured on less ``scale``: 0 but after a frame in which a finger
        /// lifted with no motion of its own, whose spread change is measured on the fingers that
        /// stayed (see `GestureRecognizer.heardStillLift`).
        var trackedOffset: Double = 0.0
    }
    private let motion: Unchecked<Motion>
    /// What the velocity is measured on, as a sample.
    private var tracked: Point { Point(x: scale + motion.value.trackedOffset, y: 0) }
    private var base: Double {
        get { motion.value.base }
        set { motion.value.base = newValue }
    }
    private var currentRatio: Double {
        get { motion.value.currentRatio }
        set { motion.value.currentRatio = newValue }
    }
    private var initialSpread: Double {
        get { motion.value.initialSpread }
        set { motion.value.initialSpread = newValue }
    }

    /// Creates a pinch recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        settings = Settings(minimumSpreadChange: configuration.pinchMinimumSpreadChange)
        motion = Unchecked(Motion(tracker: VelocityTracker(configuration: configuration)))
        super.init(configuration: configuration)
        // Its touchesMoved measures nothing with fewer than two fingers: that motion is not handed
        // to it. A subclass may override touchesMoved, and hears all of it.
        if type(of: self) == PinchGestureRecognizer.self { book.value.touchesToHearMotion = 2 }
    }

    /// The mean distance of the fingers from their centre, in millimetres along the screen's
    /// axes (each axis through its own density, so a stretched mapping does not bend the measure),
    /// over the fingers ``GestureRecognizer/forEachFinger(includingLifted:excluding:_:)`` gives;
    /// `nil` for fewer than two.
    /// With `inPoints`, the same in screen points.
    private func spread(
        includingLifted: Bool, excluding excluded: [Touch] = [], inPoints: Bool = false, asFrameBegan frame: Int? = nil
    ) -> Double? {
        // Each finger's position is worked out once and kept on the stack for the second pass
        // (up to two hands; more fingers are read again).
        var positions = InlineArray<10, Point>(repeating: .zero)
        var sum = Point.zero
        var n = 0
        forEachFinger(includingLifted: includingLifted, excluding: excluded) { t in
            let at = location(of: t, asFrameBegan: frame)
            let p = inPoints ? at : t.density.millimetres(at)
            if n < positions.count { positions[n] = p }
            sum += p
            n += 1
        }
        guard n >= 2 else { return nil }
        let c = sum / Double(n)
        var distance = 0.0
        if n <= positions.count {
            for i in 0..<n { distance += positions[i].distance(to: c) }
        } else {
            forEachFinger(includingLifted: includingLifted, excluding: excluded) { t in
                let at = location(of: t, asFrameBegan: frame)
                distance += (inPoints ? at : t.density.millimetres(at)).distance(to: c)
            }
        }
        return distance / Double(n)
    }

    /// Measures the fingers' spread against the start of the current finger set.
    private func measure(_ s: Double?) {
        guard let s, initialSpread > 0 else { return }
        currentRatio = s / initialSpread
    }

    /// Restarts the spread measurement, keeping ``scale`` continuous: on the fingers down, plus
    /// those that lifted in this frame when `includingLifted`; where they were as touch frame
    /// `frame` began, when given (see `location(of:asFrameBegan:)`).
    private func rebase(includingLifted: Bool = false, asFrameBegan frame: Int? = nil) {
        base *= currentRatio
        currentRatio = 1
        initialSpread = spread(includingLifted: includingLifted, asFrameBegan: frame) ?? 0
        if case .points = minimumSpreadChange {
            motion.value.initialSpreadPoints = spread(includingLifted: includingLifted, inPoints: true, asFrameBegan: frame) ?? 0
        }
    }

    /// Whether the spread, `s` millimetres now, changed by ``minimumSpreadChange`` since the
    /// measure started: in millimetres, or, for a change in points, in screen points, over the
    /// same fingers as `s` (those landing in the frame `excluded`).
    private func spreadChangeReached(_ s: Double, excluding excluded: [Touch] = []) -> Bool {
        switch minimumSpreadChange {
        case .millimetres(let mm):
            return abs(s - initialSpread) >= mm
        case .points(let pt):
            guard let now = spread(includingLifted: true, excluding: excluded, inPoints: true) else { return false }
            return abs(now - motion.value.initialSpreadPoints) >= pt
        }
    }

    /// One of its fingers was placed anew with no motion (a mapping changed with it down): the
    /// scale measured so far stands, and the spread is measured afresh from where the fingers
    /// are now (the others as touch frame `frame` began), so that the placement changes no scale.
    /// Whatever the spread in between: fingers placed one by one (an output turned half a turn
    /// under a pinch symmetric about its centre) may pass through a spread of 0 before the last.
    func touchPlaced(inFrame frame: Int) {
        guard touchpadGestureSequence == nil else { return }
        rebase(includingLifted: true, asFrameBegan: frame)
    }

    open override func touchesBegan(_ touches: [Touch]) {
        // The fingers already down may have moved in this same frame: that motion counts before
        // the new fingers join the measure. Fingers lifting in this frame stay in the new set
        // until touchesEnded, as touchesMoved measures them: a landing and a lift in one frame
        // then change nothing by themselves. When every finger is new there is nothing to measure
        // (each would be excluded), and nothing is walked.
        if touches.count < self.touches.count, let s = spread(includingLifted: true, excluding: touches) {
            measure(s)
            // That motion may have reached the threshold, as it would have in a frame of its own.
            if state == .possible && initialSpread > 0 && spreadChangeReached(s, excluding: touches) { state = .began }
        }
        rebase(includingLifted: true)
        // The scale as the set starts is a sample, as a pan's landing is: a pinch that begins in
        // its first frame of motion has a velocity then, at any frame rate.
        if initialSpread > 0 { motion.value.tracker.add(tracked, at: now) }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        // A finger that lifted in this frame still counts here (at its last position), so the set
        // is the one the measure started with; touchesEnded then rebases without it.
        guard let s = spread(includingLifted: true), initialSpread > 0 else { return }
        let before = scale
        currentRatio = s / initialSpread
        if !heardStillLift {
            motion.value.tracker.add(tracked, at: now) { scanPeriod }
        } else if let staying = spreadOfFingersStaying(), staying.before > 0 {
            // The scale takes the lifted finger's stillness; the velocity, the others' spread.
            motion.value.trackedOffset += before * (staying.now / staying.before) - scale
            motion.value.tracker.add(tracked, at: now) { scanPeriod }
        } else {
            // No two fingers left to measure a spread on: the frame gives no sample.
            motion.value.trackedOffset += before - scale
        }
        if state == .possible {
            if spreadChangeReached(s) { state = .began }
        } else if state.isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        // As UIKit's, it ends when the last finger lifts: with one finger left the scale holds,
        // and a finger landing again goes on from it.
        if activeTouchCount == 0 {
            if state.isActive { return state = .ended }
            return fail(.endedTooSoon)
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
            motion.value.trackedOffset = 0
            motion.value.tracker.reset()
            motion.value.tracker.add(Point(x: 1, y: 0), at: event.timestamp)
        case .update:
            currentRatio = event.scale
            motion.value.tracker.add(tracked, at: event.timestamp)
            if state == .possible { state = .began } else if state.isActive { state = .changed }
        case .end:
            if state.isActive { state = .ended } else { fail(.endedTooSoon) }
        case .cancel:
            super.touchpadGesture(event)
        }
    }

    open override func reset() {
        super.reset()
        // A fresh value, keeping the tracker's settings (its samples, kept inline, cleared).
        motion.value.tracker.reset()
        motion.value = Motion(tracker: motion.value.tracker)
    }
}
