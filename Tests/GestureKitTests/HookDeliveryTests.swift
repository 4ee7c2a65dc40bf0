import Testing
@testable import GestureKit

/// A recognizer that records every hook call with the contact ids it was given, and can run a
/// step of the story from inside a hook.
private final class HookRecorder: GestureRecognizer {
    private(set) var calls: [String] = []
    var onMoved: ((HookRecorder, [Touch]) -> Void)?
    var onBegan: ((HookRecorder, [Touch]) -> Void)?
    var onEnded: ((HookRecorder, [Touch]) -> Void)?
    var onCancelled: ((HookRecorder, [Touch]) -> Void)?

    private func ids(_ touches: [Touch]) -> String { touches.map { String($0.contactID) }.joined(separator: ",") }

    override func touchesBegan(_ touches: [Touch]) {
        calls.append("began \(ids(touches))")
        onBegan?(self, touches)
    }
    override func touchesMoved(_ touches: [Touch]) {
        calls.append("moved \(ids(touches))")
        onMoved?(self, touches)
    }
    override func touchesEnded(_ touches: [Touch]) {
        calls.append("ended \(ids(touches))")
        onEnded?(self, touches)
    }
    override func touchesCancelled(_ touches: [Touch]) {
        calls.append("cancelled \(ids(touches))")
        onCancelled?(self, touches)
        super.touchesCancelled(touches)
    }

    @discardableResult func take() -> [String] {
        defer { calls.removeAll() }
        return calls
    }
}

/// One frame, a frame interval on, in which the fingers of `xs` are reported at those x (y = 100)
/// and the others as stationary.
private func motionFrame(_ s: Fingers, moving xs: [Int: Double]) {
    s.tick()
    for (id, x) in xs.sorted(by: { $0.key < $1.key }) { s.move(id, to: Point(x: x, y: 100)) }
    s.frame()
}

@Suite("Touch hooks: each recognizer hears exactly the touches of the frame")
struct HookDeliveryTests {
    private func story(_ config: GestureConfiguration = .default) -> (Fingers, HookRecorder) {
        let s = Fingers(configuration: config)
        let r = HookRecorder().named("recorder")
        s.engine.root.addGestureRecognizer(r)
        return (s, r)
    }

    private func frame(_ s: Fingers, moving xs: [Int: Double]) { motionFrame(s, moving: xs) }

    @Test("touchesMoved gets the touches that moved, and nothing when none did")
    func onlyTheMovedTouches() {
        let (s, r) = story()
        s.press([1, 2, 3], at: [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 300, y: 100)])
        #expect(r.take() == ["began 1,2,3"])

        frame(s, moving: [1: 110, 3: 310])
        #expect(r.take() == ["moved 1,3"])

        frame(s, moving: [1: 120, 2: 210, 3: 320])
        #expect(r.take() == ["moved 1,2,3"])

        // Every finger reported, none moved: stationary contacts and a "moved" contact at the same
        // place are not motion.
        frame(s, moving: [2: 210])
        #expect(r.take() == [])
        #expect(r.touches.map(\.phase) == [.stationary, .stationary, .stationary])
    }

    @Test("a finger landing while the others move: began for it, then moved for them, in one cycle")
    func landingWhileMoving() {
        let (s, r) = story()
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        r.take()
        s.down(3, at: Point(x: 300, y: 100))
        frame(s, moving: [1: 110, 2: 210])
        #expect(r.take() == ["began 3", "moved 1,2"])

        // The next frame in which all three move hands all three over.
        s.drag([1: Point(x: 5, y: 0), 2: Point(x: 5, y: 0), 3: Point(x: 5, y: 0)], over: 1000 / s.hz)
        #expect(r.take() == ["moved 1,2,3"])
    }

    @Test("a finger lifting while the others move: moved for them, ended for it; then the rest move alone")
    func liftingWhileMoving() {
        let (s, r) = story()
        s.press([1, 2, 3], at: [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 300, y: 100)])
        r.take()
        s.lift(2)
        frame(s, moving: [1: 110, 3: 310])
        #expect(r.take() == ["moved 1,3", "ended 2"])
        #expect(r.touches.map(\.contactID) == [1, 3])

        s.drag([1: Point(x: 5, y: 0), 3: Point(x: 5, y: 0)], over: 1000 / s.hz)
        #expect(r.take() == ["moved 1,3"])
    }

    @Test("touches down on another device are not part of a frame's motion, nor of the gesture")
    func twoDevices() {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let r = HookRecorder().named("recorder")
        engine.root.addGestureRecognizer(r)
        var time = Timestamp.milliseconds(1000)
        for id in [1, 2] {
            engine.send(.deviceAdded(InputDevice(
                id: DeviceID(id), name: "panel \(id)", kind: .touchscreen,
                sizeMillimetres: Size(width: 250, height: 150), hasResolution: true, maximumContacts: 10
            ), at: time))
        }
        func send(_ device: Int, _ contacts: [TouchContact]) {
            time = time + .milliseconds(8)
            engine.send(.touchFrame(TouchFrame(device: DeviceID(device), timestamp: time, contacts: contacts)))
        }
        func contact(_ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchContact {
            TouchContact(id: id, phase: phase, location: Point(x: x, y: 100), millimetres: Point(x: x / 4, y: 25))
        }
        send(1, [contact(0, .began, 100)])
        send(2, [contact(0, .began, 500)])
        // A gesture is made on one surface: the finger of the second panel is not the recorder's.
        #expect(r.take() == ["began 0"])
        #expect(r.touches.map(\.device) == [DeviceID(1)])

        send(2, [contact(0, .moved, 520)])
        #expect(r.take() == [])

        send(1, [contact(0, .moved, 120)])
        send(2, [contact(0, .moved, 540)])
        #expect(r.take() == ["moved 0"])
        #expect(r.touches.filter { $0.phase == .moved }.map(\.device) == [DeviceID(1)])
    }

    @Test("a recognizer hears no motion once it has recognized, while one that began keeps hearing it")
    func finishedRecognizersHearNothing() {
        let (s, discrete) = story()
        let continuous = HookRecorder().named("continuous")
        s.engine.root.addGestureRecognizer(continuous)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        discrete.delegate = delegate
        continuous.delegate = delegate
        discrete.onMoved = { r, _ in r.state = .ended }
        continuous.onMoved = { r, _ in r.state = r.state == .possible ? .began : .changed }

        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        s.drag([1: Point(x: 30, y: 0), 2: Point(x: 30, y: 0)], over: 3000 / s.hz)
        #expect(discrete.take() == ["began 1,2", "moved 1,2"])
        #expect(continuous.take() == ["began 1,2", "moved 1,2", "moved 1,2", "moved 1,2"])
        #expect(s.outcomes == ["recorder: ended", "continuous: began"])
    }

    @Test("a touch a recognizer ignores from its touchesMoved leaves its later frames")
    func ignoreFromInsideTheHook() {
        let (s, r) = story()
        r.onMoved = { r, touches in
            if let second = touches.first(where: { $0.contactID == 2 }) { r.ignore(second) }
        }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        r.take()
        s.drag([1: Point(x: 10, y: 0), 2: Point(x: 10, y: 0)], over: 2000 / s.hz)
        #expect(r.take() == ["moved 1,2", "moved 1"])
        #expect(r.touches.map(\.contactID) == [1])
    }

    @Test("a recognizer that lets go of its last touch in a frame of motion alone is settled in that frame")
    func ignoreLastTouchWhileMoving() {
        // No touch began, ended or was cancelled: the end of the cycle would have nothing to look
        // at, but for the recognizer that now follows no touch. Undecided, it fails at once.
        let (s, r) = story()
        r.onMoved = { r, touches in r.ignore(touches[0]) }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 10, y: 0), over: 1000 / s.hz)
        #expect(r.state == .possible, "failed, then reset in the same cycle")
        #expect(r.failureReason == .undecided)
        #expect(s.outcomes == ["recorder: failed(undecided when its touches ended)"])
        // Reset at once too, so a second finger starts a new sequence while the first is down.
        s.press([2], at: [Point(x: 300, y: 100)])
        let heard = r.take()
        #expect(heard.last == "began 2")
        s.release([1, 2])
    }

    @Test("forEachFinger calls its body with every finger of the list it began with, even when the body ignores one")
    func forEachFingerOverItsOwnList() {
        let (s, r) = story()
        var measured: [Int] = []
        r.onMoved = { r, _ in
            r.forEachFinger { t in
                measured.append(t.contactID)
                // Letting go of the first finger shifts the recognizer's list under the loop.
                if t.contactID == 1 { r.ignore(t) }
            }
        }
        s.press([1, 2, 3], at: [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 300, y: 100)])
        frame(s, moving: [1: 110, 2: 210, 3: 310])
        #expect(measured == [1, 2, 3])
        #expect(r.touches.map(\.contactID) == [2, 3])
        s.release([1, 2, 3])
    }

    @Test("nextDeadline follows a recognizer that sets, moves and clears its deadline")
    func deadlineChanges() {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = nil
        let (s, r) = story(config)
        r.onBegan = { r, _ in r.deadline = r.now + .milliseconds(300) }
        r.onMoved = { r, touches in
            // Motion to the right brings the deadline forward; to the left clears it.
            r.deadline = touches[0].location.x > 100 ? r.now + .milliseconds(50) : nil
        }
        #expect(s.engine.nextDeadline == nil)
        s.press([1], at: [Point(x: 100, y: 100)])
        #expect(s.engine.nextDeadline == s.time + .milliseconds(300))

        frame(s, moving: [1: 110])
        #expect(s.engine.nextDeadline == s.time + .milliseconds(50))

        frame(s, moving: [1: 90])
        #expect(s.engine.nextDeadline == nil)

        frame(s, moving: [1: 120])
        let due = s.time + .milliseconds(50)
        #expect(s.engine.nextDeadline == due)
        s.wait(60)
        // It fired (and was cleared by the engine); the recognizer is still undecided.
        #expect(s.engine.nextDeadline == nil)
        #expect(r.state == .possible)
        s.release([1])
        #expect(s.engine.nextDeadline == nil)
        #expect(r.take().suffix(1) == ["ended 1"])
    }
}

@Suite("Touch hooks: changes to the graph from inside a hook")
struct HookGraphChangeTests {
    @Test("disabling a recognizer from another's touchesMoved does not make the cycle skip a third")
    func disablingFromAHook() {
        let s = Fingers()
        let first = HookRecorder().named("first")
        let second = HookRecorder().named("second")
        let third = HookRecorder().named("third")
        for r in [first, second, third] { s.engine.root.addGestureRecognizer(r) }
        second.onMoved = { _, _ in first.isEnabled = false }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 20, y: 0), over: 2000 / s.hz)
        #expect(first.take() == ["began 1", "moved 1"])
        #expect(second.take() == ["began 1", "moved 1", "moved 1"])
        #expect(third.take() == ["began 1", "moved 1", "moved 1"])
        #expect(s.outcomes == ["first: failed(disabled)"])

        // Enabled again, it takes part in the next touch sequence, once.
        first.isEnabled = true
        second.onMoved = nil
        s.release([1])
        s.press([2], at: [Point(x: 300, y: 100)])
        s.drag(2, by: Point(x: 20, y: 0), over: 1000 / s.hz)
        #expect(first.take() == ["began 2", "moved 2"])
        #expect(s.engine.participants.filter { $0 === first }.count == 1)
    }

    @Test("a frame sent from inside a hook: every recognizer hears each motion once")
    func frameFromInsideAHook() {
        for secondMoves in [true, false] {
            let s = Fingers()
            let outer = HookRecorder().named("outer")
            let later = HookRecorder().named("later")
            for r in [outer, later] { s.engine.root.addGestureRecognizer(r) }
            var sent = false
            outer.onMoved = { [unowned s] _, _ in
                guard !sent else { return }
                sent = true
                s.tick()
                if secondMoves { s.move(1, to: Point(x: 130, y: 100)) }
                s.frame()
            }
            s.press([1], at: [Point(x: 100, y: 100)])
            s.drag(1, by: Point(x: 20, y: 0), over: 1000 / s.hz)
            // The outer frame's motion, then the nested frame's (when there is any) reach `outer`;
            // `later` hears the motion of both frames in one call, whichever cycle gets there first.
            #expect(outer.take() == (secondMoves ? ["began 1", "moved 1", "moved 1"] : ["began 1", "moved 1"]))
            #expect(later.take() == ["began 1", "moved 1"])
            #expect(later.touches.first?.location == Point(x: secondMoves ? 130 : 120, y: 100))
        }
    }

    @Test("a recognizer reset by a nested cycle is not handed the input of the sequence it left")
    func resetInsideTheCycle() {
        let s = Fingers()
        let child = s.region("child", Rect(x: 0, y: 0, width: 500, height: 500))
        let pan = PanGestureRecognizer().named("pan")
        let tap = TapGestureRecognizer().named("tap")
        child.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(tap)
        // The pan's target disables it when it ends: a cycle nested in the hook that ends it.
        pan.addTarget { p in if p.state == .ended { p.isEnabled = false } }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 60, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes.contains("pan: ended"))
        #expect(s.outcomes.contains { $0.hasPrefix("tap: failed") })
        s.takeLog()

        // The tap still works: it was neither handed the lifted finger again nor failed for good.
        s.tick()
        s.tap(at: Point(x: 300, y: 300))
        #expect(s.outcomes == ["tap: ended"])
    }
}

@Suite("Touch hooks: a touch the recognizer ignores before its hook runs is not handed to it")
struct IgnoredBeforeHookTests {
    /// Fingers 1 and 2 land in one frame; the delegate, asked about finger 2, makes the recorder
    /// ignore finger 1. With `following`, the recorder already follows finger 0.
    private func story(following: Bool) -> [String] {
        let s = Fingers()
        let r = HookRecorder().named("recorder")
        s.engine.root.addGestureRecognizer(r)
        let delegate = Delegate()
        s.keepAlive.append(delegate)
        r.delegate = delegate
        if following {
            s.press([0], at: [Point(x: 100, y: 300)])
        }
        delegate.shouldReceive = { g, t in
            if t.contactID == 2, let first = g.touches.first(where: { $0.contactID == 1 }) { g.ignore(first) }
            return true
        }
        r.take()
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 500, y: 300)])
        #expect(r.touches.map(\.contactID).sorted() == (following ? [0, 2] : [2]))
        return r.take()
    }

    @Test("when the recognizer followed no touch: touchesBegan has only the touch it kept")
    func fresh() {
        #expect(story(following: false) == ["began 2"])
    }

    @Test("when the recognizer already followed a touch: touchesBegan has only the touch it kept")
    func following() {
        #expect(story(following: true) == ["began 2"])
    }

    /// Two recorders following fingers 1 and 2; `first` joined first, so it hears each hook of a
    /// cycle before `second`. `end` ends both fingers in one cycle; when `first` hears of it
    /// (through the closure `hook` sets), it makes `second` let go of finger 1. Returns what each
    /// heard of the end.
    private func endBoth(
        hook: (HookRecorder, @escaping (HookRecorder, [Touch]) -> Void) -> Void, end: (Fingers) -> Void
    ) -> (first: [String], second: [String]) {
        let s = Fingers()
        let first = HookRecorder().named("first")
        let second = HookRecorder().named("second")
        s.engine.root.addGestureRecognizer(first)
        s.engine.root.addGestureRecognizer(second)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 500, y: 300)])
        #expect(first.take() == ["began 1,2"])
        #expect(second.take() == ["began 1,2"])
        hook(first) { [weak second] _, touches in
            if let second, let one = touches.first(where: { $0.contactID == 1 }) { second.ignore(one) }
        }
        end(s)
        return (first.take(), second.take())
    }

    @Test("a touch ignored from another recognizer's touchesEnded, in the same cycle, is not in this one's")
    func endedAfterIgnore() {
        let heard = endBoth(hook: { $0.onEnded = $1 }, end: { $0.release([1, 2]) })
        #expect(heard.first == ["ended 1,2"])
        #expect(heard.second == ["ended 2"])
    }

    @Test("a touch ignored from another recognizer's touchesCancelled, in the same cycle, is not in this one's")
    func cancelledAfterIgnore() {
        // The device goes: both touches are cancelled in one cycle.
        let heard = endBoth(hook: { $0.onCancelled = $1 }, end: { $0.unplug() })
        #expect(heard.first == ["cancelled 1,2"])
        #expect(heard.second == ["cancelled 2"])
    }
}

/// A frame in which only some fingers move hands each recognizer the touches it follows that
/// moved. Recognizers that follow the same fingers are handed one list, built once; these check
/// that a recognizer following other fingers, coming between them or after, still gets its own.
@Suite("Touch hooks: each recognizer's share of a frame's motion")
struct MotionShareTests {
    /// On the root, in this order: `a` (follows 1, 2, 3), `c` (lets go of 2 as it lands), `b`
    /// (follows 1, 2, 3); and `d` on a region holding finger 3 alone.
    private func story() -> (Fingers, [HookRecorder]) {
        let s = Fingers()
        let a = HookRecorder().named("a"), b = HookRecorder().named("b"), c = HookRecorder().named("c")
        let d = HookRecorder().named("d")
        c.onBegan = { r, touches in
            if let second = touches.first(where: { $0.contactID == 2 }) { r.ignore(second) }
        }
        for r in [a, c, b] { s.engine.root.addGestureRecognizer(r) }
        let right = Region(frame: Rect(x: 250, y: 0, width: 550, height: 600), name: "right")
        right.addGestureRecognizer(d)
        s.engine.root.addChild(right)
        s.press([1, 2, 3], at: [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 300, y: 100)])
        for r in [a, b, c, d] { r.take() }
        return (s, [a, b, c, d])
    }

    private func frame(_ s: Fingers, moving xs: [Int: Double]) { motionFrame(s, moving: xs) }

    @Test("recognizers following other fingers, between and after those following the same, each get their own")
    func ownShareEach() {
        let (s, rs) = story()
        let (a, b, c, d) = (rs[0], rs[1], rs[2], rs[3])
        #expect(c.touches.map(\.contactID) == [1, 3])
        #expect(d.touches.map(\.contactID) == [3])

        frame(s, moving: [1: 110, 3: 310])
        #expect(a.take() == ["moved 1,3"])
        #expect(b.take() == ["moved 1,3"])
        #expect(c.take() == ["moved 1,3"])
        #expect(d.take() == ["moved 3"])

        frame(s, moving: [2: 210, 3: 320])
        #expect(a.take() == ["moved 2,3"])
        #expect(b.take() == ["moved 2,3"])
        #expect(c.take() == ["moved 3"])
        #expect(d.take() == ["moved 3"])

        frame(s, moving: [1: 120])
        #expect(a.take() == ["moved 1"])
        #expect(b.take() == ["moved 1"])
        #expect(c.take() == ["moved 1"])
        #expect(d.take() == [])

        frame(s, moving: [2: 220])
        #expect(a.take() == ["moved 2"])
        #expect(b.take() == ["moved 2"])
        #expect(c.take() == [])
        #expect(d.take() == [])
    }

    @Test("a list a hook keeps is not changed by the lists handed to the recognizers after it")
    func keptListStands() {
        let (s, rs) = story()
        var kept: [[Int]] = []
        var lists: [[Touch]] = []
        rs[0].onMoved = { _, touches in lists.append(touches) }
        frame(s, moving: [1: 110, 2: 210])
        frame(s, moving: [3: 310])
        for list in lists { kept.append(list.map(\.contactID)) }
        // The kept lists hold touches, which hold the recognizer, which holds this closure.
        rs[0].onMoved = nil
        lists.removeAll()
        #expect(kept == [[1, 2], [3]])
        // The others were handed their own shares meanwhile.
        #expect(rs[2].take() == ["moved 1", "moved 3"])
        #expect(rs[3].take() == ["moved 3"])
    }

    @Test("a frame sent from a hook, between recognizers that follow the same fingers, leaves each its share")
    func nestedFrameBetweenSharers() {
        let (s, rs) = story()
        var nested = false
        rs[2].onMoved = { _, _ in
            guard !nested else { return }
            nested = true
            s.tick()
            s.move(2, to: Point(x: 230, y: 100))
            s.frame()
        }
        frame(s, moving: [1: 110, 3: 310])
        // `a` heard the outer frame, then the nested one from inside `c`'s hook; `b` hears the
        // nested frame's motion and the outer frame's together, once.
        #expect(rs[0].take() == ["moved 1,3", "moved 2"])
        #expect(rs[2].take() == ["moved 1,3"])
        let b = rs[1].take()
        #expect(b.count == 1 && Set(b.first?.dropFirst(6).split(separator: ",").map(String.init) ?? []) == ["1", "2", "3"])
        rs[2].onMoved = nil
    }
}

@Suite("Landing: recognizers that follow the same one or two new fingers are handed one list")
struct SharedBeganListTests {
    /// Recognizers `left` (on a region on the left), `right` (on a region on the right), and,
    /// `onRoot`, `both` and `root2` on the root; the fingers land in one frame. They take part
    /// in the order of the offer: finger 1's recognizers (deepest first), then finger 2's.
    private func story(onRoot: Bool = true)
        -> (Fingers, left: HookRecorder, both: HookRecorder, right: HookRecorder, root2: HookRecorder)
    {
        let s = Fingers()
        let left = HookRecorder().named("left"), right = HookRecorder().named("right")
        let both = HookRecorder().named("both"), root2 = HookRecorder().named("root2")
        let l = Region(frame: Rect(x: 0, y: 0, width: 400, height: 600), name: "left")
        let r = Region(frame: Rect(x: 500, y: 0, width: 500, height: 600), name: "right")
        l.addGestureRecognizer(left)
        r.addGestureRecognizer(right)
        s.engine.root.addChild(l)
        s.engine.root.addChild(r)
        if onRoot {
            s.engine.root.addGestureRecognizer(both)
            s.engine.root.addGestureRecognizer(root2)
        }
        return (s, left, both, right, root2)
    }

    @Test("one finger each, then two, two again, then one: each hears its own new fingers")
    func eachItsOwn() {
        let (s, left, both, right, root2) = story()
        var order: [String] = []
        for r in [left, both, right, root2] { r.onBegan = { r, _ in order.append(r.name) } }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 700, y: 100)])
        for r in [left, both, right, root2] { r.onBegan = nil }
        #expect(order == ["left", "both", "root2", "right"])
        #expect(left.take() == ["began 1"])
        #expect(both.take() == ["began 1,2"])
        #expect(root2.take() == ["began 1,2"])
        #expect(right.take() == ["began 2"])
    }

    @Test("one finger each, the same count but another finger: each hears its own")
    func sameCountOtherFinger() {
        let (s, left, _, right, _) = story(onRoot: false)
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 700, y: 100)])
        #expect(left.take() == ["began 1"])
        #expect(right.take() == ["began 2"])
        s.release([1, 2])
        left.take(); right.take()
        // The next sequence, the other way round.
        s.tick()
        s.press([3, 4], at: [Point(x: 700, y: 100), Point(x: 100, y: 100)])
        #expect(right.take() == ["began 3"])
        #expect(left.take() == ["began 4"])
    }

    @Test("a hook that makes the next recognizer let go of a finger: that one hears the rest")
    func changedBeforeItsTurn() {
        let (s, left, both, right, root2) = story()
        both.onBegan = { _, touches in
            if let one = touches.first(where: { $0.contactID == 1 }) { root2.ignore(one) }
        }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 700, y: 100)])
        both.onBegan = nil
        #expect(left.take() == ["began 1"])
        #expect(both.take() == ["began 1,2"])
        #expect(root2.take() == ["began 2"])
        #expect(right.take() == ["began 2"])
    }

    @Test("a list a hook keeps holds what it was handed, whatever comes after")
    func keptListStands() {
        let (s, left, both, right, root2) = story()
        var lists: [[Touch]] = []
        for r in [left, both, right, root2] { r.onBegan = { _, touches in lists.append(touches) } }
        // The hook of `both` lets go of finger 2 in its own list after keeping it.
        both.onBegan = { r, touches in
            lists.append(touches)
            if let two = touches.first(where: { $0.contactID == 2 }) { r.ignore(two) }
        }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 700, y: 100)])
        let kept = lists.map { $0.map(\.contactID) }
        for r in [left, both, right, root2] { r.onBegan = nil }
        lists.removeAll()
        #expect(kept == [[1], [1, 2], [1, 2], [2]])
        #expect(both.touches.map(\.contactID) == [1])
        #expect(root2.touches.map(\.contactID) == [1, 2])
    }
}

/// A frame in which every finger moves hands the recognizers that follow the same one or two
/// fingers one list, the loop's, kept while the next recognizer follows the same fingers and
/// made again when it does not. These check that a hook which changes a list, its own or the
/// next recognizer's, changes only what that recognizer hears.
@Suite("Motion: recognizers that follow the same one or two moving fingers are handed one list")
struct SharedMotionListTests {
    /// `a`, `b` and `c` on the root, in that order, each following fingers 1 and 2.
    private func story() -> (Fingers, a: HookRecorder, b: HookRecorder, c: HookRecorder) {
        let s = Fingers()
        let a = HookRecorder().named("a"), b = HookRecorder().named("b"), c = HookRecorder().named("c")
        for r in [a, b, c] { s.engine.root.addGestureRecognizer(r) }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        for r in [a, b, c] { r.take() }
        return (s, a, b, c)
    }

    @Test("every recognizer hears both fingers, frame after frame")
    func eachHearsBoth() {
        let (s, a, b, c) = story()
        for step in 1...3 {
            motionFrame(s, moving: [1: 100 + Double(step) * 10, 2: 200 + Double(step) * 10])
            for r in [a, b, c] { #expect(r.take() == ["moved 1,2"], "\(r.name), frame \(step)") }
        }
    }

    @Test("a hook that lets go of a finger in its own list: the others still hear both")
    func ownListChanged() {
        let (s, a, b, c) = story()
        a.onMoved = { r, touches in
            if let two = touches.first(where: { $0.contactID == 2 }) { r.ignore(two) }
        }
        motionFrame(s, moving: [1: 110, 2: 210])
        a.onMoved = nil
        #expect(a.take() == ["moved 1,2"])
        #expect(b.take() == ["moved 1,2"])
        #expect(c.take() == ["moved 1,2"])
        motionFrame(s, moving: [1: 120, 2: 220])
        #expect(a.take() == ["moved 1"])
        #expect(b.take() == ["moved 1,2"])
        #expect(c.take() == ["moved 1,2"])
    }

    @Test("a hook that makes later recognizers let go of a finger each: each hears the one it kept")
    func laterListChanged() {
        let (s, a, b, c) = story()
        a.onMoved = { _, touches in
            if let one = touches.first(where: { $0.contactID == 1 }) { b.ignore(one) }
            if let two = touches.first(where: { $0.contactID == 2 }) { c.ignore(two) }
        }
        motionFrame(s, moving: [1: 110, 2: 210])
        a.onMoved = nil
        #expect(a.take() == ["moved 1,2"])
        #expect(b.take() == ["moved 2"])
        #expect(c.take() == ["moved 1"])
        motionFrame(s, moving: [1: 120, 2: 220])
        #expect(a.take() == ["moved 1,2"])
        #expect(b.take() == ["moved 2"])
        #expect(c.take() == ["moved 1"])
    }

    @Test("a list a hook keeps holds what it was handed, frame after frame")
    func keptListStands() {
        let (s, a, b, _) = story()
        var lists: [[Touch]] = []
        a.onMoved = { _, touches in lists.append(touches) }
        b.onMoved = { r, touches in
            lists.append(touches)
            if let one = touches.first(where: { $0.contactID == 1 }) { r.ignore(one) }
        }
        motionFrame(s, moving: [1: 110, 2: 210])
        motionFrame(s, moving: [1: 120, 2: 220])
        let kept = lists.map { $0.map(\.contactID) }
        // The kept lists hold touches, which hold the recognizers, which hold these closures.
        a.onMoved = nil
        b.onMoved = nil
        lists.removeAll()
        #expect(kept == [[1, 2], [1, 2], [1, 2], [2]])
        #expect(a.touches.map(\.contactID) == [1, 2])
        #expect(b.touches.map(\.contactID) == [2])
    }
}
