/// An evdev event code qualified by its type, e.g. `EV_ABS / ABS_MT_SLOT`.
///
/// The constants cover the codes touch decoding uses; any other code can be made with
/// ``init(_:_:)`` and is named by number (`ABS_0x3e`).
public struct EventCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The event type.
    public var type: EventType
    /// The code within the type.
    public var code: UInt16

    /// Creates a code of a type.
    @inlinable public init(_ type: EventType, _ code: UInt16) {
        self.type = type
        self.code = code
    }

    // MARK: EV_SYN

    /// `SYN_REPORT`: closes a frame.
    public static let synReport = EventCode(.syn, 0x00)
    /// `SYN_CONFIG`.
    public static let synConfig = EventCode(.syn, 0x01)
    /// `SYN_MT_REPORT`: separates contacts in multitouch protocol A.
    public static let synMTReport = EventCode(.syn, 0x02)
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let synDropped = EventCode(.syn, 0x03)

    // MARK: EV_KEY

    /// `BTN_LEFT`.
    public static let buttonLeft = EventCode(.key, 0x110)
    /// `BTN_TOOL_PEN`: a pen is in range (a tablet tool, not a finger).
    public static let toolPen = EventCode(.key, 0x140)
    /// `BTN_STYLUS`: a pen's first button.
    public static let stylus = EventCode(.key, 0x14b)
    /// `BTN_TOOL_FINGER`: one finger.
    public static let toolFinger = EventCode(.key, 0x145)
    /// `BTN_TOOL_QUINTTAP`: five fingers.
    public static let toolQuintTap = EventCode(.key, 0x148)
    /// `BTN_TOUCH`: something touches the surface.
    public static let touch = EventCode(.key, 0x14a)
    /// `BTN_TOOL_DOUBLETAP`: two fingers.
    public static let toolDoubleTap = EventCode(.key, 0x14d)
    /// `BTN_TOOL_TRIPLETAP`: three fingers.
    public static let toolTripleTap = EventCode(.key, 0x14e)
    /// `BTN_TOOL_QUADTAP`: four fingers.
    public static let toolQuadTap = EventCode(.key, 0x14f)

    // MARK: EV_ABS

    /// `ABS_X`: single-touch (or pointer-emulation) x.
    public static let absX = EventCode(.abs, 0x00)
    /// `ABS_Y`: single-touch (or pointer-emulation) y.
    public static let absY = EventCode(.abs, 0x01)
    /// `ABS_PRESSURE`: single-touch pressure.
    public static let absPressure = EventCode(.abs, 0x18)
    /// `ABS_TOOL_WIDTH`.
    public static let absToolWidth = EventCode(.abs, 0x1c)
    /// `ABS_MT_SLOT`: selects the slot the following `ABS_MT_*` events change.
    public static let mtSlot = EventCode(.abs, 0x2f)
    /// `ABS_MT_TOUCH_MAJOR`: the contact's major axis, in position units.
    public static let mtTouchMajor = EventCode(.abs, 0x30)
    /// `ABS_MT_TOUCH_MINOR`.
    public static let mtTouchMinor = EventCode(.abs, 0x31)
    /// `ABS_MT_WIDTH_MAJOR`.
    public static let mtWidthMajor = EventCode(.abs, 0x32)
    /// `ABS_MT_WIDTH_MINOR`.
    public static let mtWidthMinor = EventCode(.abs, 0x33)
    /// `ABS_MT_ORIENTATION`.
    public static let mtOrientation = EventCode(.abs, 0x34)
    /// `ABS_MT_POSITION_X`.
    public static let mtPositionX = EventCode(.abs, 0x35)
    /// `ABS_MT_POSITION_Y`.
    public static let mtPositionY = EventCode(.abs, 0x36)
    /// `ABS_MT_TOOL_TYPE`: finger, pen or palm (``mtToolPalm``).
    public static let mtToolType = EventCode(.abs, 0x37)
    /// `ABS_MT_BLOB_ID`.
    public static let mtBlobID = EventCode(.abs, 0x38)
    /// `ABS_MT_TRACKING_ID`: a new value starts a contact in the current slot, −1 ends it.
    public static let mtTrackingID = EventCode(.abs, 0x39)
    /// `ABS_MT_PRESSURE`.
    public static let mtPressure = EventCode(.abs, 0x3a)
    /// `ABS_MT_DISTANCE`.
    public static let mtDistance = EventCode(.abs, 0x3b)

    // MARK: EV_MSC

    /// `MSC_TIMESTAMP`: the hardware's own microsecond counter.
    public static let mscTimestamp = EventCode(.msc, 0x05)

    // MARK: Values

    /// `MT_TOOL_FINGER`, a value of ``mtToolType``.
    public static let mtToolFinger: Int32 = 0
    /// `MT_TOOL_PEN`, a value of ``mtToolType``.
    public static let mtToolPen: Int32 = 1
    /// `MT_TOOL_PALM`, a value of ``mtToolType``.
    public static let mtToolPalm: Int32 = 2

    /// Whether the kernel defines this code for its type (the type is known and the code is within
    /// its maximum).
    public var isKnown: Bool {
        guard let maximum = type.maximumCode else { return false }
        return code <= maximum
    }

    /// The kernel's name, e.g. `"ABS_MT_SLOT"`, or a numbered name such as `"KEY_0x1d"`.
    public var name: String {
        if let known = Self.names[self] { return known }
        let prefix: String =
            switch type {
            case .syn: "SYN"
            case .key: code >= 0x100 ? "BTN" : "KEY"
            case .rel: "REL"
            case .abs: "ABS"
            case .msc: "MSC"
            case .sw: "SW"
            case .led: "LED"
            case .snd: "SND"
            case .rep: "REP"
            default: type.name
            }
        return "\(prefix)_\(hex(code))"
    }

    /// `"EV_ABS / ABS_MT_SLOT"`.
    public var description: String { "\(type.name) / \(name)" }

    @inlinable public static func < (a: EventCode, b: EventCode) -> Bool {
        (a.type.rawValue, a.code) < (b.type.rawValue, b.code)
    }

    private static let names: [EventCode: String] = [
        synReport: "SYN_REPORT", synConfig: "SYN_CONFIG", synMTReport: "SYN_MT_REPORT",
        synDropped: "SYN_DROPPED",
        buttonLeft: "BTN_LEFT", EventCode(.key, 0x111): "BTN_RIGHT", EventCode(.key, 0x112): "BTN_MIDDLE",
        toolPen: "BTN_TOOL_PEN", EventCode(.key, 0x141): "BTN_TOOL_RUBBER",
        toolFinger: "BTN_TOOL_FINGER", toolQuintTap: "BTN_TOOL_QUINTTAP", touch: "BTN_TOUCH",
        stylus: "BTN_STYLUS", EventCode(.key, 0x14c): "BTN_STYLUS2",
        toolDoubleTap: "BTN_TOOL_DOUBLETAP", toolTripleTap: "BTN_TOOL_TRIPLETAP",
        toolQuadTap: "BTN_TOOL_QUADTAP",
        absX: "ABS_X", absY: "ABS_Y", absPressure: "ABS_PRESSURE", absToolWidth: "ABS_TOOL_WIDTH",
        mtSlot: "ABS_MT_SLOT", mtTouchMajor: "ABS_MT_TOUCH_MAJOR", mtTouchMinor: "ABS_MT_TOUCH_MINOR",
        mtWidthMajor: "ABS_MT_WIDTH_MAJOR", mtWidthMinor: "ABS_MT_WIDTH_MINOR",
        mtOrientation: "ABS_MT_ORIENTATION", mtPositionX: "ABS_MT_POSITION_X",
        mtPositionY: "ABS_MT_POSITION_Y", mtToolType: "ABS_MT_TOOL_TYPE", mtBlobID: "ABS_MT_BLOB_ID",
        mtTrackingID: "ABS_MT_TRACKING_ID", mtPressure: "ABS_MT_PRESSURE", mtDistance: "ABS_MT_DISTANCE",
        EventCode(.abs, 0x3c): "ABS_MT_TOOL_X", EventCode(.abs, 0x3d): "ABS_MT_TOOL_Y",
        EventCode(.msc, 0x03): "MSC_RAW", EventCode(.msc, 0x04): "MSC_SCAN", mscTimestamp: "MSC_TIMESTAMP",
    ]
}
