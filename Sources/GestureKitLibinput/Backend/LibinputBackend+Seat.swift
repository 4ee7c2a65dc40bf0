import Glibc
import GestureKit

extension LibinputBackend {
    /// Picks how device nodes are opened, before libinput opens any: the host's pair, a libseat
    /// session (waited on until the seat is active), or `open(2)`. In ``SeatAccess/automatic``,
    /// root opens nodes with `open(2)` without trying libseat, and a seat session that cannot open
    /// or stays inactive falls back to `open(2)`, with the reason kept in ``deviceAccess``.
    func chooseDeviceAccess() throws {
        switch configuration.seatAccess {
        case .host(let pair):
            access.route = .host(pair)
            deviceAccess = .hostCallbacks
        case .direct:
            access.route = .direct
            deviceAccess = .direct(libseatErrno: nil)
        case .libseat:
            useSession(try LibseatSession.open(system.makeSeatSystem()))
        case .automatic:
            let seat = system.makeSeatSystem()
            if seat.runsAsRoot() {
                access.route = .direct
                deviceAccess = .direct(libseatErrno: nil)
                break
            }
            do {
                useSession(try LibseatSession.open(seat))
            } catch let error as LibinputBackendError {
                let e: Int32 =
                    switch error {
                    case .libseatUnavailable(let e), .seatDispatchFailed(let e): e
                    case .seatInactive: EBUSY
                    default: EIO
                    }
                logger.debug("\(error); opening device nodes with open(2)")
                access.route = .direct
                deviceAccess = .direct(libseatErrno: e)
            }
        }
        logger.info("opening device nodes through \(deviceAccess)")
    }

    private func useSession(_ session: LibseatSession) {
        seatSession = session
        access.route = .libseat(session)
        deviceAccess = .libseat(seat: session.name)
        if case .seat(let seat) = configuration.source, seat != session.name {
            logger.warning("libseat's seat is \"\(session.name)\" but the backend reads udev seat \"\(seat)\"")
        }
    }

    /// Ends the libseat session, if any, after the context has released its devices.
    func closeSeatSession() {
        seatSession?.close(closeDescriptor: { system.close($0) })
        seatSession = nil
    }

    /// The libseat session's descriptor, or `-1` when devices are not opened through libseat (or
    /// once closed). A host with its own poll loop polls it beside ``fileDescriptor`` and calls
    /// ``dispatch(into:)`` when either is readable. (`libseat_get_fd`.)
    public var seatFileDescriptor: Int32 {
        guard !isClosed, let seatSession else { return -1 }
        return seatSession.seat.fileDescriptor()
    }

    /// Reads the libseat session's messages without waiting: a disabled seat suspends the
    /// backend (then acknowledges, as libseat requires); an enabled one resumes it.
    func dispatchSeat(into handler: (InputEvent) -> Void) throws {
        guard let session = seatSession else { return }
        // What the listener heard before a failed read is acted on first: a disable is not lost.
        let (events, failure) = session.dispatch()
        for event in events {
            switch event {
            case .disabled:
                // Acknowledged whatever the suspend threw: it has released the devices by then.
                defer { session.acknowledgeDisable() }
                try suspend(into: handler)
            case .enabled:
                session.note(.enabled)
                try resume(into: handler)
            }
        }
        if let failure { throw failure }
    }

    /// Releases every device because the seat is going away (a VT or session switch), and ends
    /// every touch and touchpad gesture in flight.
    ///
    /// libinput closes the devices (`libinput_suspend`); `handler` receives what was still queued,
    /// then a `.deviceRemoved` for each touch device, so that an engine cancels the touches that
    /// were down (`GestureEngine` cancels a removed device's touches and gestures). Nothing is left
    /// active, whatever libinput itself reported.
    ///
    /// The backend does this itself when it holds the libseat session; a host that supplied its
    /// own open/close pair calls it from its seat's disable handler, before acknowledging.
    /// Calling it while suspended does nothing.
    ///
    /// - Throws: ``LibinputBackendError/dispatchFailed(errno:)`` when libinput fails to read what
    ///   it queued; the devices are released and their removals handed on all the same.
    public func suspend(into handler: (InputEvent) -> Void) throws {
        guard !isClosed, !isSuspended else { return }
        isSuspended = true
        flushPending(into: handler)
        mapper.keepSettingsForResume()
        system.suspend()
        // A cancel held back at the end is dropped, not released as read: every device goes,
        // and the engine cancels their touches as removed. A read that fails still ends them.
        var failure: (any Error)?
        do {
            try readEvents(releasingHeldCancel: false, into: handler)
        } catch {
            failure = error
        }
        _ = mapper.releaseHeldCancel(before: nil, removingAll: true)
        for event in mapper.removeAllDevices() { handler(event) }
        logger.info("seat disabled: devices released")
        if let failure { throw failure }
    }

    /// Opens the devices again after ``suspend(into:)`` (`libinput_resume`); `handler` receives
    /// their `.deviceAdded` (under new device ids). A touchscreen pinned to an output with
    /// ``setOutputMapping(_:for:)`` before the suspend comes back pinned to it, and one given a
    /// calibration matrix with ``setCalibrationMatrix(_:for:)`` comes back with that matrix
    /// (libinput opens it again with udev's). Calling it while not suspended does nothing.
    ///
    /// - Throws: ``LibinputBackendError/resumeFailed(errno:)``.
    public func resume(into handler: (InputEvent) -> Void) throws {
        guard !isClosed, isSuspended else { return }
        let result = system.resume()
        if result < 0 { throw LibinputBackendError.resumeFailed(errno: -result) }
        isSuspended = false
        // The devices libinput opened again are read here; what was kept for any other goes.
        defer { mapper.dropKeptSettings() }
        try readEvents(into: handler)
        logger.info("seat enabled: devices opened again")
    }
}
