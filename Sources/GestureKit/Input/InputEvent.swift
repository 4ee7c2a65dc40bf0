/// Everything the engine consumes: a plain value, whoever produced it (the libinput backend, an
/// evdev decoder replaying a recording, or a test script).
public enum InputEvent: Hashable, Sendable {
    /// A touch device appeared. Sent again for a device the engine holds (the same id), it
    /// describes the device anew (its density, its output, as a producer whose mapping changed
    /// announces it): while none of the device's touches is down and no touchpad gesture of it
    /// is under way, nothing else changes, and a recognizer waiting between taps goes on; with
    /// input under way, the device is taken as unplugged and plugged in again, and what it had
    /// under way is cancelled as removed. Boxed, so that an event is copied at the cost of a frame (a
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
