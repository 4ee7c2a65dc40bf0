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
/// - Device events carry no time in libinput; they are stamped with the latest event time seen,
///   or, before any event carried one, with the monotonic clock as the backend reads their
///   announcement (``startClock(at:)``), so that the devices found at start are not stamped at
///   boot.
/// - Each touchscreen maps onto its own output: the one the host pinned it to, else the one the
///   ``OutputAssignment`` chooses, else the default. When a device's mapping changes, frames use
///   the new one at once; the device is announced again (`.deviceAdded`, same id) with the density
///   of the new mapping as soon as none of its contacts is down, so no touch is cancelled.
///
/// The devices live in an array in the order added; a table finds a handle's place, and the place
/// of the device of the previous event is kept, so the events of a frame reach their device's
/// accumulator in place: no lookup in the table and no copy of a device's state per event.
struct LibinputEventMapper {
    /// One device libinput added.
    struct Device {
        var info: RawDeviceInfo
        /// The engine's view, for touch devices.
        var device: InputDevice?
        /// The open touch frame, for touchscreens.
        var touches: TouchFrameAccumulator?
        /// Whether the device is a touchscreen: it has ``touches``.
        var isTouchscreen: Bool { touches != nil }
        /// Whether a finger-scroll sequence is open, for touchpads.
        var scrolling = false
        /// Where a touchscreen's positions go.
        var output: OutputMapping
        /// The mapping the host set for this device alone, which outranks the assignment.
        var pinnedOutput: OutputMapping?
        /// The engine has the device with a density from an older mapping; it is announced again
        /// once no contact is down.
        var needsAnnouncement = false
        /// libinput's calibration matrix of a touchscreen, which its transformed coordinates went
        /// through before ``output`` maps them: a matrix that turns or stretches the sensor (udev's
        /// `LIBINPUT_CALIBRATION_MATRIX` for a panel mounted turned) changes which of its sides
        /// lies along each output axis, and so the density.
        var sensorCalibration = OutputMapping.CalibrationMatrix.identity
        /// The calibration matrix the host set (``LibinputBackend/setCalibrationMatrix(_:for:)``),
        /// which libinput forgets when it opens the device again on resume.
        var hostCalibration: CalibrationMatrix?
    }

    /// What the host set for one touchscreen that a suspend keeps for the device libinput opens
    /// again on resume.
    struct KeptSettings {
        var pin: OutputMapping?
        var calibration: CalibrationMatrix?
    }

    /// What the host set for the touchscreens the last suspend removed (their pins and
    /// calibration matrices), by node and name: it goes back on the device as libinput opens it
    /// again on resume (under a new id), so that a kiosk's screen keeps the output it was pinned
    /// to and its calibration across a VT switch or a seat's disable.
    private var keptSettings: [String: KeptSettings] = [:]

    /// libinput's calibration matrices of devices about to be added, as the backend read them
    /// (see ``noteCalibration(_:for:)``).
    private var calibrations: [RawDeviceHandle: OutputMapping.CalibrationMatrix] = [:]

    /// Where touchscreens the assignment does not name map. Set it through
    /// ``setDefaultOutput(_:)``.
    private(set) var defaultOutput: OutputMapping
    /// The host's choice of output per device.
    private(set) var assignment: OutputAssignment?
    /// The devices libinput holds, in the order it added them.
    private(set) var devices: [Device] = []
    /// Each device's place in ``devices``.
    private var places: [RawDeviceHandle: Int] = [:]
    /// The handle and place of the device last looked up: the device of the previous event.
    private var lastLookup: (handle: RawDeviceHandle, place: Int)?
    /// The latest timestamp of any event.
    private(set) var latestTime: Timestamp = .zero
    private var nextID = 1

    /// Takes `now` (the monotonic clock, libinput's time base) as the latest time while no event
    /// has carried one: the devices libinput announces as it starts are stamped with the moment
    /// they were read, not with zero (boot), which a log would take as its origin.
    mutating func startClock(at now: Timestamp) {
        if latestTime == .zero { latestTime = now }
    }

    init(defaultOutput: OutputMapping, assignment: OutputAssignment? = nil) {
        self.defaultOutput = defaultOutput
        self.assignment = assignment
    }

    /// The mapping a device gets from the host's pin, the assignment or the default.
    private func chosenOutput(for entry: Device) -> OutputMapping {
        entry.pinnedOutput ?? assignment?.mapping(for: entry.info) ?? defaultOutput
    }

    /// Changes the default output; touchscreens that use it follow. Returns the devices announced
    /// again at once (see ``remap()``).
    mutating func setDefaultOutput(_ output: OutputMapping) -> [InputEvent] {
        defaultOutput = output
        return remap()
    }

    /// Changes the assignment and chooses every touchscreen's output again.
    mutating func setAssignment(_ assignment: OutputAssignment?) -> [InputEvent] {
        self.assignment = assignment
        return remap()
    }

    /// Pins a device to `output`, or with `nil` returns it to the assignment and the default.
    mutating func setPinnedOutput(_ output: OutputMapping?, for handle: RawDeviceHandle) -> [InputEvent] {
        guard let i = place(of: handle), devices[i].isTouchscreen else { return [] }
        devices[i].pinnedOutput = output
        return remap()
    }

    /// libinput's calibration of a touchscreen changed from `old` to `new`: the positions of its
    /// contacts down, which libinput calibrated the old way, are calibrated the new way, so that a
    /// finger that stays still is mapped as the next events map those that move; they are placed
    /// there at once (the frame returned, see ``placement(of:)``).
    /// A density the matrix changes (a quarter turn) is announced as ``remap()`` announces it.
    mutating func recalibrate(_ handle: RawDeviceHandle, from old: CalibrationMatrix, to new: CalibrationMatrix) -> [InputEvent] {
        guard old != new, let d = place(of: handle), devices[d].isTouchscreen else { return [] }
        devices[d].sensorCalibration = Self.matrix(new)
        var events = reannounce(d)
        guard !devices[d].touches!.live.isEmpty else { return events }
        let undo = old.inverse
        devices[d].touches!.transformPositions { p in undo(p).map(new.apply) ?? p }
        if let placed = placement(of: d) { events.append(placed) }
        return events
    }

    /// Notes libinput's calibration matrix of the device `handle` is about to add (a device with
    /// a matrix: udev's `LIBINPUT_CALIBRATION_MATRIX` set it before libinput announced it).
    mutating func noteCalibration(_ matrix: CalibrationMatrix, for handle: RawDeviceHandle) {
        calibrations[handle] = Self.matrix(matrix)
    }

    private static func matrix(_ m: CalibrationMatrix) -> OutputMapping.CalibrationMatrix {
        let (a, b, c, d, e, f) = m.values
        return OutputMapping.CalibrationMatrix(Double(a), Double(b), Double(c), Double(d), Double(e), Double(f))
    }

    /// A frame that places every contact down on device `d` where its mapping now puts it, each
    /// stationary: the engine takes a resting contact at a new position as the finger placed anew,
    /// with no motion. Sent as the mapping changes, before any contact moves again, it keeps a
    /// finger moving during the change from carrying the jump as motion (a pan's translation, a
    /// rotation's angle). `nil` with no contact down, or with a frame open (its contacts carry
    /// the change when it closes).
    private func placement(of d: Int) -> InputEvent? {
        guard let touches = devices[d].touches, !touches.live.isEmpty, !touches.hasPendingChanges,
              let id = devices[d].device?.id
        else { return nil }
        let output = devices[d].output
        var frame = TouchFrame(device: id, timestamp: latestTime)
        frame.contacts = touches.live.map { item in
            var contact = item.contact
            contact.location = output.map(normalized: item.normalized)
            return contact
        }
        return .touchFrame(frame)
    }

    /// The device libinput knows by `handle`.
    func device(_ handle: RawDeviceHandle) -> Device? {
        places[handle].map { devices[$0] }
    }

    /// Where the device of `handle` is in ``devices``: the previous event's device without a lookup.
    private mutating func place(of handle: RawDeviceHandle) -> Int? {
        if let last = lastLookup, last.handle == handle { return last.place }
        guard let i = places[handle] else { return nil }
        lastLookup = (handle, i)
        return i
    }

    /// The engine's view of a device. A touchscreen's millimetres per screen axis: its size
    /// through `output`, else the output's physical size; a touchpad's positions are not on the
    /// screen.
    /// libinput's `sensorCalibration` comes first: the sensor as the transformed coordinates see
    /// it is what `output` maps.
    private static func device(
        _ id: DeviceID, _ info: RawDeviceInfo, _ kind: DeviceKind, output: OutputMapping,
        sensorCalibration: OutputMapping.CalibrationMatrix
    ) -> InputDevice {
        var seen = output
        seen.calibration = output.calibration.after(sensorCalibration)
        let density = kind == .touchscreen ? seen.density(sensorMillimetres: info.sizeMillimetres) : nil
        return InputDevice(
            id: id, name: info.name, kind: kind, sizeMillimetres: info.sizeMillimetres,
            hasResolution: info.sizeMillimetres != nil,
            maximumContacts: info.touchCount > 0 ? info.touchCount : nil,
            density: density?.density, densitySource: density?.source,
            outputFrame: kind == .touchscreen ? output.frame : nil)
    }

    /// Chooses each touchscreen's output again. A device whose density changes is announced again
    /// now when none of its contacts is down (the events returned), else once they have all lifted.
    /// The contacts down on a device whose mapping changed are placed anew at once (a frame
    /// returned, see ``placement(of:)``).
    private mutating func remap() -> [InputEvent] {
        var announced: [InputEvent] = []
        for i in devices.indices {
            guard devices[i].isTouchscreen, devices[i].device != nil else { continue }
            let output = chosenOutput(for: devices[i])
            let changed = output != devices[i].output
            devices[i].output = output
            if changed, let placed = placement(of: i) { announced.append(placed) }
            announced += reannounce(i)
        }
        return announced
    }

    /// Works out touchscreen `i`'s view again: a device that changed is announced now when none
    /// of its contacts is down (the event returned), else once they have all lifted.
    private mutating func reannounce(_ i: Int) -> [InputEvent] {
        guard let old = devices[i].device else { return [] }
        let device = Self.device(
            old.id, devices[i].info, old.kind, output: devices[i].output, sensorCalibration: devices[i].sensorCalibration)
        guard device != old else { return [] }
        devices[i].device = device
        if devices[i].touches!.live.isEmpty { return [.deviceAdded(device, at: latestTime)] }
        devices[i].needsAnnouncement = true
        return []
    }

    /// The device that the backend gave `id`.
    func handle(for id: DeviceID) -> RawDeviceHandle? {
        devices.first { $0.device?.id == id }?.info.handle
    }

    /// The GestureKit kind of a device, or `nil` for a non-touch device: a touchscreen has the
    /// touch capability; a touchpad the pointer capability, with the gesture capability or, when
    /// libinput gives it none (a semi-multitouch or single-slot touchpad, on which libinput
    /// recognizes no gesture but still scrolls with two fingers), udev's `ID_INPUT_TOUCHPAD`.
    static func kind(of info: RawDeviceInfo) -> DeviceKind? {
        let capabilities = info.capabilities
        if capabilities.contains(.touch) { return .touchscreen }
        if capabilities.contains(.pointer)
            && (capabilities.contains(.gesture) || info.udevProperties["ID_INPUT_TOUCHPAD"] == "1") {
            return .touchpad
        }
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
            guard let i = places[handle] else { return .none }
            let removed = devices.remove(at: i)
            reindex()
            return Output(removed.device.map { .deviceRemoved($0.id, at: latestTime) })
        case .touch(let touch):
            return self.touch(touch)
        case .gesture(let gesture):
            return self.gesture(gesture)
        case .scrollFinger(let scroll):
            return self.scroll(scroll)
        case .other:
            return .none
        }
    }

    /// Maps a finger's motion on a touchscreen, when no cancel is held back: the event changes only
    /// the device's open frame and yields nothing. Returns whether it did; any other event goes
    /// through ``map(_:)``. Most events of a stream are these, so the backend maps them with one
    /// access to the mapper and no output to copy.
    mutating func mapMotion(_ raw: RawLibinputEvent) -> Bool {
        guard heldCancel == nil, case .touch(let touch) = raw, touch.kind == .motion, let position = touch.position,
              let d = place(of: touch.device), devices[d].isTouchscreen
        else { return false }
        let time = Timestamp(microseconds: Int64(clamping: touch.timeMicroseconds))
        if time > latestTime { latestTime = time }
        devices[d].touches!.motion(id: Int(touch.seatSlot), position: position)
        return true
    }

    /// Forgets every device, as when the seat is suspended, and returns a `.deviceRemoved` for each
    /// touch device, in the order they were added.
    mutating func removeAllDevices() -> [InputEvent] {
        let removed = devices.compactMap { $0.device.map { InputEvent.deviceRemoved($0.id, at: latestTime) } }
        devices.removeAll()
        reindex()
        return removed
    }

    /// Keeps what the host set for the touchscreens held now for the devices libinput adds
    /// again on resume (see ``keptSettings``), before the suspend removes them; the resume drops
    /// what no device took back (see ``dropKeptSettings()``).
    mutating func keepSettingsForResume() {
        keptSettings.removeAll()
        for d in devices where d.pinnedOutput != nil || d.hostCalibration != nil {
            keptSettings[Self.settingsKey(d.info)] = KeptSettings(pin: d.pinnedOutput, calibration: d.hostCalibration)
        }
    }

    /// Drops what was kept at the suspend, once the resume has read the devices libinput opened
    /// again: a touchscreen unplugged while the seat was away and plugged in later is a new
    /// device, with neither its predecessor's pin nor its matrix.
    mutating func dropKeptSettings() {
        keptSettings.removeAll()
    }

    /// The calibration matrix the host had set on the device `info` announces, before a suspend:
    /// the backend sets it again before reading the device's matrix.
    func calibrationToRestore(for info: RawDeviceInfo) -> CalibrationMatrix? {
        keptSettings.isEmpty ? nil : keptSettings[Self.settingsKey(info)]?.calibration
    }

    /// Notes the calibration matrix the host set on a device (see ``keepSettingsForResume()``).
    mutating func noteHostCalibration(_ matrix: CalibrationMatrix, for handle: RawDeviceHandle) {
        if let d = place(of: handle) { devices[d].hostCalibration = matrix }
    }

    /// What names a device across a suspend: its node (the kernel's name for it) and its name.
    private static func settingsKey(_ info: RawDeviceInfo) -> String {
        "\(info.devnode ?? info.sysname)\u{0}\(info.name)"
    }

    /// Rebuilds ``places`` after the device list changed (devices come and go rarely).
    private mutating func reindex() {
        places.removeAll(keepingCapacity: true)
        for (i, d) in devices.enumerated() { places[d.info.handle] = i }
        lastLookup = nil
    }

    private mutating func add(_ info: RawDeviceInfo) -> InputEvent? {
        var event: InputEvent?
        var entry = Device(info: info, output: defaultOutput)
        if let matrix = calibrations.removeValue(forKey: info.handle) { entry.sensorCalibration = matrix }
        if let kind = Self.kind(of: info) {
            if kind == .touchscreen {
                if !keptSettings.isEmpty, let kept = keptSettings.removeValue(forKey: Self.settingsKey(info)) {
                    entry.pinnedOutput = kept.pin
                    entry.hostCalibration = kept.calibration
                }
                entry.output = chosenOutput(for: entry)
            }
            let id = DeviceID(nextID)
            nextID += 1
            let device = Self.device(id, info, kind, output: entry.output, sensorCalibration: entry.sensorCalibration)
            entry.device = device
            if kind == .touchscreen {
                entry.touches = TouchFrameAccumulator(device: id, capacity: max(info.touchCount, 10))
            }
            event = .deviceAdded(device, at: latestTime)
        }
        if let i = places[info.handle] {
            devices[i] = entry
        } else {
            places[info.handle] = devices.count
            devices.append(entry)
        }
        return event
    }

    private mutating func touch(_ touch: RawTouchEvent) -> Output {
        let time = Timestamp(microseconds: Int64(clamping: touch.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard let d = place(of: touch.device), devices[d].isTouchscreen else { return .none }
        let id = Int(touch.seatSlot)
        switch touch.kind {
        case .down:
            guard let position = touch.position else { return .none }
            var flushed = Output.none
            if devices[d].touches!.hasFinished(id) {
                // The same seat slot ended and began again before a frame: close the first frame now.
                flushed = frame(of: d, at: time)
            }
            devices[d].touches!.down(id: id, position: position)
            return flushed
        case .motion:
            guard let position = touch.position else { return .none }
            devices[d].touches!.motion(id: id, position: position)
        case .up:
            devices[d].touches!.end(id: id, cancelled: false)
        case .cancel:
            if touch.seatSlot < 0 {
                devices[d].touches!.cancelAll()
            } else {
                devices[d].touches!.end(id: id, cancelled: true)
            }
        case .frame:
            return frame(of: d, at: time)
        }
        return .none
    }

    /// An event that ends what a device had under way, held back until the next libinput event:
    /// a frame that cancelled every touch of its device (one or several), or the end of a
    /// touchpad gesture or of finger scrolling. libinput ends what a device it removes had under
    /// way just before the removal (it cancels a touchscreen's touches; it lifts a touchpad's
    /// fingers, which ends its gesture or scroll as if the user had lifted), so a removal next
    /// drops the event, and the engine cancels as `deviceRemoved`; anything else releases it as
    /// it was read: a palm, a device cancel of several touches (see ``TouchFrameAccumulator``), a
    /// gesture the user ended. `time` is the event's.
    private(set) var heldCancel: (handle: RawDeviceHandle, event: InputEvent, time: Timestamp)?

    /// The held event, if any, settled by what comes next: `next` is the libinput event
    /// about to be mapped, `nil` at the end of a dispatch; `removingAll` when every device goes.
    /// Returns the event to hand on, or `nil` (none held, the device is going, or another device's
    /// removal comes first and it stays held). The device's
    /// announcement, if it waited for its last contact to lift (see `frame(of:at:)`), is then
    /// ``heldAnnouncement``.
    mutating func releaseHeldCancel(before next: RawLibinputEvent?, removingAll: Bool = false) -> InputEvent? {
        guard let held = heldCancel else { return nil }
        // Another device's removal leaves it held: a seat suspended removes every device, each
        // after what it ends.
        if case .deviceRemoved(let handle)? = next, handle != held.handle, !removingAll { return nil }
        heldCancel = nil
        if removingAll { return nil }
        if case .deviceRemoved(let handle)? = next, handle == held.handle { return nil }
        if let d = place(of: held.handle), devices[d].needsAnnouncement, devices[d].touches?.live.isEmpty == true,
           let device = devices[d].device {
            devices[d].needsAnnouncement = false
            heldAnnouncement = .deviceAdded(device, at: held.time)
        }
        return held.event
    }

    /// The announcement of the device whose held cancel frame was just released, to hand on
    /// after it (taken: `nil` afterwards).
    var heldAnnouncement: InputEvent?

    /// Closes the device's open frame and settles the accumulator for the next one; then, if the
    /// device waits to be announced with a new density and its last contact has lifted, announces it.
    private mutating func frame(of d: Int, at time: Timestamp) -> Output {
        let output = devices[d].output
        devices[d].touches!.close(at: time, output: output)
        let frame = devices[d].touches!.frame
        if devices[d].touches!.isLoneCancel {
            heldCancel = (devices[d].info.handle, .touchFrame(frame), frame.timestamp)
            devices[d].touches!.settle()
            return .none
        }
        devices[d].touches!.settle()
        guard devices[d].needsAnnouncement, devices[d].touches!.live.isEmpty, let device = devices[d].device
        else { return Output(.touchFrame(frame)) }
        devices[d].needsAnnouncement = false
        return Output(.touchFrame(frame), .deviceAdded(device, at: time))
    }

    private mutating func gesture(_ gesture: RawGestureEvent) -> Output {
        let time = Timestamp(microseconds: Int64(clamping: gesture.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard let d = place(of: gesture.device), let device = devices[d].device else { return .none }
        var scrollEnd: InputEvent?
        if gesture.phase == .begin && devices[d].scrolling {
            devices[d].scrolling = false
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
        if gesture.phase == .end {
            // Held back: a removal next makes it the removal's cancel (see `heldCancel`).
            heldCancel = (devices[d].info.handle, event, time)
            return .none
        }
        return scrollEnd.map { Output($0, event) } ?? Output(event)
    }

    /// Finger scrolling as a 2-finger swipe sequence (see the type's documentation). The delta is
    /// libinput's scroll value per axis, in its pointer-motion units, unaccelerated (libinput does
    /// not accelerate finger scrolling), in the direction the fingers moved: natural scrolling,
    /// which reverses libinput's values, is undone.
    private mutating func scroll(_ scroll: RawScrollEvent) -> Output {
        let time = Timestamp(microseconds: Int64(clamping: scroll.timeMicroseconds))
        if time > latestTime { latestTime = time }
        guard let d = place(of: scroll.device), let device = devices[d].device, device.kind == .touchpad else { return .none }
        if scroll.isStop {
            guard devices[d].scrolling else { return .none }
            devices[d].scrolling = false
            heldCancel = (devices[d].info.handle, scrollEvent(device.id, time, .end), time)
            return .none
        }
        var delta = Point(x: scroll.horizontal ?? 0, y: scroll.vertical ?? 0)
        if scroll.naturalScrolling { delta = Point(x: -delta.x, y: -delta.y) }
        let update = scrollEvent(device.id, time, .update, delta: delta)
        if devices[d].scrolling { return Output(update) }
        devices[d].scrolling = true
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

extension OutputMapping.CalibrationMatrix {
    /// This matrix applied after `first`: `p ↦ self(first(p))`.
    func after(_ first: OutputMapping.CalibrationMatrix) -> OutputMapping.CalibrationMatrix {
        OutputMapping.CalibrationMatrix(
            a * first.a + b * first.d, a * first.b + b * first.e, a * first.c + b * first.f + c,
            d * first.a + e * first.d, d * first.b + e * first.e, d * first.c + e * first.f + f)
    }
}
