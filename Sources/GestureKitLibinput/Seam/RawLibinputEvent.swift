import GestureKit

/// A libinput event, copied out of its `struct libinput_event` into a plain Swift value.
///
/// The live ``LibinputSystem`` reads the fields the backend needs and destroys the C event at once
/// (`libinput_event_destroy`), so no C pointer outlives the call that produced it. Everything the
/// backend does with events — building touch frames, mapping coordinates, tracking devices — is
/// pure Swift on these values, and a ``ScriptedLibinputSystem`` can feed them without a kernel.
public enum RawLibinputEvent: Hashable, Sendable {
    /// `LIBINPUT_EVENT_DEVICE_ADDED`.
    case deviceAdded(RawDeviceInfo)
    /// `LIBINPUT_EVENT_DEVICE_REMOVED`.
    case deviceRemoved(RawDeviceHandle)
    /// `LIBINPUT_EVENT_TOUCH_*`.
    case touch(RawTouchEvent)
    /// `LIBINPUT_EVENT_GESTURE_*`.
    case gesture(RawGestureEvent)
    /// `LIBINPUT_EVENT_POINTER_SCROLL_FINGER` (libinput 1.19 and later): a touchpad's finger
    /// scrolling.
    case scrollFinger(RawScrollEvent)
    /// Any other event type (pointer motion, wheels, keyboard, tablet, switch), by its
    /// `enum libinput_event_type` value. The backend ignores these.
    case other(type: Int32)
}

/// Names one `struct libinput_device` while libinput keeps it: the pointer's bit pattern.
///
/// A handle is only an identity; it is never turned back into a pointer outside the live system,
/// which holds a reference (`libinput_device_ref`) on the device from `DEVICE_ADDED` to
/// `DEVICE_REMOVED`.
public struct RawDeviceHandle: Hashable, Sendable, CustomStringConvertible {
    /// The bit pattern of the device pointer (or any unique number in a script).
    public var rawValue: UInt
    /// Wraps a bit pattern.
    public init(_ rawValue: UInt) { self.rawValue = rawValue }
    public var description: String { "libinput-device@\(String(rawValue, radix: 16))" }
}

/// What a device can do: `libinput_device_has_capability` for each `LIBINPUT_DEVICE_CAP_*`.
public struct RawDeviceCapabilities: OptionSet, Hashable, Sendable {
    /// One bit per capability.
    public var rawValue: UInt32
    /// Wraps capability bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `LIBINPUT_DEVICE_CAP_KEYBOARD`.
    public static let keyboard = RawDeviceCapabilities(rawValue: 1 << 0)
    /// `LIBINPUT_DEVICE_CAP_POINTER`.
    public static let pointer = RawDeviceCapabilities(rawValue: 1 << 1)
    /// `LIBINPUT_DEVICE_CAP_TOUCH`: a direct-touch surface.
    public static let touch = RawDeviceCapabilities(rawValue: 1 << 2)
    /// `LIBINPUT_DEVICE_CAP_TABLET_TOOL`.
    public static let tabletTool = RawDeviceCapabilities(rawValue: 1 << 3)
    /// `LIBINPUT_DEVICE_CAP_TABLET_PAD`.
    public static let tabletPad = RawDeviceCapabilities(rawValue: 1 << 4)
    /// `LIBINPUT_DEVICE_CAP_GESTURE`: a touchpad that produces `GESTURE_*` events.
    public static let gesture = RawDeviceCapabilities(rawValue: 1 << 5)
    /// `LIBINPUT_DEVICE_CAP_SWITCH`.
    public static let `switch` = RawDeviceCapabilities(rawValue: 1 << 6)
}

/// A device as `DEVICE_ADDED` describes it.
public struct RawDeviceInfo: Hashable, Sendable {
    /// The device's identity.
    public var handle: RawDeviceHandle
    /// `libinput_device_get_name`, e.g. `"Atmel maXTouch Touchscreen"`.
    public var name: String
    /// `libinput_device_get_sysname`, e.g. `"event5"`.
    public var sysname: String
    /// The device node (`udev_device_get_devnode`), e.g. `"/dev/input/event5"`, when known.
    public var devnode: String?
    /// Its capabilities.
    public var capabilities: RawDeviceCapabilities
    /// `libinput_device_get_size` in millimetres, or `nil` when libinput reports failure (the device
    /// has no resolution).
    public var sizeMillimetres: Size?
    /// `libinput_device_touch_get_touch_count`: the slot count, `0` when unknown, `-1` when the
    /// device has no touch capability.
    public var touchCount: Int
    /// `libinput_device_config_calibration_has_matrix`.
    public var hasCalibrationMatrix: Bool
    /// The device's udev properties (`udev_device_get_properties_list_entry`), e.g.
    /// `ID_INPUT_TOUCHSCREEN`, `ID_PATH`, `ID_VENDOR_ID`, and `WL_OUTPUT` where a udev rule names the
    /// output the device belongs to. Empty for a device udev does not know.
    public var udevProperties: [String: String]

    /// The output udev names for the device (its `WL_OUTPUT` property, what
    /// `libinput_device_get_output_name` reports), e.g. `"HDMI-A-1"`.
    public var outputName: String? { udevProperties["WL_OUTPUT"] }

    /// Creates a device description.
    public init(
        handle: RawDeviceHandle, name: String, sysname: String, devnode: String? = nil,
        capabilities: RawDeviceCapabilities, sizeMillimetres: Size? = nil, touchCount: Int = -1,
        hasCalibrationMatrix: Bool = false, udevProperties: [String: String] = [:]
    ) {
        self.udevProperties = udevProperties
        self.handle = handle
        self.name = name
        self.sysname = sysname
        self.devnode = devnode
        self.capabilities = capabilities
        self.sizeMillimetres = sizeMillimetres
        self.touchCount = touchCount
        self.hasCalibrationMatrix = hasCalibrationMatrix
    }
}

/// One `LIBINPUT_EVENT_TOUCH_*` event.
public struct RawTouchEvent: Hashable, Sendable {
    /// Which touch event.
    public enum Kind: String, Hashable, Sendable {
        /// `LIBINPUT_EVENT_TOUCH_DOWN`.
        case down
        /// `LIBINPUT_EVENT_TOUCH_MOTION`.
        case motion
        /// `LIBINPUT_EVENT_TOUCH_UP`.
        case up
        /// `LIBINPUT_EVENT_TOUCH_CANCEL`.
        case cancel
        /// `LIBINPUT_EVENT_TOUCH_FRAME`: closes the set of touch events that happened together.
        case frame
    }

    /// A touch position, read only for down and motion events (libinput forbids it for the others).
    public struct Position: Hashable, Sendable {
        /// `libinput_event_touch_get_x/_y`: millimetres from the sensor's top-left corner.
        public var millimetres: Point
        /// `libinput_event_touch_get_x_transformed(event, 1)` and the `y` counterpart: the position
        /// after the device's calibration matrix, as a fraction of the sensor (0…1 on each axis).
        /// The backend scales it to the output itself, so that rotation and output size can change
        /// between frames.
        public var normalized: Point

        /// Creates a position.
        public init(millimetres: Point, normalized: Point) {
            self.millimetres = millimetres
            self.normalized = normalized
        }
    }

    /// Which touch event.
    public var kind: Kind
    /// The device.
    public var device: RawDeviceHandle
    /// `libinput_event_touch_get_time_usec`, on `CLOCK_MONOTONIC`.
    public var timeMicroseconds: UInt64
    /// `libinput_event_touch_get_slot` (`-1` on single-touch devices and for frames).
    public var slot: Int32
    /// `libinput_event_touch_get_seat_slot`: unique across the seat (`-1` for frames).
    public var seatSlot: Int32
    /// The position, for down and motion events.
    public var position: Position?

    /// Creates a touch event.
    public init(
        kind: Kind, device: RawDeviceHandle, timeMicroseconds: UInt64, slot: Int32 = -1, seatSlot: Int32 = -1,
        position: Position? = nil
    ) {
        self.kind = kind
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.slot = slot
        self.seatSlot = seatSlot
        self.position = position
    }
}

/// One `LIBINPUT_EVENT_GESTURE_*` event.
public struct RawGestureEvent: Hashable, Sendable {
    /// Which gesture.
    public enum Kind: String, Hashable, Sendable {
        /// `GESTURE_SWIPE_*`.
        case swipe
        /// `GESTURE_PINCH_*`.
        case pinch
        /// `GESTURE_HOLD_*`.
        case hold
    }

    /// Where the gesture is.
    public enum Phase: String, Hashable, Sendable {
        /// `*_BEGIN`.
        case begin
        /// `*_UPDATE` (never sent for holds).
        case update
        /// `*_END`; see ``RawGestureEvent/cancelled``.
        case end
    }

    /// Which gesture.
    public var kind: Kind
    /// Where the gesture is.
    public var phase: Phase
    /// The touchpad.
    public var device: RawDeviceHandle
    /// `libinput_event_gesture_get_time_usec`, on `CLOCK_MONOTONIC`.
    public var timeMicroseconds: UInt64
    /// `libinput_event_gesture_get_finger_count`.
    public var fingerCount: Int
    /// `libinput_event_gesture_get_cancelled` (end events only).
    public var cancelled: Bool
    /// `libinput_event_gesture_get_dx/_dy` (swipe and pinch updates).
    public var delta: Point
    /// `libinput_event_gesture_get_dx_unaccelerated/_dy_unaccelerated`.
    public var unacceleratedDelta: Point
    /// `libinput_event_gesture_get_scale` (pinch only; 1 otherwise).
    public var scale: Double
    /// `libinput_event_gesture_get_angle_delta` (pinch only; 0 otherwise).
    public var angleDelta: Double

    /// Creates a gesture event.
    public init(
        kind: Kind, phase: Phase, device: RawDeviceHandle, timeMicroseconds: UInt64, fingerCount: Int,
        cancelled: Bool = false, delta: Point = .zero, unacceleratedDelta: Point = .zero, scale: Double = 1,
        angleDelta: Double = 0
    ) {
        self.kind = kind
        self.phase = phase
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.fingerCount = fingerCount
        self.cancelled = cancelled
        self.delta = delta
        self.unacceleratedDelta = unacceleratedDelta
        self.scale = scale
        self.angleDelta = angleDelta
    }
}

/// One `LIBINPUT_EVENT_POINTER_SCROLL_FINGER` event: libinput's finger scrolling on a touchpad
/// (two fingers moving together, or one along the edge when edge scrolling is configured).
///
/// libinput ends every finger-scroll sequence with an event whose value is 0 on each axis it
/// carries (`libinput_event_pointer_get_scroll_value` documents it as the scroll stop, for kinetic
/// scrolling to start from).
public struct RawScrollEvent: Hashable, Sendable {
    /// The touchpad.
    public var device: RawDeviceHandle
    /// `libinput_event_pointer_get_time_usec`, on `CLOCK_MONOTONIC`.
    public var timeMicroseconds: UInt64
    /// `libinput_event_pointer_get_scroll_value` for `LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL`, or
    /// `nil` when `libinput_event_pointer_has_axis` says the event has no vertical value. Positive
    /// is down. The unit is that of pointer motion (libinput: "a scroll value of 1 represents the
    /// equivalent relative motion of 1"), not accelerated: about 10 per millimetre of finger travel
    /// (libinput 1.22, measured).
    public var vertical: Double?
    /// The same for `LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL`; positive is right.
    public var horizontal: Double?
    /// `libinput_device_config_scroll_get_natural_scroll_enabled` for the device when the event
    /// was read: with natural scrolling libinput reports values opposite to the fingers' motion.
    public var naturalScrolling: Bool

    /// Creates a finger-scroll event.
    public init(
        device: RawDeviceHandle, timeMicroseconds: UInt64, vertical: Double? = nil, horizontal: Double? = nil,
        naturalScrolling: Bool = false
    ) {
        self.device = device
        self.timeMicroseconds = timeMicroseconds
        self.vertical = vertical
        self.horizontal = horizontal
        self.naturalScrolling = naturalScrolling
    }

    /// Whether this is the event that ends the scroll sequence: every axis it carries is 0.
    public var isStop: Bool { (vertical ?? 0) == 0 && (horizontal ?? 0) == 0 }
}
