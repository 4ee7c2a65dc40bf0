import GestureKit

/// The recognizer graph of a realistic application window, 24 recognizers on a 3-level region
/// tree:
///
///     root (system, 8)   edge pans on all four edges, 3- and 4-finger swipes, a 4-finger pinch
///                        (app switcher), a 2-finger long press
///     └ window (8)       tap and double tap (the tap waits for the double tap to fail), long press,
///                        a 2-finger scroll pan, a 1-finger horizontal swipe, two directional swipes
///                        (a drawer and a sheet), a 2-finger tap
///       └ canvas (8)     tap, 2-finger tap, long press, pan, pinch, rotation, a 3-finger swipe, and
///                        ``StrokeGestureRecognizer`` (a subclass defined here); pan, pinch, rotation
///                        and the stroke recognize together, as a drawing canvas would allow
///
/// Every continuous recognizer has a target that reads its values, as an application would.
public final class RecognizerGraph: GestureRecognizerDelegate {
    public let engine: GestureEngine
    public let window: Region
    public let canvas: Region
    public private(set) var recognizers: [GestureRecognizer] = []
    /// What the targets read, so that the work cannot be optimised away.
    public var sink: Double { total.value }
    private let total = Sink()
    private var simultaneous: [GestureRecognizer] = []

    /// Builds the graph on `engine`'s root. The window and canvas are placed in the middle of the
    /// root so that touches in the middle land in the canvas and reach all 24 recognizers.
    public init(engine: GestureEngine) {
        self.engine = engine
        let screen = engine.root.frame
        window = Region(
            frame: Rect(x: screen.width * 0.05, y: screen.height * 0.05, width: screen.width * 0.9, height: screen.height * 0.9),
            name: "window")
        canvas = Region(
            frame: Rect(x: screen.width * 0.05, y: screen.height * 0.05, width: screen.width * 0.8, height: screen.height * 0.8),
            name: "canvas")
        engine.root.addChild(window)
        window.addChild(canvas)
        let c = engine.configuration

        // System gestures on the root.
        for edge in [ScreenEdges.left, .right, .top, .bottom] {
            let e = ScreenEdgePanGestureRecognizer(configuration: c)
            e.edges = edge
            add(e, "edge-\(edge)", to: engine.root)
        }
        for fingers in 3...4 {
            let s = SwipeGestureRecognizer(configuration: c)
            s.direction = .all
            s.numberOfTouchesRequired = fingers
            add(s, "system-swipe-\(fingers)f", to: engine.root)
        }
        add(PinchGestureRecognizer(configuration: c), "app-switcher-pinch", to: engine.root)
        let systemHold = LongPressGestureRecognizer(configuration: c)
        systemHold.numberOfTouchesRequired = 2
        add(systemHold, "system-hold-2f", to: engine.root)

        // The window.
        let tap = TapGestureRecognizer(configuration: c)
        let doubleTap = TapGestureRecognizer(configuration: c)
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        add(tap, "window-tap", to: window)
        add(doubleTap, "window-double-tap", to: window)
        add(LongPressGestureRecognizer(configuration: c), "window-long-press", to: window)
        let scroll = PanGestureRecognizer(configuration: c)
        scroll.minimumNumberOfTouches = 2
        scroll.maximumNumberOfTouches = 2
        add(scroll, "window-scroll", to: window)
        let back = SwipeGestureRecognizer(configuration: c)
        back.direction = [.left, .right]
        add(back, "window-back-swipe", to: window)
        let drawer = DirectionalSwipeGestureRecognizer(configuration: c)
        add(drawer, "window-drawer", to: window)
        let sheet = DirectionalSwipeGestureRecognizer(configuration: c)
        sheet.minimumNumberOfTouches = 2
        add(sheet, "window-sheet", to: window)
        let twoFingerTap = TapGestureRecognizer(configuration: c)
        twoFingerTap.numberOfTouchesRequired = 2
        add(twoFingerTap, "window-2f-tap", to: window)

        // The canvas.
        add(TapGestureRecognizer(configuration: c), "canvas-tap", to: canvas)
        let canvasTwoFingerTap = TapGestureRecognizer(configuration: c)
        canvasTwoFingerTap.numberOfTouchesRequired = 2
        add(canvasTwoFingerTap, "canvas-2f-tap", to: canvas)
        add(LongPressGestureRecognizer(configuration: c), "canvas-long-press", to: canvas)
        let pan = PanGestureRecognizer(configuration: c)
        let pinch = PinchGestureRecognizer(configuration: c)
        let rotation = RotationGestureRecognizer(configuration: c)
        let stroke = StrokeGestureRecognizer(configuration: c)
        add(pan, "canvas-pan", to: canvas)
        add(pinch, "canvas-pinch", to: canvas)
        add(rotation, "canvas-rotation", to: canvas)
        let canvasSwipe = SwipeGestureRecognizer(configuration: c)
        canvasSwipe.direction = .all
        canvasSwipe.numberOfTouchesRequired = 3
        add(canvasSwipe, "canvas-swipe-3f", to: canvas)
        add(stroke, "canvas-stroke", to: canvas)
        simultaneous = [pan, pinch, rotation, stroke]

        addTargets(pan: pan, pinch: pinch, rotation: rotation, stroke: stroke, scroll: scroll, drawer: drawer, sheet: sheet)
        precondition(recognizers.count == 24, "the graph has \(recognizers.count) recognizers, not 24")
    }

    private func add(_ r: GestureRecognizer, _ name: String, to region: Region) {
        r.name = name
        r.delegate = self
        region.addGestureRecognizer(r)
        recognizers.append(r)
    }

    private func addTargets(
        pan: PanGestureRecognizer, pinch: PinchGestureRecognizer, rotation: RotationGestureRecognizer,
        stroke: StrokeGestureRecognizer, scroll: PanGestureRecognizer,
        drawer: DirectionalSwipeGestureRecognizer, sheet: DirectionalSwipeGestureRecognizer
    ) {
        // The targets hold the sink, not the graph (see ``Sink``).
        let canvas = self.canvas, sink = total
        pan.addTarget { pan in
            let p = pan.translation(in: canvas)
            sink.add(p.x + p.y)
        }
        pinch.addTarget { pinch in sink.add(pinch.scale) }
        rotation.addTarget { rotation in sink.add(rotation.rotation) }
        stroke.addTarget { stroke in sink.add(stroke.length) }
        scroll.addTarget { scroll in sink.add(scroll.translation(in: nil).y) }
        for swipe in [drawer, sheet] {
            swipe.addTarget { swipe in sink.add(swipe.progress) }
        }
    }

    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        simultaneous.contains { $0 === recognizer } && simultaneous.contains { $0 === other }
    }
}

/// A recognizer written outside the library, as an application would: a continuous "stroke" that
/// begins once the fingers' centre has travelled ``minimumLength`` points along its path and
/// reports the path's length.
public final class StrokeGestureRecognizer: GestureRecognizer {
    /// The path length before the stroke begins, in points.
    public var minimumLength: Double {
        get { threshold }
        set { threshold = newValue }
    }
    /// The path length of the fingers' centre since they landed, in points.
    public var length: Double { travelled }

    // Private storage behind the public properties, as docs/architecture.md advises for a
    // recognizer's hot path ("Host code pays the same"): the compiler checks it, not the run time.
    private var threshold = 12.0
    private var travelled = 0.0
    private var last: Point?

    private var centre: Point? {
        var sum = Point.zero
        var n = 0.0
        for t in touches where t.isActive {
            sum += t.location
            n += 1
        }
        return n > 0 ? sum / n : nil
    }

    public override func touchesBegan(_ touches: [Touch]) { last = centre }

    public override func touchesMoved(_ touches: [Touch]) {
        guard let c = centre else { return }
        if let last { travelled = travelled + c.distance(to: last) }
        last = c
        if state == .possible {
            if travelled >= threshold { state = .began }
        } else if state.isActive {
            state = .changed
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        last = centre
        guard last == nil else { return }
        if state.isActive { state = .ended } else { fail(.endedTooSoon) }
    }

    public override func reset() {
        super.reset()
        travelled = 0
        last = nil
    }
}

/// Where the targets of a workload add what they read, so that the work cannot be optimised away.
///
/// Written as docs/architecture.md advises for targets on the hot path ("Host code pays the
/// same"): the targets hold this small object strongly rather than capture the workload itself,
/// which is every recognizer's delegate and so, referenced weakly, pays a slow path on each
/// retain and release; and its storage is internal and written whole, so that the compiler
/// proves its accesses exclusive and the run time checks none.
final class Sink {
    private(set) var value = 0.0

    @inline(__always)
    func add(_ x: Double) { value = value + x }
}
