import GestureKit

/// Turns ``RawLibinputEvent`` values into GestureKit `InputEvent` values. Pure Swift: no C, no
/// clock, no I/O.
///
/// - Touch events accumulate per device until `TOUCH_FRAME`, which emits one `.touchFrame` whose
///   contacts are identified by seat slot; contacts still down but not mentioned are stationary.
/// - Gesture events become `.touchpadGesture`, an end with `get_cancelled` becoming `.cancel`.
/// - Touchscreens (touch capability) and touchpads (pointer and gesture capabilities) are announced
///   with `.deviceAdded` and `.deviceRemoved`; other devices are remembered for listings only.
/// - Device events carry no time in libinput; they are stamped with the latest event time seen.
struct LibinputEventMapper {
    /// One device libinput added.
    struct Device {
        var info: RawDeviceInfo
        /// The engine's view, for touch devices.
        var device: InputDevice?
        /// The open touch frame, for touchscreens.
        var touches: TouchFrameAccumulator?
    }

    /// Where touchscreen positions go. Changing it affects the next frame.
    var output: OutputMapping
    /// The devices libinput holds, by handle.
    private(set) var devices: [RawDeviceHandle: Device] = [:]
    /// Handles in the order libinput added them.
    private(set) var addedOrder: [RawDeviceHandle] = []
    /// The latest timestamp of any event.
    private(set) var latestTime: Timestamp = .zero
    private var nextID = 1

    init(output: OutputMapping) {
        self.output = output
    }

    /// The device that the backend gave `id`.
    func handle(for id: DeviceID) -> RawDeviceHandle? {
        for (handle, device) in devices where device.device?.id == id { return handle }
        return nil
    }

    /// The GestureKit kind of a device with these capabilities, or `nil` for a non-touch device.
    static func kind(of capabilities: RawDeviceCapabilities) -> DeviceKind? {
        if capabilities.contains(.touch) { return .touchscreen }
        if capabilities.contains(.pointer) && capabilities.contains(.gesture) { return .touchpad }
        return nil
    }

    /// Maps one event to the GestureKit event it yields, if any (libinput events map to at most one).
    ///
    /// A returned `.touchFrame` shares its contacts' storage with the mapper; once the caller lets
    /// go of it, the next frame reuses that storage.
    mutating func map(_ raw: RawLibinputEvent) -> InputEvent? {
        switch raw {
        case .deviceAdded(let info):
            return add(info)
        case .deviceRemoved(let handle):
            guard let removed = devices.removeValue(forKey: handle) else { return nil }
            addedOrder.removeAll { $0 == handle }
            return removed.device.map { .deviceRemoved($0.id, at: latestTime) }
        case .touch(let touch):
            return self.touch(touch)
        case .gesture(let gesture):
            return self.gesture(gesture)
        case .other:
            return nil
        }
    }

    private mutating func add(_ info: RawDeviceInfo) -> InputEvent? {
        var event: InputEvent?
        var entry = Device(info: info)
        if let kind = Self.kind(of: info.capabilities) {
            let id = DeviceID(nextID)
            nextID += 1
            // A touchscreen's millimetres per screen axis: its size through the rotation, else
            // the output's physical size; a touchpad's positions are not on the screen.
            let density = kind == .touchscreen ? output.density(sensorMillimetres: info.sizeMillimetres) : nil
            let device = InputDevice(
                id: id, name: info.name, kind: kind, sizeMillimetres: info.sizeMillimetres,
                hasResolution: info.sizeMillimetres != nil,
                maximumContacts: info.touchCount > 0 ? info.touchCount : nil,
                density: density?.density, densitySource: density?.source)
            entry.device = device
            if kind == .touchscreen {
                entry.touches = TouchFrameAccumulator(device: id, capacity: max(info.touchCount, 10))
            }
            event = .deviceAdded(device, at: latestTime)
        }
        if devices.updateValue(entry, forKey: info.handle) == nil { addedOrder.append(info.handle) }
        return event
    }

    private mutating func touch(_ touch: RawTouchEvent) -> InputEvent? {
        let time = Timestamp(microseconds: Int64(clamping: touch.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard devices[touch.device]?.touches != nil else { return nil }
        let id = Int(touch.seatSlot)
        switch touch.kind {
        case .down:
            guard let position = touch.position else { return nil }
            var flushed: InputEvent?
            if devices[touch.device]!.touches!.hasFinished(id) {
                // The same seat slot ended and began again before a frame: close the first frame now.
                flushed = frame(of: touch.device, at: time)
            }
            devices[touch.device]!.touches!.down(id: id, position: position)
            return flushed
        case .motion:
            guard let position = touch.position else { return nil }
            devices[touch.device]!.touches!.motion(id: id, position: position)
        case .up:
            devices[touch.device]!.touches!.end(id: id, cancelled: false)
        case .cancel:
            if touch.seatSlot < 0 {
                devices[touch.device]!.touches!.cancelAll()
            } else {
                devices[touch.device]!.touches!.end(id: id, cancelled: true)
            }
        case .frame:
            return frame(of: touch.device, at: time)
        }
        return nil
    }

    /// Closes the device's open frame and settles the accumulator for the next one.
    private mutating func frame(of handle: RawDeviceHandle, at time: Timestamp) -> InputEvent {
        devices[handle]!.touches!.close(at: time, output: output)
        let event = InputEvent.touchFrame(devices[handle]!.touches!.frame)
        devices[handle]!.touches!.settle()
        return event
    }

    private mutating func gesture(_ gesture: RawGestureEvent) -> InputEvent? {
        let time = Timestamp(microseconds: Int64(clamping: gesture.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard let device = devices[gesture.device]?.device else { return nil }
        let kind: TouchpadGestureKind =
            switch gesture.kind {
            case .swipe: .swipe
            case .pinch: .pinch
            case .hold: .hold
            }
        let phase: TouchpadGesturePhase =
            switch gesture.phase {
            case .begin: .begin
            case .update: .update
            case .end: gesture.cancelled ? .cancel : .end
            }
        return .touchpadGesture(TouchpadGestureEvent(
            device: device.id, timestamp: time, kind: kind, phase: phase, fingerCount: gesture.fingerCount,
            delta: gesture.delta, unacceleratedDelta: gesture.unacceleratedDelta, scale: gesture.scale,
            angleDelta: gesture.angleDelta))
    }
}
