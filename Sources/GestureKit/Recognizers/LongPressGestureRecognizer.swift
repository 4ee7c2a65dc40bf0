/// Recognizes fingers resting in place (UIKit's `UILongPressGestureRecognizer`). Continuous:
/// begins once the fingers have rested ``minimumPressDuration``, then stays in `changed` however
/// far they move, and ends when one lifts.
///
/// With ``numberOfTapsRequired`` above 0, that many quick taps must come first (a tap-and-hold).
/// On a touchpad, libinput's hold gesture with ``numberOfTouchesRequired`` fingers drives it too.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must rest (UIKit default 0.5 s).
    public var minimumPressDuration: Duration
    /// How far the fingers may move before the press begins.
    public var allowableMovement: Distance
    /// Fingers that must rest (default 1).
    public var numberOfTouchesRequired = 1
    /// Taps before the press (default 0).
    public var numberOfTapsRequired = 0
    /// Whether libinput touchpad holds drive the recognizer too.
    public var acceptsTouchpadHolds = true
    /// How far apart in time the fingers may land, when more than one is required.
    public var landingWindow: Duration

    private var active = 0
    private var tapsDone = 0
    private var pressing = false
    private var tapTimer: Duration
    private var firstLanding: Timestamp = .zero

    /// Creates a long-press recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        minimumPressDuration = configuration.longPressMinimumDuration
        allowableMovement = configuration.longPressAllowableMovement
        tapTimer = configuration.tapMaximumDuration
        landingWindow = configuration.multiTouchLandingWindow
        super.init(configuration: configuration)
        allowedTouchTypes = [.direct]
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if active == 0 { firstLanding = now }
        active += touches.count
        if state.isActive {
            for t in touches { ignore(t) }
            active -= touches.count
            return
        }
        if numberOfTouchesRequired > 1 && now - firstLanding > landingWindow {
            return fail(.fingersLandedApart(allowed: landingWindow))
        }
        if active > numberOfTouchesRequired {
            return fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: active))
        }
        if active == numberOfTouchesRequired {
            pressing = tapsDone >= numberOfTapsRequired
            deadline = now + (pressing ? minimumPressDuration : tapTimer)
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        if state.isActive {
            state = .changed
            return
        }
        for t in touches
        where allowableMovement.length(of: t.location - t.startLocation, density: t.density) > allowableMovement.magnitude {
            return fail(.movedTooFar(allowed: allowableMovement))
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        active -= touches.count
        if state.isActive {
            state = .ended
            return
        }
        if pressing || tapsDone >= numberOfTapsRequired {
            return fail(.endedTooSoon)
        }
        if active == 0 {
            tapsDone += 1
            deadline = now + configuration.multiTapMaximumInterval
        }
    }

    open override func deadlineReached(at time: Timestamp) {
        if pressing && (active == numberOfTouchesRequired || touchpadGestureSequence != nil) {
            state = .began
        } else if active > 0 {
            fail(.heldTooLong(allowed: tapTimer))
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
            pressing = true
            deadline = event.timestamp + minimumPressDuration
        case .update:
            if state.isActive { state = .changed }
        case .end:
            if state.isActive { state = .ended } else { fail(.endedTooSoon) }
        case .cancel:
            if state.isActive { state = .cancelled } else { fail(.movedTooFar(allowed: allowableMovement)) }
        }
    }

    open override func reset() {
        super.reset()
        active = 0
        tapsDone = 0
        pressing = false
    }
}
