/// An evdev event type (`EV_*` in `linux/input-event-codes.h`), with its name and the highest code
/// it allows.
public struct EventType: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The kernel's number for the type.
    public var rawValue: UInt16

    /// Creates a type from the kernel's number. Any number is accepted; see ``isKnown``.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Creates a type from the kernel's number.
    @inlinable public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// `EV_SYN`: frame markers.
    public static let syn = EventType(0x00)
    /// `EV_KEY`: keys and buttons, including `BTN_TOUCH` and `BTN_TOOL_*`.
    public static let key = EventType(0x01)
    /// `EV_REL`: relative axes.
    public static let rel = EventType(0x02)
    /// `EV_ABS`: absolute axes, including the multitouch ones.
    public static let abs = EventType(0x03)
    /// `EV_MSC`: miscellaneous, e.g. `MSC_TIMESTAMP`.
    public static let msc = EventType(0x04)
    /// `EV_SW`: switches.
    public static let sw = EventType(0x05)
    /// `EV_LED`: LEDs.
    public static let led = EventType(0x11)
    /// `EV_SND`: sounds.
    public static let snd = EventType(0x12)
    /// `EV_REP`: autorepeat.
    public static let rep = EventType(0x14)
    /// `EV_FF`: force feedback.
    public static let ff = EventType(0x15)
    /// `EV_PWR`: power.
    public static let pwr = EventType(0x16)
    /// `EV_FF_STATUS`: force-feedback status.
    public static let ffStatus = EventType(0x17)

    /// `EV_MAX`: the highest type number the kernel defines room for.
    public static let maximumRawValue: UInt16 = 0x1f

    /// The highest code of this type (`KEY_MAX`, `ABS_MAX`, …), or `nil` for a type the kernel does
    /// not define.
    public var maximumCode: UInt16? {
        switch rawValue {
        case 0x00: 0x0f
        case 0x01: 0x2ff
        case 0x02: 0x0f
        case 0x03: 0x3f
        case 0x04: 0x07
        case 0x05: 0x11
        case 0x11: 0x0f
        case 0x12: 0x07
        case 0x14: 0x01
        case 0x15: 0x7f
        case 0x16: 0xffff
        case 0x17: 0x01
        default: nil
        }
    }

    /// Whether the kernel defines this type.
    public var isKnown: Bool { maximumCode != nil }

    /// The kernel's name, e.g. `"EV_ABS"`, or `"EV_0x1a"` for an unknown type.
    public var name: String {
        switch rawValue {
        case 0x00: "EV_SYN"
        case 0x01: "EV_KEY"
        case 0x02: "EV_REL"
        case 0x03: "EV_ABS"
        case 0x04: "EV_MSC"
        case 0x05: "EV_SW"
        case 0x11: "EV_LED"
        case 0x12: "EV_SND"
        case 0x14: "EV_REP"
        case 0x15: "EV_FF"
        case 0x16: "EV_PWR"
        case 0x17: "EV_FF_STATUS"
        default: "EV_" + hex(rawValue)
        }
    }

    public var description: String { name }

    @inlinable public static func < (a: EventType, b: EventType) -> Bool { a.rawValue < b.rawValue }
}

/// `0x` and lower-case hexadecimal digits.
func hex<T: BinaryInteger>(_ value: T) -> String { "0x" + String(value, radix: 16) }
