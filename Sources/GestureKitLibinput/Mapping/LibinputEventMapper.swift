import GestureKit

/// Turns ``RawLibinputEvent`` values into GestureKit `InputEvent` values. Pure Swift: no C, no
/// clock, no I/O.
///
/// - Touch events accumulate per device until `TOUCH_FRAME`, which emits one `.touchFrame` whose
///   contacts are identified by seat slot; contacts still down but not mentioned are stationary.
/// - Gesture events become `.touchpadGesture`, an end with `get_cancelled` becoming `.cancel`.
/// - A touchpad's finger scrolling (`POINTER_SCROLL_FINGER`) becomes a 2-finger `.swipe` sequence:
///   `.begin` then `.update` on its first event, `.update` with each event's scroll values as the
///   delta, `.end` on the event libinput marks as the scroll stop (every axis 0). libinput's swipes
///   start at three fingers, so a 2-finger swipe is always a scroll, and pans and swipes that list
///   2 in their `touchpadFingerCounts` follow it with no change. A gesture that begins on the
///   touchpad while a scroll is open ends the scroll first.
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
        /// Whether a finger-scroll sequence is open, for touchpads.
        var scrolling = false
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

    /// The GestureKit events one libinput event yields, in order: none or one, and two for the
    /// first event of a finger scroll (begin, update) and for a gesture that begins while a scroll
    /// is open (the scroll's end, the gesture's begin).
    ///
    /// A pair of optionals rather than a callback: the caller hands the events on after the
    /// mapper's mutation has ended, so a handler may read the backend (its device list) freely.
    struct Output {
        var first: InputEvent?
        var second: InputEvent?

        static let none = Output()

        init(_ first: InputEvent? = nil, _ second: InputEvent? = nil) {
            self.first = first
            self.second = second
        }
    }

    /// Maps one event to the GestureKit events it yields.
    ///
    /// A returned `.touchFrame` shares its contacts' storage with the mapper; once the caller lets
    /// go of it, the next frame reuses that storage.
    mutating func map(_ raw: RawLibinputEvent) -> Output {
        switch raw {
        case .deviceAdded(let info):
            return Output(add(info))
        case .deviceRemoved(let handle):
            guard let removed = devices.removeValue(forKey: handle) else { return .none }
            addedOrder.removeAll { $0 == handle }
            return Output(removed.device.map { .deviceRemoved($0.id, at: latestTime) })
        case .touch(let touch):
            return Output(self.touch(touch))
        case .gesture(let gesture):
            return self.gesture(gesture)
        case .scrollFinger(let scroll):
            return self.scroll(scroll)
        case .other:
            return .none
        }
    }

    /// Forgets every device, as when the seat is suspended, and returns a `.deviceRemoved` for each
    /// touch device, in the order they were added.
    mutating func removeAllDevices() -> [InputEvent] {
        let removed = addedOrder.compactMap { devices[$0]?.device.map { InputEvent.deviceRemoved($0.id, at: latestTime) } }
        devices.removeAll()
        addedOrder.removeAll()
        return removed
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

    private mutating func gesture(_ gesture: RawGestureEvent) -> Output {
        let time = Timestamp(microseconds: Int64(clamping: gesture.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard let device = devices[gesture.device]?.device else { return .none }
        var scrollEnd: InputEvent?
        if gesture.phase == .begin && devices[gesture.device]!.scrolling {
            devices[gesture.device]!.scrolling = false
            scrollEnd = scrollEvent(device.id, time, .end)
        }
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
        let event = InputEvent.touchpadGesture(TouchpadGestureEvent(
            device: device.id, timestamp: time, kind: kind, phase: phase, fingerCount: gesture.fingerCount,
            delta: gesture.delta, unacceleratedDelta: gesture.unacceleratedDelta, scale: gesture.scale,
            angleDelta: gesture.angleDelta))
        return scrollEnd.map { Output($0, event) } ?? Output(event)
    }

    /// Finger scrolling as a 2-finger swipe sequence (see the type's documentation). The delta is
    /// libinput's scroll value per axis, in its pointer-motion units, unaccelerated (libinput does
    /// not accelerate finger scrolling), in the direction the fingers moved: natural scrolling,
    /// which reverses libinput's values, is undone.
    private mutating func scroll(_ scroll: RawScrollEvent) -> Output {
        let time = Timestamp(microseconds: Int64(clamping: scroll.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard let device = devices[scroll.device]?.device, device.kind == .touchpad else { return .none }
        if scroll.isStop {
            guard devices[scroll.device]!.scrolling else { return .none }
            devices[scroll.device]!.scrolling = false
            return Output(scrollEvent(device.id, time, .end))
        }
        var delta = Point(x: scroll.horizontal ?? 0, y: scroll.vertical ?? 0)
        if scroll.naturalScrolling { delta = Point(x: -delta.x, y: -delta.y) }
        let update = scrollEvent(device.id, time, .update, delta: delta)
        if devices[scroll.device]!.scrolling { return Output(update) }
        devices[scroll.device]!.scrolling = true
        return Output(scrollEvent(device.id, time, .begin), update)
    }

    private func scrollEvent(_ id: DeviceID, _ time: Timestamp, _ phase: TouchpadGesturePhase, delta: Point = .zero) -> InputEvent {
        .touchpadGesture(TouchpadGestureEvent(
            device: id, timestamp: time, kind: .swipe, phase: phase, fingerCount: Self.scrollFingerCount,
            delta: delta, unacceleratedDelta: delta))
    }

    /// The finger count of a finger-scroll sequence. libinput does not say how many fingers
    /// scroll; two-finger scrolling is its touchpads' default (edge scrolling, one finger along an
    /// edge, is reported the same way when a host turns it on).
    static let scrollFingerCount = 2
}
