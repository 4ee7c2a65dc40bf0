import Glibc
import GestureKit
import Logging

/// The libinput backend: opens a seat or device nodes through libinput and turns what it reports
/// into GestureKit `InputEvent` values.
///
/// The backend owns one libinput context (`struct libinput`) and every device in it, and releases
/// them in ``close()`` or `deinit` (`libinput_unref`). It is used from one thread and is not
/// `Sendable`; other threads reach it through ``controller`` and ``stopHandle``, and hosts built
/// on Swift concurrency use ``gestures(configuration:engine:)`` or ``events(configuration:)``
/// (see <doc:Concurrency>).
///
/// Three ways to drive it:
/// - ``run(engine:handlingSignals:onEvent:)``: a complete loop feeding a `GestureEngine` until
///   SIGINT/SIGTERM or ``stopHandle``.
/// - ``fileDescriptor`` and ``dispatch(into:)``, for hosts with their own poll loop.
/// - ``gestures(configuration:engine:)``, an `AsyncSequence` of `GestureUpdate` values from an
///   engine run on a thread of its own, or ``events(configuration:)``, of the events themselves.
///
/// Opening fails with a ``LibinputBackendError`` that says what to do: `permissionDenied` when the
/// device nodes could not be opened, `noTouchDevices` listing what was seen when none of them is a
/// touchscreen or a touchpad.
public final class LibinputBackend {
    /// The configuration the backend was opened with.
    public let configuration: Configuration
    /// Stops ``run(engine:handlingSignals:onEvent:)`` from any thread.
    public let stopHandle: LibinputStopHandle

    let system: any LibinputSystem
    let logger: Logger
    let access: DeviceAccessRecorder
    /// Nodes named in `.paths` that libinput refused though they opened (not input devices, as
    /// `/dev/null`), when no touch device is required: the listings name them.
    private var rejectedPaths: [String] = []
    private let logBridge: LibinputLogBridge
    var mapper: LibinputEventMapper
    /// Events libinput reported while the backend opened (the initial `DEVICE_ADDED`s), handed to
    /// the first dispatch.
    var pending: [InputEvent] = []
    var wakePipe: WakePipe?
    private(set) var isClosed = false

    // Seat access (LibinputBackend+Seat.swift).

    /// How the backend opens its device nodes, as chosen from the configuration's
    /// ``Configuration/seatAccess`` when it opened.
    public internal(set) var deviceAccess: DeviceAccessPath = .direct(libseatErrno: nil)
    /// Whether the devices are released because the seat is disabled (see ``suspend(into:)``).
    public internal(set) var isSuspended = false
    var seatSession: LibseatSession?

    /// Opens the devices the configuration names.
    ///
    /// - Throws: ``LibinputBackendError``.
    public convenience init(configuration: Configuration) throws {
        try self.init(configuration: configuration, stopHandle: LibinputStopHandle())
    }

    init(configuration: Configuration, stopHandle: LibinputStopHandle) throws {
        self.configuration = configuration
        self.stopHandle = stopHandle
        let system = configuration.makeSystem()
        self.system = system
        self.logger = configuration.logger
        self.access = DeviceAccessRecorder(system: system, logger: configuration.logger)
        self.logBridge = LibinputLogBridge(logger: configuration.logger)
        self.mapper = LibinputEventMapper(
            defaultOutput: configuration.defaultOutput, assignment: configuration.outputAssignment)
        do {
            try open()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func open() throws {
        let access = self.access
        let bridge = self.logBridge
        let callbacks = LibinputContextCallbacks(
            openRestricted: { access.open($0, flags: $1) },
            closeRestricted: { access.close($0) },
            log: { bridge.log(priority: $0, message: $1) })
        try chooseDeviceAccess()
        switch configuration.source {
        case .seat(let seat):
            let result = system.createUdevContext(seat: seat, callbacks: callbacks)
            if result < 0 { throw LibinputBackendError.seatAssignmentFailed(seat: seat, errno: -result) }
        case .paths(let paths):
            let result = system.createPathContext(callbacks: callbacks)
            if result < 0 { throw LibinputBackendError.contextCreationFailed(errno: -result) }
            // A node named twice (a udev link and the node itself) is opened once: libinput would
            // add it twice, and every touch would come in twice, from two devices.
            var named: [UInt64: String] = [:]
            for path in paths {
                if let node = system.nodeIdentity(path) {
                    if let first = named[node] {
                        logger.info("\(path) is the device node \(first) names: opened once")
                        continue
                    }
                    named[node] = path
                }
                if system.addPathDevice(path) { continue }
                let error = pathError(path)
                if configuration.requiresTouchDevice { throw error }
                if case .deviceRejected(_, 0) = error { rejectedPaths.append(path) }
                logger.warning("\(error)")
            }
        }
        system.setLogPriority(configuration.logPriority ?? LibinputLogPriority(for: logger.logLevel))

        switch system.makeWakePipe() {
        case .success(let pipe):
            wakePipe = pipe
            stopHandle.attach(system.waker(for: pipe))
        case .failure(let error):
            throw error
        }

        // libinput queues a DEVICE_ADDED for each device it opened; read them now so that a run
        // without touch devices fails here, with an explanation, rather than waiting forever.
        // (Gathered apart: `readEvents` hands on what is pending after each event.)
        var opened: [InputEvent] = []
        try readEvents { opened.append($0) }
        pending.append(contentsOf: opened)
        for device in touchDevices {
            logger.info("libinput device: \(device)")
        }
        if configuration.requiresTouchDevice && touchDevices.isEmpty {
            let denied = access.failures.filter { -$0.result == EACCES || -$0.result == EPERM }
            if !denied.isEmpty {
                throw LibinputBackendError.permissionDenied(paths: denied.map(\.path), access: deviceAccess)
            }
            throw LibinputBackendError.noTouchDevices(seen: deviceSummaries)
        }
    }

    /// Explains why libinput refused a path: from libinput's own open attempt, or, when libinput
    /// gave up before opening (it first looks the node up in udev), from an attempt of our own.
    private func pathError(_ path: String) -> LibinputBackendError {
        var result = access.latestResult(for: path)
        if result == nil {
            let fd = access.open(path, flags: O_RDONLY)
            if fd >= 0 { access.close(fd) }
            result = fd
        }
        guard let result, result < 0 else { return .deviceRejected(path: path, errno: 0) }
        switch -result {
        case EACCES, EPERM: return .permissionDenied(paths: [path], access: deviceAccess)
        case ENOENT: return .deviceNotFound(path: path)
        default: return .deviceRejected(path: path, errno: -result)
        }
    }

    /// Releases every device and the libinput context, and closes the wake pipe. The backend
    /// delivers nothing afterwards. Called by `deinit`; calling it twice does nothing.
    ///
    /// An engine the backend fed keeps the touches that were down: a host whose engine outlives
    /// the backend closes it with ``close(into:)`` instead, which ends them.
    ///
    /// It may be called from inside the backend's own loop — from a handler, a recognizer's target
    /// or a ``LibinputController`` closure: the dispatch in progress hands on nothing more, and
    /// ``run(engine:handlingSignals:onEvent:)`` returns ``LibinputStopReason/stopRequested``.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        system.destroyContext()
        closeSeatSession()
        stopHandle.close()
        if let wakePipe { system.closeWakePipe(wakePipe) }
        wakePipe = nil
        pending.removeAll()
    }

    /// Closes the backend as ``close()`` does, after handing `handler` what was still waiting and
    /// a `.deviceRemoved` for each touch device the backend held, so that an engine fed by it
    /// cancels the touches and touchpad gestures of those devices rather than keeping them down
    /// until its watchdog. A cancel frame held back for a device is dropped: the removal cancels
    /// its touches. ``events(configuration:)`` and ``gestures(configuration:engine:)`` end this
    /// way, and ``run(engine:handlingSignals:onEvent:)`` when libinput, libseat or `poll` fail.
    /// Calling it once closed does nothing.
    public func close(into handler: (InputEvent) -> Void) {
        guard !isClosed else { return }
        flushPending(into: handler)
        // A handler that closed the backend meanwhile ended the handing on.
        guard !isClosed else { return }
        _ = mapper.releaseHeldCancel(before: nil, removingAll: true)
        for event in mapper.removeAllDevices() { handler(event) }
        close()
    }

    // MARK: Events

    /// The descriptor to poll for readability; when it is readable, call ``dispatch(into:)``.
    /// `-1` once closed. (`libinput_get_fd`.) When devices are opened through libseat, poll
    /// ``seatFileDescriptor`` too.
    public var fileDescriptor: Int32 { isClosed ? -1 : system.contextFileDescriptor() }

    /// Reads everything libinput has (`libinput_dispatch`, then every queued event) and hands each
    /// resulting GestureKit event to `handler`, in order. With a libseat session, its messages
    /// are read first: a disabled seat suspends the backend (see ``suspend(into:)``), an enabled
    /// one resumes it.
    ///
    /// In a steady stream this allocates nothing: events are copied into values on the stack and
    /// each device's touch frame reuses its contacts' storage. A handler that keeps a frame past the
    /// call makes the next frame allocate once.
    ///
    /// Changes a ``LibinputController`` sent from other threads are applied first.
    ///
    /// - Throws: ``LibinputBackendError/dispatchFailed(errno:)``.
    public func dispatch(into handler: (InputEvent) -> Void) throws {
        try dispatch(engine: nil, into: handler)
    }

    /// ``dispatch(into:)`` for a loop that drives `engine`, which controller changes may reach.
    func dispatch(engine: GestureEngine?, into handler: (InputEvent) -> Void) throws {
        guard !isClosed else { return }
        applyControllerChanges(engine: engine, into: handler)
        // A change, or a handler, may have closed the backend.
        guard !isClosed else { return }
        flushPending(into: handler)
        try dispatchSeat(into: handler)
        try readEvents(into: handler)
    }

    /// Hands on the events waiting in ``pending``, and those a handler queues meanwhile (an
    /// output set as a device is announced queues its announcement again), in order. The list is
    /// taken out while it is handed on, so that what the handler queues lands in ``pending`` and
    /// is not emptied with the list; its storage is put back for the next use.
    /// A handler that closes the backend ends the handing on: nothing more is handed on.
    func flushPending(into handler: (InputEvent) -> Void) {
        while !pending.isEmpty && !isClosed {
            var batch: [InputEvent] = []
            swap(&batch, &pending)
            for event in batch {
                handler(event)
                if isClosed { return }
            }
            batch.removeAll(keepingCapacity: true)
            if pending.isEmpty { swap(&batch, &pending) }
        }
    }

    /// Reads and maps every event libinput has queued. With `releasingHeldCancel` false (the
    /// devices are all going), a cancel frame held back at the end is left for the caller to drop.
    func readEvents(releasingHeldCancel: Bool = true, into handler: (InputEvent) -> Void) throws {
        guard !isClosed else { return }
        let result = system.dispatch()
        if result < 0 && result != -EAGAIN { throw LibinputBackendError.dispatchFailed(errno: -result) }
        // A handler that closes the backend ends the reading: the system has no events left.
        while let raw = system.nextEvent() {
            if mapper.mapMotion(raw) { continue }
            // Looked at for a device's announcement only: on every frame, the access to the
            // mapper cost the 10-finger mapping 67 instructions.
            if case .deviceAdded(let info) = raw {
                mapper.startClock(at: system.monotonicNow())
                // libinput's matrix (udev's, for a panel mounted turned) decides the density too.
                if info.hasCalibrationMatrix {
                    // The host's matrix, set before a suspend, that libinput forgot as it opened
                    // the device again.
                    if let kept = mapper.calibrationToRestore(for: info), !system.setCalibrationMatrix(kept, of: info.handle) {
                        logger.warning("calibration of \(info.name) not restored after the resume")
                    }
                    mapper.noteCalibration(system.calibrationMatrix(of: info.handle), for: info.handle)
                }
            }
            // Handed on once the mapper's mutation has ended: a handler may read the backend.
            if let held = mapper.releaseHeldCancel(before: raw) {
                handHeld(held, to: handler)
                // A handler that closed the backend on the held event hears nothing more.
                if isClosed { return }
            }
            let output = mapper.map(raw)
            if let event = output.first {
                handler(event)
                if let event = output.second, !isClosed { handler(event) }
                handPending(to: handler)
            }
        }
        if releasingHeldCancel, !isClosed, let held = mapper.releaseHeldCancel(before: nil) {
            handHeld(held, to: handler)
        }
    }

    /// A released cancel frame, then its device's announcement if it waited for it.
    private func handHeld(_ held: InputEvent, to handler: (InputEvent) -> Void) {
        handler(held)
        if isClosed { return }
        if let announcement = mapper.heldAnnouncement {
            mapper.heldAnnouncement = nil
            handler(announcement)
        }
        handPending(to: handler)
    }

    /// What the handler's own calls queued meanwhile (an output changed from the handler announces
    /// an idle device again at once, before a finger lands on it). Looked at only after a call:
    /// the list is a checked access.
    @inline(__always)
    private func handPending(to handler: (InputEvent) -> Void) {
        if !pending.isEmpty { flushPending(into: handler) }
    }

    // MARK: Devices

    /// The touchscreens and touchpads the backend currently holds, in the order they were added.
    public var touchDevices: [InputDevice] {
        mapper.devices.compactMap(\.device)
    }

    /// Every device seen: the devices libinput added, touch or not, in the order added, then the
    /// nodes that could not be opened, with the reason.
    public var deviceSummaries: [LibinputDeviceSummary] {
        var summaries: [LibinputDeviceSummary] = []
        var nodes = Set<String>()
        for entry in mapper.devices {
            let info = entry.info
            if let node = info.devnode { nodes.insert(node) }
            summaries.append(LibinputDeviceSummary(
                id: entry.device?.id, name: info.name, node: info.devnode,
                kind: LibinputEventMapper.kind(of: info), capabilities: info.capabilities,
                sizeMillimetres: info.sizeMillimetres, maximumContacts: info.touchCount > 0 ? info.touchCount : nil,
                access: .opened))
        }
        for failure in access.failures where !nodes.contains(failure.path) {
            nodes.insert(failure.path)
            summaries.append(LibinputDeviceSummary(
                node: failure.path, access: LibinputDeviceSummary.access(forOpenResult: failure.result),
                openedThrough: deviceAccess))
        }
        for path in rejectedPaths where !nodes.contains(path) {
            summaries.append(LibinputDeviceSummary(node: path, access: .failed(errno: 0), openedThrough: deviceAccess))
        }
        return summaries
    }

    /// Opens the configured devices just long enough to describe them, for listings such as
    /// `gesture-demo devices`. Unlike opening a backend, finding no touch device is not an error,
    /// and nodes that could not be opened are listed with the reason and a permission hint.
    ///
    /// - Throws: ``LibinputBackendError`` when libinput itself cannot start.
    public static func listDevices(configuration: Configuration) throws -> [LibinputDeviceSummary] {
        var configuration = configuration
        configuration.requiresTouchDevice = false
        let backend = try LibinputBackend(configuration: configuration)
        defer { backend.close() }
        return backend.deviceSummaries
    }

    // MARK: Calibration

    private func calibratable(_ id: DeviceID) throws -> RawDeviceHandle {
        guard !isClosed, let handle = mapper.handle(for: id) else { throw LibinputBackendError.unknownDevice(id) }
        guard mapper.device(handle)?.info.hasCalibrationMatrix == true else {
            throw LibinputBackendError.calibrationNotApplied(id)
        }
        return handle
    }

    /// The device's current calibration matrix (`libinput_device_config_calibration_get_matrix`).
    ///
    /// - Throws: ``LibinputBackendError/unknownDevice(_:)`` or
    ///   ``LibinputBackendError/calibrationNotApplied(_:)`` when the device has no matrix.
    public func calibrationMatrix(for id: DeviceID) throws -> CalibrationMatrix {
        system.calibrationMatrix(of: try calibratable(id))
    }

    /// The device's default calibration matrix, from udev's `LIBINPUT_CALIBRATION_MATRIX`
    /// (`libinput_device_config_calibration_get_default_matrix`).
    public func defaultCalibrationMatrix(for id: DeviceID) throws -> CalibrationMatrix {
        system.defaultCalibrationMatrix(of: try calibratable(id))
    }

    /// Sets the device's calibration matrix (`libinput_device_config_calibration_set_matrix`);
    /// libinput applies it to the next touch events, and the backend to the fingers already down,
    /// those that stay still included: they are placed anew at once, in a frame of their own.
    /// The matrix outlasts a suspend: the backend sets it again on the device libinput opens on
    /// resume (see ``resume(into:)``).
    public func setCalibrationMatrix(_ matrix: CalibrationMatrix, for id: DeviceID) throws {
        let handle = try calibratable(id)
        let old = system.calibrationMatrix(of: handle)
        guard system.setCalibrationMatrix(matrix, of: handle) else {
            throw LibinputBackendError.calibrationNotApplied(id)
        }
        pending.append(contentsOf: mapper.recalibrate(handle, from: old, to: matrix))
        mapper.noteHostCalibration(matrix, for: handle)
    }
}
