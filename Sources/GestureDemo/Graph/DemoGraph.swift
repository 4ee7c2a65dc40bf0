import GestureKit

/// The demo's recognizer graph: what a kiosk or a compositor would set up first.
///
/// All recognizers sit on the root region (the whole screen):
/// - `tap` and `double-tap` (the tap waits for the double tap to fail), `long-press`;
/// - `pan` (any number of fingers; also 3–5-finger touchpad swipes), recognized together with
///   `pinch` and `rotation` as a map view would;
/// - `swipe`, `swipe-2f`, `swipe-3f`, `swipe-4f`: quick strokes in any of the four directions with
///   that many fingers (touchpad swipes of 3 and 4 fingers drive the last two); they may recognize
///   while a pan or an edge pan runs;
/// - `edge-pan`: from any screen edge; the plain pan waits for it to fail (it fails at once when
///   the first finger lands away from the edges);
/// - `hold`: a long press driven by touchpad holds of one to four fingers.
final class DemoGraph: GestureRecognizerDelegate {
    /// The kinds of recognizer, for `--only`.
    enum Kind: String, CaseIterable, Hashable {
        case tap, doubleTap = "double-tap", longPress = "long-press", pan, swipe, pinch, rotation
        case edgePan = "edge-pan", hold
    }

    let engine: GestureEngine
    private(set) var recognizers: [GestureRecognizer] = []
    private var kinds: [ObjectIdentifier: Kind] = [:]

    init(engine: GestureEngine, only: Set<Kind>?) {
        self.engine = engine
        let c = engine.configuration
        let enabled = only ?? Set(Kind.allCases)

        let tap = TapGestureRecognizer(configuration: c)
        let doubleTap = TapGestureRecognizer(configuration: c)
        doubleTap.numberOfTapsRequired = 2
        if enabled.contains(.doubleTap) && enabled.contains(.tap) { tap.require(toFail: doubleTap) }
        add(tap, "tap", .tap, enabled)
        add(doubleTap, "double-tap", .doubleTap, enabled)

        let longPress = LongPressGestureRecognizer(configuration: c)
        longPress.acceptsTouchpadHolds = false
        add(longPress, "long-press", .longPress, enabled)

        let edgePan = ScreenEdgePanGestureRecognizer(configuration: c)
        edgePan.edges = .all
        add(edgePan, "edge-pan", .edgePan, enabled)

        let pan = PanGestureRecognizer(configuration: c)
        if enabled.contains(.edgePan) { pan.require(toFail: edgePan) }
        add(pan, "pan", .pan, enabled)

        for fingers in 1...4 {
            let swipe = SwipeGestureRecognizer(configuration: c)
            swipe.direction = .all
            swipe.numberOfTouchesRequired = fingers
            swipe.touchpadFingerCounts = fingers >= 3 ? fingers...fingers : nil
            add(swipe, fingers == 1 ? "swipe" : "swipe-\(fingers)f", .swipe, enabled)
        }

        add(PinchGestureRecognizer(configuration: c), "pinch", .pinch, enabled)
        add(RotationGestureRecognizer(configuration: c), "rotation", .rotation, enabled)

        for fingers in 1...4 {
            let hold = LongPressGestureRecognizer(configuration: c)
            hold.numberOfTouchesRequired = fingers
            hold.allowedTouchTypes = []
            add(hold, fingers == 1 ? "hold" : "hold-\(fingers)f", .hold, enabled)
        }
    }

    private func add(_ r: GestureRecognizer, _ name: String, _ kind: Kind, _ enabled: Set<Kind>) {
        guard enabled.contains(kind) else { return }
        r.name = name
        r.delegate = self
        kinds[ObjectIdentifier(r)] = kind
        recognizers.append(r)
        engine.root.addGestureRecognizer(r)
    }

    /// The kind of one of the graph's recognizers.
    func kind(of r: GestureRecognizer) -> Kind? { kinds[ObjectIdentifier(r)] }

    // Pan, pinch and rotation go together (a map); swipes may fire during pans and edge pans.
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let a = kind(of: r), let b = kind(of: other) else { return false }
        let manipulation: Set<Kind> = [.pan, .pinch, .rotation]
        if manipulation.contains(a) && manipulation.contains(b) { return true }
        if a == .swipe && (b == .pan || b == .edgePan) { return true }
        if b == .swipe && (a == .pan || a == .edgePan) { return true }
        return false
    }
}
