import GestureKit

/// The demo's recognizer graph: what a kiosk or a compositor would set up first.
///
/// All recognizers sit on the root region (the whole screen):
/// - `tap` and `double-tap` (the tap waits for the double tap to fail), `tap-2f` (two fingers
///   landing and lifting together);
/// - `long-press` and `long-press-2f`: one or two fingers resting 500 ms;
/// - `pan` (any number of fingers; also libinput's touchpad gestures of 2–5 fingers moving: its
///   2-finger scrolling, which the libinput backend reports as a 2-finger touchpad swipe, and its
///   3–5-finger swipes), `pinch` and `rotation`;
/// - `swipe`, `swipe-2f`, `swipe-3f`, `swipe-4f`: quick strokes in any of the four directions with
///   that many fingers (touchpad scrolling drives `swipe-2f`, touchpad swipes of 3 and 4 fingers
///   the last two);
/// - `edge-pan`: from any screen edge, and with `corners` from a square at each corner (a corner
///   pan, leaving in any direction into the screen); the plain pan waits for it to fail (it fails
///   at once when the first finger lands away from the edges);
/// - `hold`, `hold-2f`, `hold-3f`, `hold-4f`: long presses driven by touchpad holds of one to four
///   fingers.
///
/// The policy is what someone inspecting gestures expects to see, and what a map view does:
/// - pan, pinch and rotation recognize together;
/// - long presses and swipes recognize alongside pan, pinch and rotation (and swipes alongside the
///   edge pan): a recognized long press or swipe leaves them deciding, so a second finger that
///   joins after a one-finger press began or after a one-finger flick can still pinch and rotate,
///   and a two-finger swipe does not exclude the rotation of a two-finger circle;
/// - everything else excludes the others on shared touches, as UIKit does: a tap fails once a pan
///   begins (and the pan itself waits for the edge pan to fail).
///
/// With `touchpadTouches` (`replay --touchpads`), every recognizer of touches but the edge pan also
/// accepts a touchpad's raw touches (`TouchType.indirect`), so a touchpad recording shows its
/// taps, scrolls, swipes and pinches as the same recognizers would see them on a screen.
final class DemoGraph: GestureRecognizerDelegate {
    /// The kinds of recognizer, for `--only`.
    enum Kind: String, CaseIterable, Hashable {
        case tap, doubleTap = "double-tap", longPress = "long-press", pan, swipe, pinch, rotation
        case edgePan = "edge-pan", hold
    }

    let engine: GestureEngine
    private(set) var recognizers: [GestureRecognizer] = []
    private var kinds: [ObjectIdentifier: Kind] = [:]

    init(engine: GestureEngine, only: Set<Kind>?, touchpadTouches: Bool = false, corners: Distance? = nil) {
        self.engine = engine
        let c = engine.configuration
        let enabled = only ?? Set(Kind.allCases)
        let touchTypes: Set<TouchType> = touchpadTouches ? [.direct, .indirect] : [.direct]

        let tap = TapGestureRecognizer(configuration: c)
        let doubleTap = TapGestureRecognizer(configuration: c)
        doubleTap.numberOfTapsRequired = 2
        if enabled.contains(.doubleTap) && enabled.contains(.tap) { tap.require(toFail: doubleTap) }
        let twoFingerTap = TapGestureRecognizer(configuration: c)
        twoFingerTap.numberOfTouchesRequired = 2
        add(tap, "tap", .tap, enabled, touchTypes)
        add(doubleTap, "double-tap", .doubleTap, enabled, touchTypes)
        add(twoFingerTap, "tap-2f", .tap, enabled, touchTypes)

        for fingers in 1...2 {
            let longPress = LongPressGestureRecognizer(configuration: c)
            longPress.numberOfTouchesRequired = fingers
            longPress.acceptsTouchpadHolds = false
            add(longPress, fingers == 1 ? "long-press" : "long-press-2f", .longPress, enabled, touchTypes)
        }

        let edgePan = ScreenEdgePanGestureRecognizer(configuration: c)
        edgePan.edges = .all
        if let corners {
            edgePan.zones = ScreenEdge.allCases.map { .edge(EdgeZone($0, depth: c.screenEdgeWidth)) }
                + ScreenCorner.allCases.map { .corner(CornerZone($0, size: corners)) }
        }
        add(edgePan, "edge-pan", .edgePan, enabled, [.direct])

        let pan = PanGestureRecognizer(configuration: c)
        if enabled.contains(.edgePan) { pan.require(toFail: edgePan) }
        pan.touchpadFingerCounts = 2...5
        add(pan, "pan", .pan, enabled, touchTypes)

        for fingers in 1...4 {
            let swipe = SwipeGestureRecognizer(configuration: c)
            swipe.direction = .all
            swipe.numberOfTouchesRequired = fingers
            swipe.touchpadFingerCounts = fingers >= 2 ? fingers...fingers : nil
            add(swipe, fingers == 1 ? "swipe" : "swipe-\(fingers)f", .swipe, enabled, touchTypes)
        }

        add(PinchGestureRecognizer(configuration: c), "pinch", .pinch, enabled, touchTypes)
        add(RotationGestureRecognizer(configuration: c), "rotation", .rotation, enabled, touchTypes)

        for fingers in 1...4 {
            let hold = LongPressGestureRecognizer(configuration: c)
            hold.numberOfTouchesRequired = fingers
            add(hold, fingers == 1 ? "hold" : "hold-\(fingers)f", .hold, enabled, [])
        }
    }

    private func add(_ r: GestureRecognizer, _ name: String, _ kind: Kind, _ enabled: Set<Kind>, _ touchTypes: Set<TouchType>) {
        guard enabled.contains(kind) else { return }
        r.name = name
        r.delegate = self
        r.allowedTouchTypes = touchTypes
        kinds[ObjectIdentifier(r)] = kind
        recognizers.append(r)
        engine.root.addGestureRecognizer(r)
    }

    /// The kind of one of the graph's recognizers.
    func kind(of r: GestureRecognizer) -> Kind? { kinds[ObjectIdentifier(r)] }

    /// The policy of the type's documentation: manipulation (pan, pinch, rotation) together; long
    /// presses and swipes alongside manipulation; swipes alongside the edge pan and long presses.
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let a = kind(of: r), let b = kind(of: other) else { return false }
        return Self.simultaneous(a, b) || Self.simultaneous(b, a)
    }

    private static let manipulation: Set<Kind> = [.pan, .pinch, .rotation]

    private static func simultaneous(_ a: Kind, _ b: Kind) -> Bool {
        switch a {
        case .pan, .pinch, .rotation: manipulation.contains(b)
        case .longPress: manipulation.contains(b)
        case .swipe: manipulation.contains(b) || b == .edgePan || b == .longPress
        default: false
        }
    }
}
