import CLibseat
import Glibc

/// The ``SeatSystem`` that calls libseat.
///
/// It owns one `struct libseat` at a time, from ``openSeat()`` to ``closeSeat()`` (or `deinit`).
/// libseat reports `enable_seat` and `disable_seat` through a listener while it dispatches; the
/// listener finds this object through its user data and keeps the events until
/// ``dispatch(timeoutMilliseconds:into:)`` hands them on. Like the session, it belongs to one
/// thread and is not `Sendable`.
public final class LiveSeatSystem: SeatSystem {
    private var seat: OpaquePointer?
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    private var received: [SeatEvent] = []

    /// Creates a system with no session yet.
    public init() {
        listener = .allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(
            enable_seat: { _, userData in
                guard let userData else { return }
                Unmanaged<LiveSeatSystem>.fromOpaque(userData).takeUnretainedValue().received.append(.enabled)
            },
            disable_seat: { _, userData in
                guard let userData else { return }
                Unmanaged<LiveSeatSystem>.fromOpaque(userData).takeUnretainedValue().received.append(.disabled)
            }))
    }

    deinit {
        closeSeat()
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// `libseat_open_seat`, with this object as the listener's user data (unretained: the session
    /// never outlives it).
    public func openSeat() -> Int32 {
        closeSeat()
        errno = 0
        guard let opened = libseat_open_seat(listener, Unmanaged.passUnretained(self).toOpaque()) else {
            return -(errno == 0 ? ENODEV : errno)
        }
        seat = opened
        return 0
    }

    /// `libseat_seat_name`.
    public func seatName() -> String? {
        guard let seat, let name = libseat_seat_name(seat) else { return nil }
        return String(cString: name)
    }

    /// `libseat_get_fd`.
    public func fileDescriptor() -> Int32 {
        guard let seat else { return -1 }
        return libseat_get_fd(seat)
    }

    /// `libseat_dispatch`, then the events the listener received (during the call or before it).
    public func dispatch(timeoutMilliseconds: Int32, into events: inout [SeatEvent]) -> Int32 {
        guard let seat else { return -EBADF }
        let result = libseat_dispatch(seat, timeoutMilliseconds)
        let failure = result < 0 ? -(errno == 0 ? EIO : errno) : 0
        events.append(contentsOf: received)
        received.removeAll()
        return result < 0 ? failure : result
    }

    /// `libseat_open_device`.
    public func openDevice(_ path: String, deviceID: inout Int32) -> Int32 {
        guard let seat else { return -EBADF }
        var fd: Int32 = -1
        let id = libseat_open_device(seat, path, &fd)
        if id < 0 { return -(errno == 0 ? EIO : errno) }
        deviceID = id
        return fd
    }

    /// `libseat_close_device`.
    public func closeDevice(_ deviceID: Int32) -> Int32 {
        guard let seat else { return -EBADF }
        return libseat_close_device(seat, deviceID) == 0 ? 0 : -(errno == 0 ? EIO : errno)
    }

    /// `libseat_disable_seat`.
    public func disableSeat() -> Int32 {
        guard let seat else { return -EBADF }
        return libseat_disable_seat(seat) == 0 ? 0 : -(errno == 0 ? EIO : errno)
    }

    /// `geteuid() == 0`.
    public func runsAsRoot() -> Bool { geteuid() == 0 }

    /// `libseat_close_seat`.
    public func closeSeat() {
        if let seat { _ = libseat_close_seat(seat) }
        seat = nil
        received.removeAll()
    }
}
