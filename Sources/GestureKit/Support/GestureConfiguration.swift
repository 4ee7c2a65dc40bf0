/// Every tunable of the built-in recognizers, in one place, with its unit.
///
/// Recognizers copy their defaults from the configuration they are created with
/// (``GestureConfiguration/default`` unless you pass another), and most values stay adjustable on
/// the recognizer itself (the tap-and-hold's tap limits, the velocity's window and stop timeout
/// and the two densities are read from here only). Figures of comparable systems, for reference: UIKit long press 0.5 s and
/// 10 pt; libinput hold 180 ms, hold-versus-motion 0.5 mm, pinch disambiguation 1.5 mm; GTK drag
/// threshold 8 px, double click 400 ms; Flutter touch slop 18 px, double tap 300 ms, velocity by
/// least squares over 100 ms; Android slop 8 dp, edge slop 12 dp; KWin 3-finger landing within
/// 250 ms.
public struct GestureConfiguration: Sendable, Hashable {
    // MARK: Units

    /// Points per millimetre assumed for a device that reports no resolution (96 dpi: 3.78 pt/mm),
    /// so millimetre thresholds on such a device are, in effect, thresholds in points.
    public var fallbackPointsPerMillimetre: Double = 96 / 25.4

    // MARK: Tap

    /// How far a finger may move during a tap before the tap fails.
    public var tapMaximumMovement: Distance = .millimetres(4)
    /// How long a finger may stay down and still make a tap.
    public var tapMaximumDuration: Duration = .milliseconds(750)
    /// The longest pause between lifting for one tap and landing for the next one of a multi-tap.
    public var multiTapMaximumInterval: Duration = .milliseconds(300)
    /// How far from the first tap the following taps of a multi-tap (and a tap-and-hold's press) may
    /// land, on the same device.
    public var multiTapMaximumDistance: Distance = .millimetres(10)
    /// How far apart in time the fingers of a multi-finger tap, long press or swipe may land: a
    /// finger that lands later than this after the first fails the gesture
    /// (``FailureReason/fingersLandedApart(allowed:)``), so two fingers landing 600 ms apart are
    /// not a two-finger tap. Pans, pinches and rotations take fingers whenever they land; an edge
    /// pan needing more than one finger waits this long for them.
    public var multiTouchLandingWindow: Duration = .milliseconds(250)

    // MARK: Long press

    /// How long the fingers must rest before a long press begins (UIKit: 0.5 s).
    public var longPressMinimumDuration: Duration = .milliseconds(500)
    /// How far the fingers may move before a long press has begun.
    public var longPressAllowableMovement: Distance = .millimetres(4)

    // MARK: Pan, edge pan and directional swipe

    /// How far the fingers' centre must move before a pan begins (its hysteresis).
    public var panMinimumDistance: Distance = .millimetres(2)
    /// The band along each screen edge in which an edge pan must start.
    public var screenEdgeWidth: Distance = .millimetres(6)

    // MARK: Swipe

    /// How far the fingers must travel in the swipe's direction.
    public var swipeMinimumDistance: Distance = .millimetres(12)
    /// How long a swipe may take to travel ``swipeMinimumDistance``, from the first finger down.
    public var swipeMaximumDuration: Duration = .milliseconds(600)
    /// How far a swipe may drift across its direction, as a ratio of the distance along it
    /// (0.577 is 30°).
    public var swipeMaximumDeviation: Double = 0.577

    // MARK: Pinch and rotation

    /// How much the fingers' mean distance from their centre must change before a pinch begins.
    public var pinchMinimumSpreadChange: Distance = .millimetres(2)
    /// How far the fingers must turn before a rotation begins, in radians (about 7°).
    public var rotationMinimumAngle: Double = 0.12

    // MARK: Velocity

    /// The window of recent samples the velocity fit looks at (Flutter, Android: 100 ms).
    public var velocityWindow: Duration = .milliseconds(100)
    /// When the last motion sample is older than this at release, the velocity is zero: the
    /// finger stopped before it lifted. Two samples further apart than this have a pause between
    /// them, and the velocity after it leaves out the motion before.
    public var velocityStopTimeout: Duration = .milliseconds(40)

    // MARK: Touchpads

    /// libinput's touchpad gesture units per millimetre of finger travel. libinput normalizes
    /// deltas to a 1000 dpi device (39.4 units/mm) and then slows touchpad motion down (its
    /// touchpad "magic slowdown", about 0.3 × 0.9), leaving about 10 units per millimetre: a
    /// 33 mm three-finger swipe reports 331 units through libinput 1.22 in the real-kernel tests.
    public var touchpadUnitsPerMillimetre: Double = 10
    /// The finger counts of touchpad swipes that drive pans and swipes.
    public var touchpadSwipeFingerCounts: ClosedRange<Int> = 3...5

    // MARK: Safety

    /// A touch the device has reported nothing new about for this long (no motion, pressure or
    /// size change) is cancelled, so a lost lift never leaves a gesture stuck, even while other
    /// fingers move; `nil` disables the watchdog. A contact a producer merely repeats in every
    /// frame does not count as news. Touchscreens report nothing for a finger that rests without
    /// moving, so keep this well above the longest hold you support. A touchpad gesture that
    /// sends no event for this long (its end lost) is cancelled the same way, and the rest of it
    /// ignored; a touchpad hold sends none while the fingers rest.
    public var stuckTouchTimeout: Duration? = .seconds(30)

    /// A touchscreen contact whose major axis reaches this is a large contact (a palm, the side of
    /// a hand, a forearm) and is rejected: it starts no gesture, and one that grows this large
    /// while down is cancelled as ``TouchCancellation/palm`` in every recognizer it reached. A
    /// fingertip measures about 8–15 mm, a flat thumb up to about 25 mm, a palm's heel 40 mm and
    /// more. Judged only for devices that report contact sizes (``InputDevice/contactSize``) and
    /// whose millimetres are real (a ``DensitySource`` other than `fallback`); `nil` turns it off.
    public var largeContactMajorAxis: Distance? = .millimetres(40)

    /// For touchscreens that report pressure but no contact size: a contact pressing at least this
    /// hard (0–1) is rejected as a large contact. Off (`nil`) by default, as pressure scales
    /// differ from one device to the next: set it from a device's own recordings.
    public var largeContactPressure: Double?

    /// Creates the default configuration.
    public init() {}

    /// The defaults.
    public static let `default` = GestureConfiguration()
}
