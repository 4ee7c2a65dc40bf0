import GestureKit

/// A touchscreen played by a script, on virtual time: what every example uses when it runs
/// without a real device, so that its output is the same on every run.
///
/// It builds exactly what a backend would hand the engine: a `.deviceAdded` event, then one
/// ``TouchFrame`` per step, each contact with its phase (`began`, `moved`, `ended`), its position
/// in screen points and on the sensor in millimetres. Time advances 10 ms per frame (100 Hz) and
/// with ``wait(_:)``; nothing reads the wall clock.
///
///     let screen = ScriptedTouchscreen(engine: engine)
///     screen.press([1: Point(x: 100, y: 100)])        // one frame: finger 1 lands
///     screen.drag([1: Point(x: 120, y: 0)], steps: 6)  // six frames: it moves 120 points right
///     screen.release([1])                              // one frame: it lifts
public final class ScriptedTouchscreen {
    /// The engine the frames go to.
    public let engine: GestureEngine
    /// The device the frames come from.
    public let device: InputDevice
    /// Screen points per millimetre of the sensor (a 1000 × 600 point screen on a 250 × 150 mm
    /// panel has 4).
    public let pointsPerMillimetre: Double
    /// The time between two frames.
    public var frameInterval: Duration = .milliseconds(10)
    /// The time of the latest frame or wait.
    public private(set) var time: Timestamp = .zero
    private var positions: [Int: Point] = [:]
    private var pending: [TouchContact] = []

    /// Plugs a touchscreen covering the engine's whole screen into `engine`.
    public init(engine: GestureEngine, pointsPerMillimetre: Double = 4) {
        self.engine = engine
        self.pointsPerMillimetre = pointsPerMillimetre
        let screen = engine.root.frame.size
        device = InputDevice(
            id: DeviceID(1), name: "scripted touchscreen", kind: .touchscreen,
            sizeMillimetres: Size(width: screen.width / pointsPerMillimetre, height: screen.height / pointsPerMillimetre),
            maximumContacts: 10
        )
        engine.send(.deviceAdded(device, at: time))
    }

    /// Milliseconds since the script started.
    public var milliseconds: Int64 { time.microseconds / 1000 }

    private func contact(_ id: Int, _ phase: TouchPhase, _ p: Point) -> TouchContact {
        TouchContact(id: id, phase: phase, location: p, millimetres: p / pointsPerMillimetre)
    }

    /// Sends the queued contacts as one frame, one ``frameInterval`` after the previous one.
    /// Fingers that are down but not in the frame are stationary.
    public func frame() {
        time = time + frameInterval
        engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: pending)))
        pending.removeAll()
    }

    /// Lands the fingers (contact id → screen point) together, in one frame.
    public func press(_ fingers: [Int: Point]) {
        for (id, p) in fingers.sorted(by: { $0.key < $1.key }) {
            positions[id] = p
            pending.append(contact(id, .began, p))
        }
        frame()
    }

    /// Moves each finger by its offset, in equal parts, one frame per step.
    public func drag(_ offsets: [Int: Point], steps: Int) {
        let starts = positions
        for step in 1...steps {
            for (id, offset) in offsets.sorted(by: { $0.key < $1.key }) {
                guard let start = starts[id] else { continue }
                let p = start + offset * (Double(step) / Double(steps))
                positions[id] = p
                pending.append(contact(id, .moved, p))
            }
            frame()
        }
    }

    /// Moves fingers along paths: `path(id, fraction)` is where finger `id` is at `fraction`
    /// (0 exclusive … 1) of the way, one frame per step.
    public func trace(_ ids: [Int], steps: Int, _ path: (Int, Double) -> Point) {
        for step in 1...steps {
            for id in ids where positions[id] != nil {
                let p = path(id, Double(step) / Double(steps))
                positions[id] = p
                pending.append(contact(id, .moved, p))
            }
            frame()
        }
    }

    /// Lifts the fingers, in one frame.
    public func release(_ ids: [Int]) {
        for id in ids {
            guard let p = positions.removeValue(forKey: id) else { continue }
            pending.append(contact(id, .ended, p))
        }
        frame()
    }

    /// Lets `milliseconds` pass with no input; deadlines (a long press, a double tap's timeout)
    /// fire on the way, each at its own moment.
    public func wait(_ milliseconds: Int64) {
        time = time + .milliseconds(milliseconds)
        engine.advance(to: time)
    }

    /// A one-finger tap: down, 50 ms, up.
    public func tap(at p: Point, finger id: Int = 1) {
        press([id: p])
        wait(50)
        release([id])
    }
}
