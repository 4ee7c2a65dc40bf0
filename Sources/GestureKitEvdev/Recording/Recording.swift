/// One device of a ``Recording``: its description and its events in time order.
public struct RecordedDevice: Hashable, Sendable {
    /// The device node it was recorded from (`/dev/input/event5`), when known.
    public var node: String?
    /// What the device is.
    public var description: DeviceDescription
    /// Its events, in order. Times are relative to the recording's first event.
    public var events: [EvdevEvent]

    /// Creates a recorded device.
    public init(node: String? = nil, description: DeviceDescription, events: [EvdevEvent] = []) {
        self.node = node
        self.description = description
        self.events = events
    }
}

/// A recording of one or more evdev devices, from evemu (``EvemuReader``) or `libinput record`
/// (``LibinputRecordReader``), or built in code and written with ``LibinputRecordWriter``.
///
/// Timestamps are rebased: the earliest event of the recording is at `Timestamp.zero`.
public struct Recording: Hashable, Sendable {
    /// Where the recording came from (a file name), for messages.
    public var source: String?
    /// The devices, each with its events.
    public var devices: [RecordedDevice]

    /// Creates a recording.
    public init(source: String? = nil, devices: [RecordedDevice]) {
        self.source = source
        self.devices = devices
    }

    /// Checks every event against its device description: known types and codes, and only codes
    /// the device declares.
    /// - Throws: ``EvdevError`` naming the source and the device index of the first bad event.
    public func validate() throws(EvdevError) {
        for device in devices {
            for event in device.events {
                if let reason = Self.problem(with: event, in: device.description) {
                    throw EvdevError(file: source, reason)
                }
            }
        }
    }

    /// Why `event` does not belong to a device described by `description`, or `nil` when it does.
    static func problem(with event: EvdevEvent, in description: DeviceDescription) -> EvdevError.Reason? {
        guard event.type.isKnown else { return .unknownEventType(event.type.rawValue) }
        let code = event.eventCode
        guard code.isKnown else { return .unknownEventCode(code) }
        guard description.supports(code) || code == .synMTReport && description.supports(.mtPositionX) else {
            return .undeclaredCode(code)
        }
        return nil
    }
}
