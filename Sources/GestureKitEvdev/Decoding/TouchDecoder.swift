import GestureKit

/// Turns one device's evdev events into `TouchFrame` values: multitouch protocol B,
/// with a single-touch fallback.
///
/// Feed events in order with ``decode(_:)``; when it returns `true`, ``frame`` holds a frame that
/// was just closed. The decoder keeps one frame and reuses its storage, and its slot table holds
/// the first 16 slots from the start and grows, once, to the highest slot the events select, so a
/// steady stream of events allocates nothing as long as the caller does not keep copies of
/// ``frame`` across calls. A device declaring many slots (the kernel allows up to
/// ``RecordingLimits/maximumSlotCount``) costs only what its events use.
///
/// ## What a frame holds
/// * `SYN_REPORT` closes a frame. It lists every contact that is down (began, moved or
///   stationary) and every contact that ended or was cancelled in it. A `SYN_REPORT` that changed
///   nothing produces no frame.
/// * Contact ids come from a decoder-local counter, one per touch: stable for the touch's life, never
///   the slot number, never reused while the decoder lives. A slot lifted and touched again within
///   one frame (`TRACKING_ID −1` then a new id, or a new id replacing the old) yields the old
///   contact `.ended` and a new contact `.began`.
/// * evdev drops repeated values, so a new tracking id may come without a position: the slot's
///   last known position is used. A touch whose slot has never had a position is held back until
///   one arrives; a touch that begins and ends within one frame is not reported.
/// * `ABS_MT_TOOL_TYPE` `MT_TOOL_PALM`: a touch that begins as a palm is reported with
///   `isPalm` for its whole life; a finger that turns into a palm is reported `.cancelled` (with
///   `isPalm`) and then not again until it lifts.
/// * `SYN_DROPPED`: every open contact is reported `.cancelled` at once (``decode(_:)`` returns
///   `true`), the decoder returns to the neutral state, and events up to the next `SYN_REPORT`
///   report nothing (the slot they select and the positions, sizes, pressures and tools they set
///   are kept, as are the slot selected and each slot's last values: the kernel sends only
///   changes).
///   Fingers still down after that are not reported again until they lift and touch anew.
/// * `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP` give the number of fingers the hardware counts. On a
///   semi-multitouch device (`INPUT_PROP_SEMI_MT`) `TouchFrame.reportedFingerCount`
///   is always set while fingers are down, and the contacts are the two corners of the bounding box
///   of the fingers, not fingers: use them for the box and the count, never as finger positions.
///   On other devices it is set only when the hardware counts more fingers than it tracks.
/// * Devices without multitouch axes but with `ABS_X`/`ABS_Y` and `BTN_TOUCH` give one contact
///   that begins and ends with `BTN_TOUCH`.
///
/// ## Units
/// `TouchContact.location` is in output points through ``mapping``.
/// `TouchContact.millimetres` is `(value − minimum) / resolution`. When an axis has
/// no resolution, `InputDevice.hasResolution` is `false` and millimetres come from the output's
/// physical size (`OutputMapping.physicalSize`) when the mapping has one, each sensor axis spanning
/// the millimetres the mapping, calibration included, lays it on
/// (`OutputMapping.sensorMillimetresOnOutput`); otherwise they are estimated by assuming the
/// sensor covers the output at ``Options/estimatedPointsPerMillimetre``: one scale, from the
/// diagonals, for both axes.
///
/// A touchscreen's `InputDevice.density` (points per millimetre along the output's axes) comes
/// from `OutputMapping.density(sensorMillimetres:)`: the sensor's resolution, else the output's
/// physical size, else none (the engine's fallback), with `InputDevice.densitySource` saying which.
public struct TouchDecoder {
    /// Decoding choices.
    public struct Options: Hashable, Sendable {
        /// Points per millimetre of the output, used to estimate millimetres for a device without
        /// a resolution. The default, 96 / 25.4, is a 96 dpi screen.
        public var estimatedPointsPerMillimetre: Double

        /// Creates options.
        public init(estimatedPointsPerMillimetre: Double = 96 / 25.4) {
            self.estimatedPointsPerMillimetre = estimatedPointsPerMillimetre
        }
    }

    /// The device description the decoder was made for.
    public let description: DeviceDescription
    /// How the device was classified.
    public let classification: DeviceClassification
    /// The device as the engine sees it.
    public let device: InputDevice
    /// How positions become points.
    public let mapping: OutputMapping
    /// The latest frame, valid after ``decode(_:)`` returned `true`.
    public private(set) var frame: TouchFrame

    private let multitouch: Bool
    private let semiMultitouch: Bool
    private let xAxis: AbsInfo
    private let yAxis: AbsInfo
    private let unitsPerMillimetre: Point
    private let pressureAxis: AbsInfo?
    private let hasTouchMajor: Bool
    private var slots: [Slot]
    /// The slots the device declares; ``slots`` grows up to this many.
    private let slotCount: Int
    private var currentSlot = 0
    private var nextContactID = 1
    private var toolFingers: UInt8 = 0
    private var dropping = false

    /// Creates a decoder for a device.
    /// - Parameters:
    ///   - description: The device.
    ///   - id: The id the engine will know the device by.
    ///   - mapping: How positions become points.
    ///   - options: Decoding choices.
    /// - Throws: ``EvdevError`` with ``EvdevError/Reason/unsupportedDevice(name:reason:)`` when the
    ///   device is not a touch device, speaks multitouch protocol A, or is described with ranges
    ///   the kernel would refuse (see ``DeviceDescription/classification``).
    public init(
        description: DeviceDescription, id: DeviceID, mapping: OutputMapping, options: Options = Options()
    ) throws(EvdevError) {
        let classification = description.classification
        guard let kind = classification.kind else {
            if case .unsupported(let reason) = classification {
                throw EvdevError(.unsupportedDevice(name: description.name, reason: reason))
            }
            throw EvdevError(.unsupportedDevice(name: description.name, reason: "unclassified"))
        }
        let multitouch = description.supports(.mtPositionX)
        let (xCode, yCode): (EventCode, EventCode) = multitouch ? (.mtPositionX, .mtPositionY) : (.absX, .absY)
        guard let x = description.absInfo(for: xCode), let y = description.absInfo(for: yCode) else {
            throw EvdevError(.unsupportedDevice(name: description.name, reason: "position axes without ranges"))
        }
        self.description = description
        self.classification = classification
        self.mapping = mapping
        self.multitouch = multitouch
        if case .touchpad(true) = classification { semiMultitouch = true } else { semiMultitouch = false }
        xAxis = x
        yAxis = y

        let hasResolution = x.hasResolution && y.hasResolution
        let outputMillimetres = hasResolution ? nil : mapping.sensorMillimetresOnOutput
        if hasResolution {
            unitsPerMillimetre = Point(x: Double(x.resolution), y: Double(y.resolution))
        } else if let mm = outputMillimetres {
            // Each axis spans the millimetres the mapping lays it on, calibration included: a
            // quarter turn written as libinput's matrix swaps them as a rotation does.
            unitsPerMillimetre = Point(x: max(x.span, 1) / mm.width, y: max(y.span, 1) / mm.height)
        } else {
            let outputDiagonal = (mapping.size.width * mapping.size.width + mapping.size.height * mapping.size.height)
                .squareRoot()
            let sensorDiagonal = max((x.span * x.span + y.span * y.span).squareRoot(), 1)
            let scale = outputDiagonal / max(options.estimatedPointsPerMillimetre, .leastNormalMagnitude) / sensorDiagonal
            unitsPerMillimetre = Point(x: 1 / scale, y: 1 / scale)
        }
        pressureAxis = description.absInfo(for: multitouch ? .mtPressure : .absPressure)
        hasTouchMajor = multitouch && description.supports(.mtTouchMajor)

        // The classification has checked the count against the kernel's limit.
        let slotCount = multitouch ? (description.slotCount ?? 1) : 1
        self.slotCount = slotCount
        slots = Array(repeating: Slot(x: x.minimum, y: y.minimum), count: min(slotCount, Self.initialSlotCount))
        let sensorMillimetres = Size(width: x.span / unitsPerMillimetre.x, height: y.span / unitsPerMillimetre.y)
        let density = kind == .touchscreen
            ? mapping.density(sensorMillimetres: hasResolution ? sensorMillimetres : nil) : nil
        device = InputDevice(
            id: id, name: description.name, kind: kind,
            sizeMillimetres: hasResolution || outputMillimetres != nil ? sensorMillimetres : nil,
            hasResolution: hasResolution, maximumContacts: slotCount,
            density: density?.density, densitySource: density?.source,
            contactSize: hasTouchMajor ? .majorAxis : pressureAxis != nil ? .pressure : ContactSize.none,
            outputFrame: kind == .touchscreen ? mapping.frame : nil)
        frame = TouchFrame(device: id, timestamp: .zero)
        frame.contacts.reserveCapacity(slots.count * 2)
    }

    /// The slots allocated up front; more are added when the events select them.
    private static let initialSlotCount = 16

    /// The `.deviceAdded` event announcing ``device``.
    public func deviceAdded(at time: Timestamp) -> InputEvent { .deviceAdded(device, at: time) }

    /// The number of contacts currently down, as reported (palms included, cancelled ones not).
    public var activeContactCount: Int {
        var n = 0
        for slot in slots where slot.isReported { n += 1 }
        return n
    }

    /// Feeds one event.
    /// - Returns: `true` when the event closed a frame (``frame`` holds it): a `SYN_REPORT` that
    ///   changed something, or a `SYN_DROPPED` that cancelled open contacts.
    /// - Throws: ``EvdevError`` with ``EvdevError/Reason/protocolViolation(_:)`` for a slot number
    ///   beyond the declared slot count or `SYN_MT_REPORT` (protocol A) in the stream.
    public mutating func decode(_ event: EvdevEvent) throws(EvdevError) -> Bool {
        if dropping {
            if event.is(.synReport) { dropping = false } else { try followWhileDropping(event) }
            return false
        }
        switch event.type {
        case .syn:
            switch event.code {
            case EventCode.synReport.code: return closeFrame(at: event.time)
            case EventCode.synDropped.code: return drop(at: event.time)
            case EventCode.synMTReport.code:
                throw EvdevError(.protocolViolation("SYN_MT_REPORT (multitouch protocol A) from \"\(description.name)\""))
            default: return false
            }
        case .key:
            handleKey(event)
        case .abs:
            try handleAbs(event)
        default:
            break
        }
        return false
    }

    /// The stream has ended (a recording cut off mid-touch, or between a lift and its
    /// `SYN_REPORT`): every contact still open is reported `.cancelled`, as after `SYN_DROPPED`,
    /// so that nothing is left down. Returns `true` when that closed a frame (``frame`` holds it).
    public mutating func finish(at time: Timestamp) -> Bool {
        let cancelled = drop(at: time)
        dropping = false
        return cancelled
    }

    /// Forgets every contact without reporting it, as after unplugging and plugging the device
    /// again. Contact ids keep counting.
    public mutating func reset() {
        for i in slots.indices { slots[i] = Slot(x: xAxis.minimum, y: yAxis.minimum) }
        currentSlot = 0
        toolFingers = 0
        dropping = false
        frame.contacts.removeAll(keepingCapacity: true)
        frame.reportedFingerCount = nil
    }

    // MARK: - Events

    private mutating func handleKey(_ event: EvdevEvent) {
        let bit: UInt8
        switch event.code {
        case EventCode.toolFinger.code: bit = 1 << 1
        case EventCode.toolDoubleTap.code: bit = 1 << 2
        case EventCode.toolTripleTap.code: bit = 1 << 3
        case EventCode.toolQuadTap.code: bit = 1 << 4
        case EventCode.toolQuintTap.code: bit = 1 << 5
        case EventCode.touch.code:
            if !multitouch {
                if event.value != 0 { begin(slot: 0, trackingID: 0) } else { lift(slot: 0) }
            }
            return
        default: return
        }
        if event.value != 0 { toolFingers |= bit } else { toolFingers &= ~bit }
    }

    private mutating func handleAbs(_ event: EvdevEvent) throws(EvdevError) {
        if !multitouch {
            switch event.code {
            case EventCode.absX.code: slots[0].setX(event.value)
            case EventCode.absY.code: slots[0].setY(event.value)
            case EventCode.absPressure.code: slots[0].setPressure(event.value)
            default: break
            }
            return
        }
        switch event.code {
        case EventCode.mtSlot.code:
            guard event.value >= 0, Int(event.value) < slotCount else {
                throw EvdevError(.protocolViolation(
                    "ABS_MT_SLOT \(event.value) outside 0…\(slotCount - 1) on \"\(description.name)\""))
            }
            currentSlot = Int(event.value)
            if currentSlot >= slots.count {
                let blank = Slot(x: xAxis.minimum, y: yAxis.minimum)
                slots.append(contentsOf: repeatElement(blank, count: currentSlot + 1 - slots.count))
                frame.contacts.reserveCapacity(slots.count * 2)
            }
        case EventCode.mtTrackingID.code:
            if event.value < 0 {
                lift(slot: currentSlot)
            } else if slots[currentSlot].trackingID != event.value {
                lift(slot: currentSlot)
                begin(slot: currentSlot, trackingID: event.value)
            }
        case EventCode.mtPositionX.code: slots[currentSlot].setX(event.value)
        case EventCode.mtPositionY.code: slots[currentSlot].setY(event.value)
        case EventCode.mtPressure.code: slots[currentSlot].setPressure(event.value)
        case EventCode.mtTouchMajor.code: slots[currentSlot].setTouchMajor(event.value)
        case EventCode.mtToolType.code: slots[currentSlot].toolType = event.value
        default: break
        }
    }

    private mutating func begin(slot i: Int, trackingID: Int32) {
        guard slots[i].trackingID < 0 else { return }
        slots[i].trackingID = trackingID
        slots[i].contactID = nextContactID
        nextContactID += 1
        slots[i].began = true
        slots[i].suppressed = false
        slots[i].isPalmContact = false
    }

    private mutating func lift(slot i: Int) {
        guard slots[i].trackingID >= 0 else { return }
        if !slots[i].began && !slots[i].suppressed {
            slots[i].pendingEnd = contact(for: slots[i], phase: .ended)
        }
        slots[i].trackingID = -1
        slots[i].began = false
        slots[i].suppressed = false
    }

    // MARK: - Frames

    private mutating func closeFrame(at time: Timestamp) -> Bool {
        frame.contacts.removeAll(keepingCapacity: true)
        frame.timestamp = time
        var changed = false
        var down = 0
        for i in slots.indices {
            if let end = slots[i].pendingEnd {
                frame.contacts.append(end)
                slots[i].pendingEnd = nil
                changed = true
            }
            guard slots[i].trackingID >= 0, !slots[i].suppressed else { continue }
            let palm = slots[i].toolType == EventCode.mtToolPalm
            let phase: TouchPhase
            if slots[i].began {
                guard slots[i].hasPosition else { continue }
                slots[i].isPalmContact = palm
                slots[i].began = false
                phase = .began
            } else if palm && !slots[i].isPalmContact {
                slots[i].isPalmContact = true
                slots[i].suppressed = true
                phase = .cancelled
            } else if slots[i].changed {
                phase = .moved
            } else {
                phase = .stationary
            }
            slots[i].changed = false
            if phase != .stationary { changed = true }
            if phase.isActive { down += 1 }
            frame.contacts.append(contact(for: slots[i], phase: phase))
        }
        let fingers = fingerCount
        let reported: Int? =
            semiMultitouch ? (fingers > 0 ? fingers : nil) : (fingers > down ? fingers : nil)
        if reported != frame.reportedFingerCount {
            frame.reportedFingerCount = reported
            changed = true
        }
        return changed
    }

    private mutating func drop(at time: Timestamp) -> Bool {
        frame.contacts.removeAll(keepingCapacity: true)
        frame.timestamp = time
        frame.reportedFingerCount = nil
        for i in slots.indices {
            if var end = slots[i].pendingEnd {
                end.phase = .cancelled
                frame.contacts.append(end)
            }
            if slots[i].trackingID >= 0, !slots[i].began, !slots[i].suppressed {
                frame.contacts.append(contact(for: slots[i], phase: .cancelled))
            }
            // The slot's last known position, size, pressure and tool stay: the kernel sends only
            // what changes, so a touch that begins in it after the drop may come without them.
            var neutral = Slot(x: slots[i].x, y: slots[i].y)
            neutral.hasPosition = slots[i].hasPosition
            (neutral.pressure, neutral.hasPressure) = (slots[i].pressure, slots[i].hasPressure)
            (neutral.touchMajor, neutral.hasTouchMajor) = (slots[i].touchMajor, slots[i].hasTouchMajor)
            neutral.toolType = slots[i].toolType
            slots[i] = neutral
        }
        // The slot selected stays selected: the kernel sends ABS_MT_SLOT only when it changes.
        toolFingers = 0
        dropping = true
        return !frame.contacts.isEmpty
    }

    /// An event between `SYN_DROPPED` and the next `SYN_REPORT`: no contact is reported from it,
    /// but the slot it selects, and the positions, sizes, pressures and tools it sets, are the
    /// device's state, which the events after the drop change from.
    private mutating func followWhileDropping(_ event: EvdevEvent) throws(EvdevError) {
        guard event.type == .abs else { return }
        if !multitouch {
            switch event.code {
            case EventCode.absX.code: (slots[0].x, slots[0].hasPosition) = (event.value, true)
            case EventCode.absY.code: (slots[0].y, slots[0].hasPosition) = (event.value, true)
            case EventCode.absPressure.code: (slots[0].pressure, slots[0].hasPressure) = (event.value, true)
            default: break
            }
            return
        }
        switch event.code {
        case EventCode.mtSlot.code: try handleAbs(event)
        case EventCode.mtPositionX.code: (slots[currentSlot].x, slots[currentSlot].hasPosition) = (event.value, true)
        case EventCode.mtPositionY.code: (slots[currentSlot].y, slots[currentSlot].hasPosition) = (event.value, true)
        case EventCode.mtPressure.code:
            (slots[currentSlot].pressure, slots[currentSlot].hasPressure) = (event.value, true)
        case EventCode.mtTouchMajor.code:
            (slots[currentSlot].touchMajor, slots[currentSlot].hasTouchMajor) = (event.value, true)
        case EventCode.mtToolType.code: slots[currentSlot].toolType = event.value
        default: break
        }
    }

    /// The finger count from `BTN_TOOL_*`: the highest one that is set.
    private var fingerCount: Int {
        var n = 0
        var bits = toolFingers >> 1
        var k = 1
        while bits != 0 {
            if bits & 1 != 0 { n = k }
            bits >>= 1
            k += 1
        }
        return n
    }

    /// Inlined: as a call, once `InputDevice` grew by its output frame, each contact cost the
    /// decoder copies of its state (the decoder workload went from 2,964 to 3,256 instructions
    /// per frame; inlined, 1,881).
    @inline(__always)
    private func contact(for slot: Slot, phase: TouchPhase) -> TouchContact {
        let rx = Double(slot.x) - Double(xAxis.minimum)
        let ry = Double(slot.y) - Double(yAxis.minimum)
        let normalized = Point(x: rx / (xAxis.span + 1), y: ry / (yAxis.span + 1))
        var pressure: Double?
        if let axis = pressureAxis, slot.hasPressure {
            pressure = min(max((Double(slot.pressure) - Double(axis.minimum)) / max(axis.span, 1), 0), 1)
        }
        let major: Double? = hasTouchMajor && slot.hasTouchMajor ? Double(slot.touchMajor) / unitsPerMillimetre.x : nil
        return TouchContact(
            id: slot.contactID, phase: phase, location: mapping.map(normalized: normalized),
            millimetres: Point(x: rx / unitsPerMillimetre.x, y: ry / unitsPerMillimetre.y),
            pressure: pressure, majorAxisMillimetres: major,
            isPalm: slot.isPalmContact || slot.toolType == EventCode.mtToolPalm)
    }
}

/// One slot's state between frames.
private struct Slot {
    var trackingID: Int32 = -1
    var contactID = 0
    var x: Int32
    var y: Int32
    var hasPosition = false
    var pressure: Int32 = 0
    var hasPressure = false
    var touchMajor: Int32 = 0
    var hasTouchMajor = false
    var toolType: Int32 = 0
    /// The touch began in the current frame and has not been reported yet.
    var began = false
    /// Something changed in the current frame.
    var changed = false
    /// The touch was reported as a palm from its start.
    var isPalmContact = false
    /// The touch was cancelled; ignore it until it lifts.
    var suppressed = false
    /// A contact that ended in the current frame, to report when it closes.
    var pendingEnd: TouchContact?

    init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    var isReported: Bool { trackingID >= 0 && !began && !suppressed }

    mutating func setX(_ v: Int32) {
        if v != x || !hasPosition { changed = true }
        x = v
        hasPosition = true
    }

    mutating func setY(_ v: Int32) {
        if v != y || !hasPosition { changed = true }
        y = v
        hasPosition = true
    }

    mutating func setPressure(_ v: Int32) {
        if v != pressure || !hasPressure { changed = true }
        pressure = v
        hasPressure = true
    }

    mutating func setTouchMajor(_ v: Int32) {
        if v != touchMajor || !hasTouchMajor { changed = true }
        touchMajor = v
        hasTouchMajor = true
    }
}
