import GestureKit

/// Every call the backend makes into libinput, libudev and the kernel, behind one protocol.
///
/// ``LiveLibinputSystem`` is the implementation that calls C; ``ScriptedLibinputSystem`` records
/// calls and plays scripted events, so the mapping from libinput events to GestureKit values is
/// tested without a kernel or a device. A system serves one libinput context at a time and, like the
/// context it wraps, is used from one thread only: it is not `Sendable`.
///
/// Calls that can fail return `0` (or a non-negative result) on success and `-errno` on failure.
public protocol LibinputSystem: AnyObject {
    // MARK: Context

    /// Creates a udev-backed context and assigns it `seat` (`udev_new`,
    /// `libinput_udev_create_context`, `libinput_udev_assign_seat`). libinput opens the seat's
    /// devices during the call, through `callbacks`. Returns 0 or `-errno`.
    func createUdevContext(seat: String, callbacks: LibinputContextCallbacks) -> Int32
    /// Creates a path-backed context (`libinput_path_create_context`). Returns 0 or `-errno`.
    func createPathContext(callbacks: LibinputContextCallbacks) -> Int32
    /// Adds one device node to a path context (`libinput_path_add_device`). libinput opens it through
    /// the context's callbacks. Returns whether libinput accepted it.
    func addPathDevice(_ path: String) -> Bool
    /// Releases the context and every device it holds (`libinput_unref`). Safe to call twice.
    func destroyContext()
    /// The context's pollable descriptor (`libinput_get_fd`), or -1 without a context.
    func contextFileDescriptor() -> Int32
    /// Reads the kernel's pending events into libinput's queue (`libinput_dispatch`). Returns 0 or
    /// `-errno`.
    func dispatch() -> Int32
    /// Takes the next queued event (`libinput_get_event`), copies it into a value and destroys it.
    func nextEvent() -> RawLibinputEvent?
    /// Sets which messages libinput logs (`libinput_log_set_priority`).
    func setLogPriority(_ priority: LibinputLogPriority)

    // MARK: Device configuration

    /// `libinput_device_config_calibration_get_matrix`.
    func calibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix
    /// `libinput_device_config_calibration_get_default_matrix`.
    func defaultCalibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix
    /// `libinput_device_config_calibration_set_matrix`. Returns whether libinput applied it.
    func setCalibrationMatrix(_ matrix: CalibrationMatrix, of device: RawDeviceHandle) -> Bool

    // MARK: Kernel

    /// `open(2)` with exactly `flags`. Returns the descriptor or `-errno`.
    func open(_ path: String, flags: Int32) -> Int32
    /// `close(2)`.
    func close(_ fd: Int32)
    /// Which device node `path` names, the same for every path that names it (a udev link and
    /// the node itself): the device number of a character device (`stat(2)`'s `st_rdev`), or
    /// `nil` when `path` is not one.
    func nodeIdentity(_ path: String) -> UInt64?
    /// `poll(2)`, filling each descriptor's `returnedEvents`. Returns the ready count, 0 on
    /// timeout, or `-errno` (`-EINTR` included: the caller retries).
    func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) -> Int32
    /// `clock_gettime(CLOCK_MONOTONIC)`, the clock of libinput's timestamps.
    func monotonicNow() -> Timestamp
    /// Creates a pipe that wakes an event loop, both ends non-blocking and close-on-exec (`pipe(2)`,
    /// then `fcntl` on each end).
    func makeWakePipe() -> Result<WakePipe, LibinputBackendError>
    /// A function any thread may call to write one wake byte (0) into `pipe`.
    func waker(for pipe: WakePipe) -> @Sendable () -> Void
    /// Reads every byte waiting in the pipe's read end; each is a signal number, or 0 for a wake.
    func drainWakePipe(_ pipe: WakePipe) -> [UInt8]
    /// Closes both ends of the pipe.
    func closeWakePipe(_ pipe: WakePipe)
    /// Installs SIGINT and SIGTERM handlers that write the signal number into the pipe. Returns 0
    /// or `-errno`. Several systems (one per backend) may have theirs installed at once: each
    /// pipe hears every signal.
    func installStopSignals(_ pipe: WakePipe) -> Int32
    /// Stops this system's pipe hearing the signals; the last system installed restores the
    /// signal handlers that were in place before the first ``installStopSignals(_:)``.
    func restoreStopSignals()

    // MARK: Seat

    /// Suspends the context (`libinput_suspend`): libinput closes every device through
    /// `close_restricted` and queues their `DEVICE_REMOVED`.
    func suspend()
    /// Resumes a suspended context (`libinput_resume`): libinput opens the devices again through
    /// `open_restricted` and queues their `DEVICE_ADDED`. Returns 0 or `-errno`.
    func resume() -> Int32
    /// The seat-session seam that goes with this system: ``LiveSeatSystem`` for the live system,
    /// a ``ScriptedSeatSystem`` for a scripted one. Called at most once per backend, when
    /// ``SeatAccess`` asks for libseat.
    func makeSeatSystem() -> any SeatSystem
}

/// One entry of a `poll(2)` set: `struct pollfd`.
public struct PollDescriptor: Hashable, Sendable {
    /// The descriptor.
    public var fd: Int32
    /// The events asked for (`POLLIN`).
    public var events: Int16
    /// The events that happened.
    public var returnedEvents: Int16
    /// Creates an entry.
    public init(fd: Int32, events: Int16, returnedEvents: Int16 = 0) {
        self.fd = fd
        self.events = events
        self.returnedEvents = returnedEvents
    }
    /// `POLLIN`.
    public static let readable: Int16 = 0x001
    /// `POLLERR | POLLHUP | POLLNVAL`.
    public static let failed: Int16 = 0x008 | 0x010 | 0x020
}

/// Both ends of a wake pipe.
public struct WakePipe: Hashable, Sendable {
    /// The end the loop polls.
    public var readFD: Int32
    /// The end signal handlers and wakers write.
    public var writeFD: Int32
    /// Wraps two descriptors.
    public init(readFD: Int32, writeFD: Int32) {
        self.readFD = readFD
        self.writeFD = writeFD
    }
}

extension LibinputSystem {
    /// No identity: a system that cannot tell which node a path names opens every path given.
    public func nodeIdentity(_ path: String) -> UInt64? { nil }
}
