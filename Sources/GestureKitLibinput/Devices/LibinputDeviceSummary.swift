import Glibc
import GestureKit

/// One device the backend saw, for listings such as `gesture-demo devices`: the devices libinput
/// added (touch or not) and the device nodes it could not open.
public struct LibinputDeviceSummary: Hashable, Sendable, CustomStringConvertible {
    /// Whether the device node could be opened.
    public enum Access: Hashable, Sendable {
        /// Opened and added by libinput.
        case opened
        /// `open` failed with `EACCES` or `EPERM`.
        case permissionDenied(errno: Int32)
        /// `open` failed for another reason, or libinput refused the device.
        case failed(errno: Int32)

        /// A stable word for the outcome, for machine-readable output: `opened`,
        /// `permission-denied`, `rejected` (opened, but libinput did not take it: errno 0), or
        /// `failed` (the errno is apart, in ``errno``).
        public var name: String {
            switch self {
            case .opened: "opened"
            case .permissionDenied: "permission-denied"
            case .failed(let e): e == 0 ? "rejected" : "failed"
            }
        }

        /// The `open` error, for an outcome with one.
        public var errno: Int32? {
            switch self {
            case .opened: nil
            case .permissionDenied(let e): e
            case .failed(let e): e == 0 ? nil : e
            }
        }
    }

    /// The id the backend gave it, when it is a touch device it added.
    public var id: DeviceID?
    /// The kernel's name, when the device could be opened.
    public var name: String?
    /// The device node, e.g. `/dev/input/event5`, when known.
    public var node: String?
    /// `touchscreen` or `touchpad`, or `nil` when it is neither (a keyboard, a mouse…).
    public var kind: DeviceKind?
    /// libinput's capabilities, when the device could be opened.
    public var capabilities: RawDeviceCapabilities
    /// The sensor's size, when the device reports a resolution.
    public var sizeMillimetres: Size?
    /// The slot count, when known.
    public var maximumContacts: Int?
    /// Whether the node could be opened.
    public var access: Access
    /// How the backend opened (or tried to open) the node, when known: ``hint`` gives the
    /// permission fix that fits it.
    public var openedThrough: DeviceAccessPath?

    /// Creates a summary.
    public init(
        id: DeviceID? = nil, name: String? = nil, node: String? = nil, kind: DeviceKind? = nil,
        capabilities: RawDeviceCapabilities = [], sizeMillimetres: Size? = nil, maximumContacts: Int? = nil,
        access: Access, openedThrough: DeviceAccessPath? = nil
    ) {
        self.openedThrough = openedThrough
        self.id = id
        self.name = name
        self.node = node
        self.kind = kind
        self.capabilities = capabilities
        self.sizeMillimetres = sizeMillimetres
        self.maximumContacts = maximumContacts
        self.access = access
    }

    /// Whether the device reports a real resolution, so that millimetre figures are exact.
    public var hasResolution: Bool { sizeMillimetres != nil }

    /// What to do about the device, when something is wrong with it: the permission fix for a
    /// node that could not be opened (for the way it was opened, ``openedThrough``: the host's
    /// session or libseat's seat when it went through them, else the ways to read the node), a
    /// note for a touch device without resolution.
    public var hint: String? {
        switch access {
        case .permissionDenied:
            if let through = openedThrough {
                switch through {
                case .hostCallbacks, .libseat: return LibinputBackendError.permissionHint(for: through)
                case .direct: break
                }
            }
            return LibinputBackendError.permissionHint
        case .failed(let e): return e == 0 ? "libinput did not accept the device" : LibinputBackendError.describe(errno: e)
        case .opened:
            if kind != nil && !hasResolution { return "no resolution: sizes are estimates in points" }
            return nil
        }
    }

    public var description: String {
        var parts: [String] = []
        if let node { parts.append(node) }
        if let name { parts.append("\"\(name)\"") }
        parts.append(kind?.rawValue ?? (access == .opened ? "not a touch device" : "unknown"))
        if let size = sizeMillimetres { parts.append("\(size) mm") } else if kind != nil { parts.append("no resolution") }
        switch access {
        case .opened: break
        case .permissionDenied: parts.append("permission denied")
        case .failed(let e): parts.append(e == 0 ? "rejected" : "open failed: \(LibinputBackendError.describe(errno: e))")
        }
        return parts.joined(separator: " ")
    }

    /// Classifies an `open` failure.
    static func access(forOpenResult result: Int32) -> Access {
        if result >= 0 { return .opened }
        let e = -result
        return e == EACCES || e == EPERM ? .permissionDenied(errno: e) : .failed(errno: e)
    }
}
