import Glibc

/// One open libseat session, as the backend uses it: opened and waited on until enabled, device
/// descriptors mapped to libseat's device ids, and disabling acknowledged.
final class LibseatSession {
    let seat: any SeatSystem
    /// The seat's name, as libseat reports it.
    let name: String
    private(set) var isEnabled = false
    private var deviceIDs: [Int32: Int32] = [:]

    /// How long opening waits for the seat to become active: this many dispatches of
    /// ``enableWaitMilliseconds`` each (2 s in all).
    static let enableWaitAttempts = 20
    static let enableWaitMilliseconds: Int32 = 100

    private init(seat: any SeatSystem, name: String) {
        self.seat = seat
        self.name = name
    }

    /// Opens a session and waits until the seat is enabled.
    ///
    /// - Throws: ``LibinputBackendError/libseatUnavailable(errno:)`` when no session opens,
    ///   ``LibinputBackendError/seatInactive(seat:)`` when it does not become active in time,
    ///   ``LibinputBackendError/seatDispatchFailed(errno:)``.
    static func open(_ seat: any SeatSystem) throws -> LibseatSession {
        let result = seat.openSeat()
        if result < 0 { throw LibinputBackendError.libseatUnavailable(errno: -result) }
        let session = LibseatSession(seat: seat, name: seat.seatName() ?? "?")
        do {
            for _ in 0..<enableWaitAttempts where !session.isEnabled {
                var events: [SeatEvent] = []
                let status = seat.dispatch(timeoutMilliseconds: enableWaitMilliseconds, into: &events)
                if status < 0 { throw LibinputBackendError.seatDispatchFailed(errno: -status) }
                for event in events { session.note(event) }
            }
            if !session.isEnabled { throw LibinputBackendError.seatInactive(seat: session.name) }
        } catch {
            seat.closeSeat()
            throw error
        }
        return session
    }

    /// Records an event; a disable before the backend has devices is acknowledged at once.
    func note(_ event: SeatEvent) {
        switch event {
        case .enabled: isEnabled = true
        case .disabled: acknowledgeDisable()
        }
    }

    /// `libseat_disable_seat`, after the devices have been closed.
    func acknowledgeDisable() {
        isEnabled = false
        _ = seat.disableSeat()
    }

    /// Reads the session's messages without waiting: the events the listener received, and the
    /// read's failure, if any. A read can fail after the listener has heard an event (the seat
    /// disabled, then the connection lost): the events come back with the failure.
    func dispatch() -> (events: [SeatEvent], failure: LibinputBackendError?) {
        var events: [SeatEvent] = []
        let status = seat.dispatch(timeoutMilliseconds: 0, into: &events)
        return (events, status < 0 ? .seatDispatchFailed(errno: -status) : nil)
    }

    /// Opens `path` on the seat; returns the descriptor or `-errno`.
    func openDevice(_ path: String) -> Int32 {
        var id: Int32 = -1
        let fd = seat.openDevice(path, deviceID: &id)
        if fd >= 0 { deviceIDs[fd] = id }
        return fd
    }

    /// Closes a descriptor ``openDevice(_:)`` returned: libseat's `close_device`, then `close`
    /// through `closeDescriptor` (libseat leaves the descriptor to its caller). Returns whether
    /// the descriptor was the session's.
    func closeDevice(_ fd: Int32, closeDescriptor: (Int32) -> Void) -> Bool {
        guard let id = deviceIDs.removeValue(forKey: fd) else { return false }
        _ = seat.closeDevice(id)
        closeDescriptor(fd)
        return true
    }

    /// Ends the session. Devices still open are closed first.
    func close(closeDescriptor: (Int32) -> Void) {
        for fd in Array(deviceIDs.keys) { _ = closeDevice(fd, closeDescriptor: closeDescriptor) }
        seat.closeSeat()
    }
}
