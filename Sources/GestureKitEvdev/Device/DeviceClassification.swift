import GestureKit

/// What GestureKit makes of an evdev device, decided from its properties and codes the way
/// libinput does.
public enum DeviceClassification: Hashable, Sendable, CustomStringConvertible {
    /// A direct-touch screen (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// A touchpad or other indirect touch surface. `semiMultitouch` is set for `INPUT_PROP_SEMI_MT`
    /// devices, whose slots hold the bounding box of the fingers rather than the fingers.
    case touchpad(semiMultitouch: Bool)
    /// A device GestureKit cannot decode, with the reason (multitouch protocol A, no touch axes).
    case unsupported(reason: String)

    /// The core's device kind, or `nil` when unsupported.
    public var kind: DeviceKind? {
        switch self {
        case .touchscreen: .touchscreen
        case .touchpad: .touchpad
        case .unsupported: nil
        }
    }

    public var description: String {
        switch self {
        case .touchscreen: "touchscreen"
        case .touchpad(let semi): semi ? "touchpad (semi-mt)" : "touchpad"
        case .unsupported(let reason): "unsupported: \(reason)"
        }
    }
}

extension DeviceDescription {
    /// Whether the device speaks multitouch protocol B (slots and tracking ids).
    public var hasMultitouchSlots: Bool {
        supports(.mtSlot) && supports(.mtPositionX) && supports(.mtPositionY) && absInfo[EventCode.mtSlot.code] != nil
    }

    /// Classifies the device:
    ///
    /// * `ABS_MT_POSITION_X` without `ABS_MT_SLOT` is multitouch protocol A: unsupported (libinput
    ///   converts it to slots with mtdev; the decoder reads protocol B only).
    /// * `BTN_TOOL_PEN` or `BTN_STYLUS`: a pen tablet, as udev's `input_id` and libinput take it:
    ///   unsupported (its strokes are a pen's, not a finger's).
    /// * Neither multitouch axes nor `ABS_X`/`ABS_Y` with `BTN_TOUCH`: unsupported (not a touch
    ///   device).
    /// * A position axis whose minimum exceeds its maximum, or an `ABS_MT_SLOT` maximum outside
    ///   `0…1023` (more slots than the kernel allows, ``RecordingLimits/maximumSlotCount``):
    ///   unsupported. The readers refuse such files; this catches descriptions built in code.
    /// * `INPUT_PROP_DIRECT`: a touchscreen.
    /// * `INPUT_PROP_POINTER`, `BUTTONPAD` or `SEMI_MT`: a touchpad.
    /// * No property at all (old kernels and recordings): a touchpad when it has `BTN_TOOL_FINGER`,
    ///   as libinput decides, otherwise a touchscreen.
    public var classification: DeviceClassification {
        let hasMTPosition = supports(.mtPositionX) || supports(.mtPositionY)
        if hasMTPosition && !supports(.mtSlot) {
            return .unsupported(reason: "multitouch protocol A (ABS_MT_POSITION_X without ABS_MT_SLOT) is not supported")
        }
        // udev's input_id, which libinput follows, makes a device with a pen tool or a stylus
        // button a tablet, whatever else it declares: its strokes are a pen's, not a finger's.
        if supports(.toolPen) || supports(.stylus) {
            return .unsupported(reason: "a pen tablet (BTN_TOOL_PEN or BTN_STYLUS), not a touch device")
        }
        let positionAxes: [EventCode]
        if hasMTPosition {
            guard absInfo(for: .mtPositionX) != nil, absInfo(for: .mtPositionY) != nil else {
                return .unsupported(reason: "ABS_MT_POSITION_X/Y are declared without their axis ranges")
            }
            guard let slot = absInfo(for: .mtSlot) else {
                return .unsupported(reason: "ABS_MT_SLOT is declared without its range")
            }
            if let problem = RecordingLimits.problem(withAxis: EventCode.mtSlot.code, slot) {
                return .unsupported(reason: problem)
            }
            positionAxes = [.mtPositionX, .mtPositionY]
        } else {
            let singleTouch = absInfo(for: .absX) != nil && absInfo(for: .absY) != nil && supports(.touch)
            guard singleTouch else {
                return .unsupported(reason: "not a touch device: no ABS_MT_POSITION_X/Y and no ABS_X/Y with BTN_TOUCH")
            }
            positionAxes = [.absX, .absY]
        }
        for axis in positionAxes {
            if let info = absInfo(for: axis), let problem = RecordingLimits.problem(withAxis: axis.code, info) {
                return .unsupported(reason: problem)
            }
        }
        let props = properties ?? []
        if props.contains(.direct) { return .touchscreen }
        if !props.isDisjoint(with: [.pointer, .buttonPad, .semiMultitouch]) {
            return .touchpad(semiMultitouch: props.contains(.semiMultitouch))
        }
        if supports(.toolFinger) { return .touchpad(semiMultitouch: false) }
        return .touchscreen
    }
}
