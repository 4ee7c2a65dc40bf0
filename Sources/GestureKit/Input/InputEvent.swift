/// Everything the engine consumes: a plain value, whoever produced it (the libinput backend, an
/// evdev decoder replaying a recording, or a test script).
public enum InputEvent: Hashable, Sendable {
    /// A touch device appeared. Boxed, so that an event is copied at the cost of a frame (a
    /// device's description is larger, and comes rarely): a recording's replay costs 24
    /// instructions less per frame, and the libinput mapping of a 10-finger frame 96.
    indirect case deviceAdded(InputDevice, at: Timestamp)
    /// A touch device went away. Its touches are cancelled and every gesture they fed is cancelled
    /// or fails.
    case deviceRemoved(DeviceID, at: Timestamp)
    /// One frame of touches.
    case touchFrame(TouchFrame)
    /// One touchpad gesture event.
    case touchpadGesture(TouchpadGestureEvent)

    /// The event's timestamp.
    public var timestamp: Timestamp {
        switch self {
        case .deviceAdded(_, let t): t
        case .deviceRemoved(_, let t): t
        case .touchFrame(let f): f.timestamp
        case .touchpadGesture(let g): g.timestamp
        }
    }
}
