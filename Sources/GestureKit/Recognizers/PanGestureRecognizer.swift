/// Recognizes fingers dragging (UIKit's `UIPanGestureRecognizer`). Continuous: begins once the
/// fingers' centre has moved ``minimumDistance``, changes with every motion, ends when fewer than
/// ``minimumNumberOfTouches`` remain.
///
/// ``translation(in:)`` is the centre's travel since the fingers landed (since
/// ``minimumNumberOfTouches`` of them were down: travel with fewer does not count), continuous
/// when fingers are added or lifted; ``velocity(in:)`` is a least-squares fit over the last
/// 100 ms. A touchpad
/// swipe with a finger count in ``touchpadFingerCounts`` drives the same recognizer, its
/// translation being libinput's accelerated delta.
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that make a pan (default 1).
    public var minimumNumberOfTouches: Int {
        get { settings.minimumNumberOfTouches }
        set { settings.minimumNumberOfTouches = newValue }
    }
    /// The most fingers that make a pan (default unlimited). Extra fingers fail a pan that has not
    /// begun and are ignored by one that has.
    public var maximumNumberOfTouches: Int {
        get { settings.maximumNumberOfTouches }
        set { settings.maximumNumberOfTouches = newValue }
    }
    /// The hysteresis before the pan begins.
    public var minimumDistance: Distance {
        get { settings.minimumDistance }
        set { settings.minimumDistance = newValue }
    }
    /// Touchpad swipe finger counts that drive the pan, or `nil` for none.
    public var touchpadFingerCounts: ClosedRange<Int>? {
        get { settings.touchpadFingerCounts }
        set { settings.touchpadFingerCounts = newValue }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private struct Settings {
        var minimumNumberOfTouches: Int = 1
        var maximumNumberOfTouches: Int = Int.max
        var minimumDistance: Distance
        var touchpadFingerCounts: ClosedRange<Int>?
        var followsPath = false
    }
    private var settings: Settings

    /// Whether ``positionMoved()`` is called: set by a subclass that follows the path (a
    /// directional swipe), so that a plain pan pays a test, not a call.
    var followsPath: Bool {
        get { settings.followsPath }
        set { settings.followsPath = newValue }
    }

    /// Called when ``position`` moved, before the transition the motion makes: what a subclass
    /// derives from the path is then current for the targets called for it.
    func positionMoved() {}

    /// The state that changes on every motion, by plain stores that never span a call out: see
    /// `Unchecked`.
    private struct Motion {
        var position: Point = .zero
        var origin: Point = .zero
        var offset: Point = .zero
        var tracker: VelocityTracker
        var lastSample: Timestamp = .zero
        /// What the velocity is measured on: it moves as `position` does, but in a frame in which a
        /// finger lifted with no motion of its own by the motion of the fingers that stayed (see
        /// `GestureRecognizer.heardStillLift`), which `position` takes only a share of.
        var tracked: Point = .zero
        /// Whether ``minimumNumberOfTouches`` fingers have been down since the pan's travel began
        /// to count: before, the origin follows the position, so that a two-finger pan does not
        /// count the travel of one finger before the second landed.
        var enoughFingers = false
    }
    private let motion: Unchecked<Motion>
    /// The continuous position of the fingers' centre in screen points (it does not jump when
    /// fingers are added or lifted).
    public private(set) var position: Point {
        get { motion.value.position }
        set { motion.value.position = newValue }
    }
    private var origin: Point {
        get { motion.value.origin }
        set { motion.value.origin = newValue }
    }
    private var offset: Point {
        get { motion.value.offset }
        set { motion.value.offset = newValue }
    }
    private var lastSample: Timestamp {
        get { motion.value.lastSample }
        set { motion.value.lastSample = newValue }
    }

    /// Creates a pan recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        settings = Settings(
            minimumDistance: configuration.panMinimumDistance,
            touchpadFingerCounts: configuration.touchpadSwipeFingerCounts
        )
        motion = Unchecked(Motion(tracker: VelocityTracker(configuration: configuration)))
        super.init(configuration: configuration)
    }

    // MARK: Values

    /// The centre's travel since the fingers landed, or since enough of them were down
    /// (``minimumNumberOfTouches``), or since ``setTranslation(_:in:)``.
    /// Regions only translate, so the vector is the same in every region.
    public func translation(in region: Region?) -> Point { position - origin }

    /// Sets the translation, as UIKit's `setTranslation(_:in:)`. The velocity starts afresh: it
    /// is measured on the motion after this call, and until that motion comes it is the velocity
    /// measured up to it (zero once the fingers have rested 40 ms), so that a target that sets the
    /// translation to zero at every change, as UIKit code does, reads the fling's velocity at
    /// `ended`.
    public func setTranslation(_ translation: Point, in region: Region?) {
        origin = position - translation
        motion.value.tracker.restart(from: motion.value.tracked)
    }

    /// The centre's velocity in points per second (zero once the fingers stopped before lifting).
    public func velocity(in region: Region?) -> Point { motion.value.tracker.velocity(at: now) }

    // MARK: Touches

    /// The number of fingers that count, between ``minimumNumberOfTouches`` and the maximum.
    private var fingers: Int { numberOfTouches }

    /// The centroid the offset is relative to: the fingers down, and those that lifted in this
    /// frame (so that another finger's motion in the same frame is measured against the same set).
    private func frameCentroid(of touches: [Touch]) -> Point? {
        centroid(of: touches, includingEndedAt: lastFrameTime)
    }

    /// Re-anchors the offset that keeps ``position`` continuous on the current finger set: the
    /// fingers down, plus those that lifted in this frame unless `droppingEnded`.
    private func rebase(droppingEnded: Bool = false) {
        if let c = droppingEnded ? centroid(of: touches, includingEndedAt: nil) : frameCentroid(of: touches) {
            offset = position - c
        }
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if self.touches.count == touches.count {
            // First fingers: start afresh.
            let c = centroid(of: self.touches, includingEndedAt: nil) ?? .zero
            position = c
            origin = c
            offset = .zero
            motion.value.tracked = c
            motion.value.tracker.reset()
            motion.value.enoughFingers = self.touches.count >= minimumNumberOfTouches
            sample(at: now)
        } else {
            // Fingers already down may have moved in this same frame: that motion counts before the
            // new fingers join the centroid.
            // (Their centroid is taken over the list with the new ones left out, not over a
            // filtered copy: a copy is an allocation whenever a finger joins.)
            if let c = centroid(of: self.touches, includingEndedAt: lastFrameTime, excluding: touches) { move(to: c + offset) }
            rebase()
            // Too few fingers until now: the travel counts from here.
            if !motion.value.enoughFingers && state == .possible {
                origin = position
                motion.value.enoughFingers = activeTouchCount >= minimumNumberOfTouches
            }
        }
        // Fingers down after the frame: one that lifted in the frame these landed in is gone (of
        // the two orders the frame allows, the one with the fewer fingers down).
        let fingers = activeTouchCount
        if fingers > maximumNumberOfTouches {
            if state == .possible {
                return fail(.wrongNumberOfTouches(expected: minimumNumberOfTouches...maximumNumberOfTouches, actual: fingers))
            }
            // Only those beyond the maximum, in the order the frame lists them: one of two
            // fingers landing together joins, as it does when they land a frame apart.
            for t in touches.suffix(fingers - maximumNumberOfTouches) { ignore(t) }
            rebase()
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let c = frameCentroid(of: self.touches) else { return }
        move(to: c + offset)
        sample(at: now)
        if followsPath { positionMoved() }
        if state == .possible {
            // Travel with too few fingers does not count (see `Motion.enoughFingers`).
            if !motion.value.enoughFingers {
                origin = position
                motion.value.enoughFingers = fingers >= minimumNumberOfTouches
            }
            guard fingers >= minimumNumberOfTouches, fingers <= maximumNumberOfTouches,
                  shouldBegin(translation: position - origin, touch: touches.first) else { return }
            state = .began
        } else if state.isActive {
            state = .changed
        }
    }

    /// Whether the pan may begin with this translation (screen points). Subclasses (edge pans)
    /// narrow it; by default, once the centre has moved ``PanGestureRecognizer/minimumDistance``,
    /// measured in millimetres along each axis of `touch`'s device.
    open func shouldBegin(translation: Point, touch: Touch?) -> Bool {
        displacement(translation, reaches: minimumDistance, for: touch)
    }

    open override func touchesEnded(_ touches: [Touch]) {
        let remaining = activeTouchCount
        if state.isActive {
            if remaining < minimumNumberOfTouches { finish() } else { rebase(droppingEnded: true) }
        } else if state == .possible {
            if remaining == 0 { fail(.endedTooSoon) } else { rebase(droppingEnded: true) }
            if remaining < minimumNumberOfTouches { motion.value.enoughFingers = false }
        }
    }

    /// One of its fingers was placed anew by `shift` with no motion (a mapping changed with it
    /// down): the centre of the fingers down moves by that finger's share of the shift, which the
    /// offset takes, so that ``position`` and the translation stay where they were.
    func touchPlaced(by shift: Point) {
        let n = activeTouchCount
        guard touchpadGestureSequence == nil, n > 0 else { return }
        offset = offset - shift / Double(n)
    }

    /// Called when the fingers lift from an active pan (also when they lifted while its begin
    /// waited on a failure requirement, which it then begins and finishes at once). Default: ends it.
    open func finish() {
        state = .ended
    }

    override func endAfterWaiting() {
        finish()
        // A subclass's `finish()` that left it active: it ends all the same, having no finger.
        if state.isActive { super.endAfterWaiting() }
    }

    /// Moves ``position`` to `p`, and what the velocity is measured on with it: by the same
    /// motion, or in a frame in which a finger lifted with no motion of its own, by the motion of
    /// the fingers that stayed.
    @inline(__always)
    private func move(to p: Point) {
        let step = heardStillLift ? motionOfFingersStaying() ?? p - position : p - position
        position = p
        motion.value.tracked += step
    }

    /// Adds the position the velocity is measured on, at `time`, to the velocity's samples, after
    /// a rest its device did not report too (see `scanPeriod`).
    private func sample(at time: Timestamp) {
        lastSample = time
        motion.value.tracker.add(motion.value.tracked, at: time) { scanPeriod }
    }

    // MARK: Touchpad

    open override func accepts(_ event: TouchpadGestureEvent) -> Bool {
        guard event.kind == .swipe, let counts = touchpadFingerCounts else { return false }
        return counts.contains(event.fingerCount)
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        switch event.phase {
        case .begin:
            position = .zero
            origin = .zero
            motion.value.tracked = .zero
            motion.value.tracker.reset()
            sample(at: event.timestamp)
        case .update:
            position += event.delta
            motion.value.tracked += event.delta
            sample(at: event.timestamp)
            if followsPath { positionMoved() }
            if state == .possible {
                if shouldBegin(translation: position - origin, touch: nil) { state = .began }
            } else if state.isActive {
                state = .changed
            }
        case .end:
            if state.isActive { finish() } else { fail(.endedTooSoon) }
        case .cancel:
            super.touchpadGesture(event)
        }
    }

    open override func location(in region: Region?) -> Point {
        if touchpadGestureSequence != nil { return super.location(in: region) }
        guard let c = centroid(of: touches, includingEndedAt: lastFrameTime) else { return super.location(in: region) }
        return region?.convert(fromScreen: c) ?? c
    }

    open override func reset() {
        super.reset()
        // A fresh value, keeping the tracker's settings (its samples, kept inline, cleared).
        motion.value.tracker.reset()
        motion.value = Motion(tracker: motion.value.tracker)
    }
}
