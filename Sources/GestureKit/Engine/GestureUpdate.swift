/// One state change of a recognizer, copied into a value that may cross threads and actors.
///
/// A recognizer is a class owned by its engine's thread; a `GestureUpdate` is what a host on
/// another thread or actor receives instead: which recognizer, its old and new state, and the
/// values its kind measures, read at the moment of the change.
///
/// ```swift
/// let update = GestureUpdate(recognizer: pinch, from: .began, to: .changed, at: engine.now)
/// if update.name == "zoom", let scale = update.scale { print(scale) }
/// ```
///
/// Locations and translations are in screen points (the root region's coordinates); velocities
/// are per second of event time.
public struct GestureUpdate: Hashable, Sendable, CustomStringConvertible {
    /// The built-in recognizer classes, so that a host can tell updates apart without the class.
    public enum Kind: String, Hashable, Sendable {
        /// `TapGestureRecognizer`.
        case tap
        /// `LongPressGestureRecognizer`.
        case longPress
        /// `PanGestureRecognizer`.
        case pan
        /// `ScreenEdgePanGestureRecognizer`.
        case screenEdgePan
        /// `DirectionalSwipeGestureRecognizer`.
        case directionalSwipe
        /// `SwipeGestureRecognizer`.
        case swipe
        /// `PinchGestureRecognizer`.
        case pinch
        /// `RotationGestureRecognizer`.
        case rotation
        /// Any other subclass of `GestureRecognizer` (a host's own).
        case custom

        /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
        /// than left to the compiler: the synthesized comparison goes through memory and keeps
        /// references alive around it (docs/architecture.md, "Comparing cases").
        @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

        /// The case's position in the declaration.
        @usableFromInline var ordinal: Int {
            switch self {
            case .tap: 0
            case .longPress: 1
            case .pan: 2
            case .screenEdgePan: 3
            case .directionalSwipe: 4
            case .swipe: 5
            case .pinch: 6
            case .rotation: 7
            case .custom: 8
            }
        }
    }

    /// The recognizer's ``GestureRecognizer/name``.
    public var name: String
    /// Tells recognizers apart while they live; a new recognizer may reuse a released one's.
    public var recognizer: ObjectIdentifier
    /// The recognizer's class, among the built-in ones.
    public var kind: Kind
    /// The state before the change.
    public var previousState: GestureState
    /// The state after the change.
    public var state: GestureState
    /// When the change happened, on the events' clock (the engine's ``GestureEngine/now``).
    public var timestamp: Timestamp
    /// The device whose input caused the change, if known.
    public var device: DeviceID?
    /// The gesture's location in screen points (``GestureRecognizer/location(in:)`` with `nil`).
    public var location: Point
    /// Fingers the recognizer tracks (``GestureRecognizer/numberOfTouches``).
    public var numberOfTouches: Int
    /// Why the recognizer failed, for a change to `failed`.
    public var failureReason: FailureReason?
    /// Pans, edge pans and directional swipes: travel since the gesture landed, in points.
    public var translation: Point?
    /// Pans, edge pans and directional swipes: velocity in points per second.
    public var velocity: Point?
    /// Pinches: the scale factor since the fingers landed (1 is unchanged).
    public var scale: Double?
    /// Pinches: the rate of change of ``scale`` per second.
    public var scaleVelocity: Double?
    /// Rotations: the turn since the fingers landed, in radians, clockwise positive.
    public var rotation: Double?
    /// Rotations: the rate of turn in radians per second.
    public var rotationVelocity: Double?
    /// The direction of the gesture, for the recognizers that judge one:
    /// - swipes: the direction recognized (empty for a swipe that failed);
    /// - edge pans: the direction the gesture left its zone in, once it began
    ///   (``ScreenEdgePanGestureRecognizer/direction``);
    /// - directional swipes: the direction the fingers are moving in now
    ///   (``DirectionalSwipeGestureRecognizer/currentDirection``).
    public var direction: SwipeDirection?
    /// Directional swipes: the direction the swipe began in
    /// (``DirectionalSwipeGestureRecognizer/initialDirection``).
    public var initialDirection: SwipeDirection?
    /// Edge pans: the edge the gesture started from, once it began (empty for a corner pan).
    public var edge: ScreenEdges?
    /// Edge pans: the corner the gesture started from, for a corner pan.
    public var corner: ScreenCorner?
    /// Taps: the taps completed so far.
    public var tapsCompleted: Int?

    /// Reads `recognizer` as it is after a change from `old` to `new` at `time`.
    ///
    /// Call it on the thread that owns the recognizer's engine, for example from a
    /// ``GestureEngineObserver``.
    public init(recognizer: GestureRecognizer, from old: GestureState, to new: GestureState, at time: Timestamp) {
        name = recognizer.name
        self.recognizer = ObjectIdentifier(recognizer)
        previousState = old
        state = new
        timestamp = time
        device = recognizer.device
        location = recognizer.location(in: nil)
        numberOfTouches = recognizer.numberOfTouches
        failureReason = new == .failed ? recognizer.failureReason : nil
        switch recognizer {
        case let pan as PanGestureRecognizer:
            kind =
                pan is DirectionalSwipeGestureRecognizer
                ? .directionalSwipe : pan is ScreenEdgePanGestureRecognizer ? .screenEdgePan : .pan
            translation = pan.translation(in: nil)
            velocity = pan.velocity(in: nil)
            if let edgePan = pan as? ScreenEdgePanGestureRecognizer {
                edge = edgePan.edge
                corner = edgePan.corner
                direction = edgePan.direction
            } else if let swipe = pan as? DirectionalSwipeGestureRecognizer {
                direction = swipe.currentDirection
                initialDirection = swipe.initialDirection
            }
        case let pinch as PinchGestureRecognizer:
            kind = .pinch
            scale = pinch.scale
            scaleVelocity = pinch.velocity
        case let turn as RotationGestureRecognizer:
            kind = .rotation
            rotation = turn.rotation
            rotationVelocity = turn.velocity
        case let swipe as SwipeGestureRecognizer:
            kind = .swipe
            direction = swipe.recognizedDirection
        case let tap as TapGestureRecognizer:
            kind = .tap
            tapsCompleted = tap.tapsCompleted
        case is LongPressGestureRecognizer:
            kind = .longPress
        default:
            kind = .custom
        }
    }

    /// `name: old → new at time`, with the failure reason for a failure.
    public var description: String {
        var text = "\(name): \(previousState.rawValue) → \(state.rawValue) at \(timestamp)"
        if let failureReason { text += " (\(failureReason))" }
        return text
    }
}
