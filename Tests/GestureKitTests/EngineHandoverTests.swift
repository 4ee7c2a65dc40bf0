import Testing
@testable import GestureKit

/// A recognizer takes part in one engine's sequence at a time, but over its life it can move
/// between engines: its region moved from one engine's tree to another's (even from inside a
/// callback of the first engine's cycle), or its engine dropped while fingers were down and its
/// region left to a tree further up. Wherever it goes, it must hear the touches of the engine it
/// is in, and only those, and nothing about it may be left stuck.
@Suite("Recognizers that move between engines")
struct EngineHandoverTests {
    /// A 1-finger pan on the left half of `s`'s screen, with the states its targets see.
    private func pan(in s: Fingers) -> (Region, PanGestureRecognizer, ActionLog) {
        let view = s.region("view", Rect(x: 0, y: 0, width: 500, height: 600))
        let pan = PanGestureRecognizer().named("pan")
        pan.maximumNumberOfTouches = 1
        view.addGestureRecognizer(pan)
        return (view, pan, ActionLog(pan))
    }

    /// Drags finger `id` of `s` across the view, and lifts it.
    private func stroke(_ s: Fingers, finger id: Int) {
        s.press([id], at: [Point(x: 100, y: 300)])
        s.drag(id, by: Point(x: 200, y: 0), over: 200)
        s.release([id])
    }

    /// Strokes finger `id` of `s` and expects the pan whose targets `actions` follows to begin
    /// and end with it: the pan hears the engine it is in now.
    private func expectPans(_ actions: ActionLog, in s: Fingers, finger id: Int,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let heard = actions.states.count
        stroke(s, finger: id)
        #expect(Array(actions.states[heard...]).first == .began, sourceLocation: sourceLocation)
        #expect(actions.states.last == .ended, sourceLocation: sourceLocation)
    }

    @Test("moved into another engine's tree from a target of the first engine's cycle, with a finger sent to the second from there, it pans in the second and the first no longer reaches it")
    func movedFromInsideACycle() {
        let first = Fingers()
        let second = Fingers()
        let (view, pan, actions) = pan(in: first)
        // The pan's own target moves the view while the first engine's loops run: the pan is
        // released there, and still in its lists, when the second engine offers it a finger.
        // Captured unowned: the pan holds its target, and the view holds the pan.
        first.once(from: pan, at: .began) { [unowned second, unowned view] _ in
            second.engine.root.addChild(view)
            second.press([7], at: [Point(x: 100, y: 300)])
        }
        first.press([1], at: [Point(x: 100, y: 300)])
        first.drag(1, by: Point(x: 200, y: 0), over: 200)
        #expect(view.engine === second.engine)
        #expect(actions.states.prefix(2) == [.began, .cancelled], "leaving the first engine cancels the pan there")
        #expect(pan.touches.map(\.contactID) == [7], "the pan follows the finger the second engine sent")

        // The second engine's finger drives it.
        let before = actions.states.count
        second.drag(7, by: Point(x: 200, y: 0), over: 200)
        #expect(pan.state == .began || pan.state == .changed)
        second.release([7])
        #expect(actions.states[before...].first == .began)
        #expect(actions.states.last == .ended)

        // The first engine's fingers no longer reach it, and its own cycles leave it alone.
        let heard = actions.states.count
        first.release([1])
        stroke(first, finger: 2)
        #expect(actions.states.count == heard)
        #expect(first.engine.participants.allSatisfy { $0 !== pan })
        // And it goes on panning in the second.
        second.wait(500)
        stroke(second, finger: 8)
        #expect(Array(actions.states[heard...]).first == .began)
        #expect(actions.states.last == .ended)
        #expect(second.engine.participants.filter { $0 === pan }.count <= 1)
    }

    @Test("moved back and forth between two engines from inside cycles, it is listed at most once in each and pans in the engine it ends in")
    func movedBackAndForth() {
        let first = Fingers()
        let second = Fingers()
        let (view, pan, actions) = pan(in: first)
        var listed: [[Int]] = []
        first.once(from: pan, at: .began) { [unowned first, unowned second, unowned view, unowned pan] _ in
            // While the first engine's loops run, neither engine may list the pan twice.
            func note() {
                listed.append([first.engine.participants.filter { $0 === pan }.count,
                               second.engine.participants.filter { $0 === pan }.count])
            }
            second.engine.root.addChild(view)
            second.press([7], at: [Point(x: 100, y: 300)])
            note()
            #expect(second.engine.isParticipant(pan) && !first.engine.isParticipant(pan))
            first.engine.root.addChild(view)
            first.press([3], at: [Point(x: 100, y: 300)])
            note()
            #expect(first.engine.isParticipant(pan) && !second.engine.isParticipant(pan))
            second.engine.root.addChild(view)
            second.release([7])
            note()
        }
        first.press([1], at: [Point(x: 100, y: 300)])
        first.drag(1, by: Point(x: 200, y: 0), over: 200)
        first.release([1, 3])
        // The first engine, in its loops throughout, keeps the pan listed until they end; the
        // second lets go of it as soon as it is released there, and lists it once while it
        // takes part there.
        #expect(listed == [[1, 1], [1, 0], [1, 0]], "listed \(listed) times (first, second) inside the callback")
        #expect(view.engine === second.engine)
        #expect(first.engine.participants.allSatisfy { $0 !== pan })
        #expect(second.engine.participants.filter { $0 === pan }.count <= 1)
        #expect(pan.state == .possible)
        #expect(pan.touches.isEmpty)

        expectPans(actions, in: second, finger: 8)
        #expect(second.engine.participants.filter { $0 === pan }.count <= 1)
    }

    @Test("its engine dropped while it pans, a recognizer the host keeps is cancelled when its region joins the next engine, and pans again there")
    func engineDroppedMidGesture() {
        var kept: (Region, PanGestureRecognizer, ActionLog)?
        weak var gone: GestureEngine?
        do {
            let first = Fingers()
            let (view, pan, actions) = pan(in: first)
            first.press([1], at: [Point(x: 100, y: 300)])
            first.drag(1, by: Point(x: 200, y: 0), over: 200)
            #expect(pan.state == .changed)
            kept = (view, pan, actions)
            gone = first.engine
        }
        #expect(gone == nil)
        guard let (view, pan, actions) = kept else { return }
        // The tree went with the engine: nothing is called from its deinit (the host may be
        // tearing down what the targets use), but the pan is out of its gesture.
        #expect(actions.states.last == .changed, "a target was called from the engine's deinit")
        #expect(pan.state == .cancelled)
        #expect(pan.touches.isEmpty)

        let second = Fingers()
        second.engine.root.addChild(view)
        #expect(actions.states.last == .cancelled, "joining the next engine's tree, its targets hear the gesture ended")
        #expect(pan.state == .possible)
        expectPans(actions, in: second, finger: 1)
    }

    @Test("an engine dropped mid-gesture calls no target, so a host may free the targets' objects first")
    func teardownCallsNoTarget() {
        final class Counter { var calls = 0 }
        let counter = Counter()
        var kept: PanGestureRecognizer?
        do {
            let first = Fingers()
            let pan = PanGestureRecognizer().named("pan")
            first.region("view", Rect(x: 0, y: 0, width: 500, height: 600)).addGestureRecognizer(pan)
            // The owner of this target goes before the engine, as in a host's teardown; the
            // target would trap were it called afterwards.
            var owner: Counter? = Counter()
            pan.addTarget { [unowned counter, unowned owner = owner!] _ in
                counter.calls += 1
                _ = owner.calls
            }
            first.press([1], at: [Point(x: 100, y: 300)])
            first.drag(1, by: Point(x: 200, y: 0), over: 200)
            #expect(pan.state == .changed)
            kept = pan
            owner = nil
            _ = owner
        }
        let calls = counter.calls
        #expect(calls > 0)
        #expect(kept?.state == .cancelled)
        // Dropping the recognizer's last reference calls nothing either.
        kept = nil
        #expect(counter.calls == calls)
    }

    @Test("an inner engine dropped mid-gesture leaves its tree to the engine further up, where the recognizer pans again")
    func innerEngineDropped() {
        let outer = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        let actions = ActionLog(pan)
        var root: Region?
        do {
            let inner = Fingers()
            inner.engine.root.addChild(view)
            outer.engine.root.addChild(inner.engine.root)
            root = inner.engine.root
            stroke(inner, finger: 1)
            #expect(actions.states.last == .ended)
            inner.press([2], at: [Point(x: 100, y: 300)])
            inner.drag(2, by: Point(x: 200, y: 0), over: 200)
            #expect(pan.state == .changed)
        }
        #expect(root != nil)
        #expect(view.engine === outer.engine)
        #expect(actions.states.last == .cancelled)
        expectPans(actions, in: outer, finger: 1)
    }

    @Test("an engine's tree placed in another's: the outer engine's fingers on the inner tree take none of its recognizers, and still reach the outer tree's")
    func outerFingersOnInnerTree() {
        let outer = Fingers()
        let inner = Fingers()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        let innerPan = PanGestureRecognizer().named("inner pan")
        view.addGestureRecognizer(innerPan)
        inner.engine.root.addChild(view)
        outer.engine.root.addChild(inner.engine.root)
        let outerTap = TapGestureRecognizer().named("outer tap")
        outer.engine.root.addGestureRecognizer(outerTap)
        let taps = ActionLog(outerTap)
        inner.press([1], at: [Point(x: 100, y: 300)])
        #expect(inner.engine.isParticipant(innerPan))
        outer.tap(at: Point(x: 100, y: 300))
        #expect(inner.engine.isParticipant(innerPan), "the outer engine took the inner engine's recognizer")
        #expect(!outer.engine.isParticipant(innerPan))
        #expect(innerPan.touches.map(\.contactID) == [1])
        #expect(taps.states == [.ended], "the outer tree's own recognizer hears the outer finger")
        inner.drag(1, by: Point(x: 200, y: 0), over: 200)
        #expect(innerPan.state == .changed)
        inner.release([1])
        #expect(innerPan.state == .possible)
        // With the inner engine idle, and the outer one's touches numbered past the inner's.
        for _ in 0..<3 { outer.tap(at: Point(x: 900, y: 300)) }
        outer.press([9], at: [Point(x: 100, y: 300)])
        #expect(innerPan.touches.isEmpty, "the outer engine's finger went to the inner engine's recognizer")
        #expect(!outer.engine.isParticipant(innerPan))
        outer.release([9])
        #expect(taps.states.count == 5)
    }

    @Test("a touchpad focus left in a region moved to another engine's tree: the old engine's touchpad gesture takes none of its recognizers")
    func touchpadFocusInAnotherTree() {
        let pad = Fingers(kind: .touchpad)
        let screen = Fingers()
        let (view, pan, actions) = pan(in: pad)
        pad.engine.touchpadFocus = view
        screen.engine.root.addChild(view)
        screen.press([7], at: [Point(x: 100, y: 300)])
        #expect(screen.engine.isParticipant(pan))
        pad.pad(.swipe, .begin, fingers: 3)
        #expect(screen.engine.isParticipant(pan), "the old engine's touchpad took the pan")
        #expect(pan.touchpadGestureSequence == nil)
        screen.drag(7, by: Point(x: 200, y: 0), over: 200)
        #expect(pan.state == .changed)
        pad.pad(.swipe, .end, fingers: 3)
        screen.release([7])
        #expect(actions.states.last == .ended)
    }

    @Test("an inner engine dropped mid-gesture, a cancelled recognizer's target sends the outer engine a finger on a sibling's region: nothing breaks, and the sibling pans there next")
    func reentrantInnerDrop() {
        let outer = Fingers()
        // The outer engine has numbered a few touches already.
        for id in 40...42 { outer.tap(at: Point(x: 900, y: 100)); _ = id }
        var siblings: (PanGestureRecognizer, ActionLog)?
        do {
            let inner = Fingers()
            let a = inner.region("a", Rect(x: 0, y: 0, width: 500, height: 600))
            let b = inner.region("b", Rect(x: 500, y: 0, width: 500, height: 600))
            outer.engine.root.addChild(inner.engine.root)
            let p1 = PanGestureRecognizer().named("p1")
            p1.maximumNumberOfTouches = 1
            a.addGestureRecognizer(p1)
            let p2 = PanGestureRecognizer().named("p2")
            p2.maximumNumberOfTouches = 1
            b.addGestureRecognizer(p2)
            inner.press([1, 2], at: [Point(x: 100, y: 300), Point(x: 600, y: 300)])
            inner.drag([1: Point(x: 100, y: 0), 2: Point(x: 100, y: 0)], over: 200)
            #expect(p1.state == .changed && p2.state == .changed)
            var done = false
            p1.addTarget { [unowned outer] g in
                guard g.state == .cancelled, !done else { return }
                done = true
                outer.press([7], at: [Point(x: 600, y: 300)])
            }
            siblings = (p2, ActionLog(p2))
        }
        guard let (p2, log) = siblings else { return }
        #expect(log.states.last == .cancelled)
        #expect(p2.state == .possible)
        #expect(p2.touches.isEmpty, "the sibling took the outer finger while its own gesture was being cancelled")
        outer.release([7])
        outer.wait(500)
        let heard = log.states.count
        outer.press([8], at: [Point(x: 600, y: 300)])
        outer.drag(8, by: Point(x: 200, y: 0), over: 200)
        outer.release([8])
        #expect(Array(log.states[heard...]).first == .began)
        #expect(log.states.last == .ended)
    }

    @Test("a long press moved to another engine from inside the first engine's cycle, with a finger there: only the second engine's time fires its deadline, and the first engine's arbiter does not count it")
    func deadlineAndArbiterFollowTheEngine() {
        let first = Fingers()
        let second = Fingers()
        let view = first.region("view", Rect(x: 0, y: 0, width: 500, height: 600))
        let press = LongPressGestureRecognizer().named("press")
        view.addGestureRecognizer(press)
        let presses = ActionLog(press)
        // A tap on the root of the first engine that must wait for the long press to fail: the
        // first engine's arbiter must not keep it waiting on a recognizer it no longer runs.
        let tap = TapGestureRecognizer().named("tap")
        first.engine.root.addGestureRecognizer(tap)
        tap.require(toFail: press)
        let taps = ActionLog(tap)
        let mover = Manual().named("mover")
        let beside = Delegate()
        beside.simultaneous = { _, _ in true }
        mover.delegate = beside
        first.engine.root.addGestureRecognizer(mover)
        first.once(from: mover, at: .began) { [unowned second, unowned view] _ in
            second.engine.root.addChild(view)
            second.press([7], at: [Point(x: 100, y: 300)])
        }
        first.press([1], at: [Point(x: 100, y: 300)])
        #expect(first.engine.isParticipant(press))
        mover.state = .began
        mover.state = .ended
        #expect(second.engine.isParticipant(press))
        #expect(!first.engine.isParticipant(press))
        // The first engine's clock passes the long press's duration: its deadline is not fired
        // there, and the tap that required it to fail is not held by it.
        first.wait(100)
        first.release([1])
        first.wait(1_000)
        #expect(presses.states.filter { $0 == .began }.isEmpty, "the first engine fired the long press's deadline")
        #expect(taps.states == [.ended], "the first engine's tap waited on a recognizer it no longer runs")
        // The second engine's clock does fire it.
        second.wait(1_000)
        #expect(presses.states.contains(.began))
        second.release([7])
        #expect(presses.states.last == .ended)
    }

    /// A pan whose engine went mid-gesture with its tree: cancelled, its end owed.
    private func orphanedPan() -> (Region, PanGestureRecognizer, ActionLog) {
        var kept: (Region, PanGestureRecognizer, ActionLog)?
        do {
            let gone = Fingers()
            let (view, pan, actions) = pan(in: gone)
            gone.press([1], at: [Point(x: 100, y: 300)])
            gone.drag(1, by: Point(x: 200, y: 0), over: 200)
            #expect(pan.state == .changed)
            kept = (view, pan, actions)
        }
        return kept!
    }

    @Test("a pan whose engine went, moved under the old root of a dropped nested engine (now the outer engine's tree), is settled and pans there")
    func orphanUnderFormerNestedRoot() {
        let outer = Fingers()
        var innerRoot: Region?
        do {
            let inner = Fingers()
            outer.engine.root.addChild(inner.engine.root)
            innerRoot = inner.engine.root
        }
        guard let innerRoot else { return }
        #expect(innerRoot.engine === outer.engine)
        let (view, pan, actions) = orphanedPan()
        #expect(pan.state == .cancelled)
        innerRoot.addChild(view)
        #expect(actions.states.last == .cancelled, "its targets never heard of the cancellation")
        #expect(pan.state == .possible)
        expectPans(actions, in: outer, finger: 5)
    }

    @Test("a settled pan's target sends input while its subtree joins an engine: every recognizer of the subtree already knows the engine")
    func settlingAfterTheWholeSubtreeJoined() {
        let outer = Fingers()
        let (view, pan, actions) = orphanedPan()
        // A child region and a tap added while the subtree was in no engine's tree.
        let child = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "child")
        view.addChild(child)
        let tap = TapGestureRecognizer().named("tap")
        child.addGestureRecognizer(tap)
        pan.addTarget { [unowned outer] g in
            if g.state == .cancelled { outer.press([7], at: [Point(x: 100, y: 300)]) }
        }
        outer.engine.root.addChild(view)
        #expect(actions.states.last == .cancelled)
        #expect(tap.touches.map(\.contactID) == [7], "the tap was not offered the finger sent from the target")
        outer.release([7])
        #expect(tap.state == .possible)
    }
}
