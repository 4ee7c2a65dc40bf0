@testable import GestureKit

/// How the hosts's code behaves during callbacks.
enum Mode: String, CaseIterable, Sendable {
    /// Targets and touch handlers only record; delegates answer at random.
    case inert
    /// Targets, delegates and touch handlers also enable, disable, remove and re-add recognizers
    /// and regions, cancel every touch and send nested frames, at random.
    case mutating
}

/// Plays a stream of ``Step``s through every recognizer kind on a nested region tree and checks the
/// engine's invariants after every event:
///
/// - every transition is legal (none refused by the recognizer's state machine), chains from the
///   previous one, and reaches the observer and then the targets exactly once, in order;
/// - touch delivery gives each touch one begin, then at most one end or cancel, and nothing after;
/// - once every finger has lifted and every deadline has passed, every recognizer is `possible`,
///   none waits or takes part, and the engine holds no touch and no deadline.
///
/// The recognizer graph, the delegates' answers and the callbacks' mutations all come from
/// `seed`, so a seed and a list of steps replay exactly.
final class InvariantRun: GestureEngineObserver {
    let seed: UInt64
    let mode: Mode
    let engine: GestureEngine
    private var rng: SplitMix64
    private(set) var regions: [Region] = []
    private(set) var recognizers: [GestureRecognizer] = []
    private var delegates: [RandomDelegate] = []
    private var handlers: [RecordingHandler] = []
    /// Requirement relations answered by the delegates, fixed per run and acyclic (a recognizer
    /// only ever waits for one created after it).
    private var delegateRequires: Set<[Int]> = []
    private var index: [ObjectIdentifier: Int] = [:]
    /// Per recognizer: the state the observer last reported, and the transitions whose targets
    /// have not been called yet.
    private var observed: [GestureState] = []
    private var awaitingTargets: [[GestureState]] = []
    /// Per touch: began, ended (true) or still open (false) at its handler.
    private var delivered: [ObjectIdentifier: (touch: Touch, closed: Bool)] = [:]
    private var down: [Int: [Int: Point]] = [1: [:], 2: [:]]
    private var present: Set<Int> = [1, 2]
    private var padOpen: (kind: TouchpadGestureKind, fingers: Int)?
    private var time = Timestamp.milliseconds(1_000)
    private var depth = 0
    private(set) var violation: String?
    /// When set, what happens is logged here, for a reader of a failing sequence.
    var trace: [String]?
    /// Prints each line of the trace as it is written too (for a sequence that crashes).
    var printsTrace = false

    private func note(_ line: @autoclosure () -> String) {
        guard trace != nil else { return }
        let text = line()
        trace!.append(text)
        if printsTrace { print(text) }
    }
    private var stepNumber = 0

    static let screen = Rect(x: 0, y: 0, width: 1000, height: 600)

    /// Plays `steps` and returns the first violation, or `nil`.
    static func replay(seed: UInt64, mode: Mode, steps: [Step]) -> String? {
        let run = InvariantRun(seed: seed, mode: mode)
        return run.play(steps)
    }

    init(seed: UInt64, mode: Mode) {
        self.seed = seed
        self.mode = mode
        rng = SplitMix64(seed: seed)
        engine = GestureEngine(screen: Self.screen)
        engine.observer = self
        buildGraph()
        engine.send(.deviceAdded(Self.device(1), at: time))
        engine.send(.deviceAdded(Self.device(2), at: time))
    }

    static func device(_ id: Int) -> InputDevice {
        id == 1
            ? InputDevice(id: DeviceID(1), name: "screen", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150), maximumContacts: 10)
            : InputDevice(id: DeviceID(2), name: "pad", kind: .touchpad, sizeMillimetres: Size(width: 100, height: 60), maximumContacts: 5)
    }

    // MARK: The graph

    private func buildGraph() {
        let root = engine.root
        let a = Region(frame: Rect(x: 0, y: 0, width: 600, height: 600), name: "A")
        let a1 = Region(frame: Rect(x: 50, y: 50, width: 400, height: 400), name: "A1")
        let a1a = Region(frame: Rect(x: 100, y: 100, width: 150, height: 150), name: "A1a")
        let b = Region(frame: Rect(x: 600, y: 0, width: 400, height: 600), name: "B")
        let b1 = Region(frame: Rect(x: 50, y: 100, width: 300, height: 300), name: "B1")
        root.addChild(a); a.addChild(a1); a1.addChild(a1a); root.addChild(b); b.addChild(b1)
        regions = [root, a, a1, a1a, b, b1]
        for r in regions {
            let h = RecordingHandler(run: self)
            handlers.append(h)
            r.touchHandler = h
        }

        let double = TapGestureRecognizer(); double.numberOfTapsRequired = 2
        let twoFingerTap = TapGestureRecognizer(); twoFingerTap.numberOfTouchesRequired = 2
        let twoFingerPress = LongPressGestureRecognizer(); twoFingerPress.numberOfTouchesRequired = 2
        let tapHold = LongPressGestureRecognizer(); tapHold.numberOfTapsRequired = 1
        let twoFingerPan = PanGestureRecognizer(); twoFingerPan.minimumNumberOfTouches = 2
        twoFingerPan.touchpadFingerCounts = 2...3
        let swipe = SwipeGestureRecognizer(); swipe.direction = [.left, .right, .up, .down][rng.int(0...3)]
        swipe.touchpadFingerCounts = 3...4
        let edge = ScreenEdgePanGestureRecognizer(); edge.edges = .all
        let all: [GestureRecognizer] = [
            TapGestureRecognizer(), double, twoFingerTap, LongPressGestureRecognizer(), twoFingerPress, tapHold,
            PanGestureRecognizer(), twoFingerPan, PinchGestureRecognizer(), RotationGestureRecognizer(), swipe,
            DirectionalSwipeGestureRecognizer(), edge,
        ]
        for (i, g) in all.enumerated() {
            g.name = "\(i):\(g.name)"
            g.assertsOnRefusal = false
            index[ObjectIdentifier(g)] = i
            observed.append(.possible)
            awaitingTargets.append([])
            g.cancelsTouchesInView = rng.chance(0.7)
            g.delaysTouchesBegan = rng.chance(0.2)
            g.delaysTouchesEnded = rng.chance(0.7)
            if rng.chance(0.3) { g.allowedTouchTypes = [.direct, .indirect] }
            g.addTarget { [unowned self] r in self.targetCalled(r) }
            if mode == .mutating { g.addTarget { [unowned self] _ in self.maybeMutate(0.12) } }
            if rng.chance(0.8) {
                let d = RandomDelegate(run: self)
                delegates.append(d)
                g.delegate = d
            }
            regions[rng.int(0...regions.count - 1)].addGestureRecognizer(g)
        }
        recognizers = all
        for i in all.indices {
            for j in all.indices where i < j {
                if rng.chance(0.06) { all[i].require(toFail: all[j]) }
                if rng.chance(0.06) { delegateRequires.insert([i, j]) }
            }
        }
    }

    func number(_ g: GestureRecognizer) -> Int { index[ObjectIdentifier(g)] ?? -1 }

    /// A random answer, from the run's generator.
    func coin(_ p: Double) -> Bool { rng.chance(p) }

    func requires(_ r: GestureRecognizer, _ f: GestureRecognizer) -> Bool {
        delegateRequires.contains([number(r), number(f)])
    }

    // MARK: Playing

    func play(_ steps: [Step]) -> String? {
        for (n, step) in steps.enumerated() {
            stepNumber = n
            note("step \(n): \(step)")
            send(step)
            if violation != nil { return violation }
            checkAfterEvent()
            if violation != nil { return violation }
        }
        stepNumber = steps.count
        settle()
        return violation
    }

    private func send(_ step: Step) {
        time = time + .milliseconds(step.ms)
        switch step {
        case .frame(let d, _, let cs):
            var fingers = down[d] ?? [:]
            for c in cs {
                let p = Point(x: Double(c.x), y: Double(c.y))
                fingers[c.id] = c.phase.isActive ? p : nil
            }
            down[d] = fingers
            engine.send(.touchFrame(frame(d, cs.map { contact($0.id, $0.phase, Point(x: Double($0.x), y: Double($0.y)), d) })))
        case .pad(_, let kind, let phase, let fingers):
            padOpen = phase == .begin || phase == .update ? (kind, fingers) : nil
            engine.send(.touchpadGesture(TouchpadGestureEvent(
                device: DeviceID(2), timestamp: time, kind: kind, phase: phase, fingerCount: fingers,
                delta: Point(x: 3, y: -2), unacceleratedDelta: Point(x: 3, y: -2), scale: phase == .begin ? 1 : 1.1,
                angleDelta: 2)))
        case .remove(let d, _):
            present.remove(d)
            down[d] = [:]
            if d == 2 { padOpen = nil }
            engine.send(.deviceRemoved(DeviceID(d), at: time))
        case .add(let d, _):
            present.insert(d)
            down[d] = [:]
            if d == 2 { padOpen = nil }
            engine.send(.deviceAdded(Self.device(d), at: time))
        case .cancelAll:
            padOpen = nil
            engine.cancelAllTouches()
        case .wait:
            engine.advance(to: time)
        }
    }

    private func frame(_ d: Int, _ contacts: [TouchContact]) -> TouchFrame {
        TouchFrame(device: DeviceID(d), timestamp: time, contacts: contacts)
    }

    private func contact(_ id: Int, _ phase: TouchPhase, _ p: Point, _ d: Int) -> TouchContact {
        let mmPerPoint = d == 1 ? 0.25 : 0.1
        return TouchContact(id: id, phase: phase, location: p, millimetres: Point(x: p.x * mmPerPoint, y: p.y * mmPerPoint))
    }

    /// Lifts every finger, ends the touchpad gesture, lets every deadline pass, and checks that
    /// nothing is left.
    private func settle() {
        time = time + .milliseconds(10)
        for d in [1, 2] where present.contains(d) && !(down[d] ?? [:]).isEmpty {
            let lifts = (down[d] ?? [:]).sorted { $0.key < $1.key }.map { contact($0.key, .ended, $0.value, d) }
            down[d] = [:]
            engine.send(.touchFrame(frame(d, lifts)))
            if violation != nil { return }
        }
        if let p = padOpen, present.contains(2) {
            padOpen = nil
            engine.send(.touchpadGesture(TouchpadGestureEvent(device: DeviceID(2), timestamp: time, kind: p.kind, phase: .end, fingerCount: p.fingers)))
            if violation != nil { return }
        }
        // Mutations are done: put everything back so that it can be checked as a whole.
        let quiet = depth
        depth = 1_000
        time = time + .seconds(30)
        engine.advance(to: time)
        depth = quiet
        checkAfterEvent()
        guard violation == nil else { return }
        for g in recognizers {
            if g.committedState != .possible { return fail("\(g.name) is left \(g.committedState) after every finger lifted and every deadline passed") }
            if g.pendingState != nil { return fail("\(g.name) still waits to become \(g.pendingState!) after every finger lifted") }
            if g.book.value.partOf != 0 { return fail("\(g.name) still takes part after every finger lifted (touches: \(g.touches.map { "\($0.sequence) \($0.phase)" }))") }
        }
        if !engine.activeTouches.isEmpty { return fail("the engine holds \(engine.activeTouches.count) touches after every finger lifted") }
        if !engine.touchpadSequences.isEmpty { return fail("the engine holds a touchpad gesture after it ended") }
        if let d = engine.nextDeadline { return fail("a deadline is left at \(d) after 30 s of quiet") }
        for (_, v) in delivered where !v.closed {
            // A touch begun in a region that has left the tree is cancelled there; one still open
            // has no end.
            return fail("touch \(v.touch.sequence) began at its handler and never ended or was cancelled")
        }
    }

    private func checkAfterEvent() {
        for (i, g) in recognizers.enumerated() {
            if let r = g.refusedTransitions.first { return fail("\(g.name) asked for the illegal transition \(r.from) → \(r.to)") }
            if !awaitingTargets[i].isEmpty { return fail("\(g.name): the observer saw \(awaitingTargets[i]) but the targets were not called") }
            if observed[i] != g.committedState { return fail("\(g.name) is \(g.committedState) but the observer last saw \(observed[i])") }
        }
    }

    func fail(_ message: String) {
        if violation == nil { violation = "step \(stepNumber): \(message)" }
    }

    // MARK: Observing

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        let i = number(recognizer)
        note("  observer: \(recognizer.name) \(old) → \(new)")
        guard i >= 0 else { return fail("the observer heard of an unknown recognizer") }
        if old != observed[i] { fail("\(recognizer.name): the observer saw \(old) → \(new) but last saw it become \(observed[i])") }
        let legal: Bool = switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        case (.ended, .possible), (.cancelled, .possible), (.failed, .possible): true
        default: false
        }
        if !legal { fail("\(recognizer.name): the observer saw the illegal transition \(old) → \(new)") }
        if recognizer.committedState != new { fail("\(recognizer.name): the observer saw \(new) while it is \(recognizer.committedState)") }
        if !awaitingTargets[i].isEmpty { fail("\(recognizer.name): \(old) → \(new) observed before the targets heard \(awaitingTargets[i])") }
        observed[i] = new
        if new != .failed && new != .possible { awaitingTargets[i].append(new) }
    }

    private func targetCalled(_ g: GestureRecognizer) {
        let i = number(g)
        guard !awaitingTargets[i].isEmpty else {
            return fail("\(g.name): a target was called (\(g.committedState)) for no observed transition")
        }
        let expected = awaitingTargets[i].removeFirst()
        if expected != g.committedState { fail("\(g.name): the target heard \(g.committedState), the observer \(expected)") }
    }

    func touchEvent(_ t: Touch, _ kind: TouchEventKind) {
        let key = ObjectIdentifier(t)
        note("  handler of \(t.region?.name ?? "?"): touch \(t.sequence) \(kind) (delivery \(t.delivery), phase \(t.phase))")
        switch kind {
        case .began:
            if delivered[key] != nil { return fail("touch \(t.sequence) began twice at its handler") }
            delivered[key] = (t, false)
        case .moved, .ended, .cancelled:
            guard let d = delivered[key] else { return fail("touch \(t.sequence): \(kind) at its handler before it began") }
            if d.closed { return fail("touch \(t.sequence): \(kind) at its handler after it ended or was cancelled") }
            if kind != .moved { delivered[key] = (t, true) }
        }
    }

    // MARK: Mutating

    /// In ``Mode/mutating``, with probability `p`, changes the graph or sends input from inside a
    /// callback.
    func maybeMutate(_ p: Double) {
        guard mode == .mutating, depth < 3, rng.chance(p) else { return }
        depth += 1
        defer { depth -= 1 }
        let g = recognizers[rng.int(0...recognizers.count - 1)]
        let choice = rng.int(0...9)
        note("  mutation \(choice) on \(g.name)")
        switch choice {
        case 0, 1:
            g.isEnabled.toggle()
        case 2:
            g.region?.removeGestureRecognizer(g)
        case 3, 4:
            // Attach (or move) to a region in the tree.
            let inTree = regions.filter { $0 === engine.root || $0.isDescendant(of: engine.root) }
            inTree[rng.int(0...inTree.count - 1)].addGestureRecognizer(g)
        case 5:
            regions[rng.int(1...regions.count - 1)].removeFromParent()
        case 6:
            let r = regions[rng.int(1...regions.count - 1)]
            let parents = regions.filter { !$0.isDescendant(of: r) && ($0 === engine.root || $0.isDescendant(of: engine.root)) }
            parents[rng.int(0...parents.count - 1)].addChild(r)
        case 7:
            // The fingers stay down as far as the device knows (settle lifts them); a touch being
            // begun when this runs (from a delegate asked about it) outlives the cancel.
            if rng.chance(0.3) { engine.cancelAllTouches() }
        case 8:
            g.isEnabled = true
        default:
            // A nested frame: one finger down moves a little, at the engine's present time.
            guard present.contains(1), let (id, p) = down[1]?.min(by: { $0.key < $1.key }) else { return }
            let q = Point(x: min(999, p.x + 7), y: p.y)
            down[1]![id] = q
            engine.send(.touchFrame(TouchFrame(device: DeviceID(1), timestamp: engine.now, contacts: [contact(id, .moved, q, 1)])))
        }
    }
}

enum TouchEventKind: String { case began, moved, ended, cancelled }

/// Records what a region's handler hears, and mutates in ``Mode/mutating``.
final class RecordingHandler: TouchHandler {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run }
    func touchBegan(_ touch: Touch) { run.touchEvent(touch, .began); run.maybeMutate(0.03) }
    func touchMoved(_ touch: Touch) { run.touchEvent(touch, .moved); run.maybeMutate(0.01) }
    func touchEnded(_ touch: Touch) { run.touchEvent(touch, .ended); run.maybeMutate(0.03) }
    func touchCancelled(_ touch: Touch) { run.touchEvent(touch, .cancelled); run.maybeMutate(0.03) }
}

/// Answers the delegate questions at random (the requirement relations from the run's fixed,
/// acyclic set), and mutates in ``Mode/mutating``.
final class RandomDelegate: GestureRecognizerDelegate {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        run.maybeMutate(0.05)
        return run.coin(0.9)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        run.maybeMutate(0.02)
        return run.coin(0.92)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive gesture: TouchpadGestureEvent) -> Bool {
        run.coin(0.92)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        run.coin(0.3)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        run.requires(recognizer, other)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        false
    }
}
