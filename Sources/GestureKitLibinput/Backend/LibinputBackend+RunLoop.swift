import Glibc
import GestureKit

extension LibinputBackend {
    /// Feeds `engine` until SIGINT, SIGTERM or ``stopHandle``.
    ///
    /// The loop polls libinput's descriptor with a timeout taken from `engine.nextDeadline`.
    /// libinput stamps events with `CLOCK_MONOTONIC`, so deadlines — which are event times — are
    /// turned into poll timeouts by reading that clock (the backend reads it elsewhere only to
    /// stamp devices announced before any event carried a time).
    /// When a poll times out, the engine is advanced to the clock's present, firing the deadline.
    /// Recognition itself only ever sees event timestamps.
    ///
    /// Stopping leaves the backend open; ``close(into:)`` releases the devices and ends the
    /// engine's touches on them (``close()``, or releasing the backend, releases the devices
    /// alone). Closing it from inside the loop (from `onEvent`, a recognizer's target or a
    /// controller's closure) stops the loop too.
    ///
    /// When libinput, libseat or `poll` fail, the loop ends as ``close(into:)`` does: the engine
    /// (and `onEvent`) receives a `.deviceRemoved` for each of the backend's touch devices, so
    /// that no touch or gesture is left in flight, the backend closes, and the error is thrown.
    ///
    /// - Parameters:
    ///   - engine: Receives every event (`send`) and every timeout (`advance(to:)`).
    ///   - handlingSignals: Whether SIGINT and SIGTERM stop the loop (their handlers are installed
    ///     for the loop's duration and restored afterwards). Several backends' loops may handle
    ///     them at once (two seats, say): each is stopped by the signal, and the handlers in place
    ///     before the first are restored when the last ends.
    ///   - onEvent: Called with each event after the engine has it, e.g. to print it.
    /// - Returns: Why the loop stopped.
    /// - Throws: ``LibinputBackendError`` when libinput, libseat or `poll` fail, or
    ///   ``LibinputBackendError/eventLoopSetupFailed(errno:)`` when the signal handlers cannot
    ///   be installed (nothing is read then, and the backend stays open).
    @discardableResult
    public func run(
        engine: GestureEngine, handlingSignals: Bool = true, onEvent: (InputEvent) -> Void = { _ in }
    ) throws -> LibinputStopReason {
        func hand(_ event: InputEvent) {
            engine.send(event)
            onEvent(event)
        }
        do {
            return try loop(
                handlingSignals: handlingSignals, engine: engine, deadline: { engine.nextDeadline },
                onTimeout: { engine.advance(to: $0) }, handler: hand)
        } catch {
            if case LibinputBackendError.eventLoopSetupFailed = error { throw error }
            close(into: hand)
            throw error
        }
    }

    /// The poll timeout, in milliseconds rounded up, until `deadline` on the monotonic clock; `-1`
    /// (forever) without one.
    func pollTimeout(until deadline: Timestamp?) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = deadline.microseconds - system.monotonicNow().microseconds
        if remaining <= 0 { return 0 }
        return Int32(clamping: (remaining + 999) / 1000)
    }

    /// The loop behind ``run(engine:handlingSignals:onEvent:)``, ``gestures(configuration:engine:)``
    /// and ``events(configuration:)``. Before each poll it applies what controllers sent, reaching
    /// `engine` when there is one.
    func loop(
        handlingSignals: Bool, engine: GestureEngine? = nil, deadline: () -> Timestamp?,
        onTimeout: (Timestamp) -> Void, handler: (InputEvent) -> Void
    ) throws -> LibinputStopReason {
        guard !isClosed, let pipe = wakePipe else { return .stopRequested }
        if handlingSignals {
            let result = system.installStopSignals(pipe)
            if result < 0 { throw LibinputBackendError.eventLoopSetupFailed(errno: -result) }
        }
        defer { if handlingSignals { system.restoreStopSignals() } }

        var descriptors = [
            PollDescriptor(fd: system.contextFileDescriptor(), events: PollDescriptor.readable),
            PollDescriptor(fd: pipe.readFD, events: PollDescriptor.readable),
        ]
        // A libseat session's messages (its seat disabled or enabled) arrive on a descriptor of their own.
        let seatFD = seatFileDescriptor
        if seatFD >= 0 { descriptors.append(PollDescriptor(fd: seatFD, events: PollDescriptor.readable)) }
        // Devices opened with the backend reach the handler before anything else.
        try dispatch(engine: engine, into: handler)
        while true {
            // Closed from inside the loop (a handler, a deadline's target, a controller's change):
            // its descriptors are gone.
            if isClosed { return .stopRequested }
            // Changes sent before a stop are applied before the loop returns for it: they were
            // sent while the backend was open.
            applyControllerChanges(engine: engine, into: handler)
            if isClosed { return .stopRequested }
            if stopHandle.isStopRequested {
                // Changes sent while those taken ran, before the stop, run too.
                applyControllerChanges(engine: engine, into: handler)
                return .stopRequested
            }
            for i in descriptors.indices { descriptors[i].returnedEvents = 0 }
            let ready = system.poll(&descriptors, timeoutMilliseconds: pollTimeout(until: deadline()))
            if ready == -EINTR { continue }
            if ready < 0 { throw LibinputBackendError.pollFailed(errno: -ready) }
            if ready == 0 {
                onTimeout(system.monotonicNow())
                continue
            }
            if descriptors[1].returnedEvents != 0 {
                let bytes = system.drainWakePipe(pipe)
                if let signal = bytes.first(where: { $0 != 0 }) { return .signal(Int32(signal)) }
                if stopHandle.isStopRequested { continue } // the top of the loop applies the changes and returns
            }
            let seatReady = descriptors.count > 2 && descriptors[2].returnedEvents != 0
            if descriptors[0].returnedEvents & PollDescriptor.readable != 0 || seatReady {
                try dispatch(engine: engine, into: handler)
            } else if descriptors[0].returnedEvents & PollDescriptor.failed != 0 {
                throw LibinputBackendError.pollFailed(errno: EIO)
            }
        }
    }
}
