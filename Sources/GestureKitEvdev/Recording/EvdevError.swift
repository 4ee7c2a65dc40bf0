/// Every failure of reading, decoding or replaying evdev recordings: where (file and line, when
/// known) and what went wrong.
///
/// The description reads like a compiler diagnostic: `taps.evemu:12: expected "E: <sec.usec>
/// <type> <code> <value>", found "E: 0.1 0003"`.
public struct EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A line or YAML node does not have the expected shape.
        case malformed(expected: String, found: String)
        /// The input ends where more was expected.
        case truncated(expected: String)
        /// An event type the kernel does not define.
        case unknownEventType(UInt16)
        /// An event code beyond its type's maximum.
        case unknownEventCode(EventCode)
        /// An event uses a code the device description does not declare.
        case undeclaredCode(EventCode)
        /// The device cannot be decoded (multitouch protocol A, not a touch device).
        case unsupportedDevice(name: String, reason: String)
        /// The event stream breaks the evdev protocol (e.g. a slot beyond the declared count).
        case protocolViolation(String)
        /// The file could not be read.
        case unreadable(String)
        /// A number is well formed but outside what the kernel allows or what GestureKit can
        /// represent: a timestamp beyond the microsecond clock, a recording longer than
        /// ``RecordingLimits/maximumDuration``, an axis whose minimum exceeds its maximum, more
        /// slots than ``RecordingLimits/maximumSlotCount``, or a replay start time that pushes the
        /// events past `Int64.max` microseconds. The text says which and by how much.
        case outOfRange(String)

        public var description: String {
            switch self {
            case .malformed(let expected, let found): "expected \(expected), found \"\(found)\""
            case .truncated(let expected): "unexpected end of input, expected \(expected)"
            case .unknownEventType(let type): "unknown event type \(hex(type))"
            case .unknownEventCode(let code): "unknown event code \(hex(code.code)) for \(code.type.name)"
            case .undeclaredCode(let code): "event \(code) (\(hex(code.code))) is not declared by the device description"
            case .unsupportedDevice(let name, let reason): "unsupported device \"\(name)\": \(reason)"
            case .protocolViolation(let what): "evdev protocol violation: \(what)"
            case .unreadable(let why): "cannot read: \(why)"
            case .outOfRange(let what): "out of range: \(what)"
            }
        }
    }

    /// The file (or other source name) the problem is in, when known.
    public var file: String?
    /// The 1-based line the problem is on, when known.
    public var line: Int?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(file: String? = nil, line: Int? = nil, _ reason: Reason) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, leaving out what is unknown.
    ///
    /// A protocol violation is found as the events are replayed, after the file has been read:
    /// it names the event instead of the line, by its place in its device's stream and its time
    /// after the recording's first event (a recording's times are rebased to start at zero).
    public var description: String {
        var location = file ?? ""
        if let line { location += location.isEmpty ? "line \(line)" : ":\(line)" }
        return location.isEmpty ? reason.description : "\(location): \(reason)"
    }
}
