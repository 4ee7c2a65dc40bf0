import GestureKit

/// How a ``Replayer`` turns a recording into engine input.
public struct ReplayOptions: Hashable, Sendable {
    /// How touch positions become points.
    public var mapping: OutputMapping
    /// Whether touchpad devices are replayed as raw touches. Off by default: a touchpad's own
    /// gestures (swipe, pinch, hold as libinput recognizes them) come only from the libinput
    /// backend, and its raw touches are not screen positions. Turn it on to study the fingers.
    public var includesTouchpads: Bool
    /// Whether devices GestureKit cannot decode (multitouch protocol A, non-touch devices) are
    /// skipped. Off by default: such a device is an error.
    public var skipsUnsupportedDevices: Bool
    /// How long virtual time runs on after the last event, so that pending timers fire.
    public var tail: Duration
    /// Where the recording's zero lies on the engine's clock. A replay on an engine already past
    /// it starts at the engine's time instead (see ``Replayer``).
    public var startTime: Timestamp
    /// The id of the first replayed device; the next ones count up.
    public var firstDeviceID: Int
    /// Whether each device is removed (`.deviceRemoved`) at the end of the tail.
    public var removesDevicesAtEnd: Bool
    /// Options for each device's ``TouchDecoder``.
    public var decoder: TouchDecoder.Options

    /// Creates options.
    public init(
        mapping: OutputMapping, includesTouchpads: Bool = false, skipsUnsupportedDevices: Bool = false,
        tail: Duration = .seconds(1), startTime: Timestamp = .zero, firstDeviceID: Int = 1,
        removesDevicesAtEnd: Bool = false, decoder: TouchDecoder.Options = .init()
    ) {
        self.mapping = mapping
        self.includesTouchpads = includesTouchpads
        self.skipsUnsupportedDevices = skipsUnsupportedDevices
        self.tail = tail
        self.startTime = startTime
        self.firstDeviceID = firstDeviceID
        self.removesDevicesAtEnd = removesDevicesAtEnd
        self.decoder = decoder
    }
}
