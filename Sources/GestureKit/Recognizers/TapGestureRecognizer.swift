/// Recognizes taps: one or more fingers landing and lifting without moving, once or several times
/// in quick succession (UIKit's `UITapGestureRecognizer`). Discrete.
///
/// Fails when a finger moves further than ``maximumMovement``, stays down longer than
/// ``maximumTapDuration``, the pause between taps exceeds ``maximumIntervalBetweenTaps``, a tap
/// lands further than ``maximumDistanceBetweenTaps`` from the first or on another device than the
/// first, or the finger count is not ``numberOfTouchesRequired``.
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (UIKit default 1).
    public var numberOfTapsRequired: Int {
        get { settings.numberOfTapsRequired }
        set { settings.numberOfTapsRequired = newValue }
    }
    /// Fingers per tap (UIKit default 1).
    public var numberOfTouchesRequired: Int {
        get { settings.numberOfTouchesRequired }
        set { settings.numberOfTouchesRequired = newValue }
    }
    /// How far a finger may move during a tap.
    public var maximumMovement: Distance {
        get { settings.maximumMovement }
        set { settings.maximumMovement = newValue }
    }
    /// How long a tap may last.
    public var maximumTapDuration: Duration {
        get { settings.maximumTapDuration.duration }
        set { settings.maximumTapDuration = TimeLimit(newValue) }
    }
    /// The longest pause between taps.
    public var maximumIntervalBetweenTaps: Duration {
        get { settings.maximumIntervalBetweenTaps.duration }
        set { settings.maximumIntervalBetweenTaps = TimeLimit(newValue) }
    }
    /// How far from the first tap the following taps may land.
    public var maximumDistanceBetweenTaps: Distance {
        get { settings.maximumDistanceBetweenTaps }
        set { settings.maximumDistanceBetweenTaps = newValue }
    }
    /// How far apart in time the fingers of one tap may land, when it takes more than one.
    public var landingWindow: Duration {
        get { settings.landingWindow }
        set { settings.landingWindow = newValue }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private struct Settings {
        var numberOfTapsRequired: Int = 1
        var numberOfTouchesRequired: Int = 1
        var maximumMovement: Distance
        var maximumTapDuration: TimeLimit
        var maximumIntervalBetweenTaps: TimeLimit
        var maximumDistanceBetweenTaps: Distance
        var landingWindow: Duration
    }
    private var settings: Settings

    /// Taps completed in the current sequence.
    public var tapsCompleted: Int { sequence.tapsCompleted }

    /// What the recognizer knows of the sequence it follows, as one value: ``reset()`` replaces it
    /// whole.
    private struct Sequence {
        var tapsCompleted = 0
        /// Fingers that landed in the current tap, and those of them still down.
        var touchesThisTap = 0
        var activeThisTap = 0
        var firstTapLocation: Point?
        var lastTapLocation: Point?
        /// Where the current tap's fingers lifted, summed, and how many have: its location is
        /// their centroid, whether they lifted in one frame or several.
        var liftSum = Point.zero
        var lifts = 0
        var tapStart: Timestamp = .zero
        /// The device of the first tap's fingers: the taps of one sequence come from one device.
        var device: DeviceID?
    }
    private var sequence = Sequence()

    /// Creates a tap recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        settings = Settings(
            maximumMovement: configuration.tapMaximumMovement,
            maximumTapDuration: TimeLimit(configuration.tapMaximumDuration),
            maximumIntervalBetweenTaps: TimeLimit(configuration.multiTapMaximumInterval),
            maximumDistanceBetweenTaps: configuration.multiTapMaximumDistance,
            landingWindow: configuration.multiTouchLandingWindow
        )
        super.init(configuration: configuration)
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if sequence.activeThisTap == 0 {
            // A new tap.
            sequence.touchesThisTap = 0
            sequence.liftSum = .zero
            sequence.lifts = 0
            book.value.tapLifts.empty()
            deadline = now + settings.maximumTapDuration
            sequence.tapStart = now
            if sequence.tapsCompleted == 0 { sequence.device = touches.first?.device }
        } else if numberOfTouchesRequired > 1 && now - sequence.tapStart > landingWindow {
            return fail(.fingersLandedApart(allowed: landingWindow))
        }
        // A tap on another device (a second touchscreen on the same output) is no tap of this
        // sequence, wherever it lands: the surfaces are apart however close their points are.
        // (The first fingers of a sequence gave it its device.)
        if sequence.tapsCompleted > 0 || sequence.touchesThisTap > 0,
           touches.contains(where: { $0.device != sequence.device }) {
            return fail(.movedTooFar(allowed: maximumDistanceBetweenTaps))
        }
        sequence.touchesThisTap += touches.count
        sequence.activeThisTap += touches.count
        if sequence.activeThisTap > numberOfTouchesRequired {
            return fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: sequence.activeThisTap))
        }
        if sequence.touchesThisTap == numberOfTouchesRequired && !landsNearFirstTap() {
            fail(.movedTooFar(allowed: maximumDistanceBetweenTaps))
        }
    }

    /// Whether the fingers of the tap under way, all down, landed within
    /// ``maximumDistanceBetweenTaps`` of the first tap: their centroid, as the first tap's
    /// location is its fingers' centroid, so that neither the fingers' spread nor the order they
    /// land in matters.
    private func landsNearFirstTap() -> Bool {
        guard let first = sequence.firstTapLocation else { return true }
        return landed(since: sequence.tapStart, within: maximumDistanceBetweenTaps, of: first)
    }

    open override func touchesMoved(_ touches: [Touch]) {
        if maximumMovement.isExceeded(byAnyOf: touches) { fail(.movedTooFar(allowed: maximumMovement)) }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        for t in touches {
            sequence.liftSum += t.location
            book.value.tapLifts.append(t.location)
        }
        sequence.lifts += touches.count
        let tapLocation = sequence.liftSum / Double(max(1, sequence.lifts))
        sequence.lastTapLocation = tapLocation
        sequence.activeThisTap -= touches.count
        guard sequence.activeThisTap <= 0 else { return }
        sequence.activeThisTap = 0
        guard sequence.touchesThisTap == numberOfTouchesRequired else {
            return fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: sequence.touchesThisTap))
        }
        sequence.tapsCompleted += 1
        if sequence.firstTapLocation == nil { sequence.firstTapLocation = tapLocation }
        if sequence.tapsCompleted >= numberOfTapsRequired {
            book.value.fingersOfTaps = numberOfTouchesRequired
            deadline = nil
            state = .recognized
        } else {
            deadline = now + settings.maximumIntervalBetweenTaps
        }
    }

    open override func deadlineReached(at time: Timestamp) {
        if sequence.activeThisTap > 0 {
            fail(.heldTooLong(allowed: maximumTapDuration))
        } else {
            fail(.tooSlow(allowed: maximumIntervalBetweenTaps))
        }
    }

    /// The tap's location: the centroid of the first tap's fingers (UIKit reports the first tap
    /// of a multi-tap).
    open override func location(in region: Region?) -> Point {
        guard let p = sequence.firstTapLocation ?? (sequence.activeThisTap > 0 ? nil : sequence.lastTapLocation) else {
            return super.location(in: region)
        }
        return region?.convert(fromScreen: p) ?? p
    }

    open override func reset() {
        super.reset()
        sequence = Sequence()
        book.value.fingersOfTaps = 0
    }

    /// A finger that lands as the current tap's last fingers lift, when that tap has all its
    /// fingers, is heard after the lifts: it starts the next tap (single or multi-taps drummed
    /// with two fingers, a two-finger double tap rolled). One that fits the current tap, still
    /// short of fingers, joins it (a two-finger tap).
    override func hearsLiftsFirst(lifting: Int, landing: Int) -> Bool {
        state == .possible && sequence.activeThisTap > 0 && lifting >= sequence.activeThisTap
            && sequence.touchesThisTap == numberOfTouchesRequired
    }
}
