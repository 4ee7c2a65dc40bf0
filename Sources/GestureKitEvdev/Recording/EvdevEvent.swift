import GestureKit

/// One `struct input_event`: a time, a type, a code and a value.
public struct EvdevEvent: Hashable, Sendable, CustomStringConvertible {
    /// When the kernel stamped the event (in a ``Recording``, relative to its first event).
    public var time: Timestamp
    /// The event type (`EV_*`).
    public var type: EventType
    /// The code within the type.
    public var code: UInt16
    /// The value.
    public var value: Int32

    /// Creates an event.
    @inlinable public init(time: Timestamp, type: EventType, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// Creates an event from a qualified code.
    @inlinable public init(time: Timestamp, _ code: EventCode, _ value: Int32) {
        self.init(time: time, type: code.type, code: code.code, value: value)
    }

    /// The type and code together.
    @inlinable public var eventCode: EventCode { EventCode(type, code) }

    /// Whether this event is `code` (type and code both match).
    @inlinable public func `is`(_ code: EventCode) -> Bool { type == code.type && self.code == code.code }

    public var description: String { "\(time) \(eventCode) \(value)" }
}
