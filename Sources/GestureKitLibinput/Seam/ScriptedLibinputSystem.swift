import Glibc
import GestureKit

/// A ``LibinputSystem`` that plays a script instead of calling libinput: it "opens" scripted
/// device nodes through the context's callbacks (as libinput would), queues scripted events,
/// answers polls from a script, and records every call. For tests, and for demos without hardware.
public final class ScriptedLibinputSystem: LibinputSystem {
    /// A device node the script knows.
    public struct Node: Hashable, Sendable {
        /// The node's path, e.g. `/dev/input/event3`.
        public var path: String
        /// What libinput would report once it opened the node; `nil` for a node libinput rejects.
        public var info: RawDeviceInfo?
        /// The errno `open` fails with, or 0 when it succeeds.
        public var openErrno: Int32
        /// Other paths that name the same node, as udev's links do (`/dev/input/by-path/…`,
        /// `/dev/input/by-id/…`).
        public var aliases: [String]

        /// Creates a node.
        public init(path: String, info: RawDeviceInfo?, openErrno: Int32 = 0, aliases: [String] = []) {
            self.path = path
            self.info = info
            self.openErrno = openErrno
            self.aliases = aliases
        }

        /// Whether `path` names this node.
        func isNamed(_ path: String) -> Bool { self.path == path || aliases.contains(path) }
    }

    /// One scripted answer to `poll`.
    public enum PollStep: Hashable, Sendable {
        /// libinput's descriptor becomes readable and these events are queued.
        case events([RawLibinputEvent])
        /// The poll times out; the clock moves forward by the timeout asked for (when finite).
        case timeout
        /// The process receives this signal.
        case signal(Int32)
        /// The poll fails with this errno (`EINTR` for an interrupted poll).
        case failure(Int32)
    }

    /// A call the backend made, named after the ``LibinputSystem`` requirement it went through.
    public enum Call: Hashable, Sendable {
        /// ``LibinputSystem/createUdevContext(seat:callbacks:)``.
        case createUdevContext(seat: String)
        /// ``LibinputSystem/createPathContext(callbacks:)``.
        case createPathContext
        /// ``LibinputSystem/addPathDevice(_:)``.
        case addPathDevice(String)
        /// ``LibinputSystem/destroyContext()``, when a context existed.
        case destroyContext
        /// ``LibinputSystem/dispatch()``.
        case dispatch
        /// ``LibinputSystem/setLogPriority(_:)``.
        case setLogPriority(LibinputLogPriority)
        /// ``LibinputSystem/setCalibrationMatrix(_:of:)``.
        case setCalibrationMatrix(CalibrationMatrix, RawDeviceHandle)
        /// ``LibinputSystem/open(_:flags:)``, with the exact flags.
        case open(String, flags: Int32)
        /// ``LibinputSystem/close(_:)``.
        case close(Int32)
        /// ``LibinputSystem/poll(_:timeoutMilliseconds:)``, with the timeout asked for.
        case poll(timeoutMilliseconds: Int32)
        /// ``LibinputSystem/installStopSignals(_:)``.
        case installStopSignals
        /// ``LibinputSystem/restoreStopSignals()``.
        case restoreStopSignals
        /// ``LibinputSystem/closeWakePipe(_:)``.
        case closeWakePipe
        /// ``LibinputSystem/suspend()``, when a context existed.
        case suspend
        /// ``LibinputSystem/resume()``, when a context existed.
        case resume
    }

    /// The device nodes of the seat (and those a path context may add), in enumeration order.
    public var nodes: [Node]
    /// Events queued for the next `nextEvent` calls, in order.
    public var queued: [RawLibinputEvent] = []
    /// Answers to successive polls; once it is empty, polls wait for a wake (as a blocked poll
    /// would) when ``waitsWhenIdle`` is set, and report SIGTERM otherwise.
    public var pollScript: [PollStep] = []
    /// See ``pollScript``.
    public var waitsWhenIdle = false
    /// What `dispatch` returns.
    public var dispatchResult: Int32 = 0
    /// What creating a context returns (0, or `-errno` to simulate a failure).
    public var contextResult: Int32 = 0
    /// What installing the stop signals' handlers returns (0, or `-errno` to simulate a failure).
    public var stopSignalsResult: Int32 = 0
    /// The monotonic clock.
    public var clock = Timestamp.zero
    /// Calibration matrices by device.
    public var calibration: [RawDeviceHandle: CalibrationMatrix] = [:]
    /// Default calibration matrices by device (udev's `LIBINPUT_CALIBRATION_MATRIX`), the identity
    /// for a device not listed: what a device opened again on ``resume()`` has, as libinput's
    /// devices lose the matrix set on them.
    public var defaultCalibration: [RawDeviceHandle: CalibrationMatrix] = [:]
    /// Every call, in order.
    public var calls: [Call] { inspected.withLock { $0.calls } }
    /// Descriptors currently open.
    public var openDescriptors: Set<Int32> { inspected.withLock { $0.openDescriptors } }
    /// Whether a context exists.
    public var hasContext: Bool { inspected.withLock { $0.hasContext } }

    /// What a test inspects, under a lock: a test may read it from its own task while the
    /// backend's thread still runs (to see the backend close, say).
    private struct Inspected {
        var calls: [Call] = []
        var openDescriptors: Set<Int32> = []
        var hasContext = false
    }
    private let inspected = ThreadLock(Inspected())

    private var callbacks: LibinputContextCallbacks?
    private var deviceDescriptors: [(fd: Int32, node: Node)] = []
    private var suspendedNodes: [Node]?
    private var nextDescriptor: Int32 = 200
    private let wakeBox = WakeBox()

    /// The descriptor the scripted context reports.
    public static let contextDescriptor: Int32 = 100
    /// The scripted wake pipe.
    public static let wakePipe = WakePipe(readFD: 101, writeFD: 102)

    /// Creates a system with these device nodes.
    public init(nodes: [Node] = []) {
        self.nodes = nodes
    }

    private func record(_ call: Call) {
        inspected.withLock { $0.calls.append(call) }
    }

    private func setHasContext(_ value: Bool) {
        inspected.withLock { $0.hasContext = value }
    }

    /// Makes the context's log handler receive a message, as libinput would.
    public func emitLog(_ priority: LibinputLogPriority, _ message: String) {
        callbacks?.log(priority, message)
    }

    // MARK: Context

    /// Records the call, then "opens" every scripted node through the callbacks and queues `DEVICE_ADDED` for those that open and have device info.
    public func createUdevContext(seat: String, callbacks: LibinputContextCallbacks) -> Int32 {
        record(.createUdevContext(seat: seat))
        guard contextResult == 0 else { return contextResult }
        self.callbacks = callbacks
        setHasContext(true)
        for node in nodes { _ = add(node) }
        return 0
    }

    /// Records the call and keeps the callbacks.
    public func createPathContext(callbacks: LibinputContextCallbacks) -> Int32 {
        record(.createPathContext)
        guard contextResult == 0 else { return contextResult }
        self.callbacks = callbacks
        setHasContext(true)
        return 0
    }

    /// Records the call, then opens the node through the callbacks as libinput would.
    public func addPathDevice(_ path: String) -> Bool {
        record(.addPathDevice(path))
        guard let node = nodes.first(where: { $0.isNamed(path) }) else {
            // libinput still tries to open a path it does not know.
            let fd = callbacks?.openRestricted(path, O_RDWR) ?? -EINVAL
            if fd >= 0 { callbacks?.closeRestricted(fd) }
            return false
        }
        return add(node)
    }

    private func add(_ node: Node) -> Bool {
        guard let callbacks else { return false }
        let fd = callbacks.openRestricted(node.path, O_RDWR)
        guard fd >= 0 else { return false }
        guard let info = node.info else {
            callbacks.closeRestricted(fd)
            return false
        }
        deviceDescriptors.append((fd, node))
        queued.append(.deviceAdded(info))
        return true
    }

    /// Closes every opened node through the callbacks and forgets the context.
    public func destroyContext() {
        guard hasContext else { return }
        record(.destroyContext)
        for device in deviceDescriptors { callbacks?.closeRestricted(device.fd) }
        deviceDescriptors.removeAll()
        suspendedNodes = nil
        callbacks = nil
        setHasContext(false)
        queued.removeAll()
    }

    /// ``contextDescriptor`` while a context exists.
    public func contextFileDescriptor() -> Int32 { hasContext ? Self.contextDescriptor : -1 }

    /// Records the call and returns ``dispatchResult``.
    public func dispatch() -> Int32 {
        record(.dispatch)
        return dispatchResult
    }

    /// Takes the first of ``queued``.
    public func nextEvent() -> RawLibinputEvent? {
        queued.isEmpty ? nil : queued.removeFirst()
    }

    /// Records the call.
    public func setLogPriority(_ priority: LibinputLogPriority) {
        record(.setLogPriority(priority))
    }

    // MARK: Device configuration

    /// The matrix last set, or the identity.
    public func calibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix {
        calibration[device] ?? .identity
    }

    /// The device's ``defaultCalibration``, or the identity.
    public func defaultCalibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix {
        defaultCalibration[device] ?? .identity
    }

    /// Records the call and keeps the matrix.
    public func setCalibrationMatrix(_ matrix: CalibrationMatrix, of device: RawDeviceHandle) -> Bool {
        record(.setCalibrationMatrix(matrix, device))
        calibration[device] = matrix
        return true
    }

    // MARK: Kernel

    /// Records the call; fails with the node's ``Node/openErrno``, or `ENOENT` for an unknown path.
    public func open(_ path: String, flags: Int32) -> Int32 {
        record(.open(path, flags: flags))
        guard let node = nodes.first(where: { $0.isNamed(path) }) else { return -ENOENT }
        if node.openErrno != 0 { return -node.openErrno }
        let fd = nextDescriptor
        nextDescriptor += 1
        inspected.withLock { _ = $0.openDescriptors.insert(fd) }
        return fd
    }

    /// The place of the node `path` names (by its path or an alias) among the nodes, or `nil`.
    public func nodeIdentity(_ path: String) -> UInt64? {
        nodes.firstIndex { $0.isNamed(path) }.map { UInt64($0) }
    }

    /// Records the call.
    public func close(_ fd: Int32) {
        record(.close(fd))
        inspected.withLock { _ = $0.openDescriptors.remove(fd) }
    }

    /// Records the call and answers with the next step of ``pollScript``.
    public func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) -> Int32 {
        record(.poll(timeoutMilliseconds: timeoutMilliseconds))
        for i in descriptors.indices { descriptors[i].returnedEvents = 0 }
        func ready(_ fd: Int32) -> Int32 {
            for i in descriptors.indices where descriptors[i].fd == fd {
                descriptors[i].returnedEvents = PollDescriptor.readable
            }
            return 1
        }
        if !wakeBox.bytes.withLock({ $0.isEmpty }) { return ready(Self.wakePipe.readFD) }
        guard !pollScript.isEmpty else {
            if waitsWhenIdle {
                while wakeBox.bytes.withLock({ $0.isEmpty }) { usleep(1000) }
            } else {
                wakeBox.bytes.withLock { $0.append(UInt8(SIGTERM)) }
            }
            return ready(Self.wakePipe.readFD)
        }
        switch pollScript.removeFirst() {
        case .events(let events):
            queued.append(contentsOf: events)
            return ready(Self.contextDescriptor)
        case .timeout:
            if timeoutMilliseconds > 0 { clock = clock + .milliseconds(Int64(timeoutMilliseconds)) }
            return 0
        case .signal(let signal):
            wakeBox.bytes.withLock { $0.append(UInt8(truncatingIfNeeded: signal)) }
            return ready(Self.wakePipe.readFD)
        case .failure(let errno):
            return -errno
        }
    }

    /// ``clock``.
    public func monotonicNow() -> Timestamp { clock }

    /// The fixed ``wakePipe``.
    public func makeWakePipe() -> Result<WakePipe, LibinputBackendError> { .success(Self.wakePipe) }

    /// Queues a zero byte that the next poll reports; safe from any thread.
    public func waker(for pipe: WakePipe) -> @Sendable () -> Void {
        let box = wakeBox
        return { box.bytes.withLock { $0.append(0) } }
    }

    /// The queued wake and signal bytes.
    public func drainWakePipe(_ pipe: WakePipe) -> [UInt8] {
        wakeBox.bytes.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        }
    }

    /// Records the call.
    public func closeWakePipe(_ pipe: WakePipe) { record(.closeWakePipe) }

    /// Records the call and returns ``stopSignalsResult``.
    public func installStopSignals(_ pipe: WakePipe) -> Int32 {
        record(.installStopSignals)
        return stopSignalsResult
    }

    /// Records the call.
    public func restoreStopSignals() { record(.restoreStopSignals) }

    // MARK: Seat

    /// The seat session ``makeSeatSystem()`` hands out; by default one that cannot open
    /// (``ScriptedSeatSystem/unavailable()``), so that ``SeatAccess/automatic`` opens nodes
    /// through ``open(_:flags:)``.
    public var seat = ScriptedSeatSystem.unavailable()
    /// Whether ``suspend()`` queues `DEVICE_REMOVED` for each device, as libinput does. A test
    /// turns it off to check that the backend releases the devices without libinput's help.
    public var suspendQueuesRemovals = true

    /// Records the call, closes every opened node through the callbacks and queues their
    /// `DEVICE_REMOVED` (see ``suspendQueuesRemovals``).
    public func suspend() {
        guard hasContext, suspendedNodes == nil else { return }
        record(.suspend)
        suspendedNodes = deviceDescriptors.map(\.node)
        for device in deviceDescriptors {
            callbacks?.closeRestricted(device.fd)
            if suspendQueuesRemovals, let info = device.node.info { queued.append(.deviceRemoved(info.handle)) }
        }
        deviceDescriptors.removeAll()
    }

    /// Records the call and opens the suspended nodes again through the callbacks, queueing
    /// `DEVICE_ADDED` for each that opens, with its ``defaultCalibration``.
    public func resume() -> Int32 {
        guard hasContext else { return -EBADF }
        record(.resume)
        guard let nodes = suspendedNodes else { return 0 }
        suspendedNodes = nil
        for node in nodes {
            if let handle = node.info?.handle { calibration[handle] = defaultCalibration[handle] }
            _ = add(node)
        }
        return 0
    }

    /// ``seat``.
    public func makeSeatSystem() -> any SeatSystem { seat }
}

/// The scripted wake pipe's contents, shared with wakers on other threads.
private final class WakeBox: Sendable {
    let bytes = ThreadLock<[UInt8]>([])
}
