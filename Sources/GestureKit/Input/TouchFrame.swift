/// Where a contact is in its life, as of one frame.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    /// The finger landed in this frame.
    case began
    /// The finger moved in this frame.
    case moved
    /// The finger is down and did not move in this frame.
    case stationary
    /// The finger lifted in this frame.
    case ended
    /// The system gave up on the contact (a device removed, `SYN_DROPPED`, a palm): no gesture may
    /// complete on it.
    case cancelled

    /// Whether the contact is still down after this frame.
    @inlinable public var isActive: Bool {
        switch self {
        case .began, .moved, .stationary: true
        case .ended, .cancelled: false
        }
    }

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .began: 0
        case .moved: 1
        case .stationary: 2
        case .ended: 3
        case .cancelled: 4
        }
    }
}

/// One contact in a frame.
public struct TouchContact: Hashable, Sendable {
    /// Identifies the contact for its whole life on its device (a seat slot or tracking id).
    /// Ids are per device and may be reused after the contact ended.
    public var id: Int
    /// The contact's phase in this frame.
    public var phase: TouchPhase
    /// Position in screen points (for a touchscreen, after the output mapping).
    public var location: Point
    /// Position on the sensor, in millimetres from its top-left corner.
    public var millimetres: Point
    /// Pressure from 0 to 1, when the device reports it.
    public var pressure: Double?
    /// The contact's major axis in millimetres, when the device reports it.
    public var majorAxisMillimetres: Double?
    /// Whether the device marked the contact as a palm (`MT_TOOL_PALM`).
    public var isPalm: Bool

    /// Creates a contact; pressure and axis are unknown and it is not a palm unless given.
    public init(
        id: Int, phase: TouchPhase, location: Point, millimetres: Point,
        pressure: Double? = nil, majorAxisMillimetres: Double? = nil, isPalm: Bool = false
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.millimetres = millimetres
        self.pressure = pressure
        self.majorAxisMillimetres = majorAxisMillimetres
        self.isPalm = isPalm
    }
}

/// Every contact of one device at one moment: what evdev's `SYN_REPORT` or libinput's `TOUCH_FRAME`
/// closes.
///
/// A frame lists each contact whose state is known: began, moved, stationary, ended or cancelled.
/// A contact absent from a frame is taken as stationary (a frame sent from inside one of the
/// engine's callbacks changes no phase of the contacts it leaves out). Producers that feed frames at a high rate
/// keep one `TouchFrame` and reuse its `contacts` storage (`removeAll(keepingCapacity: true)`), so a
/// steady stream allocates nothing.
public struct TouchFrame: Hashable, Sendable {
    /// The device the contacts are on.
    public var device: DeviceID
    /// When the frame happened, on the device clock.
    public var timestamp: Timestamp
    /// The contacts.
    public var contacts: [TouchContact]
    /// Fingers the hardware counted (`BTN_TOOL_*TAP`) when it counts more than it tracks, as
    /// semi-MT touchpads do; `nil` when `contacts` is the whole truth.
    public var reportedFingerCount: Int?

    /// Creates a frame.
    public init(device: DeviceID, timestamp: Timestamp, contacts: [TouchContact] = [], reportedFingerCount: Int? = nil) {
        self.device = device
        self.timestamp = timestamp
        self.contacts = contacts
        self.reportedFingerCount = reportedFingerCount
    }
}
