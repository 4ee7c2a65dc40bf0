/// What a seat session tells its owner (libseat's `struct libseat_seat_listener`).
public enum SeatEvent: Hashable, Sendable {
    /// `enable_seat`: the seat is active; devices may be (re)opened.
    case enabled
    /// `disable_seat`: the seat is going away (a VT or session switch). The owner must stop using
    /// its devices, close them, and acknowledge with ``SeatSystem/disableSeat()``.
    case disabled
}

/// Every libseat call the backend makes, behind one protocol.
///
/// ``LiveSeatSystem`` calls libseat; ``ScriptedSeatSystem`` plays a script and records calls, so
/// choosing, falling back and suspending are tested without seatd or logind. A ``LibinputSystem``
/// makes the seat system that goes with it (``LibinputSystem/makeSeatSystem()``). Used from one
/// thread only; not `Sendable`.
///
/// Calls that can fail return a non-negative result on success and `-errno` on failure.
public protocol SeatSystem: AnyObject {
    /// Opens a seat session (`libseat_open_seat`): seatd, logind or libseat's builtin backend,
    /// whichever works first. Events the listener receives meanwhile are kept for the next
    /// ``dispatch(timeoutMilliseconds:into:)``. Returns 0 or `-errno`.
    func openSeat() -> Int32
    /// The seat's name (`libseat_seat_name`), or `nil` without a session.
    func seatName() -> String?
    /// The session's pollable descriptor (`libseat_get_fd`), or -1.
    func fileDescriptor() -> Int32
    /// Reads the session's messages (`libseat_dispatch`), waiting up to `timeoutMilliseconds`
    /// (0: not at all), and appends the listener's events to `events`. Returns the count of
    /// messages read, or `-errno`.
    func dispatch(timeoutMilliseconds: Int32, into events: inout [SeatEvent]) -> Int32
    /// Opens a device node on the seat (`libseat_open_device`). Returns the descriptor or `-errno`;
    /// `deviceID` receives libseat's id for ``closeDevice(_:)``.
    func openDevice(_ path: String, deviceID: inout Int32) -> Int32
    /// Closes a device opened with ``openDevice(_:deviceID:)`` (`libseat_close_device`). Returns 0
    /// or `-errno`.
    func closeDevice(_ deviceID: Int32) -> Int32
    /// Acknowledges ``SeatEvent/disabled`` (`libseat_disable_seat`). Returns 0 or `-errno`.
    func disableSeat() -> Int32
    /// Ends the session (`libseat_close_seat`). Safe to call twice.
    func closeSeat()
    /// Whether the process runs as root (`geteuid() == 0`). ``SeatAccess/automatic`` does not try
    /// libseat then: root opens nodes itself, and libseat's builtin backend would take the virtual
    /// terminal (graphics mode, keyboard off) as a compositor does.
    func runsAsRoot() -> Bool
}
