@testable import GestureKit

/// How the hosts's code behaves during callbacks.
enum Mode: String, CaseIterable, Sendable {
    /// Targets and touch handlers only record; delegates answer at random.
    case inert
    /// Targets, delegates and touch handlers also enable, disable, remove and re-add recognizers
    /// and regions, cancel every touch and send nested frames, at random.
    case mutating
    /// What ``mutating`` does, and the host's input sent from inside callbacks: fingers lifted,
    /// cancelled, landing and moving, empty frames, touchpad gesture events, devices unplugged and
    /// plugged, from targets, touch handlers, every delegate question (the requirement questions
    /// answered as in the other modes) and the hooks of recognizer subclasses. Every recognizer is
    /// such a subclass, whose hooks the run checks (see ``InvariantRun/heard(_:_:_:)``). Only this
    /// mode takes these paths: the others draw from the generator exactly as before.
    case reentrant
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
    /// Per recognizer, in the current event: the states its first target and its last one (after
    /// the one that may send input) heard, which must be the same.
    private var heardFirst: [[GestureState]] = []
    /// Whether a callback disabled, removed or moved a recognizer or a region in this event.
    private var graphChanged = false
    private var heardLast: [[GestureState]] = []
    /// Per touch: began, ended (true) or still open (false) at its handler.
    private var delivered: [ObjectIdentifier: (touch: Touch, closed: Bool)] = [:]
    private var down: [Int: [Int: Point]] = [1: [:], 2: [:]]
    private var present: Set<Int> = [1, 2]
    private var padOpen: (kind: TouchpadGestureKind, fingers: Int)?
    private var time = Timestamp.milliseconds(1_000)
    private var depth = 0

    // The reentrant mode's own record (see ``Mode/reentrant``).

    /// A finger of the model, by device and contact id (ids are never reused in a run).
    struct FingerKey: Hashable {
        var device: Int
        var id: Int
    }
    /// A recognizer (by number) and a touch (by sequence).
    struct HookKey: Hashable {
        var recognizer: Int
        var touch: Int
    }
    /// What a recognizer's hooks were handed of one touch.
    struct HookView {
        var began = false
        var closed = false
        /// When the recognizer last heard it move: how many contacts of its finger the engine had
        /// read at least (those sent, less those of frames still being sent).
        var movedAt: Int?
        /// Where the recognizer last heard the touch (began or moved).
        var location: Point
        /// Where the touch had landed then: a finger placed anew since (a stationary contact at a
        /// new position) moved its landing point with it, and where it was heard by as much.
        var start: Point
    }
    /// What a recognizer heard of one touchpad gesture sequence.
    struct PadView {
        var ordinal: Int
        var closed: Bool
    }
    /// Per finger, the contacts sent for it after its landing (moved, stationary, ended, cancelled).
    private var contactsSent: [FingerKey: Int] = [:]
    /// The contacts of the frames being sent (outermost first): a finger with a contact there may
    /// not have been read yet, and input sent from a callback leaves it alone (see
    /// ``liftable(_:)``).
    private var inFlight: [[(key: FingerKey, phase: TouchPhase)]] = []
    private var nextCallbackFinger = 100_000
    /// The number of the last touchpad event sent, carried in its `angleDelta` (2 + n × 10⁻⁶).
    private var padOrdinal = 0
    /// Set while ``settle()`` lifts the fingers: callbacks send no input then.
    private var settling = false
    private var hookViews: [HookKey: HookView] = [:]
    private var padViews: [HookKey: PadView] = [:]
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
    static func replay(seed: UInt64, mode: Mode, steps: [Step], ownTouchHookInput: Bool = ownTouchHookInputByDefault) -> String? {
        let run = InvariantRun(seed: seed, mode: mode, ownTouchHookInput: ownTouchHookInput)
        return run.play(steps)
    }

    /// Whether, in ``Mode/reentrant``, a recognizer's own `touchesBegan`, `touchesEnded` and
    /// `touchesCancelled` send input too (the other callbacks always may). On unless
    /// `GESTUREKIT_INVARIANT_OWN_HOOK_INPUT=0`. (It was off while the engine handed a recognizer
    /// that did so the same touches again in the nested cycle, in about one sequence in eight,
    /// which hid everything else: `ReentrantSequencesTests`, whose earlier sequences were found
    /// with it off and replay so.)
    let ownTouchHookInput: Bool
    static let ownTouchHookInputByDefault = InvariantTests.environment("GESTUREKIT_INVARIANT_OWN_HOOK_INPUT") != "0"

    init(seed: UInt64, mode: Mode, ownTouchHookInput: Bool = ownTouchHookInputByDefault) {
        self.seed = seed
        self.mode = mode
        self.ownTouchHookInput = ownTouchHookInput
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

    /// Whether the graph is made of ``HookedTap`` and its kin (``Mode/reentrant``).
    private var hooked: Bool { mode == .reentrant }
    private func tap() -> TapGestureRecognizer { hooked ? HookedTap(run: self) : TapGestureRecognizer() }
    private func longPress() -> LongPressGestureRecognizer { hooked ? HookedLongPress(run: self) : LongPressGestureRecognizer() }
    private func pan() -> PanGestureRecognizer { hooked ? HookedPan(run: self) : PanGestureRecognizer() }

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

        let double = tap(); double.numberOfTapsRequired = 2
        let twoFingerTap = tap(); twoFingerTap.numberOfTouchesRequired = 2
        let twoFingerPress = longPress(); twoFingerPress.numberOfTouchesRequired = 2
        let tapHold = longPress(); tapHold.numberOfTapsRequired = 1
        let twoFingerPan = pan(); twoFingerPan.minimumNumberOfTouches = 2
        twoFingerPan.touchpadFingerCounts = 2...3
        let swipe = hooked ? HookedSwipe(run: self) : SwipeGestureRecognizer()
        swipe.direction = [.left, .right, .up, .down][rng.int(0...3)]
        swipe.touchpadFingerCounts = 3...4
        let edge = hooked ? HookedScreenEdgePan(run: self) : ScreenEdgePanGestureRecognizer(); edge.edges = .all
        let all: [GestureRecognizer] = [
            tap(), double, twoFingerTap, longPress(), twoFingerPress, tapHold,
            pan(), twoFingerPan, hooked ? HookedPinch(run: self) : PinchGestureRecognizer(),
            hooked ? HookedRotation(run: self) : RotationGestureRecognizer(), swipe,
            hooked ? HookedDirectionalSwipe(run: self) : DirectionalSwipeGestureRecognizer(), edge,
        ]
        for (i, g) in all.enumerated() {
            g.name = "\(i):\(g.name)"
            g.assertsOnRefusal = false
            index[ObjectIdentifier(g)] = i
            observed.append(.possible)
            awaitingTargets.append([])
            heardFirst.append([])
            heardLast.append([])
            g.cancelsTouchesInView = rng.chance(0.7)
            g.delaysTouchesBegan = rng.chance(0.2)
            g.delaysTouchesEnded = rng.chance(0.7)
            if rng.chance(0.3) { g.allowedTouchTypes = [.direct, .indirect] }
            g.addTarget { [unowned self] r in self.targetCalled(r) }
            if mode != .inert { g.addTarget { [unowned self] _ in self.maybeMutate(0.12) } }
            g.addTarget { [unowned self] r in self.heardLast[self.number(r)].append(r.state) }
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
        if mode == .reentrant { return sendKeepingModel(step) }
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
        if mode == .reentrant { return settleKeepingModel() }
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
        checkSettled()
    }

    /// The end of ``settle()``: every deadline passes, and nothing may be left.
    private func checkSettled() {
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
            if heardLast[i] != heardFirst[i] {
                return fail("\(g.name): its first target heard \(heardFirst[i]), its last \(heardLast[i])")
            }
            heardFirst[i].removeAll()
            heardLast[i].removeAll()
        }
        graphChanged = false
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
        // A transition made while the targets are told of an earlier one (input sent from a
        // target) waits its turn, and they hear it next; but a recognizer is not reset before its
        // targets heard it end, so that they read its values, unless it was disabled or taken
        // out of the tree meanwhile (then at once: it may be offered touches elsewhere).
        if new == .possible && !awaitingTargets[i].isEmpty && !graphChanged {
            fail("\(recognizer.name): \(old) → \(new) observed before the targets heard \(awaitingTargets[i])")
        }
        observed[i] = new
        if new != .failed && new != .possible { awaitingTargets[i].append(new) }
    }

    private func targetCalled(_ g: GestureRecognizer) {
        let i = number(g)
        guard !awaitingTargets[i].isEmpty else {
            return fail("\(g.name): a target was called (\(g.committedState)) for no observed transition")
        }
        let expected = awaitingTargets[i].removeFirst()
        heardFirst[i].append(g.state)
        if expected != g.state { fail("\(g.name): the target heard \(g.state), the observer \(expected)") }
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

    /// In ``Mode/mutating`` and ``Mode/reentrant``, with probability `p`, changes the graph or sends
    /// input from inside a callback (the reentrant mode any input, see
    /// ``sendInputFromCallback()``).
    func maybeMutate(_ p: Double) {
        guard mode != .inert, depth < 3, rng.chance(p) else { return }
        depth += 1
        defer { depth -= 1 }
        let g = recognizers[rng.int(0...recognizers.count - 1)]
        // The reentrant mode draws from more choices: the rest send input.
        let choice = rng.int(0...(mode == .reentrant ? 13 : 9))
        note("  mutation \(choice) on \(g.name)")
        if choice <= 6 { graphChanged = true }
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
        case 10...13:
            sendInputFromCallback()
        default:
            // A nested frame: one finger down moves a little, at the engine's present time.
            if mode == .reentrant { return moveFinger() }
            guard present.contains(1), let (id, p) = down[1]?.min(by: { $0.key < $1.key }) else { return }
            let q = Point(x: min(999, p.x + 7), y: p.y)
            down[1]![id] = q
            engine.send(.touchFrame(TouchFrame(device: DeviceID(1), timestamp: engine.now, contacts: [contact(id, .moved, q, 1)])))
        }
    }
}

enum TouchEventKind: String { case began, moved, ended, cancelled }

/// Records what a region's handler hears, and mutates in ``Mode/mutating`` (and sends input in
/// ``Mode/reentrant``).
final class RecordingHandler: TouchHandler {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run }
    func touchBegan(_ touch: Touch) { run.touchEvent(touch, .began); run.maybeMutate(0.03) }
    func touchMoved(_ touch: Touch) { run.touchEvent(touch, .moved); run.maybeMutate(0.01) }
    func touchEnded(_ touch: Touch) { run.touchEvent(touch, .ended); run.maybeMutate(0.03) }
    func touchCancelled(_ touch: Touch) { run.touchEvent(touch, .cancelled); run.maybeMutate(0.03) }
}

/// Answers the delegate questions at random (the requirement relations from the run's fixed,
/// acyclic set), and mutates in ``Mode/mutating`` (and sends input in ``Mode/reentrant``, from every
/// question).
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
    // The questions below send input in ``Mode/reentrant`` only; the requirement questions'
    // answers do not depend on it.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive gesture: TouchpadGestureEvent) -> Bool {
        run.maybeSendInput(0.05, "shouldReceive(gesture)", recognizer)
        return run.coin(0.92)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        run.maybeSendInput(0.03, "shouldRecognizeSimultaneouslyWith", recognizer)
        return run.coin(0.3)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        run.maybeSendInput(0.05, "shouldRequireFailureOf", recognizer)
        return run.requires(recognizer, other)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        run.maybeSendInput(0.05, "shouldBeRequiredToFailBy", recognizer)
        return false
    }
}

// MARK: The reentrant mode

extension InvariantRun {
    /// Plays a step in ``Mode/reentrant``, where callbacks may have lifted, landed or moved fingers,
    /// ended or begun the touchpad gesture and unplugged or plugged devices since the stream was
    /// generated: the step is sent as far as it still fits the model (`down`, `present`,
    /// `padOpen`), so the input stays well-formed: contacts of fingers no longer down are left
    /// out, a frame from an unplugged device is not sent, a touchpad update or end goes to the
    /// gesture open (none if none is), a begin only when none is.
    func sendKeepingModel(_ step: Step) {
        // Deadlines due by the step's time fire first, before it happens: input their callbacks
        // send (stamped with the deadline's time) comes before the step, and the step is then
        // sent as far as it still fits.
        engine.advance(to: time)
        switch step {
        case .frame(let d, _, let cs):
            guard present.contains(d) else { return note("  (device \(d) unplugged by a callback: frame not sent)") }
            let kept = cs.filter { $0.phase == .began || down[d]?[$0.id] != nil }
            sendFrame(d, kept.map { ($0.id, $0.phase, Point(x: Double($0.x), y: Double($0.y))) }, at: time)
        case .pad(_, let kind, let phase, let fingers):
            guard present.contains(2) else { return note("  (the touchpad is unplugged: event not sent)") }
            if phase == .begin {
                guard padOpen == nil else { return note("  (a touchpad gesture is open: begin not sent)") }
                sendPad(kind, .begin, fingers, at: time)
            } else {
                guard let open = padOpen else { return note("  (no touchpad gesture is open: \(phase) not sent)") }
                sendPad(open.kind, phase, open.fingers, at: time)
            }
        case .remove(let d, _):
            guard present.contains(d) else { return note("  (device \(d) already unplugged)") }
            unplug(d, at: time)
        case .add(let d, _):
            plug(d, at: time)
        case .cancelAll:
            padOpen = nil
            engine.cancelAllTouches()
        case .wait:
            engine.advance(to: time)
        }
    }

    /// ``settle()`` in ``Mode/reentrant``: callbacks send no input while the fingers lift.
    func settleKeepingModel() {
        settling = true
        defer { settling = false }
        for d in [1, 2] where present.contains(d) && !(down[d] ?? [:]).isEmpty {
            let lifts = (down[d] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, TouchPhase.ended, $0.value) }
            sendFrame(d, lifts, at: time)
            if violation != nil { return }
        }
        if let p = padOpen, present.contains(2) {
            sendPad(p.kind, .end, p.fingers, at: time)
            if violation != nil { return }
        }
        checkSettled()
    }

    /// Sends a frame from device `d`, after recording it in the model.
    private func sendFrame(_ d: Int, _ contacts: [(id: Int, phase: TouchPhase, at: Point)], at stamp: Timestamp) {
        var fingers = down[d] ?? [:]
        for c in contacts {
            let key = FingerKey(device: d, id: c.id)
            if c.phase == .began { contactsSent[key] = 0 } else { contactsSent[key, default: 0] += 1 }
            fingers[c.id] = c.phase.isActive ? c.at : nil
        }
        down[d] = fingers
        inFlight.append(contacts.map { (FingerKey(device: d, id: $0.id), $0.phase) })
        defer { inFlight.removeLast() }
        engine.send(.touchFrame(TouchFrame(device: DeviceID(d), timestamp: stamp, contacts: contacts.map { contact($0.id, $0.phase, $0.at, d) })))
    }

    /// Sends a touchpad gesture event, numbered in its `angleDelta` (see ``heard(_:_:)``), if it
    /// still fits the model once the deadlines due by its time have fired: the engine fires them
    /// before it handles the event, and a touchpad event sent from one of their callbacks
    /// (stamped no later) comes first, so they are fired here, before the model records this
    /// one (else an end sent from such a callback would be recorded after the begin it beat).
    private func sendPad(_ kind: TouchpadGestureKind, _ phase: TouchpadGesturePhase, _ fingers: Int, at stamp: Timestamp) {
        engine.advance(to: stamp)
        var (kind, fingers) = (kind, fingers)
        if phase == .begin {
            guard padOpen == nil, present.contains(2) else { return note("  (the touchpad changed meanwhile: begin not sent)") }
        } else {
            guard let open = padOpen else { return note("  (the touchpad gesture ended meanwhile: \(phase) not sent)") }
            (kind, fingers) = (open.kind, open.fingers)
        }
        padOrdinal += 1
        padOpen = phase == .begin || phase == .update ? (kind, fingers) : nil
        engine.send(.touchpadGesture(TouchpadGestureEvent(
            device: DeviceID(2), timestamp: stamp, kind: kind, phase: phase, fingerCount: fingers,
            delta: Point(x: 3, y: -2), unacceleratedDelta: Point(x: 3, y: -2), scale: phase == .begin ? 1 : 1.1,
            angleDelta: 2 + Double(padOrdinal) * 1e-6)))
    }

    private func unplug(_ d: Int, at stamp: Timestamp) {
        present.remove(d)
        down[d] = [:]
        if d == 2 { padOpen = nil }
        engine.send(.deviceRemoved(DeviceID(d), at: stamp))
    }

    private func plug(_ d: Int, at stamp: Timestamp) {
        present.insert(d)
        down[d] = [:]
        if d == 2 { padOpen = nil }
        engine.send(.deviceAdded(Self.device(d), at: stamp))
    }

    /// Whether a finger may be lifted from a callback: it has no contact in a frame being sent
    /// (which the engine may not have read yet), or only its landing, already read (its touch
    /// is active at the engine: a finger being offered, say).
    private func liftable(_ key: FingerKey) -> Bool {
        for frame in inFlight {
            for c in frame where c.key == key {
                guard c.phase == .began,
                      engine.activeTouches.contains(where: { $0.device.rawValue == key.device && $0.contactID == key.id })
                else { return false }
            }
        }
        return true
    }

    /// Whether a finger may be moved from a callback: it has no contact in a frame being sent
    /// (the frame's contact, read later, would take it back).
    private func movable(_ key: FingerKey) -> Bool {
        !inFlight.contains { $0.contains { $0.key == key } }
    }

    /// A finger down on a plugged device that passes `test`, at random.
    private func pickFinger(_ test: (FingerKey) -> Bool) -> (key: FingerKey, at: Point)? {
        var candidates: [(key: FingerKey, at: Point)] = []
        for d in [1, 2] where present.contains(d) {
            for (id, p) in (down[d] ?? [:]).sorted(by: { $0.key < $1.key }) where test(FingerKey(device: d, id: id)) {
                candidates.append((FingerKey(device: d, id: id), p))
            }
        }
        return candidates.isEmpty ? nil : candidates[rng.int(0...candidates.count - 1)]
    }

    /// In ``Mode/reentrant`` only, with probability `p`, sends input from inside a callback (`site`
    /// of `g`); no other mode draws from the generator here.
    func maybeSendInput(_ p: Double, _ site: StaticString, _ g: GestureRecognizer) {
        guard mode == .reentrant, depth < 3, rng.chance(p) else { return }
        depth += 1
        defer { depth -= 1 }
        note("  input from \(site) of \(g.name):")
        sendInputFromCallback()
    }

    /// ``maybeSendInput(_:_:_:)`` from a recognizer's own `touchesBegan`, `touchesEnded` or
    /// `touchesCancelled`, when ``ownTouchHookInput`` is set (no draw otherwise).
    func maybeSendInputFromOwnHook(_ p: Double, _ site: StaticString, _ g: GestureRecognizer) {
        guard ownTouchHookInput else { return }
        maybeSendInput(p, site, g)
    }

    /// One input event sent from inside a callback, at the engine's present time, well-formed for
    /// the model, which it updates.
    func sendInputFromCallback() {
        let choice = rng.int(0...11)
        guard !settling else { return }
        let now = engine.now
        switch choice {
        case 0, 1, 2:
            // A finger lifts, half the time with a last motion; or the device cancels it.
            guard let f = pickFinger(liftable) else { return }
            let phase: TouchPhase = rng.chance(0.85) ? .ended : .cancelled
            let at = rng.chance(0.5) ? f.at : Point(x: min(999, f.at.x + 5), y: f.at.y)
            note("  input: finger \(f.key.id) of device \(f.key.device) \(phase) at \(at)")
            sendFrame(f.key.device, [(f.key.id, phase, at)], at: now)
        case 3, 4:
            // A new finger lands (an id never used in the run).
            let d = rng.chance(0.8) ? 1 : 2
            guard present.contains(d), (down[d] ?? [:]).count < (d == 1 ? 10 : 5) else { return }
            nextCallbackFinger += 1
            let at = Point(x: Double(rng.int(0...999)), y: Double(rng.int(0...599)))
            note("  input: finger \(nextCallbackFinger) of device \(d) lands at \(at)")
            sendFrame(d, [(nextCallbackFinger, .began, at)], at: now)
        case 5:
            moveFinger()
        case 6:
            // An empty frame (a panel that reports nothing new).
            let d = rng.chance(0.8) ? 1 : 2
            guard present.contains(d) else { return }
            note("  input: an empty frame from device \(d)")
            sendFrame(d, [], at: now)
        case 7, 8:
            // A touchpad event: the open gesture goes on or ends, or one begins.
            guard present.contains(2) else { return }
            if let open = padOpen {
                let phase: TouchpadGesturePhase = rng.chance(0.5) ? .update : rng.chance(0.7) ? .end : .cancel
                note("  input: touchpad \(open.kind) \(phase)")
                sendPad(open.kind, phase, open.fingers, at: now)
            } else {
                let kind = TouchpadGestureKind.allCases[rng.int(0...2)]
                let fingers = rng.int(kind == .pinch ? 2...4 : 1...4)
                note("  input: touchpad \(kind) begin, \(fingers) fingers")
                sendPad(kind, .begin, fingers, at: now)
            }
        case 9:
            note("  input: cancelAllTouches")
            engine.cancelAllTouches()
        default:
            // A device unplugged, or plugged again (not while a frame of its own is being sent).
            let d = rng.chance(0.5) ? 1 : 2
            if present.contains(d) {
                note("  input: device \(d) unplugged")
                unplug(d, at: now)
            } else if !inFlight.contains(where: { $0.contains { $0.key.device == d } }) {
                note("  input: device \(d) plugged")
                plug(d, at: now)
            }
        }
    }

    /// A finger that no frame being sent mentions moves a little.
    func moveFinger() {
        guard let f = pickFinger(movable) else { return }
        let dx = Double(rng.int(1...12)) * (rng.chance(0.5) ? 1 : -1)
        let at = Point(x: min(999, max(0, f.at.x + dx)), y: f.at.y)
        guard at != f.at else { return }
        note("  input: finger \(f.key.id) of device \(f.key.device) moves to \(at)")
        sendFrame(f.key.device, [(f.key.id, .moved, at)], at: engine.now)
    }

    // MARK: What the hooks hear (reentrant mode)

    /// Checks what a recognizer's touch hook is handed (``Mode/reentrant``):
    /// - never the touchpad gesture sequence (touch hooks are handed touches only);
    /// - for each touch, at most one `touchesBegan`, and nothing after its `touchesEnded` or
    ///   `touchesCancelled`;
    /// - no motion twice: a touch heard moving again must have had a contact read since (moved,
    ///   stationary or its lift) — a conservative reading of "each motion is heard once": the
    ///   contacts of frames still being sent count as read for the second hearing, as unread
    ///   for the first. (A touch heard in `touchesBegan` may then be heard moving with no new
    ///   contact: a finger that lands and moves in one frame is heard so, by design.)
    /// - no motion lost at a lift: a touch whose lift carried motion (its last report is the
    ///   lift) is heard at the lift's place before `touchesEnded`, when the recognizer had heard
    ///   it where it was before the lift.
    func heard(_ g: GestureRecognizer, _ hook: Hook, _ touches: [Touch]) {
        let i = number(g)
        for t in touches {
            if t.type == .touchpadGesture {
                fail("\(g.name): touches\(hook.rawValue.capitalized) was handed the touchpad gesture sequence \(t.sequence)")
                continue
            }
            let key = HookKey(recognizer: i, touch: t.sequence)
            let known = hookViews[key]
            var view = known ?? HookView(location: t.location, start: t.startLocation)
            if view.closed { fail("\(g.name): touch \(t.sequence): touches\(hook.rawValue.capitalized) after it ended or was cancelled there") }
            switch hook {
            case .began:
                if view.began { fail("\(g.name): touch \(t.sequence): touchesBegan twice") }
                view.began = true
                view.location = t.location
                view.start = t.startLocation
            case .moved:
                // Contacts sent so far, and how many of them the engine may not have read yet: a
                // callback may run before a frame's contacts are all read.
                let finger = FingerKey(device: t.device.rawValue, id: t.contactID)
                let sent = contactsSent[finger] ?? 0
                let unread = inFlight.reduce(0) { n, f in n + f.count { $0.key == finger && $0.phase != .began } }
                if let last = view.movedAt, last == sent {
                    fail("\(g.name): touch \(t.sequence): heard moving twice with no contact of its finger read between")
                }
                view.movedAt = sent - unread
                view.location = t.location
                view.start = t.startLocation
            case .ended:
                // Heard where it was, moved by any placement since (which is no motion).
                let heard = view.location + (t.startLocation - view.start)
                if known != nil && heard == t.previousLocation && t.location != t.previousLocation {
                    note("  (heard at \(heard), lifted at \(t.location))")
                    fail("\(g.name): touch \(t.sequence): touchesEnded without the motion its lift carried")
                }
                view.closed = true
            case .cancelled:
                view.closed = true
            }
            hookViews[key] = view
        }
        note("  \(g.name): touches\(hook.rawValue.capitalized) \(touches.map { "\($0.sequence)" }.joined(separator: ","))")
    }

    /// Checks what a recognizer's `touchpadGesture` is handed (``Mode/reentrant``): per sequence
    /// it follows, the events in the order they were sent (numbered in `angleDelta`; the engine's
    /// own cancel, with no fingers, is not numbered), the begin first, nothing after the end or
    /// the cancel.
    func heard(_ g: GestureRecognizer, _ e: TouchpadGestureEvent) {
        note("  \(g.name): touchpadGesture \(e.phase) #\(e.fingerCount == 0 ? "engine" : "\(Int(((e.angleDelta - 2) * 1e6).rounded()))")")
        guard let seq = g.touchpadGestureSequence else {
            return fail("\(g.name): touchpadGesture \(e.phase) while it follows no touchpad sequence")
        }
        let key = HookKey(recognizer: number(g), touch: seq.sequence)
        let view = padViews[key]
        let ordinal: Int? = e.fingerCount == 0 ? nil : Int(((e.angleDelta - 2) * 1e6).rounded())
        if let view, view.closed { fail("\(g.name): touchpad sequence \(seq.sequence): \(e.phase) after it ended or was cancelled there") }
        if view != nil && e.phase == .begin { fail("\(g.name): touchpad sequence \(seq.sequence): begin after its other events") }
        if let ordinal, let last = view?.ordinal, ordinal <= last {
            fail("\(g.name): touchpad sequence \(seq.sequence): event \(ordinal) (\(e.phase)) heard after event \(last)")
        }
        padViews[key] = PadView(ordinal: ordinal ?? view?.ordinal ?? 0, closed: e.phase == .end || e.phase == .cancel)
    }
}
