import Glibc

/// How the backend opens the device nodes libinput asks for (its `open_restricted` and
/// `close_restricted`).
///
/// ```swift
/// var configuration = LibinputBackend.Configuration.seat()
/// configuration.seatAccess = .libseat   // seatd or logind, no `input` group needed
/// ```
public enum SeatAccess: Sendable {
    /// libseat when a seat session can be opened (seatd, or logind for a session that has a seat);
    /// otherwise `open(2)` on the node. The default. Root uses `open(2)` without trying libseat:
    /// it needs no seat to read the nodes, and libseat's builtin backend would take the virtual
    /// terminal (graphics mode, keyboard off) as a compositor does.
    case automatic
    /// libseat only: opening the backend fails when no seat session can be opened or it does not
    /// become active.
    case libseat
    /// `open(2)` on the node: the user needs read access to it (the `input` group, a udev
    /// `uaccess` ACL, or root).
    case direct
    /// The host's own open/close pair, for a host that already holds a seat session (a compositor
    /// with libseat or logind's `TakeDevice`). The backend never opens a node itself.
    case host(HostDeviceAccess)
}

/// A host's open/close pair: how a program that already holds a seat session lends the backend
/// its device descriptors.
///
/// Both closures run on the thread that opens and dispatches the backend, while libinput opens
/// and releases devices (`open_restricted`, `close_restricted`). The backend calls `close` once for
/// every descriptor `open` returned, by the time ``LibinputBackend/close()`` returns.
///
/// ```swift
/// let access = HostDeviceAccess(
///     open: { path, _ in compositor.seat.openDevice(path) },   // a descriptor, or -errno
///     close: { fd in compositor.seat.closeDevice(fd) })
/// var configuration = LibinputBackend.Configuration.seat()
/// configuration.seatAccess = .host(access)
/// ```
///
/// When the host's session is disabled (a VT switch), the host calls
/// ``LibinputBackend/suspend(into:)``, and ``LibinputBackend/resume(into:)`` when it is enabled again.
public struct HostDeviceAccess: Sendable {
    /// Opens `path` with `flags` (libinput's, plus `O_NONBLOCK | O_CLOEXEC`); returns the
    /// descriptor, or `-errno` (`-EACCES` when the host may not open it).
    public var open: @Sendable (_ path: String, _ flags: Int32) -> Int32
    /// Releases a descriptor `open` returned.
    public var close: @Sendable (_ fd: Int32) -> Void

    /// Creates the pair.
    public init(
        open: @escaping @Sendable (_ path: String, _ flags: Int32) -> Int32,
        close: @escaping @Sendable (_ fd: Int32) -> Void
    ) {
        self.open = open
        self.close = close
    }
}

/// How a backend opened its device nodes, as chosen from ``SeatAccess`` when it opened. Errors
/// and listings name it, so a permission problem points at the right fix.
public enum DeviceAccessPath: Hashable, Sendable, CustomStringConvertible {
    /// The host's open/close pair (``SeatAccess/host(_:)``).
    case hostCallbacks
    /// A libseat session on the named seat.
    case libseat(seat: String)
    /// `open(2)` on the node. `libseatErrno` is why libseat was not used when it was tried first
    /// (``SeatAccess/automatic``), `nil` when it was not tried (``SeatAccess/direct``).
    case direct(libseatErrno: Int32?)

    public var description: String {
        switch self {
        case .hostCallbacks: "the host's open/close callbacks"
        case .libseat(let seat): "libseat (seat \(seat))"
        case .direct(nil): "open(2)"
        case .direct(let e?):
            "open(2), after libseat could not open a seat session (\(LibinputBackendError.describe(errno: e)))"
        }
    }

    /// A short name for listings: `host`, `libseat` or `direct`.
    public var name: String {
        switch self {
        case .hostCallbacks: "host"
        case .libseat: "libseat"
        case .direct: "direct"
        }
    }
}
