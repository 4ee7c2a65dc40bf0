/// Recognizes fingers resting in place (UIKit's `UILongPressGestureRecognizer`). Continuous:
/// begins once the fingers have rested ``minimumPressDuration``, then stays in `changed` however
/// far they move, and ends when one lifts.
///
/// With ``numberOfTapsRequired`` above 0, that many quick taps, each with
/// ``numberOfTouchesRequired`` fingers, must come first (a tap-and-hold).
/// On a touchpad, libinput's hold gesture with ``numberOfTouchesRequired`` fingers drives it too.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must rest (UIKit default 0.5 s).
    public var minimumPressDuration: Duration {
        get { settings.minimumPressDuration.duration }
        set { settings.minimumPressDuration = TimeLimit(newValue) }
    }
    /// How far the fingers may move before the press begins.
    public var allowableMovement: Distance {
        get { settings.allowableMovement }
        set { settings.allowableMovement = newValue }
    }
    /// Fingers that must rest (default 1).
    public var numberOfTouchesRequired: Int {
        get { settings.numberOfTouchesRequired }
        set { settings.numberOfTouchesRequired = newValue }
    }
    /// Taps before the press (default 0).
    public var numberOfTapsRequired: Int {
        get { settings.numberOfTapsRequired }
        set { settings.numberOfTapsRequired = newValue }
    }
    /// Whether libinput touchpad holds drive the recognizer too.
    public var acceptsTouchpadHolds: Bool {
        get { settings.acceptsTouchpadHolds }
        set { settings.acceptsTouchpadHolds = newValue }
    }
    /// How far apart in time the fingers may land, when more than one is required. A finger
    /// landing later fails the press; so does the window closing with fewer fingers down than
    /// required, at that time (``FailureReason/fingersLandedApart(allowed:)``).
    public var landingWindow: Duration {
        get { settings.landingWindow.duration }
        set { settings.landingWindow = TimeLimit(newValue) }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private struct Settings {
        var minimumPressDuration: TimeLimit
        var allowableMovement: Distance
        var numberOfTouchesRequired: Int = 1
        var numberOfTapsRequired: Int = 0
        var acceptsTouchpadHolds: Bool = true
        var landingWindow: TimeLimit
    }
    private var settings: Settings

    /// How long a tap before the press may last.
    private let tapTimer: TimeLimit

    /// What the recognizer knows of the sequence it follows, as one value: ``reset()`` replaces it
    /// whole.
    private struct Sequence {
        /// Fingers down.
        var active = 0
        /// Taps done before the press.
        var tapsDone = 0
        /// The most fingers down at once in the tap under way.
        var tapFingers = 0
        /// Whether the fingers now down are the press (the taps are done).
        var pressing = false
        var firstLanding: Timestamp = .zero
        /// The device of the first tap's fingers, and where it lifted (its fingers' centroid):
        /// the taps and the press that follow it land on that device, within
        /// ``GestureConfiguration/multiTapMaximumDistance`` of there, as a multi-tap's do.
        var device: DeviceID?
        var firstTapLocation: Point?
        var liftSum = Point.zero
        var lifts = 0
    }
    private var sequence = Sequence()

    /// Creates a long-press recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        settings = Settings(
            minimumPressDuration: TimeLimit(configuration.longPressMinimumDuration),
            allowableMovement: configuration.longPressAllowableMovement,
            landingWindow: TimeLimit(configuration.multiTouchLandingWindow)
        )
        tapTimer = TimeLimit(configuration.tapMaximumDuration)
        super.init(configuration: configuration)
        allowedTouchTypes = [.direct]
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if sequence.active == 0 {
            sequence.firstLanding = now
            if sequence.tapsDone == 0 { sequence.device = touches.first?.device }
        }
        if sequence.tapsDone > 0 && touches.contains(where: { $0.device != sequence.device }) {
            return fail(.movedTooFar(allowed: configuration.multiTapMaximumDistance))
        }
        sequence.active += touches.count
        if state.isActive {
            for t in touches { ignore(t) }
            sequence.active -= touches.count
            return
        }
        if numberOfTouchesRequired > 1 && now - sequence.firstLanding > landingWindow {
            return fail(.fingersLandedApart(allowed: landingWindow))
        }
        if sequence.active > numberOfTouchesRequired {
            return fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: sequence.active))
        }
        sequence.tapFingers = max(sequence.tapFingers, sequence.active)
        if sequence.active == numberOfTouchesRequired, let first = sequence.firstTapLocation,
           !landed(since: sequence.firstLanding, within: configuration.multiTapMaximumDistance, of: first) {
            return fail(.movedTooFar(allowed: configuration.multiTapMaximumDistance))
        }
        if sequence.active == numberOfTouchesRequired {
            sequence.pressing = sequence.tapsDone >= numberOfTapsRequired
            // A tap before the press is timed from its first finger, as a tap is.
            deadline = sequence.pressing ? now + settings.minimumPressDuration : sequence.firstLanding + tapTimer
        } else {
            // Fingers still to come must land within the landing window, after which none may
            // join: the press fails then, rather than go on holding its touches back from the
            // view (`delaysTouchesBegan`) until they move or lift. The interval after a tap was
            // met by the first finger of the next (the tap counter's and the tap's rule).
            // (Microseconds kept with the setting: converting the duration on every landing
            // cost a 1-finger landing 46 instructions.)
            deadline = Timestamp(microseconds: (sequence.firstLanding + settings.landingWindow).microseconds.saturatingAdding(1))
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        if state.isActive {
            state = .changed
            return
        }
        if allowableMovement.isExceeded(byAnyOf: touches) { fail(.movedTooFar(allowed: allowableMovement)) }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        sequence.active -= touches.count
        if sequence.tapsDone == 0 {
            for t in touches { sequence.liftSum += t.location }
            sequence.lifts += touches.count
        }
        if state.isActive {
            state = .ended
            return
        }
        if sequence.pressing || sequence.tapsDone >= numberOfTapsRequired {
            return fail(.endedTooSoon)
        }
        if sequence.active == 0 {
            // A tap before the press has the press's fingers, as a multi-finger tap has.
            if sequence.tapFingers != numberOfTouchesRequired {
                let n = numberOfTouchesRequired
                return fail(.wrongNumberOfTouches(expected: n...n, actual: sequence.tapFingers))
            }
            sequence.tapFingers = 0
            if sequence.tapsDone == 0 { sequence.firstTapLocation = sequence.liftSum / Double(max(1, sequence.lifts)) }
            sequence.tapsDone += 1
            deadline = now + configuration.multiTapMaximumInterval
        }
    }

    open override func deadlineReached(at time: Timestamp) {
        // A deadline set while it was deciding (a touchpad hold joining it while the arbiter
        // ruled on its begin) means nothing once the press is under way.
        guard state == .possible else { return }
        // Fewer fingers than required, never all down at once (a tap finger that lifted while
        // another stays down had them all: that tap is held too long).
        if sequence.active > 0 && sequence.active < numberOfTouchesRequired && touchpadGestureSequence == nil
            && sequence.tapFingers < numberOfTouchesRequired && time - sequence.firstLanding > landingWindow {
            return fail(.fingersLandedApart(allowed: landingWindow))
        }
        if sequence.pressing && (sequence.active == numberOfTouchesRequired || touchpadGestureSequence != nil) {
            state = .began
        } else if sequence.active > 0 {
            fail(.heldTooLong(allowed: tapTimer.duration))
        } else {
            fail(.tooSlow(allowed: configuration.multiTapMaximumInterval))
        }
    }

    open override func accepts(_ event: TouchpadGestureEvent) -> Bool {
        acceptsTouchpadHolds && event.kind == .hold && event.fingerCount == numberOfTouchesRequired
            && numberOfTapsRequired == 0
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        switch event.phase {
        case .begin:
            sequence.pressing = true
            deadline = event.timestamp + settings.minimumPressDuration
        case .update:
            if state.isActive { state = .changed }
        case .end:
            if state.isActive { state = .ended } else { fail(.endedTooSoon) }
        case .cancel:
            // libinput cancels a hold whose fingers moved; a hold the touchpad's removal or the
            // host cancelled fails for that.
            if state == .possible, case .device? = touchpadGestureSequence?.cancellation ?? .device {
                fail(.movedTooFar(allowed: allowableMovement))
            } else {
                super.touchpadGesture(event)
            }
        }
    }

    open override func reset() {
        super.reset()
        sequence = Sequence()
    }

    /// A finger that lands as all the fingers down lift, and would be one too many for them or
    /// follows a tap that had all its fingers, is heard after the lifts: it is the press after a
    /// tap (a tap-and-hold drummed or rolled with two fingers), or the next press after one that
    /// ended too soon.
    /// So is one that would be one too many with the fingers down, and not once those lifting
    /// are gone: three fingers were never down at once.
    override func hearsLiftsFirst(lifting: Int, landing: Int) -> Bool {
        guard state == .possible && sequence.active > 0 else { return false }
        let required = numberOfTouchesRequired
        if sequence.active + landing > required
            && (lifting >= sequence.active || sequence.active - lifting + landing <= required) { return true }
        return lifting >= sequence.active
            // The tap under way has all its fingers: one landing now starts what follows it.
            && !sequence.pressing && sequence.tapFingers == required
    }
}
