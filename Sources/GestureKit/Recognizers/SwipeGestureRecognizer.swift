/// Directions a swipe may take; screen coordinates (y grows downwards).
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The directions as bits.
    public let rawValue: Int
    /// Creates a set of directions from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Towards growing x.
    public static let right = SwipeDirection(rawValue: 1)
    /// Towards shrinking x.
    public static let left = SwipeDirection(rawValue: 2)
    /// Towards the top of the screen (shrinking y).
    public static let up = SwipeDirection(rawValue: 4)
    /// Towards the bottom of the screen (growing y).
    public static let down = SwipeDirection(rawValue: 8)
    /// Left or right.
    public static let horizontal: SwipeDirection = [.left, .right]
    /// Up or down.
    public static let vertical: SwipeDirection = [.up, .down]
    /// Any direction.
    public static let all: SwipeDirection = [.left, .right, .up, .down]

    /// The single direction a displacement mostly goes in.
    public static func dominant(_ d: Point) -> SwipeDirection {
        if abs(d.x) >= abs(d.y) { return d.x >= 0 ? .right : .left }
        return d.y >= 0 ? .down : .up
    }

    /// The opposite direction(s).
    public var opposite: SwipeDirection {
        var o: SwipeDirection = []
        if contains(.right) { o.insert(.left) }
        if contains(.left) { o.insert(.right) }
        if contains(.up) { o.insert(.down) }
        if contains(.down) { o.insert(.up) }
        return o
    }

    /// A unit vector for a single direction.
    public var unitVector: Point {
        switch self {
        case .right: Point(x: 1, y: 0)
        case .left: Point(x: -1, y: 0)
        case .up: Point(x: 0, y: -1)
        case .down: Point(x: 0, y: 1)
        default: .zero
        }
    }

    public var description: String {
        var names: [String] = []
        if contains(.right) { names.append("right") }
        if contains(.left) { names.append("left") }
        if contains(.up) { names.append("up") }
        if contains(.down) { names.append("down") }
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}

/// Recognizes a quick stroke in one of the allowed directions (UIKit's
/// `UISwipeGestureRecognizer`). Discrete: recognized as soon as the fingers' mean travel since
/// landing is at least ``minimumDistance`` along an allowed ``direction`` with a drift across it
/// of at most ``maximumDeviation``, within ``maximumDuration`` of landing. Travel is measured in
/// millimetres along the screen's axes, so the direction is the one the fingers physically took.
///
/// Fails on motion mostly in a direction that is not allowed, on a stroke that is still short or
/// still off every allowed direction at ``maximumDuration`` or when the fingers lift (reason
/// `wrongDirection` when it was long enough but off-line), on the wrong finger count, or on
/// fingers landing further apart than ``landingWindow``. A touchpad swipe with a finger count in
/// ``touchpadFingerCounts`` drives it too (travel measured in millimetres from libinput's
/// unaccelerated deltas).
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Allowed directions (UIKit default right).
    public var direction: SwipeDirection {
        get { settings.direction }
        set { settings.direction = newValue }
    }
    /// Fingers required (default 1).
    public var numberOfTouchesRequired: Int {
        get { settings.numberOfTouchesRequired }
        set { settings.numberOfTouchesRequired = newValue }
    }
    /// Travel needed along the direction.
    public var minimumDistance: Distance {
        get { settings.minimumDistance }
        set { settings.minimumDistance = newValue }
    }
    /// Time allowed from landing to ``minimumDistance``.
    public var maximumDuration: Duration {
        get { settings.maximumDuration.duration }
        set { settings.maximumDuration = TimeLimit(newValue) }
    }
    /// Allowed drift across the direction, as a ratio of the travel along it.
    public var maximumDeviation: Double {
        get { settings.maximumDeviation }
        set { settings.maximumDeviation = newValue }
    }
    /// How far apart in time the fingers may land, when more than one is required.
    public var landingWindow: Duration {
        get { settings.landingWindow }
        set { settings.landingWindow = newValue }
    }
    /// Touchpad swipe finger counts that drive the recognizer, or `nil` for none.
    public var touchpadFingerCounts: ClosedRange<Int>? {
        get { settings.touchpadFingerCounts }
        set { settings.touchpadFingerCounts = newValue }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private struct Settings {
        var direction: SwipeDirection = .right
        var numberOfTouchesRequired: Int = 1
        var minimumDistance: Distance
        var maximumDuration: TimeLimit
        var maximumDeviation: Double
        var landingWindow: Duration
        var touchpadFingerCounts: ClosedRange<Int>?
    }
    private var settings: Settings

    /// The direction the recognized swipe went.
    public var recognizedDirection: SwipeDirection { sequence.recognizedDirection }

    /// What the recognizer knows of the sequence it follows, as one value: ``reset()`` replaces it
    /// whole.
    private struct Sequence {
        var recognizedDirection: SwipeDirection = []
        var touchpadTravelMillimetres: Point = .zero
        /// Where its fingers landed, summed, and how many: its location is their centroid.
        var startSum: Point = .zero
        var starts = 0
        var firstLanding: Timestamp = .zero
        /// The travel reached the distance, but off every allowed direction's cone.
        var cameOffAxis = false
    }
    private var sequence = Sequence()

    /// Creates a swipe recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        settings = Settings(
            minimumDistance: configuration.swipeMinimumDistance,
            maximumDuration: TimeLimit(configuration.swipeMaximumDuration),
            maximumDeviation: configuration.swipeMaximumDeviation,
            landingWindow: configuration.multiTouchLandingWindow,
            touchpadFingerCounts: configuration.touchpadSwipeFingerCounts
        )
        super.init(configuration: configuration)
    }

    /// The mean travel of the fingers down since each landed, in millimetres along the screen's
    /// axes: a stroke is judged by what the fingers did, whatever the output's aspect.
    private var travelMillimetres: Point {
        var sum = Point.zero
        var n = 0.0
        // Each touch read in place in the list, not retained. A finger that lifts in this frame
        // counts, as ``numberOfTouches`` counts it: its lift may carry the stroke's last motion
        // (a panel that samples slowly during a flick), heard as a move before the lift.
        let touches = touches
        let span = touches.span
        let frame = lastFrameTime
        for i in span.indices where (span[i].isActive || span[i].timestamp == frame) && span[i].type != .touchpadGesture {
            sum += span[i].millimetresFromStart
            n += 1
        }
        return n > 0 ? sum / n : .zero
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if deadline == nil {
            deadline = now + settings.maximumDuration
            sequence.firstLanding = now
        } else if numberOfTouchesRequired > 1 && now - sequence.firstLanding > landingWindow {
            return fail(.fingersLandedApart(allowed: landingWindow))
        }
        for t in touches {
            sequence.startSum += t.startLocation
            sequence.starts += 1
        }
        let fingers = numberOfTouches
        if fingers > numberOfTouchesRequired {
            fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: fingers))
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        evaluate(travelMillimetres, threshold: thresholds(for: touches.first), fingersReady: numberOfTouches == numberOfTouchesRequired)
    }

    /// ``minimumDistance`` in millimetres along the screen's x and y axes: one length in
    /// millimetres, or a length in points taken along the axis the stroke goes (through that
    /// axis's density, so that it stays a length in points on a stretched device).
    private func thresholds(for touch: Touch?) -> Point {
        switch minimumDistance {
        case .millimetres(let mm):
            return Point(x: mm, y: mm)
        case .points(let pt):
            let d = density(for: touch)
            return Point(x: pt / d.x, y: pt / d.y)
        }
    }

    /// Judges a travel against the threshold along its dominant axis, both in millimetres.
    private func evaluate(_ d: Point, threshold thresholds: Point, fingersReady: Bool) {
        let threshold = abs(d.x) >= abs(d.y) ? thresholds.x : thresholds.y
        var dir = SwipeDirection.dominant(d)
        // A tie between the axes (`dominant` gives it to x) goes to the allowed direction,
        // whichever axis it is on: the same stroke turned a quarter is judged alike.
        if abs(d.x) == abs(d.y) && d.y != 0 && !direction.contains(dir) {
            let vertical: SwipeDirection = d.y < 0 ? .up : .down
            if direction.contains(vertical) { dir = vertical }
        }
        let along = abs(d.x) >= abs(d.y) ? abs(d.x) : abs(d.y)
        let across = abs(d.x) >= abs(d.y) ? abs(d.y) : abs(d.x)
        if !direction.contains(dir) {
            // Moving mostly in a direction we do not accept: give up once that is clear.
            if along >= threshold / 3 { fail(.wrongDirection) }
            return
        }
        guard fingersReady, along >= threshold else { return }
        // Off the direction's cone is "not yet" rather than "no": real flicks start with a hook
        // (a finger rolling as it lands), and the stroke as a whole decides. The deadline or the
        // lift ends a stroke that never comes into line.
        guard across <= maximumDeviation * along else {
            sequence.cameOffAxis = true
            return
        }
        sequence.recognizedDirection = dir
        deadline = nil
        state = .recognized
    }

    open override func touchesEnded(_ touches: [Touch]) {
        fail(sequence.cameOffAxis ? .wrongDirection : .endedTooSoon)
    }

    open override func deadlineReached(at time: Timestamp) {
        fail(sequence.cameOffAxis ? .wrongDirection : .tooSlow(allowed: maximumDuration))
    }

    open override func accepts(_ event: TouchpadGestureEvent) -> Bool {
        guard event.kind == .swipe, let counts = touchpadFingerCounts else { return false }
        return counts.contains(event.fingerCount)
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        switch event.phase {
        case .begin:
            sequence.touchpadTravelMillimetres = .zero
            deadline = event.timestamp + settings.maximumDuration
        case .update:
            sequence.touchpadTravelMillimetres += event.unacceleratedDelta / configuration.touchpadUnitsPerMillimetre
            // Compare in millimetres: a threshold in points is taken at the fallback density.
            evaluate(sequence.touchpadTravelMillimetres, threshold: thresholds(for: nil), fingersReady: true)
        case .end:
            fail(sequence.cameOffAxis ? .wrongDirection : .endedTooSoon)
        case .cancel:
            fail(.touchesCancelled(touchpadGestureSequence?.cancellation ?? .device))
        }
    }

    /// Where the swipe started: the centroid of its fingers' landing points, as UIKit gives it.
    open override func location(in region: Region?) -> Point {
        if touchpadGestureSequence != nil || sequence.starts == 0 { return super.location(in: region) }
        let start = sequence.startSum / Double(sequence.starts)
        return region?.convert(fromScreen: start) ?? start
    }

    open override func reset() {
        super.reset()
        sequence = Sequence()
    }
}
