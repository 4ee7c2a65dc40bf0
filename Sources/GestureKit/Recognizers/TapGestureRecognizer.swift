/// Recognizes taps: one or more fingers landing and lifting without moving, once or several times
/// in quick succession (UIKit's `UITapGestureRecognizer`). Discrete.
///
/// Fails when a finger moves further than ``maximumMovement``, stays down longer than
/// ``maximumTapDuration``, the pause between taps exceeds ``maximumIntervalBetweenTaps``, a tap
/// lands further than ``maximumDistanceBetweenTaps`` from the first, or the finger count is not
/// ``numberOfTouchesRequired``.
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (UIKit default 1).
    public var numberOfTapsRequired = 1
    /// Fingers per tap (UIKit default 1).
    public var numberOfTouchesRequired = 1
    /// How far a finger may move during a tap.
    public var maximumMovement: Distance
    /// How long a tap may last.
    public var maximumTapDuration: Duration
    /// The longest pause between taps.
    public var maximumIntervalBetweenTaps: Duration
    /// How far from the first tap the following taps may land.
    public var maximumDistanceBetweenTaps: Distance
    /// How far apart in time the fingers of one tap may land, when it takes more than one.
    public var landingWindow: Duration

    /// Taps completed in the current sequence.
    public private(set) var tapsCompleted = 0
    private var touchesThisTap = 0
    private var activeThisTap = 0
    private var firstTapLocation: Point?
    private var lastTapLocation: Point = .zero
    private var tapStart: Timestamp = .zero

    /// Creates a tap recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        maximumMovement = configuration.tapMaximumMovement
        maximumTapDuration = configuration.tapMaximumDuration
        maximumIntervalBetweenTaps = configuration.multiTapMaximumInterval
        maximumDistanceBetweenTaps = configuration.multiTapMaximumDistance
        landingWindow = configuration.multiTouchLandingWindow
        super.init(configuration: configuration)
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if activeThisTap == 0 {
            // A new tap.
            touchesThisTap = 0
            if let first = firstTapLocation, let t = touches.first,
               maximumDistanceBetweenTaps.length(of: t.startLocation - first, density: t.density)
                > maximumDistanceBetweenTaps.magnitude {
                return fail(.movedTooFar(allowed: maximumDistanceBetweenTaps))
            }
            deadline = now + maximumTapDuration
            tapStart = now
        } else if numberOfTouchesRequired > 1 && now - tapStart > landingWindow {
            return fail(.fingersLandedApart(allowed: landingWindow))
        }
        touchesThisTap += touches.count
        activeThisTap += touches.count
        if activeThisTap > numberOfTouchesRequired {
            fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: activeThisTap))
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        for t in touches where maximumMovement.length(of: t.location - t.startLocation, density: t.density) > maximumMovement.magnitude {
            return fail(.movedTooFar(allowed: maximumMovement))
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        var sum = Point.zero
        for t in touches { sum += t.location }
        lastTapLocation = sum / Double(max(1, touches.count))
        activeThisTap -= touches.count
        guard activeThisTap <= 0 else { return }
        activeThisTap = 0
        guard touchesThisTap == numberOfTouchesRequired else {
            return fail(.wrongNumberOfTouches(expected: numberOfTouchesRequired...numberOfTouchesRequired, actual: touchesThisTap))
        }
        tapsCompleted += 1
        if firstTapLocation == nil { firstTapLocation = lastTapLocation }
        if tapsCompleted >= numberOfTapsRequired {
            deadline = nil
            state = .recognized
        } else {
            deadline = now + maximumIntervalBetweenTaps
        }
    }

    open override func deadlineReached(at time: Timestamp) {
        if activeThisTap > 0 {
            fail(.heldTooLong(allowed: maximumTapDuration))
        } else {
            fail(.tooSlow(allowed: maximumIntervalBetweenTaps))
        }
    }

    /// The tap's location: the centroid of the first tap's fingers (UIKit reports the first tap
    /// of a multi-tap).
    open override func location(in region: Region?) -> Point {
        guard let p = firstTapLocation ?? (activeThisTap > 0 ? nil : lastTapLocation) else {
            return super.location(in: region)
        }
        return region?.convert(fromScreen: p) ?? p
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        touchesThisTap = 0
        activeThisTap = 0
        firstTapLocation = nil
    }
}
