import GestureKit

/// A small language for scripting fingers over virtual time, so tests read as stories:
///
///     let s = Fingers()
///     s.down(1, at: Point(x: 100, y: 100))
///     s.drag(1, by: Point(x: 80, y: 0), over: 200)
///     s.up(1)
///
/// The screen is 1000×600 points over a 250×150 mm touchscreen: 4 points per millimetre. Frames
/// go out at `hz` (120 by default) with timestamps from a virtual clock; nothing reads the wall
/// clock.
final class Fingers: GestureEngineObserver {
    let engine: GestureEngine
    private(set) var device: InputDevice
    var hz: Double
    private(set) var time: Timestamp = .milliseconds(1000)
    private var positions: [Int: Point] = [:]
    private var pending: [TouchContact] = []
    /// Each finger's reported major axis (mm) and pressure, re-sent with its every contact.
    private var sizes: [Int: (major: Double?, pressure: Double?)] = [:]
    /// Objects the story must keep alive as long as the engine (delegates are held weakly).
    var keepAlive: [AnyObject] = []
    /// Every non-reset state change, as "name: state" (failures as "name: failed(reason)").
    private(set) var log: [String] = []

    static let screen = Rect(x: 0, y: 0, width: 1000, height: 600)
    static let pointsPerMillimetre = 4.0

    init(
        hz: Double = 120, configuration: GestureConfiguration = .default, kind: DeviceKind = .touchscreen,
        hasResolution: Bool = true, density: PointDensity? = nil, contactSize: ContactSize = .none,
        outputFrame: Rect? = nil
    ) {
        self.hz = hz
        engine = GestureEngine(screen: Self.screen, configuration: configuration)
        device = InputDevice(
            id: DeviceID(1), name: "test panel", kind: kind, sizeMillimetres: Size(width: 250, height: 150),
            hasResolution: hasResolution, maximumContacts: 10, density: density, contactSize: contactSize,
            outputFrame: outputFrame
        )
        engine.observer = self
        engine.send(.deviceAdded(device, at: time))
    }

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        switch new {
        case .possible: break
        case .failed: log.append("\(recognizer.name): failed(\(recognizer.failureReason.map { "\($0)" } ?? "?"))")
        default: log.append("\(recognizer.name): \(new.rawValue)")
        }
    }

    /// Clears the log, returning what it held.
    @discardableResult func takeLog() -> [String] {
        defer { log.removeAll() }
        return log
    }

    /// The log without `changed` entries (which depend on the frame rate).
    var outcomes: [String] { log.filter { !$0.hasSuffix(": changed") } }

    /// Adds a region to the root with a name.
    @discardableResult func region(_ name: String, _ frame: Rect, in parent: Region? = nil) -> Region {
        let r = Region(frame: frame, name: name)
        (parent ?? engine.root).addChild(r)
        return r
    }

    // MARK: Fingers

    private func mm(_ p: Point) -> Point { p / Self.pointsPerMillimetre }

    /// Puts finger `id` down at `p` (sent with the next frame).
    func down(_ id: Int, at p: Point, palm: Bool = false, major: Double? = nil, pressure: Double? = nil) {
        positions[id] = p
        sizes[id] = (major, pressure)
        pending.append(contact(id, .began, p, palm: palm))
    }

    /// Moves finger `id` to `p` (sent with the next frame).
    func move(_ id: Int, to p: Point) {
        positions[id] = p
        pending.append(contact(id, .moved, p))
    }

    /// Reports finger `id`'s contact grown or shrunk to a major axis of `major` mm where it is.
    func resize(_ id: Int, major: Double) {
        guard let p = positions[id] else { return }
        sizes[id] = (major, sizes[id]?.pressure)
        pending.append(contact(id, .stationary, p))
    }

    private func contact(_ id: Int, _ phase: TouchPhase, _ p: Point, palm: Bool = false) -> TouchContact {
        TouchContact(
            id: id, phase: phase, location: p, millimetres: mm(p),
            pressure: sizes[id]?.pressure, majorAxisMillimetres: sizes[id]?.major, isPalm: palm)
    }

    /// Lifts finger `id` (sent with the next frame).
    func lift(_ id: Int) {
        guard let p = positions.removeValue(forKey: id) else { return }
        pending.append(contact(id, .ended, p))
        sizes[id] = nil
    }

    /// Lifts finger `id` with its last report at `p` (sent with the next frame): the lift carries
    /// the finger's last motion, as a sensor sampling slowly reports the end of a quick stroke.
    func lift(_ id: Int, at p: Point) {
        guard positions[id] != nil else { return }
        positions[id] = p
        lift(id)
    }

    /// Reports finger `id` cancelled by the device.
    func cancelContact(_ id: Int) {
        guard let p = positions.removeValue(forKey: id) else { return }
        pending.append(TouchContact(id: id, phase: .cancelled, location: p, millimetres: mm(p)))
    }

    /// Reports finger `id` turned into a palm where it is (sent with the next frame).
    func palm(_ id: Int) {
        guard let p = positions[id] else { return }
        pending.append(TouchContact(id: id, phase: .moved, location: p, millimetres: mm(p), isPalm: true))
    }

    /// Unplugs the device: every finger on it is gone.
    func unplug() {
        tick()
        positions.removeAll()
        pending.removeAll()
        engine.send(.deviceRemoved(device.id, at: time))
    }

    /// Plugs in a new device (with a new id) of the same make; fingers go to it from now on.
    func plug(id: Int) {
        tick()
        device = InputDevice(
            id: DeviceID(id), name: device.name, kind: device.kind, sizeMillimetres: device.sizeMillimetres,
            hasResolution: device.hasResolution, maximumContacts: device.maximumContacts
        )
        engine.send(.deviceAdded(device, at: time))
    }

    /// Sends one touchpad gesture event, one frame interval after the last event, from `from`
    /// (the story's device when `nil`).
    func pad(
        _ kind: TouchpadGestureKind, _ phase: TouchpadGesturePhase, fingers: Int, delta: Point = .zero,
        unaccelerated: Point? = nil, scale: Double = 1, angle: Double = 0, from: DeviceID? = nil
    ) {
        tick()
        engine.send(.touchpadGesture(TouchpadGestureEvent(
            device: from ?? device.id, timestamp: time, kind: kind, phase: phase, fingerCount: fingers, delta: delta,
            unacceleratedDelta: unaccelerated ?? delta, scale: scale, angleDelta: angle
        )))
    }

    /// Plugs in a touchpad, beside the story's device (whose fingers go on to it), as `id`.
    func plugTouchpad(id: DeviceID) {
        tick()
        engine.send(.deviceAdded(InputDevice(
            id: id, name: "pad", kind: .touchpad, sizeMillimetres: Size(width: 100, height: 60),
            hasResolution: true, maximumContacts: 5), at: time))
    }

    /// Sends the pending contacts (plus the other fingers as stationary) as one frame.
    func frame() {
        var contacts = pending
        for (id, p) in positions where !pending.contains(where: { $0.id == id }) {
            contacts.append(contact(id, .stationary, p))
        }
        pending.removeAll()
        engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: contacts)))
    }

    /// Sends the pending contacts alone as one frame: the other fingers down are left out, as a
    /// producer that reports only what changed leaves them (``frame()`` re-sends them).
    func sendOnlyPending() {
        let contacts = pending
        pending.removeAll()
        engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: contacts)))
    }

    /// Lets `ms` milliseconds pass, firing any deadlines.
    func wait(_ ms: Double) {
        time = time + .microseconds(Int64(ms * 1000))
        engine.advance(to: time)
    }

    /// Moves time on by one frame interval.
    func tick() { time = time + .microseconds(Int64(1_000_000 / hz)) }

    /// Down at `p` and send.
    func press(_ ids: [Int], at points: [Point]) {
        for (id, p) in zip(ids, points) { down(id, at: p) }
        frame()
    }

    /// Lifts the fingers and sends.
    func release(_ ids: [Int]) {
        tick()
        for id in ids { lift(id) }
        frame()
    }

    /// Moves every finger in `moves` by its offset, linearly over `ms` milliseconds, one frame per
    /// interval at ``hz``.
    func drag(_ moves: [Int: Point], over ms: Double) {
        let starts = moves.keys.reduce(into: [Int: Point]()) { $0[$1] = positions[$1] ?? .zero }
        let steps = max(1, Int((ms / 1000 * hz).rounded()))
        for i in 1...steps {
            tick()
            let f = Double(i) / Double(steps)
            for id in moves.keys.sorted() {
                move(id, to: starts[id]! + moves[id]! * f)
            }
            frame()
        }
    }

    /// One finger: drag by `offset` over `ms`.
    func drag(_ id: Int, by offset: Point, over ms: Double) { drag([id: offset], over: ms) }

    /// Moves fingers along arbitrary paths: `path(id, fraction)` gives each finger's position.
    func trace(_ ids: [Int], over ms: Double, _ path: (Int, Double) -> Point) {
        let steps = max(1, Int((ms / 1000 * hz).rounded()))
        for i in 1...steps {
            tick()
            let f = Double(i) / Double(steps)
            for id in ids { move(id, to: path(id, f)) }
            frame()
        }
    }

    /// Calls `step` once, from inside a target of `r`, the first time `r` reaches `state`: a frame
    /// sent from there is a cycle nested in the one that made the transition. The story is held
    /// weakly (the engine holds `r`, which holds the target).
    func once(from r: GestureRecognizer, at state: GestureState, _ step: @escaping (Fingers) -> Void) {
        var done = false
        r.addTarget { [weak self] g in
            guard let self, g.state == state, !done else { return }
            done = true
            step(self)
        }
    }

    /// Finger `id` down at `p` and up in the next frame, then a frame interval on.
    func quickTap(_ id: Int, at p: Point) {
        press([id], at: [p])
        release([id])
        tick()
    }

    /// A quick tap with `count` fingers around `p`.
    func tap(at p: Point, fingers count: Int = 1, holding ms: Double = 60) {
        let ids = Array(1...count)
        press(ids, at: ids.map { p + Point(x: Double($0 - 1) * 40, y: 0) })
        wait(ms)
        release(ids)
    }
}

/// Records the states a recognizer's targets see.
final class ActionLog {
    private(set) var states: [GestureState] = []
    init(_ r: GestureRecognizer) {
        r.addTarget { [unowned self] g in self.states.append(g.state) }
    }
}

/// A touch handler that logs what a region receives.
final class TouchLog: TouchHandler {
    private(set) var entries: [String] = []
    func touchBegan(_ touch: Touch) { entries.append("began \(touch.contactID)") }
    func touchMoved(_ touch: Touch) {
        if entries.last != "moved \(touch.contactID)" { entries.append("moved \(touch.contactID)") }
    }
    func touchEnded(_ touch: Touch) { entries.append("ended \(touch.contactID)") }
    func touchCancelled(_ touch: Touch) { entries.append("cancelled \(touch.contactID)") }
}

/// A recognizer with no opinion of its own: the story decides its outcome by setting its state.
final class Manual: GestureRecognizer {}

/// The terminal entries (ended, cancelled, failed) of a log, per recognizer name.
func terminalCounts(_ log: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for entry in log {
        guard let colon = entry.firstIndex(of: ":") else { continue }
        let state = entry[entry.index(colon, offsetBy: 2)...]
        if state == "ended" || state == "cancelled" || state.hasPrefix("failed(") {
            counts[String(entry[..<colon]), default: 0] += 1
        }
    }
    return counts
}

/// A delegate whose answers are closures.
final class Delegate: GestureRecognizerDelegate {
    var shouldBegin: (GestureRecognizer) -> Bool = { _ in true }
    var shouldReceive: (GestureRecognizer, Touch) -> Bool = { _, _ in true }
    var simultaneous: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var requireFailure: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var requiredToFail: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    private(set) var asked: [String] = []

    func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool {
        asked.append("shouldBegin \(r.name)")
        return shouldBegin(r)
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asked.append("shouldReceive \(r.name)")
        return shouldReceive(r, touch)
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
        simultaneous(r, o)
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
        requireFailure(r, o)
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
        requiredToFail(r, o)
    }
}

extension GestureRecognizer {
    /// Names the recognizer (for logs) and returns it.
    func named(_ name: String) -> Self {
        self.name = name
        return self
    }
}
