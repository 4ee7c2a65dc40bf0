import GestureKit

/// Workloads (8) and (9): the frames in which fingers land and lift, the costliest of a sequence.
/// Through the 24-recognizer graph, `fingers` fingers land in one frame and lift together 50 ms
/// later; then time passes until every recognizer has decided (double-tap and long-press timers)
/// and reset, and the next hand lands. Each ``cycle()`` is one such sequence.
///
/// The landing and lifting frames are sent from their own functions, ``touchDown()`` and
/// ``touchUp(after:)``, which are never inlined: `Benchmarks/run` counts the instructions
/// spent inside each under callgrind (`--toggle-collect`), apart from the rest of the cycle.
public final class LandingWorkload {
    public let graph: RecognizerGraph
    public let fingers: Int
    private let engine: GestureEngine
    private var landing: TouchFrame
    private var lifting: TouchFrame
    private var time: Timestamp = .milliseconds(1_000)

    /// Sequences played before measuring, so that what the first sequences allocate once (the
    /// recognizers' buffers, the engine's lists) is not counted.
    public static let warmUpCycles = 8

    public init(fingers: Int) {
        precondition(fingers >= 1 && fingers <= 10)
        self.fingers = fingers
        engine = GestureEngine(screen: FingerStream.screen)
        graph = RecognizerGraph(engine: engine)
        let device = InputDevice(
            id: DeviceID(1), name: "benchmark panel", kind: .touchscreen,
            sizeMillimetres: FingerStream.panelMillimetres, hasResolution: true, maximumContacts: 10)
        engine.send(.deviceAdded(device, at: time))
        landing = TouchFrame(device: DeviceID(1), timestamp: time)
        lifting = TouchFrame(device: DeviceID(1), timestamp: time)
        let centre = Point(x: FingerStream.screen.width / 2, y: FingerStream.screen.height / 2)
        for i in 0..<fingers {
            // Fingers 25 mm apart along a line through the centre of the screen.
            let p = centre + Point(x: (Double(i) - Double(fingers - 1) / 2) * 100, y: 0)
            let mm = p / FingerStream.pointsPerMillimetre
            landing.contacts.append(TouchContact(id: i, phase: .began, location: p, millimetres: mm))
            lifting.contacts.append(TouchContact(id: i, phase: .ended, location: p, millimetres: mm))
        }
        for _ in 0..<Self.warmUpCycles { cycle() }
    }

    /// One sequence: the hand lands, lifts 50 ms later, and the engine's clock passes every
    /// deadline one second after that.
    public func cycle() {
        touchDown()
        touchUp(after: .milliseconds(50))
        time = time + .seconds(1)
        engine.advance(to: time)
        time = time + .milliseconds(50)
    }

    /// The frame in which every finger lands.
    @inline(never)
    public func touchDown() {
        landing.timestamp = time
        engine.send(.touchFrame(landing))
    }

    /// The frame in which every finger lifts, `delay` after the last. (Its signature differs from
    /// ``touchDown()``'s so that the compiler cannot merge the two into one function.)
    @inline(never)
    public func touchUp(after delay: Duration) {
        time = time + delay
        lifting.timestamp = time
        engine.send(.touchFrame(lifting))
    }

    /// A figure the optimizer cannot drop.
    public var sink: Double { graph.sink }
}
