import Glibc
import CLibinput
import CLibinputShim
import GestureKit

/// The ``LibinputSystem`` that calls libinput, libudev and the kernel.
///
/// It owns one `struct libinput` at a time and a reference (`libinput_device_ref`) on every
/// device between its `DEVICE_ADDED` and `DEVICE_REMOVED` events; ``destroyContext()`` (or
/// `deinit`) drops them all and `libinput_unref`s the context, which closes every device node.
/// Like the context, it belongs to one thread and is not `Sendable`.
public final class LiveLibinputSystem: LibinputSystem {
    private var context: OpaquePointer?
    private var interface: UnsafeMutablePointer<libinput_interface>?
    private var callbacks: Unmanaged<LibinputContextCallbacks>?
    private var deviceReferences: [RawDeviceHandle: OpaquePointer] = [:]
    /// The pipe whose write end the stop signals write to, while installed.
    private var stopSignalsFD: Int32?

    /// Creates a system with no context yet.
    public init() {}

    deinit { destroyContext() }

    // MARK: Context

    private func prepare(_ callbacks: LibinputContextCallbacks) -> UnsafeMutableRawPointer {
        destroyContext()
        let retained = Unmanaged.passRetained(callbacks)
        self.callbacks = retained
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path, let userData else { return -EINVAL }
                let callbacks = Unmanaged<LibinputContextCallbacks>.fromOpaque(userData).takeUnretainedValue()
                return callbacks.openRestricted(String(cString: path), flags)
            },
            close_restricted: { fd, userData in
                guard let userData else { return }
                Unmanaged<LibinputContextCallbacks>.fromOpaque(userData).takeUnretainedValue().closeRestricted(fd)
            }))
        self.interface = interface
        return retained.toOpaque()
    }

    private func installLogSink() {
        gk_libinput_set_log_sink(context) { libinput, priority, message in
            guard let libinput, let message, let userData = libinput_get_user_data(libinput) else { return }
            let callbacks = Unmanaged<LibinputContextCallbacks>.fromOpaque(userData).takeUnretainedValue()
            callbacks.log(LibinputLogPriority(clamping: priority), String(cString: message))
        }
    }

    /// `udev_new`, `libinput_udev_create_context`, then `libinput_udev_assign_seat`; the log sink is installed before the seat is assigned, so messages about opening devices are bridged too.
    public func createUdevContext(seat: String, callbacks: LibinputContextCallbacks) -> Int32 {
        let userData = prepare(callbacks)
        guard let udev = udev_new() else {
            let e = errno
            destroyContext()
            return -(e == 0 ? ENOMEM : e)
        }
        defer { udev_unref(udev) }
        guard let context = libinput_udev_create_context(interface, userData, udev) else {
            destroyContext()
            return -ENOMEM
        }
        self.context = context
        installLogSink()
        if libinput_udev_assign_seat(context, seat) != 0 {
            let e = errno
            destroyContext()
            return -(e == 0 ? EINVAL : e)
        }
        return 0
    }

    /// `libinput_path_create_context`, with the log sink installed.
    public func createPathContext(callbacks: LibinputContextCallbacks) -> Int32 {
        let userData = prepare(callbacks)
        guard let context = libinput_path_create_context(interface, userData) else {
            destroyContext()
            return -ENOMEM
        }
        self.context = context
        installLogSink()
        return 0
    }

    /// `libinput_path_add_device`.
    public func addPathDevice(_ path: String) -> Bool {
        guard let context else { return false }
        return libinput_path_add_device(context, path) != nil
    }

    /// `libinput_device_unref` for every held device, then `libinput_unref`, which closes every node through `close_restricted`.
    public func destroyContext() {
        for device in deviceReferences.values { libinput_device_unref(device) }
        deviceReferences.removeAll()
        if let context { libinput_unref(context) }
        context = nil
        if let interface {
            interface.deinitialize(count: 1)
            interface.deallocate()
        }
        interface = nil
        callbacks?.release()
        callbacks = nil
    }

    /// `libinput_get_fd`.
    public func contextFileDescriptor() -> Int32 {
        guard let context else { return -1 }
        return libinput_get_fd(context)
    }

    /// `libinput_dispatch`.
    public func dispatch() -> Int32 {
        guard let context else { return -EBADF }
        let result = libinput_dispatch(context)
        return result < 0 ? result : 0
    }

    /// `libinput_log_set_priority`.
    public func setLogPriority(_ priority: LibinputLogPriority) {
        guard let context else { return }
        libinput_log_set_priority(context, libinput_log_priority(rawValue: UInt32(priority.rawValue)))
    }

    // MARK: Events

    /// `libinput_get_event`, read into a ``RawLibinputEvent`` with the `libinput_event_*_get_*` accessors valid for its type (for finger scrolling, `libinput_event_pointer_has_axis` and `_get_scroll_value` per axis), then `libinput_event_destroy`. Takes a device reference on `DEVICE_ADDED` and drops it on `DEVICE_REMOVED`.
    public func nextEvent() -> RawLibinputEvent? {
        guard let context, let event = libinput_get_event(context) else { return nil }
        defer { libinput_event_destroy(event) }
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard let device = libinput_event_get_device(event) else { return .other(type: Int32(type.rawValue)) }
            let handle = Self.handle(device)
            if deviceReferences[handle] == nil { deviceReferences[handle] = libinput_device_ref(device) }
            return .deviceAdded(Self.info(of: device, handle: handle))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let device = libinput_event_get_device(event) else { return .other(type: Int32(type.rawValue)) }
            let handle = Self.handle(device)
            if let reference = deviceReferences.removeValue(forKey: handle) { libinput_device_unref(reference) }
            return .deviceRemoved(handle)
        case LIBINPUT_EVENT_TOUCH_DOWN: return touch(event, .down)
        case LIBINPUT_EVENT_TOUCH_MOTION: return touch(event, .motion)
        case LIBINPUT_EVENT_TOUCH_UP: return touch(event, .up)
        case LIBINPUT_EVENT_TOUCH_CANCEL: return touch(event, .cancel)
        case LIBINPUT_EVENT_TOUCH_FRAME: return touch(event, .frame)
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: return gesture(event, .swipe, .begin)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: return gesture(event, .swipe, .update)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: return gesture(event, .swipe, .end)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: return gesture(event, .pinch, .begin)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: return gesture(event, .pinch, .update)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: return gesture(event, .pinch, .end)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: return gesture(event, .hold, .begin)
        case LIBINPUT_EVENT_GESTURE_HOLD_END: return gesture(event, .hold, .end)
        case LIBINPUT_EVENT_POINTER_SCROLL_FINGER: return scrollFinger(event)
        default: return .other(type: Int32(type.rawValue))
        }
    }

    private static func handle(_ device: OpaquePointer) -> RawDeviceHandle {
        RawDeviceHandle(UInt(bitPattern: Int(bitPattern: device)))
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static let capabilityMap: [(libinput_device_capability, RawDeviceCapabilities)] = [
        (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
        (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
        (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad), (LIBINPUT_DEVICE_CAP_GESTURE, .gesture),
        (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
    ]

    private static func info(of device: OpaquePointer, handle: RawDeviceHandle) -> RawDeviceInfo {
        var capabilities: RawDeviceCapabilities = []
        for (cap, flag) in capabilityMap where libinput_device_has_capability(device, cap) != 0 {
            capabilities.insert(flag)
        }
        var width = 0.0
        var height = 0.0
        let size = libinput_device_get_size(device, &width, &height) == 0 ? Size(width: width, height: height) : nil
        var devnode: String?
        var properties: [String: String] = [:]
        if let udevDevice = libinput_device_get_udev_device(device) {
            devnode = string(udev_device_get_devnode(udevDevice))
            var entry = udev_device_get_properties_list_entry(udevDevice)
            while let current = entry {
                if let key = string(udev_list_entry_get_name(current)) {
                    properties[key] = string(udev_list_entry_get_value(current)) ?? ""
                }
                entry = udev_list_entry_get_next(current)
            }
            udev_device_unref(udevDevice)
        }
        return RawDeviceInfo(
            handle: handle, name: string(libinput_device_get_name(device)) ?? "",
            sysname: string(libinput_device_get_sysname(device)) ?? "", devnode: devnode,
            capabilities: capabilities, sizeMillimetres: size,
            touchCount: Int(libinput_device_touch_get_touch_count(device)),
            hasCalibrationMatrix: libinput_device_config_calibration_has_matrix(device) != 0,
            udevProperties: properties)
    }

    private func touch(_ event: OpaquePointer, _ kind: RawTouchEvent.Kind) -> RawLibinputEvent {
        guard let touch = libinput_event_get_touch_event(event), let device = libinput_event_get_device(event) else {
            return .other(type: Int32(libinput_event_get_type(event).rawValue))
        }
        var raw = RawTouchEvent(
            kind: kind, device: Self.handle(device), timeMicroseconds: libinput_event_touch_get_time_usec(touch))
        if kind != .frame {
            raw.slot = libinput_event_touch_get_slot(touch)
            raw.seatSlot = libinput_event_touch_get_seat_slot(touch)
        }
        if kind == .down || kind == .motion {
            raw.position = RawTouchEvent.Position(
                millimetres: Point(x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch)),
                normalized: Point(
                    x: libinput_event_touch_get_x_transformed(touch, 1),
                    y: libinput_event_touch_get_y_transformed(touch, 1)))
        }
        return .touch(raw)
    }

    private func gesture(
        _ event: OpaquePointer, _ kind: RawGestureEvent.Kind, _ phase: RawGestureEvent.Phase
    ) -> RawLibinputEvent {
        guard let gesture = libinput_event_get_gesture_event(event), let device = libinput_event_get_device(event)
        else { return .other(type: Int32(libinput_event_get_type(event).rawValue)) }
        var raw = RawGestureEvent(
            kind: kind, phase: phase, device: Self.handle(device),
            timeMicroseconds: libinput_event_gesture_get_time_usec(gesture),
            fingerCount: Int(libinput_event_gesture_get_finger_count(gesture)))
        if phase == .end { raw.cancelled = libinput_event_gesture_get_cancelled(gesture) != 0 }
        if phase == .update {
            raw.delta = Point(x: libinput_event_gesture_get_dx(gesture), y: libinput_event_gesture_get_dy(gesture))
            raw.unacceleratedDelta = Point(
                x: libinput_event_gesture_get_dx_unaccelerated(gesture),
                y: libinput_event_gesture_get_dy_unaccelerated(gesture))
        }
        if kind == .pinch {
            raw.scale = libinput_event_gesture_get_scale(gesture)
            if phase == .update { raw.angleDelta = libinput_event_gesture_get_angle_delta(gesture) }
        }
        return .gesture(raw)
    }

    private func scrollFinger(_ event: OpaquePointer) -> RawLibinputEvent {
        guard let pointer = libinput_event_get_pointer_event(event), let device = libinput_event_get_device(event)
        else { return .other(type: Int32(libinput_event_get_type(event).rawValue)) }
        func value(_ axis: libinput_pointer_axis) -> Double? {
            libinput_event_pointer_has_axis(pointer, axis) != 0 ? libinput_event_pointer_get_scroll_value(pointer, axis) : nil
        }
        return .scrollFinger(RawScrollEvent(
            device: Self.handle(device), timeMicroseconds: libinput_event_pointer_get_time_usec(pointer),
            vertical: value(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL),
            horizontal: value(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL),
            naturalScrolling: libinput_device_config_scroll_get_natural_scroll_enabled(device) != 0))
    }

    // MARK: Device configuration

    private func matrix(_ read: (OpaquePointer, UnsafeMutablePointer<Float>) -> Int32, of device: RawDeviceHandle)
        -> CalibrationMatrix
    {
        guard let pointer = deviceReferences[device] else { return .identity }
        var values = [Float](repeating: 0, count: 6)
        _ = values.withUnsafeMutableBufferPointer { read(pointer, $0.baseAddress!) }
        return CalibrationMatrix(values) ?? .identity
    }

    /// `libinput_device_config_calibration_get_matrix`.
    public func calibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix {
        matrix({ libinput_device_config_calibration_get_matrix($0, $1) }, of: device)
    }

    /// `libinput_device_config_calibration_get_default_matrix`.
    public func defaultCalibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix {
        matrix({ libinput_device_config_calibration_get_default_matrix($0, $1) }, of: device)
    }

    /// `libinput_device_config_calibration_set_matrix`.
    public func setCalibrationMatrix(_ matrix: CalibrationMatrix, of device: RawDeviceHandle) -> Bool {
        guard let pointer = deviceReferences[device] else { return false }
        let values = matrix.array
        let status = values.withUnsafeBufferPointer {
            libinput_device_config_calibration_set_matrix(pointer, $0.baseAddress!)
        }
        return status == LIBINPUT_CONFIG_STATUS_SUCCESS
    }

    // MARK: Kernel

    /// `open(2)`, retried on `EINTR`; returns `-errno` on failure.
    public func open(_ path: String, flags: Int32) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags)
            if fd >= 0 { return fd }
            if errno != EINTR { return -errno }
        }
    }

    /// `close(2)`.
    public func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// `stat(2)`, following links: the device number of a character device, else `nil`.
    public func nodeIdentity(_ path: String) -> UInt64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
        return UInt64(status.st_rdev)
    }

    /// `poll(2)` on up to four descriptors; returns `-errno` on failure.
    public func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) -> Int32 {
        var fds = (
            pollfd(fd: -1, events: 0, revents: 0), pollfd(fd: -1, events: 0, revents: 0),
            pollfd(fd: -1, events: 0, revents: 0), pollfd(fd: -1, events: 0, revents: 0)
        )
        let count = min(descriptors.count, 4)
        return withUnsafeMutableBytes(of: &fds) { bytes in
            let table = bytes.bindMemory(to: pollfd.self)
            for i in 0..<count {
                table[i] = pollfd(fd: descriptors[i].fd, events: descriptors[i].events, revents: 0)
            }
            let result = Glibc.poll(table.baseAddress, nfds_t(count), timeoutMilliseconds)
            if result < 0 { return -errno }
            for i in 0..<count { descriptors[i].returnedEvents = table[i].revents }
            return result
        }
    }

    /// `clock_gettime(CLOCK_MONOTONIC)`: ``MonotonicClock/now``.
    public func monotonicNow() -> Timestamp { MonotonicClock.now }

    /// `pipe(2)`, both ends made `O_NONBLOCK` and `FD_CLOEXEC`.
    public func makeWakePipe() -> Result<WakePipe, LibinputBackendError> {
        var ends: (Int32, Int32) = (-1, -1)
        let result = withUnsafeMutableBytes(of: &ends) { pipe($0.bindMemory(to: Int32.self).baseAddress) }
        if result != 0 { return .failure(.eventLoopSetupFailed(errno: errno)) }
        for fd in [ends.0, ends.1] {
            if fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 {
                let e = errno
                _ = Glibc.close(ends.0)
                _ = Glibc.close(ends.1)
                return .failure(.eventLoopSetupFailed(errno: e))
            }
        }
        return .success(WakePipe(readFD: ends.0, writeFD: ends.1))
    }

    /// `write(2)` of one zero byte to the pipe's write end.
    public func waker(for pipe: WakePipe) -> @Sendable () -> Void {
        let fd = pipe.writeFD
        return {
            var byte: UInt8 = 0
            _ = Glibc.write(fd, &byte, 1)
        }
    }

    /// `read(2)` until the non-blocking pipe is empty.
    public func drainWakePipe(_ pipe: WakePipe) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer: (UInt64, UInt64) = (0, 0)
        while true {
            let count = withUnsafeMutableBytes(of: &buffer) { Glibc.read(pipe.readFD, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            withUnsafeBytes(of: &buffer) { bytes.append(contentsOf: $0.prefix(count)) }
        }
        return bytes
    }

    /// `close(2)` on both ends.
    public func closeWakePipe(_ pipe: WakePipe) {
        _ = Glibc.close(pipe.readFD)
        _ = Glibc.close(pipe.writeFD)
    }

    /// `sigaction` for SIGINT and SIGTERM, through the C shim's async-signal-safe handler, which
    /// writes to the pipe of every run loop installed (each backend's system installs its own).
    public func installStopSignals(_ pipe: WakePipe) -> Int32 {
        let result = gk_stop_signals_install(pipe.writeFD)
        if result == 0 { stopSignalsFD = pipe.writeFD }
        return result
    }

    /// Stops this system's pipe hearing the signals; once no run loop is left, `sigaction`
    /// restores the handlers that were there before the first install.
    public func restoreStopSignals() {
        guard let fd = stopSignalsFD else { return }
        stopSignalsFD = nil
        gk_stop_signals_restore(fd)
    }

    // MARK: Seat

    /// `libinput_suspend`.
    public func suspend() {
        guard let context else { return }
        libinput_suspend(context)
    }

    /// `libinput_resume`.
    public func resume() -> Int32 {
        guard let context else { return -EBADF }
        return libinput_resume(context) == 0 ? 0 : -EIO
    }

    /// A new ``LiveSeatSystem``.
    public func makeSeatSystem() -> any SeatSystem { LiveSeatSystem() }
}
