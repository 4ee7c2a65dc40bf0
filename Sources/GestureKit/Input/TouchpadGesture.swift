/// The gesture kinds a touchpad driver (libinput) recognizes itself.
public enum TouchpadGestureKind: String, Hashable, Sendable, CaseIterable {
    /// Several fingers moving together. libinput's own swipes have three or more fingers; its
    /// two-finger scrolling reaches GestureKit as a 2-finger swipe (the libinput backend maps it so),
    /// which pans and swipes follow when their touchpad finger counts include 2.
    case swipe
    /// Two or more fingers pinching and rotating.
    case pinch
    /// Fingers resting without motion (libinput 1.19+).
    case hold

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .swipe: 0
        case .pinch: 1
        case .hold: 2
        }
    }
}

/// Where a touchpad gesture is in its life.
public enum TouchpadGesturePhase: String, Hashable, Sendable, CaseIterable {
    /// The fingers started a gesture.
    case begin
    /// The gesture moved on.
    case update
    /// The gesture ended normally.
    case end
    /// The gesture ended cancelled (libinput's `get_cancelled`), e.g. a finger was added.
    case cancel

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .begin: 0
        case .update: 1
        case .end: 2
        case .cancel: 3
        }
    }
}

/// One touchpad gesture event, as libinput's `GESTURE_*` events carry it.
public struct TouchpadGestureEvent: Hashable, Sendable {
    /// The touchpad.
    public var device: DeviceID
    /// When it happened, on the device clock.
    public var timestamp: Timestamp
    /// Swipe, pinch or hold. A cancel the engine makes (``GestureEngine/cancelAllTouches()``, the
    /// touchpad's removal, a new gesture beginning on it) has the kind of the gesture it ends.
    public var kind: TouchpadGestureKind
    /// Begin, update, end or cancel.
    public var phase: TouchpadGesturePhase
    /// Fingers on the pad in this gesture; 0 in a cancel the engine makes, which reports no
    /// fingers of its own (a recognizer's ``GestureRecognizer/numberOfTouches`` keeps the count
    /// of the gesture's latest event).
    public var fingerCount: Int
    /// Motion of the fingers' centre since the last event, accelerated, in libinput's touchpad
    /// gesture units: normalized to a 1000 dpi device, then slowed down for touchpads, about 10
    /// per millimetre of finger travel (``GestureConfiguration/touchpadUnitsPerMillimetre``). A
    /// pan adds them to its translation as points.
    public var delta: Point
    /// The same motion without pointer acceleration, in the same units; a swipe converts it to
    /// millimetres with ``GestureConfiguration/touchpadUnitsPerMillimetre``. (A 2-finger swipe made
    /// from libinput's finger scrolling carries libinput's scroll values in both: libinput does
    /// not accelerate them.)
    public var unacceleratedDelta: Point
    /// For a pinch: the finger spread relative to the start (1 at begin).
    public var scale: Double
    /// For a pinch: rotation since the last event, in degrees, clockwise positive.
    public var angleDelta: Double

    /// Creates a touchpad gesture event.
    public init(
        device: DeviceID, timestamp: Timestamp, kind: TouchpadGestureKind, phase: TouchpadGesturePhase,
        fingerCount: Int, delta: Point = .zero, unacceleratedDelta: Point = .zero, scale: Double = 1,
        angleDelta: Double = 0
    ) {
        self.device = device
        self.timestamp = timestamp
        self.kind = kind
        self.phase = phase
        self.fingerCount = fingerCount
        self.delta = delta
        self.unacceleratedDelta = unacceleratedDelta
        self.scale = scale
        self.angleDelta = angleDelta
    }
}
