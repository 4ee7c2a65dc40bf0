/// Hears the life of a ``DirectionalSwipeGestureRecognizer``. Every method is optional.
public protocol DirectionalSwipeGestureRecognizerDelegate: AnyObject {
    /// The swipe began; ``DirectionalSwipeGestureRecognizer/initialDirection`` is known.
    func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer)
    /// The fingers moved.
    func swipeDidUpdate(_ swipe: DirectionalSwipeGestureRecognizer)
    /// The swipe was cancelled (``swipeShouldCancel(_:)`` said so, its touches were, or it was
    /// disabled, taken out of the tree or left by its engine).
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
    public var initialDirection: SwipeDirection { sequence.value.initialDirection }
    /// The direction the fingers are moving in now: that of their last millimetre of motion, from
    /// the last point of their path at least ``directionHysteresis`` from where they are.
    public var currentDirection: SwipeDirection { sequence.value.currentDirection }

    /// What the recognizer knows of the sequence it follows beyond the pan's, as one value:
    /// ``reset()`` replaces it whole.
    private struct Sequence {
        var initialDirection: SwipeDirection = []
        var currentDirection: SwipeDirection = []
        /// The last points of the centre's path, each at least 0.25 mm from the one stored
        /// before it: a ring, the newest at `end - 1`. The last millimetre of motion began
        /// at one of them, however the motion was cut into frames.
        var trail = InlineArray<8, Point>(repeating: .zero)
        var count = 0
        var end = 0

        /// Starts the trail anew at `p` (a landing).
        mutating func restart(at p: Point) {
            trail[0] = p
            (count, end) = (1, 1)
        }

        /// The centre is at `p`: the current direction becomes that from the newest point of the
        /// trail at least ``directionHysteresis`` away (none: the fingers strayed less than that,
        /// and the direction stands), and `p` joins the trail if it is far enough from its newest.
        mutating func follow(_ p: Point, density: PointDensity) {
            // Squared lengths in millimetres, against the squared thresholds.
            func reaches(_ step: Point, _ mm: Double) -> Bool { step.x * step.x + step.y * step.y >= mm * mm }
            var i = end
            for _ in 0..<count {
                i = i == 0 ? trail.count - 1 : i - 1
                let step = density.millimetres(p - trail[i])
                if reaches(step, DirectionalSwipeGestureRecognizer.hysteresisMillimetres) {
                    currentDirection = .dominant(step)
                    break
                }
            }
            let newest = density.millimetres(p - trail[end == 0 ? trail.count - 1 : end - 1])
            if count == 0 || reaches(newest, 0.25) {
                trail[end] = p
                end = end + 1 == trail.count ? 0 : end + 1
                count = min(count + 1, trail.count)
            }
        }
    }
    /// In a box (docs/architecture.md, "Checks the compiler removes"): the trail is changed in
    /// place on every frame, where a mutating call on a stored value is an access the compiler
    /// checks at run time, and a copy put back whole moves it twice (43 and 58 instructions a
    /// frame of the recording).
    private let sequence = Unchecked(Sequence())

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
        guard let sv = superview, !sequence.value.initialDirection.isEmpty else { return 0 }
        let extent = sequence.value.initialDirection == .left || sequence.value.initialDirection == .right ? sv.frame.width : sv.frame.height
        guard extent > 0 else { return 0 }
        let u = sequence.value.initialDirection.unitVector
        var p = (translation.x * u.x + translation.y * u.y) / extent
        if swipeDelegate?.swipeShouldBounce(self) ?? false { p /= 2 }
        return p
    }

    /// Whether the swipe has travelled less than ``cancelDistance`` along its initial direction
    /// and is moving back against it: the default reason to cancel on lifting.
    public var isMovingBackBeforeCancelDistance: Bool {
        let u = sequence.value.initialDirection.unitVector
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
        return along < limit && sequence.value.currentDirection == sequence.value.initialDirection.opposite
    }

    /// The motion that sets ``currentDirection``: it is the direction from the last point of the
    /// fingers' path at least this far from where they are now. A contact settling or trembling
    /// a fraction of a millimetre changes nothing, and the direction does not depend on how the
    /// motion is cut into frames (a panel's rate).
    public static let directionHysteresis = Distance.millimetres(hysteresisMillimetres)
    static let hysteresisMillimetres = 1.0

    // The points of the path kept for `currentDirection` (8) are at least 0.25 mm apart: at any
    // frame rate, they are points of the path about that far apart, and a tremble smaller than
    // that leaves them as they are. `Sequence.follow` holds the figure.

    /// Creates a directional swipe with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        super.init(configuration: configuration)
        followsPath = true
    }

    /// The path is followed as the position moves, before the transition the motion makes, so
    /// that the targets called for it read the ``currentDirection`` of this frame's motion.
    override func positionMoved() {
        sequence.value.follow(position, density: density(for: touches.first))
    }

    open override func touchesMoved(_ touches: [Touch]) {
        let before = state
        super.touchesMoved(touches)
        track(before)
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        let before = state
        super.touchpadGesture(event)
        if event.phase == .begin {
            sequence.value.restart(at: position)
        } else if event.phase == .update {
            track(before)
        } else if event.phase == .cancel && before.isActive {
            // As when its touches are cancelled.
            swipeDelegate?.swipeDidCancel(self)
        }
    }

    private func track(_ before: GestureState) {
        if before == .possible && state == .began {
            start()
        } else if state == .changed {
            swipeDelegate?.swipeDidUpdate(self)
        }
    }

    /// The swipe began: its initial direction is the translation's, and the delegate hears of it.
    private func start() {
        sequence.value.initialDirection = .dominant(millimetres(translation, for: touches.first))
        swipeDelegate?.swipeDidStart(self)
    }

    /// Whether the pan may begin; when it may, its initial direction is known before it begins,
    /// so that the targets called for `began` read it, and ``progress`` with it.
    open override func shouldBegin(translation: Point, touch: Touch?) -> Bool {
        guard super.shouldBegin(translation: translation, touch: touch) else { return false }
        sequence.value.initialDirection = .dominant(millimetres(translation, for: touch))
        return true
    }

    /// Begun as the failure requirement it waited on failed, outside its hooks: it starts there.
    override func beganAfterWaiting() { start() }

    open override func touchesBegan(_ touches: [Touch]) {
        super.touchesBegan(touches)
        if self.touches.count == touches.count { sequence.value.restart(at: position) }
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

    /// Disabled, taken out of the tree or left by its engine mid-swipe: the delegate hears the
    /// cancel, as when its touches are cancelled.
    override func cancelledWithoutTouches() {
        swipeDelegate?.swipeDidCancel(self)
    }

    open override func reset() {
        super.reset()
        sequence.value = Sequence()
    }
}
