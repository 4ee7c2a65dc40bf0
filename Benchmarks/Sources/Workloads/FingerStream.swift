import Foundation
import GestureKit

/// A stream of touch frames from a touchscreen: `fingers` fingers land in the middle of the
/// screen, then move together forever at `hz` — the hand drifts in a small circle while it
/// spreads and closes (a pinch) and turns to and fro (a rotation).
///
/// The positions of one period are computed once, so ``step()`` does only what a backend does per
/// frame: it rewrites the contacts of one reused ``TouchFrame`` in place and sends it.
public final class FingerStream {
    public let engine: GestureEngine
    public let fingers: Int
    /// Frames per second.
    public let hz: Double
    /// Moving frames sent by ``step()`` so far.
    public var framesSent: Int { sent }
    private var sent = 0

    private var frame: TouchFrame
    private var time: Timestamp
    private let interval: Duration
    private let period = 240
    private var phase = 0
    /// `positions[phase * fingers + finger]`, in screen points.
    private let positions: [Point]

    /// The touchscreen: 1920×1080 points over a 476×268 mm panel (about 4 points per mm).
    public static let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
    static let panelMillimetres = Size(width: 476, height: 268)
    static let pointsPerMillimetre = 1920.0 / 476

    /// Creates the stream and puts the fingers down on `engine` (one `began` frame), without
    /// moving them yet.
    public init(engine: GestureEngine, fingers: Int, hz: Double = 240) {
        precondition(fingers >= 1 && fingers <= 10)
        self.engine = engine
        self.fingers = fingers
        self.hz = hz
        interval = .microseconds(Int64((1_000_000 / hz).rounded()))
        time = .milliseconds(1_000)
        let device = InputDevice(
            id: DeviceID(1), name: "benchmark panel", kind: .touchscreen, sizeMillimetres: Self.panelMillimetres,
            hasResolution: true, maximumContacts: 10)
        engine.send(.deviceAdded(device, at: time))

        // A hand: fingers on an arc around the centre of the screen.
        let centre = Point(x: Self.screen.width / 2, y: Self.screen.height / 2)
        var base: [Point] = []
        for i in 0..<fingers {
            let a = fingers == 1 ? 0 : Double(i) / Double(fingers) * 2 * Double.pi
            let r = fingers == 1 ? 0.0 : 120.0
            base.append(Point(x: r * cos(a), y: r * sin(a)))
        }
        var positions: [Point] = []
        positions.reserveCapacity(period * fingers)
        for k in 0..<period {
            let t = Double(k) / Double(period) * 2 * Double.pi
            let drift = Point(x: 90 * cos(t), y: 60 * sin(t))
            let spread = 1 + 0.25 * sin(2 * t)
            let turn = 0.35 * sin(t)
            for b in base {
                let rotated = Point(x: b.x * cos(turn) - b.y * sin(turn), y: b.x * sin(turn) + b.y * cos(turn))
                positions.append(centre + drift + rotated * spread)
            }
        }
        self.positions = positions

        frame = TouchFrame(device: DeviceID(1), timestamp: time)
        frame.contacts.reserveCapacity(fingers)
        for i in 0..<fingers {
            let p = positions[i]
            frame.contacts.append(TouchContact(id: i, phase: .began, location: p, millimetres: p / Self.pointsPerMillimetre))
        }
        engine.send(.touchFrame(frame))
    }

    /// Sends one frame in which every finger moves.
    @inline(__always)
    public func step() {
        time = time + interval
        phase += 1
        if phase == period { phase = 0 }
        // The frame is taken out while it is rewritten (its contacts keep their storage): an
        // access to the stored one held open across the closure would be checked at run time.
        var frame = self.frame
        self.frame = TouchFrame(device: frame.device, timestamp: time)
        frame.timestamp = time
        let row = phase * fingers
        frame.contacts.withUnsafeMutableBufferPointer { contacts in
            for i in 0..<contacts.count {
                let p = positions[row + i]
                contacts[i].phase = .moved
                contacts[i].location = p
                contacts[i].millimetres = p / Self.pointsPerMillimetre
            }
        }
        engine.send(.touchFrame(frame))
        self.frame = frame
        sent = sent + 1
    }

    /// Sends `count` moving frames.
    public func run(frames count: Int) {
        for _ in 0..<count { step() }
    }
}

/// Workloads (1) and (2): the 24-recognizer graph with `fingers` fingers moving at 240 Hz, brought
/// to steady state — every recognizer has recognized or failed as it would, and each further
/// frame is a moving frame.
public final class GraphWorkload {
    public let graph: RecognizerGraph
    public let stream: FingerStream

    /// Frames sent before measuring: 2 s, long past every recognizer's decision (long presses,
    /// taps and swipes time out or fail on movement; pans, pinch, rotation and the stroke begin).
    public static let warmUpFrames = 480

    public init(fingers: Int) {
        let engine = GestureEngine(screen: FingerStream.screen)
        graph = RecognizerGraph(engine: engine)
        stream = FingerStream(engine: engine, fingers: fingers)
        stream.run(frames: Self.warmUpFrames)
    }

    /// One moving frame.
    @inline(__always) public func step() { stream.step() }

    /// The recognizers' states, for a report: "name: state".
    public var states: [String] { graph.recognizers.map { "\($0.name): \($0.state.rawValue)" } }
}

/// Workload (5): `count` recognizers on one region, all receiving the same 10 fingers, a mix of
/// kinds (pan, pinch, rotation, stroke, tap, long press, swipe, directional swipe) that all may
/// recognize together: the continuous ones change with every frame, the discrete ones have failed
/// and only follow the touches.
public final class ScalingWorkload: GestureRecognizerDelegate {
    public let engine: GestureEngine
    public let stream: FingerStream
    public private(set) var recognizers: [GestureRecognizer] = []
    public var sink: Double { total.value }
    private let total = Sink()

    public init(recognizers count: Int, fingers: Int = 10) {
        engine = GestureEngine(screen: FingerStream.screen)
        let c = engine.configuration
        var recognizers: [GestureRecognizer] = []
        for i in 0..<count {
            let r: GestureRecognizer
            switch i % 8 {
            case 0: r = PanGestureRecognizer(configuration: c)
            case 1: r = PinchGestureRecognizer(configuration: c)
            case 2: r = RotationGestureRecognizer(configuration: c)
            case 3: r = StrokeGestureRecognizer(configuration: c)
            case 4: r = TapGestureRecognizer(configuration: c)
            case 5: r = LongPressGestureRecognizer(configuration: c)
            case 6: r = SwipeGestureRecognizer(configuration: c)
            default: r = DirectionalSwipeGestureRecognizer(configuration: c)
            }
            r.name = "r\(i)"
            engine.root.addGestureRecognizer(r)
            recognizers.append(r)
        }
        self.recognizers = recognizers
        stream = FingerStream(engine: engine, fingers: fingers)
        let sink = total
        for r in recognizers {
            r.delegate = self
            r.addTarget { _ in sink.add(1) }
        }
        stream.run(frames: GraphWorkload.warmUpFrames)
    }

    @inline(__always) public func step() { stream.step() }

    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
}

/// One finger moving through `idle` recognizers that fail when it lands (screen-edge pans: it
/// lands in the middle) and 3 that keep following it (pans that recognize together). The cost of
/// a frame must not depend on `idle`: a frame pays for the recognizers still deciding or
/// recognizing, not for those that only wait for the finger to lift.
public final class InterestWorkload: GestureRecognizerDelegate {
    public let engine: GestureEngine
    public let stream: FingerStream
    public var sink: Double { total.value }
    private let total = Sink()
    private var following: [GestureRecognizer] = []

    public init(idle: Int) {
        engine = GestureEngine(screen: FingerStream.screen)
        let c = engine.configuration
        let edges: [ScreenEdges] = [.left, .right, .top, .bottom]
        for i in 0..<idle {
            let e = ScreenEdgePanGestureRecognizer(configuration: c)
            e.edges = edges[i % edges.count]
            e.name = "idle-\(i)"
            engine.root.addGestureRecognizer(e)
        }
        var following: [PanGestureRecognizer] = []
        for i in 0..<3 {
            let pan = PanGestureRecognizer(configuration: c)
            pan.name = "pan-\(i)"
            engine.root.addGestureRecognizer(pan)
            following.append(pan)
        }
        self.following = following
        // The finger lands; the pans begin only once it has moved, with their delegate set.
        stream = FingerStream(engine: engine, fingers: 1)
        let sink = total
        for pan in following {
            pan.delegate = self
            pan.addTarget { pan in sink.add(pan.translation(in: nil).x) }
        }
        stream.run(frames: GraphWorkload.warmUpFrames)
        precondition(following.allSatisfy { $0.state == .changed }, "the 3 pans follow the finger")
    }

    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
}

/// Frames between two samples of the soak (about 6.9 minutes at 240 Hz).
public let soakSampleFrames = 100_000
