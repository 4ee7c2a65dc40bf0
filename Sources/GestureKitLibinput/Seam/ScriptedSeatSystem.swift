import Glibc

/// A ``SeatSystem`` that plays a script instead of calling libseat: a seat session that opens or
/// fails as told, hands out descriptors for device nodes, delivers scripted enable and disable
/// events, and records every call. For tests, and for demos without a seat manager.
public final class ScriptedSeatSystem: SeatSystem {
    /// A call the backend made, named after the ``SeatSystem`` requirement it went through.
    public enum Call: Hashable, Sendable {
        /// ``SeatSystem/openSeat()``.
        case openSeat
        /// ``SeatSystem/dispatch(timeoutMilliseconds:into:)``, with the timeout asked for.
        case dispatch(timeoutMilliseconds: Int32)
        /// ``SeatSystem/openDevice(_:deviceID:)``.
        case openDevice(String)
        /// ``SeatSystem/closeDevice(_:)``.
        case closeDevice(Int32)
        /// ``SeatSystem/disableSeat()``.
        case disableSeat
        /// ``SeatSystem/closeSeat()``, when a session was open.
        case closeSeat
    }

    /// The errno ``openSeat()`` fails with, or 0 when it opens.
    public var openSeatErrno: Int32
    /// The seat's name.
    public var name: String
    /// Events the next dispatch delivers, in order. Opening queues ``SeatEvent/enabled`` when
    /// ``enablesOnOpen`` is set.
    public var pendingEvents: [SeatEvent] = []
    /// Whether opening queues ``SeatEvent/enabled`` (as seatd and logind do for an active session).
    public var enablesOnOpen = true
    /// The errno ``openDevice(_:deviceID:)`` fails with, by path; other paths open.
    public var deviceErrnos: [String: Int32] = [:]
    /// What ``runsAsRoot()`` answers.
    public var root = false
    /// The errno ``dispatch(timeoutMilliseconds:into:)`` fails with after delivering
    /// ``pendingEvents`` (as libseat's can once its listener has run, when the connection to the
    /// seat manager breaks), or 0 when it succeeds.
    public var dispatchErrno: Int32 = 0
    /// Every call, in order.
    public private(set) var calls: [Call] = []
    /// Devices currently open, by libseat device id: the path and the descriptor.
    public private(set) var openDevices: [Int32: (path: String, fd: Int32)] = [:]
    /// Whether a session is open.
    public private(set) var isOpen = false
    /// Whether the session is enabled (between ``SeatEvent/enabled`` and ``disableSeat()``).
    public private(set) var isEnabled = false

    private var nextDeviceID: Int32 = 1
    private var nextDescriptor: Int32 = 300

    /// The descriptor the scripted session reports.
    public static let sessionDescriptor: Int32 = 103

    /// Creates a session that opens `seat` (or fails with `openSeatErrno`).
    public init(seat: String = "seat0", openSeatErrno: Int32 = 0) {
        self.name = seat
        self.openSeatErrno = openSeatErrno
    }

    /// A session that cannot open: no seatd socket and no logind session with a seat (`ENOENT`).
    public static func unavailable() -> ScriptedSeatSystem {
        ScriptedSeatSystem(openSeatErrno: ENOENT)
    }

    /// Records the call; opens unless ``openSeatErrno`` is set.
    public func openSeat() -> Int32 {
        calls.append(.openSeat)
        guard openSeatErrno == 0 else { return -openSeatErrno }
        isOpen = true
        if enablesOnOpen { pendingEvents.append(.enabled) }
        return 0
    }

    /// ``name`` while a session is open.
    public func seatName() -> String? { isOpen ? name : nil }

    /// ``sessionDescriptor`` while a session is open.
    public func fileDescriptor() -> Int32 { isOpen ? Self.sessionDescriptor : -1 }

    /// Records the call and delivers ``pendingEvents``; then fails with ``dispatchErrno`` if set.
    public func dispatch(timeoutMilliseconds: Int32, into events: inout [SeatEvent]) -> Int32 {
        calls.append(.dispatch(timeoutMilliseconds: timeoutMilliseconds))
        guard isOpen else { return -EBADF }
        let delivered = pendingEvents
        pendingEvents.removeAll()
        for event in delivered where event == .enabled { isEnabled = true }
        events.append(contentsOf: delivered)
        return dispatchErrno != 0 ? -dispatchErrno : Int32(delivered.count)
    }

    /// Records the call; fails while disabled (`EPERM`, as libseat does) or with the path's
    /// ``deviceErrnos`` entry.
    public func openDevice(_ path: String, deviceID: inout Int32) -> Int32 {
        calls.append(.openDevice(path))
        guard isOpen else { return -EBADF }
        guard isEnabled else { return -EPERM }
        if let e = deviceErrnos[path], e != 0 { return -e }
        let id = nextDeviceID
        let fd = nextDescriptor
        nextDeviceID += 1
        nextDescriptor += 1
        openDevices[id] = (path, fd)
        deviceID = id
        return fd
    }

    /// Records the call and forgets the device.
    public func closeDevice(_ deviceID: Int32) -> Int32 {
        calls.append(.closeDevice(deviceID))
        return openDevices.removeValue(forKey: deviceID) == nil ? -ENOENT : 0
    }

    /// Records the call; the session is disabled until the next ``SeatEvent/enabled``.
    public func disableSeat() -> Int32 {
        calls.append(.disableSeat)
        isEnabled = false
        return 0
    }

    /// ``root``.
    public func runsAsRoot() -> Bool { root }

    /// Records the call and ends the session.
    public func closeSeat() {
        guard isOpen else { return }
        calls.append(.closeSeat)
        isOpen = false
        isEnabled = false
    }
}
