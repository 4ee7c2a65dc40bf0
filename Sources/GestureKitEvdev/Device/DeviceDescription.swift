/// Everything a recording says about an evdev device: identity, properties, the codes it
/// supports and its absolute axes. What evemu's `N:`/`I:`/`P:`/`B:`/`A:` lines and the `evdev:`
/// section of `libinput record` hold.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel's name for the device.
    public var name: String
    /// `BUS_*` of the device (3 USB, 0x11 i8042, 0x18 I²C, …).
    public var bus: UInt16
    /// The vendor id.
    public var vendor: UInt16
    /// The product id.
    public var product: UInt16
    /// The version.
    public var version: UInt16
    /// The `INPUT_PROP_*` bits, or `nil` when the recording has no properties at all (old evemu
    /// files lack the `P:` line). ``classification`` treats `nil` like an empty set.
    public var properties: InputProperties?
    /// The supported codes of each supported type.
    public var codes: [EventType: Set<UInt16>]
    /// The absolute axes, by `ABS_*` code.
    public var absInfo: [UInt16: AbsInfo]

    /// Creates a description.
    public init(
        name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        properties: InputProperties? = [], codes: [EventType: Set<UInt16>] = [:], absInfo: [UInt16: AbsInfo] = [:]
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
    }

    /// Whether the device declares `code`. `EV_SYN` codes `SYN_REPORT`, `SYN_CONFIG` and
    /// `SYN_DROPPED` are always supported, as the kernel supports them on every device.
    public func supports(_ code: EventCode) -> Bool {
        if code.type == .syn, code.code != EventCode.synMTReport.code, code.code <= 3 { return true }
        return codes[code.type]?.contains(code.code) ?? false
    }

    /// The axis description of an `EV_ABS` code, when the device declares it.
    public func absInfo(for code: EventCode) -> AbsInfo? {
        guard code.type == .abs, supports(code) else { return nil }
        return absInfo[code.code]
    }

    /// Declares `code` as supported (and, for an axis, its range).
    public mutating func declare(_ code: EventCode, absInfo info: AbsInfo? = nil) {
        codes[code.type, default: []].insert(code.code)
        if let info, code.type == .abs { absInfo[code.code] = info }
    }

    /// The number of slots (`ABS_MT_SLOT` maximum + 1, at least 1), or `nil` without slots.
    /// The kernel allows at most ``RecordingLimits/maximumSlotCount``; a larger count makes the
    /// device unsupported (``classification``).
    public var slotCount: Int? {
        guard let slot = absInfo(for: .mtSlot) else { return nil }
        return max(Int(slot.maximum) + 1, 1)
    }
}
