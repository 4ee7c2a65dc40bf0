/// A device's `INPUT_PROP_*` bits. Bit *n* of ``rawValue`` is property number *n*, which is also
/// how evemu's `P:` line (byte 0) and `EVIOCGPROP` lay them out.
public struct InputProperties: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The property bits.
    public var rawValue: UInt32

    /// Creates a set from property bits.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a set from property numbers, as `libinput record` lists them (`properties: [0, 2]`).
    /// Numbers of 32 and above are ignored (the kernel defines fewer than 32).
    public init(numbers: some Sequence<Int>) {
        var bits: UInt32 = 0
        for n in numbers where (0..<32).contains(n) { bits |= 1 << UInt32(n) }
        self.init(rawValue: bits)
    }

    /// `INPUT_PROP_POINTER` (0): an indirect device that needs a pointer.
    public static let pointer = InputProperties(rawValue: 1 << 0)
    /// `INPUT_PROP_DIRECT` (1): a direct-input device such as a touchscreen.
    public static let direct = InputProperties(rawValue: 1 << 1)
    /// `INPUT_PROP_BUTTONPAD` (2): a clickpad, the whole surface is a button.
    public static let buttonPad = InputProperties(rawValue: 1 << 2)
    /// `INPUT_PROP_SEMI_MT` (3): the slots hold the bounding box of the contacts, not the contacts.
    public static let semiMultitouch = InputProperties(rawValue: 1 << 3)
    /// `INPUT_PROP_TOPBUTTONPAD` (4): soft buttons at the top of the pad.
    public static let topButtonPad = InputProperties(rawValue: 1 << 4)

    /// The property numbers that are set, in ascending order.
    public var numbers: [Int] { (0..<32).filter { rawValue & (1 << UInt32($0)) != 0 } }

    public var description: String {
        let names = numbers.map { n -> String in
            switch n {
            case 0: "POINTER"
            case 1: "DIRECT"
            case 2: "BUTTONPAD"
            case 3: "SEMI_MT"
            case 4: "TOPBUTTONPAD"
            case 5: "POINTING_STICK"
            case 6: "ACCELEROMETER"
            default: "PROP_\(n)"
            }
        }
        return "[" + names.joined(separator: ", ") + "]"
    }
}
