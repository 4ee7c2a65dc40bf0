import Glibc
import GestureKit

/// Why the libinput backend could not start or keep running. Each description says what happened
/// and, where the fix is on the user's side, what to do.
public enum LibinputBackendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libinput or libudev could not create a context (`udev_new`,
    /// `libinput_udev_create_context`, `libinput_path_create_context`).
    case contextCreationFailed(errno: Int32)
    /// `libinput_udev_assign_seat` failed.
    case seatAssignmentFailed(seat: String, errno: Int32)
    /// Device nodes exist but could not be opened for lack of permission (`EACCES`/`EPERM`) through
    /// `access`, and no touch device could be used.
    case permissionDenied(paths: [String], access: DeviceAccessPath)
    /// A path given to the path backend does not exist.
    case deviceNotFound(path: String)
    /// libinput refused a path given to the path backend; `errno` is what `open` returned, if it
    /// failed (0 when libinput rejected a device it could open).
    case deviceRejected(path: String, errno: Int32)
    /// Devices were found, but none is a touchscreen or a touchpad with gestures.
    case noTouchDevices(seen: [LibinputDeviceSummary])
    /// `libinput_dispatch` failed.
    case dispatchFailed(errno: Int32)
    /// `poll` failed.
    case pollFailed(errno: Int32)
    /// The wake pipe or the signal handlers could not be set up.
    case eventLoopSetupFailed(errno: Int32)
    /// The device id names no device the backend holds.
    case unknownDevice(DeviceID)
    /// The device has no calibration matrix, or libinput refused the one given.
    case calibrationNotApplied(DeviceID)

    // Seat access (`SeatAccess`).

    /// libseat could not open a seat session (`libseat_open_seat`): no seatd the user may use, no
    /// logind session with a seat, and libseat's builtin backend not allowed.
    case libseatUnavailable(errno: Int32)
    /// libseat opened the seat, but it did not become active in time: another session holds it.
    case seatInactive(seat: String)
    /// `libseat_dispatch` failed.
    case seatDispatchFailed(errno: Int32)
    /// `libinput_resume` failed after the seat came back.
    case resumeFailed(errno: Int32)

    /// What to do when a device node cannot be opened with `open(2)` for lack of permission.
    public static let permissionHint =
        "run inside a seatd or logind session so that libseat opens them, "
        + "add the user to the 'input' group (e.g. `sudo usermod -aG input $USER`, then log in again), "
        + "give the user an ACL on the device nodes (logind grants one for devices udev tags 'uaccess'), "
        + "or run as root"

    /// What to do when a device node cannot be opened through `access` for lack of permission.
    public static func permissionHint(for access: DeviceAccessPath) -> String {
        switch access {
        case .hostCallbacks:
            "the host's open callback refused it: its seat session must be active and own the device"
        case .libseat(let seat):
            "libseat refused it: the node must belong to seat \"\(seat)\" and the session must be active"
        case .direct: "to read input devices, " + permissionHint
        }
    }

    /// What to do when libseat cannot open a seat session.
    static let libseatHint =
        "start seatd and add the user to its group (Debian: `seatd -g video`), or run inside a logind "
        + "session that has a seat (a local console login, not ssh); or open nodes directly "
        + "(`SeatAccess.direct`), which needs the 'input' group"

    public var description: String {
        switch self {
        case .contextCreationFailed(let e):
            "could not create a libinput context: \(Self.describe(errno: e))"
        case .seatAssignmentFailed(let seat, let e):
            "could not assign seat \"\(seat)\" to libinput: \(Self.describe(errno: e))"
        case .permissionDenied(let paths, let access):
            "permission denied opening \(paths.joined(separator: ", ")) through \(access); "
                + Self.permissionHint(for: access)
        case .deviceNotFound(let path):
            "no such input device: \(path)"
        case .deviceRejected(let path, let e):
            e == 0
                ? "libinput did not accept \(path) as an input device"
                : "libinput could not open \(path): \(Self.describe(errno: e))"
        case .noTouchDevices(let seen):
            seen.isEmpty
                ? "no input devices found (is this the right seat, and is udev running?)"
                : "no touchscreen or touchpad found among \(seen.count) device(s):\n"
                    + seen.map { "  \($0)" }.joined(separator: "\n")
        case .dispatchFailed(let e):
            "libinput_dispatch failed: \(Self.describe(errno: e))"
        case .pollFailed(let e):
            "poll failed: \(Self.describe(errno: e))"
        case .eventLoopSetupFailed(let e):
            "could not set up the event loop: \(Self.describe(errno: e))"
        case .unknownDevice(let id):
            "no libinput device with id \(id)"
        case .calibrationNotApplied(let id):
            "\(id) does not accept a calibration matrix"
        case .libseatUnavailable(let e):
            "libseat could not open a seat session (with the backends it was built with, or the one "
                + "LIBSEAT_BACKEND names): \(Self.describe(errno: e)); " + Self.libseatHint
        case .seatInactive(let seat):
            "libseat opened seat \"\(seat)\", but it did not become active within 2 s: another session "
                + "holds it (switch to this session's virtual terminal, or stop the other compositor)"
        case .seatDispatchFailed(let e):
            "libseat_dispatch failed: \(Self.describe(errno: e))"
        case .resumeFailed(let e):
            "libinput_resume failed after the seat came back: \(Self.describe(errno: e))"
        }
    }

    /// `strerror` for a positive or negative errno, with the number.
    static func describe(errno e: Int32) -> String {
        let code = e < 0 ? -e : e
        guard let text = strerror(code) else { return "errno \(code)" }
        return "\(String(cString: text)) (errno \(code))"
    }
}
