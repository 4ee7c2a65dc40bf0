/// How a touch reached the engine.
public enum TouchType: String, Hashable, Sendable, CaseIterable {
    /// A finger on a touchscreen: it has a screen position and is hit-tested.
    case direct
    /// A finger on a touchpad: it has no screen position of its own and goes to
    /// ``GestureEngine/touchpadFocus`` (the root region when that is `nil`).
    case indirect
    /// A touchpad gesture sequence that libinput recognized (begin … end). It is not a finger and
    /// is not counted in ``GestureRecognizer/numberOfTouches``, but recognizers that receive the
    /// same sequence compete for it as for a touch.
    case touchpadGesture

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .direct: 0
        case .indirect: 1
        case .touchpadGesture: 2
        }
    }
}

/// A set of ``TouchType``s as bits: testing it costs no hashing (a `TouchType` hashes its
/// string raw value).
struct TouchTypeMask {
    private var bits: UInt8 = 0

    init(_ types: Set<TouchType>) {
        for t in types { bits |= Self.bit(t) }
    }

    func contains(_ type: TouchType) -> Bool { bits & Self.bit(type) != 0 }

    private static func bit(_ type: TouchType) -> UInt8 {
        switch type {
        case .direct: 1
        case .indirect: 2
        case .touchpadGesture: 4
        }
    }
}

/// Why the engine cancelled a touch.
public enum TouchCancellation: String, Hashable, Sendable {
    /// The device reported the contact as cancelled (libinput `TOUCH_CANCEL`, evdev `SYN_DROPPED`).
    case device
    /// The device went away.
    case deviceRemoved
    /// The contact turned out to be a palm.
    case palm
    /// No event arrived for the touch within ``GestureConfiguration/stuckTouchTimeout``.
    case stuck
    /// The host called ``GestureEngine/cancelAllTouches()``.
    case host

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .device: 0
        case .deviceRemoved: 1
        case .palm: 2
        case .stuck: 3
        case .host: 4
        }
    }
}

/// A touch's state, kept in one `Unchecked` box: what the engine updates in every frame, and what
/// it sets once when the touch begins (set again only when the engine reuses a touch nobody
/// holds any more, see ``GestureEngine``'s touch pool).
@usableFromInline struct TouchMotion {
    var sequence: Int
    var device: DeviceID
    var contactID: Int
    var type: TouchType
    var density: PointDensity
    var startTimestamp: Timestamp
    @usableFromInline var startLocation: Point
    var lastReport: Timestamp
    var isClaimed = false
    var region: Region?
    @usableFromInline var phase: TouchPhase = .began
    @usableFromInline var timestamp: Timestamp
    @usableFromInline var location: Point
    @usableFromInline var previousLocation: Point
    var millimetres: Point
    var pressure: Double?
    var majorAxisMillimetres: Double?
    var tapCount: Int
    var cancellation: TouchCancellation?
    /// The recognizers that took the touch; while it is being offered, after a use kept in
    /// ``KeptOrder``, the rest of that order follows them (see `Touch.join(_:)`).
    var gestureRecognizers: [GestureRecognizer] = []
    // Touch delivery bookkeeping (see TouchDelivery.swift).
    var delivery: TouchDeliveryState = .held
    var deliveredLocation: Point
    /// The engine's frame count when the touch last moved: recognizers hear of the motion in that
    /// frame's cycle.
    var movedInFrame = 0
    /// The mark of the last frame that reported the touch (`EngineBook.reportMarks`).
    var reportMark = 0

    /// Makes this value a new touch sequence's, as ``init`` would, field by field: the list of
    /// recognizers keeps only its storage. Stores of the whole value destroyed the old one first
    /// (an outlined call) and copied it through memory.
    /// `TouchReuseTests` checks that every field comes out as a fresh touch's.
    mutating func restart(
        sequence: Int, device: DeviceID, contactID: Int, type: TouchType, density: PointDensity,
        at timestamp: Timestamp, location: Point, millimetres: Point, tapCount: Int
    ) {
        self.sequence = sequence
        self.device = device
        self.contactID = contactID
        self.type = type
        self.density = density
        startTimestamp = timestamp
        startLocation = location
        lastReport = timestamp
        isClaimed = false
        region = nil
        phase = .began
        self.timestamp = timestamp
        self.location = location
        previousLocation = location
        self.millimetres = millimetres
        pressure = nil
        majorAxisMillimetres = nil
        self.tapCount = tapCount
        cancellation = nil
        gestureRecognizers.empty()
        delivery = .held
        deliveredLocation = location
        movedInFrame = 0
        reportMark = 0
    }
}

/// One finger's touch sequence, from landing to lifting: UIKit's `UITouch`.
///
/// The engine creates one `Touch` when a contact begins and updates it in place on every frame;
/// recognizers and touch handlers see the same object for the whole sequence. Once a touch has
/// ended and nothing holds it any more (no recognizer, handler or host), the engine may give the
/// same object to a later contact, as a new sequence: whoever keeps a touch keeps it as it ended.
///
/// The touch's state is one `TouchMotion` value in an `Unchecked` box, behind read-only public
/// getters: only the engine writes it, by plain assignment or by
/// array mutations that never call out. The getters matter as much as the box: another module
/// reading a stored `public var` of a class checks every read at run time whatever the
/// declaration says, while a getter reads the box's field, which is declared unchecked. The
/// getters a target or a recognizer of another module reads on every frame (``location``,
/// ``previousLocation``, ``startLocation``, ``phase``, ``isActive``, ``timestamp``) are
/// inlinable: the read is a load in the caller, not a call.
public final class Touch {
    /// A number unique to this touch sequence within its engine.
    public var sequence: Int { live.value.sequence }
    /// The device the touch is on.
    public var device: DeviceID { live.value.device }
    /// The contact's id on that device.
    public var contactID: Int { live.value.contactID }
    /// Direct (touchscreen), indirect (touchpad) or a touchpad gesture sequence.
    public var type: TouchType { live.value.type }
    /// Points per millimetre for this touch's device, one number for both axes (the geometric mean
    /// of ``density``).
    public var pointsPerMillimetre: Double { live.value.density.mean }
    /// Screen points per millimetre of finger travel along the screen's x and y axes, for this
    /// touch's device: what turns a displacement into the millimetres the finger moved.
    public var density: PointDensity { live.value.density }
    /// The touch's state.
    @usableFromInline let live: Unchecked<TouchMotion>
    /// The order kept from the touch's last use (see ``join(_:)``).
    let order = Unchecked(KeptOrder())
    /// The region the touch landed in (hit-tested once, when it began).
    /// Held strongly for the touch's life, as the region it landed in may be removed while the
    /// finger is down.
    public var region: Region? { live.value.region }
    /// The phase as of the latest frame.
    @inlinable public var phase: TouchPhase { live.value.phase }
    /// When the touch began: its frame's timestamp, or the engine's time when the frame was
    /// stamped before it (time never goes back; see ``GestureEngine/advance(to:)``).
    public var startTimestamp: Timestamp { live.value.startTimestamp }
    /// When the touch was last updated, as ``startTimestamp`` is stamped.
    @inlinable public var timestamp: Timestamp { live.value.timestamp }
    /// Where it began, in screen points.
    @inlinable public var startLocation: Point { live.value.startLocation }
    /// Where it is, in screen points.
    @inlinable public var location: Point { live.value.location }
    /// Where it was before the latest motion, in screen points (its landing place until it
    /// moves). A report that leaves the touch where it is changes nothing: a panel that re-sends
    /// resting fingers unchanged in every frame and one that leaves them out give the same value.
    @inlinable public var previousLocation: Point { live.value.previousLocation }
    /// Where it is on the sensor, in millimetres.
    public var millimetres: Point { live.value.millimetres }
    /// Pressure from 0 to 1, when the device reports it.
    public var pressure: Double? { live.value.pressure }
    /// The contact's major axis in millimetres, when the device reports it.
    public var majorAxisMillimetres: Double? { live.value.majorAxisMillimetres }
    /// How many taps in quick succession (as UIKit counts them; measured from the last tap's lift,
    /// as the tap recognizer does) at about this place this touch is the last of (1 for a first).
    public var tapCount: Int { live.value.tapCount }
    /// Why the engine cancelled the touch, when it did.
    public var cancellation: TouchCancellation? { live.value.cancellation }
    /// The recognizers that receive this touch, deepest region first.
    public var gestureRecognizers: [GestureRecognizer] {
        let list = live.value.gestureRecognizers
        // The rest of an order kept from the touch's last use, while it is being offered, is
        // not part of it.
        let joined = order.value.joined
        return joined < list.count ? Array(list[..<joined]) : list
    }

    /// Where touch delivery stands (see TouchDelivery.swift).
    var delivery: TouchDeliveryState {
        get { live.value.delivery }
        set { live.value.delivery = newValue }
    }
    /// A recognizer that claimed the touch has since reset: the claim stands.
    var isClaimed: Bool {
        get { live.value.isClaimed }
        set { live.value.isClaimed = newValue }
    }
    /// When the device last reported something new about the contact (it landed, moved, changed
    /// pressure or size): the stuck-touch watchdog judges liveness by it, not by frames that merely
    /// repeat a resting contact.
    var lastReport: Timestamp {
        get { live.value.lastReport }
        set { live.value.lastReport = newValue }
    }

    init(
        sequence: Int, device: DeviceID, contactID: Int, type: TouchType, density: PointDensity,
        at timestamp: Timestamp, location: Point, millimetres: Point, tapCount: Int
    ) {
        live = Unchecked(TouchMotion(
            sequence: sequence, device: device, contactID: contactID, type: type, density: density,
            startTimestamp: timestamp, startLocation: location, lastReport: timestamp,
            timestamp: timestamp, location: location, previousLocation: location,
            millimetres: millimetres, tapCount: tapCount, deliveredLocation: location))
    }

    /// Makes this touch, which nobody but the engine's pool holds, a new touch sequence: every
    /// field is set afresh, and the list of recognizers keeps only its storage.
    func reuse(
        sequence: Int, device: DeviceID, contactID: Int, type: TouchType, density: PointDensity,
        at timestamp: Timestamp, location: Point, millimetres: Point, tapCount: Int
    ) {
        live.value.restart(
            sequence: sequence, device: device, contactID: contactID, type: type, density: density,
            at: timestamp, location: location, millimetres: millimetres, tapCount: tapCount)
        order.value.joined = 0
    }

    /// The touch's position in `region`'s coordinates (screen points when `nil`).
    public func location(in region: Region?) -> Point {
        region?.convert(fromScreen: location) ?? location
    }

    /// The touch's previous position in `region`'s coordinates (screen points when `nil`).
    public func previousLocation(in region: Region?) -> Point {
        region?.convert(fromScreen: previousLocation) ?? previousLocation
    }

    /// How far the touch has moved from where it began, in screen points.
    public var distanceFromStart: Double { location.distance(to: startLocation) }

    /// How far the finger has moved from where it began, in millimetres along the screen's x and y.
    public var millimetresFromStart: Point { density.millimetres(location - startLocation) }

    /// Whether the finger is still down.
    @inlinable public var isActive: Bool { live.value.phase.isActive }

    /// Takes a contact's report, stamped `reported` by its device, in the engine's cycle at `time`
    /// (later when the engine's time had passed the stamp): the touch is updated at `time`, and
    /// the watchdog counts from `reported`. Returns whether it moved: a contact at a new position
    /// that is not `stationary` (moved, or a lift carrying the last motion). Only then does
    /// ``previousLocation`` change, so that a panel that re-sends a resting finger and one that
    /// leaves it out give the same values. A `stationary` contact at a new position is a finger
    /// placed anew (a mapping changed with fingers down): it is put there with no motion, and
    /// ``previousLocation`` and ``startLocation`` go with it; `placed` is the shift.
    @inline(__always)
    @discardableResult
    func take(_ c: TouchContact, at time: Timestamp, reported: Timestamp) -> (moved: Bool, placed: Point?) {
        let changed = c.location != location
        // A contact merely repeated (a resting finger re-sent) is no news to the watchdog.
        if changed || c.pressure != pressure || c.majorAxisMillimetres != majorAxisMillimetres || !c.phase.isActive {
            live.value.lastReport = reported
        }
        var moved = false, placed: Point? = nil
        if changed {
            if c.phase == .stationary {
                let shift = c.location - location
                (live.value.previousLocation, live.value.startLocation) = (previousLocation + shift, startLocation + shift)
                placed = shift
            } else {
                live.value.previousLocation = location
                moved = true
            }
            live.value.location = c.location
        }
        live.value.millimetres = c.millimetres
        live.value.pressure = c.pressure
        live.value.majorAxisMillimetres = c.majorAxisMillimetres
        live.value.timestamp = time
        return (moved, placed)
    }

    /// Whether the touch moved after frame `frame` and was not cancelled: still down, or lifted
    /// in this frame with motion its recognizers have not heard.
    @inline(__always)
    func hasMoved(after frame: Int) -> Bool {
        live.value.movedInFrame > frame && phase != .cancelled
    }

    /// Takes the report of a contact that moved or stayed in the frame marked `mark`, stamping the
    /// touch with `frame` if it moved. Returns whether it moved, whether this is its first motion
    /// in `frame` and the frame's first report of it (a contact listed twice counts once), and
    /// the shift of a placement (see `take`).
    @inline(__always)
    func move(
        with c: TouchContact, at time: Timestamp, reported: Timestamp, frame: Int, mark: Int
    ) -> (moved: Bool, first: Bool, firstReport: Bool, placed: Point?) {
        let firstReport = live.value.reportMark != mark
        live.value.reportMark = mark
        let taken = take(c, at: time, reported: reported)
        guard taken.moved else {
            live.value.phase = .stationary
            return (false, false, firstReport, taken.placed)
        }
        live.value.phase = .moved
        let first = live.value.movedInFrame != frame
        live.value.movedInFrame = frame
        return (true, first, firstReport, nil)
    }
}

extension Touch: CustomStringConvertible {
    public var description: String {
        "touch#\(sequence)(\(device) contact \(contactID) \(phase.rawValue) at \(location))"
    }
}
