/// Hears the life of a ``DirectionalSwipeGestureRecognizer``. Every method is optional.
public protocol DirectionalSwipeGestureRecognizerDelegate: AnyObject {
    /// The swipe began; ``DirectionalSwipeGestureRecognizer/initialDirection`` is known.
    func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer)
    /// The fingers moved.
    func swipeDidUpdate(_ swipe: DirectionalSwipeGestureRecognizer)
    /// The swipe was cancelled (``swipeShouldCancel(_:)`` said so, or its touches were).
    func swipeDidCancel(_ swipe: DirectionalSwipeGestureRecognizer)
    /// The swipe finished.
    func swipeDidFinish(_ swipe: DirectionalSwipeGestureRecognizer)
    /// Whether progress should be halved now (a scroll view's bounce, e.g. past the origin).
    /// Default false.
    func swipeShouldBounce(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool
    /// Whether lifting now cancels rather than finishes. Default: the recognizer's
    /// ``DirectionalSwipeGestureRecognizer/isMovingBackBeforeCancelDistance``.
    func swipeShouldCancel(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool
}

extension DirectionalSwipeGestureRecognizerDelegate {
    public func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer) {}
    public func swipeDidUpdate(_ swipe: DirectionalSwipeGestureRecognizer) {}
    public func swipeDidCancel(_ swipe: DirectionalSwipeGestureRecognizer) {}
    public func swipeDidFinish(_ swipe: DirectionalSwipeGestureRecognizer) {}
    public func swipeShouldBounce(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool { false }
    public func swipeShouldCancel(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool { swipe.isMovingBackBeforeCancelDistance }
}

/// A continuous swipe that knows its direction: the direction it started in and the one it is
/// moving in now, its progress across the superview, with delegate calls for start, update,
/// cancel and finish (the model is a card or a drawer dragged by the finger).
///
/// Values are measured in the superview's coordinates (the parent of the recognizer's region):
/// ``location``, ``translation``, ``velocity`` and ``progress`` — the translation along
/// ``initialDirection`` as a fraction of the superview's extent on that axis, halved while the
/// delegate's `swipeShouldBounce` says so. On lifting, the swipe cancels when the delegate's
/// `swipeShouldCancel` says so — by default when it moved less than ``cancelDistance`` and is
/// moving back the wrong way — and finishes otherwise.
open class DirectionalSwipeGestureRecognizer: PanGestureRecognizer {
    /// Hears start, update, cancel and finish; held weakly.
    public var swipeDelegate: (any DirectionalSwipeGestureRecognizerDelegate)? {
        get { storedSwipeDelegate }
        set { storedSwipeDelegate = newValue }
    }
    /// Below this travel along the initial direction, moving the wrong way cancels by default
    /// (32 points).
    public var cancelDistance: Distance {
        get { storedCancelDistance }
        set { storedCancelDistance = newValue }
    }
    // Their storage (docs/architecture.md, "Checks the compiler removes").
    private weak var storedSwipeDelegate: (any DirectionalSwipeGestureRecognizerDelegate)?
    private var storedCancelDistance: Distance = .points(32)

    /// The direction the swipe began in.
    public var initialDirection: SwipeDirection { sequence.initialDirection }
    /// The direction the fingers are moving in now: that of their last millimetre of motion
    /// (``directionHysteresis``).
    public var currentDirection: SwipeDirection { sequence.currentDirection }

    /// What the recognizer knows of the sequence it follows beyond the pan's, as one value:
    /// ``reset()`` replaces it whole.
    private struct Sequence {
        var initialDirection: SwipeDirection = []
        var currentDirection: SwipeDirection = []
        /// Where ``currentDirection`` was last set (the landing at first).
        var anchor: Point = .zero
    }
    private var sequence = Sequence()

    /// The superview: the parent of the recognizer's region, or the region for a root.
    public var superview: Region? { region?.parent ?? region }

    /// The fingers' centre in the superview's coordinates.
    public var location: Point { location(in: superview) }
    /// The travel since landing, in the superview's coordinates.
    public var translation: Point { translation(in: superview) }
    /// The velocity in points per second.
    public var velocity: Point { velocity(in: superview) }

    /// The translation along ``initialDirection`` over the superview's extent on that axis;
    /// negative when moved back past the origin; halved while the delegate asks for a bounce.
    public var progress: Double {
        guard let sv = superview, !sequence.initialDirection.isEmpty else { return 0 }
        let extent = sequence.initialDirection == .left || sequence.initialDirection == .right ? sv.frame.width : sv.frame.height
        guard extent > 0 else { return 0 }
        let u = sequence.initialDirection.unitVector
        var p = (translation.x * u.x + translation.y * u.y) / extent
        if swipeDelegate?.swipeShouldBounce(self) ?? false { p /= 2 }
        return p
    }

    /// Whether the swipe has travelled less than ``cancelDistance`` along its initial direction
    /// and is moving back against it: the default reason to cancel on lifting.
    public var isMovingBackBeforeCancelDistance: Bool {
        let u = sequence.initialDirection.unitVector
        // A distance in millimetres is judged in millimetres along the direction's own axis
        // (a device's density may differ between its axes), one in points in points.
        let along: Double, limit: Double
        switch cancelDistance {
        case .points(let pt):
            (along, limit) = (translation.x * u.x + translation.y * u.y, pt)
        case .millimetres(let mm):
            let m = millimetres(translation, for: touches.first)
            (along, limit) = (m.x * u.x + m.y * u.y, mm)
        }
        return along < limit && sequence.currentDirection == sequence.initialDirection.opposite
    }

    /// The motion that sets ``currentDirection``: the fingers' centre must have moved this far
    /// since the direction was last set. A contact settling a fraction of a millimetre as it
    /// lifts changes nothing, and the direction does not depend on how the motion is cut into
    /// frames (a panel's rate).
    public static let directionHysteresis = Distance.millimetres(1)

    open override func touchesMoved(_ touches: [Touch]) {
        let before = state
        super.touchesMoved(touches)
        track(before)
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        let before = state
        super.touchpadGesture(event)
        if event.phase == .update {
            track(before)
        } else if event.phase == .cancel && before.isActive {
            // As when its touches are cancelled.
            swipeDelegate?.swipeDidCancel(self)
        }
    }

    private func track(_ before: GestureState) {
        let touch = touches.first
        let step = position - sequence.anchor
        if Self.directionHysteresis.isReached(by: step, density: density(for: touch)) {
            sequence.currentDirection = .dominant(millimetres(step, for: touch))
            sequence.anchor = position
        }
        if before == .possible && state == .began {
            start()
        } else if state == .changed {
            swipeDelegate?.swipeDidUpdate(self)
        }
    }

    /// The swipe began: its initial direction is the translation's, and the delegate hears of it.
    private func start() {
        sequence.initialDirection = .dominant(millimetres(translation, for: touches.first))
        swipeDelegate?.swipeDidStart(self)
    }

    /// Whether the pan may begin; when it may, its initial direction is known before it begins,
    /// so that the targets called for `began` read it, and ``progress`` with it.
    open override func shouldBegin(translation: Point, touch: Touch?) -> Bool {
        guard super.shouldBegin(translation: translation, touch: touch) else { return false }
        sequence.initialDirection = .dominant(millimetres(translation, for: touch))
        return true
    }

    /// Begun as the failure requirement it waited on failed, outside its hooks: it starts there.
    override func beganAfterWaiting() { start() }

    open override func touchesBegan(_ touches: [Touch]) {
        super.touchesBegan(touches)
        if self.touches.count == touches.count { sequence.anchor = position }
    }

    open override func finish() {
        if swipeDelegate?.swipeShouldCancel(self) ?? isMovingBackBeforeCancelDistance {
            state = .cancelled
            swipeDelegate?.swipeDidCancel(self)
        } else {
            state = .ended
            swipeDelegate?.swipeDidFinish(self)
        }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        let wasActive = state.isActive
        super.touchesCancelled(touches)
        if wasActive { swipeDelegate?.swipeDidCancel(self) }
    }

    open override func reset() {
        super.reset()
        sequence = Sequence()
    }
}
