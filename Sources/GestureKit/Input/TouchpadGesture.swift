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
}

/// One touchpad gesture event, as libinput's `GESTURE_*` events carry it.
public struct TouchpadGestureEvent: Hashable, Sendable {
    /// The touchpad.
    public var device: DeviceID
    /// When it happened, on the device clock.
    public var timestamp: Timestamp
    /// Swipe, pinch or hold.
    public var kind: TouchpadGestureKind
    /// Begin, update, end or cancel.
    public var phase: TouchpadGesturePhase
    /// Fingers on the pad in this gesture.
    public var fingerCount: Int
    /// Motion of the fingers' centre since the last event, accelerated, in libinput's
    /// normalized units (1/1000 inch at 1000 dpi; roughly 0.0254 mm).
    public var delta: Point
    /// The same motion without pointer acceleration. (A 2-finger swipe made from libinput's finger
    /// scrolling carries libinput's scroll values in both: libinput does not accelerate them.)
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
