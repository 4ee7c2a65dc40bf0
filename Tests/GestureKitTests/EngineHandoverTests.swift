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
        first.once(from: pan, at: .began) { [unowned first, unowned second, unowned view] _ in
            second.engine.root.addChild(view)
            second.press([7], at: [Point(x: 100, y: 300)])
            first.engine.root.addChild(view)
            first.press([3], at: [Point(x: 100, y: 300)])
            second.engine.root.addChild(view)
            second.release([7])
        }
        first.press([1], at: [Point(x: 100, y: 300)])
        first.drag(1, by: Point(x: 200, y: 0), over: 200)
        first.release([1, 3])
        #expect(view.engine === second.engine)
        #expect(first.engine.participants.allSatisfy { $0 !== pan })
        #expect(second.engine.participants.filter { $0 === pan }.count <= 1)
        #expect(pan.state == .possible)
        #expect(pan.touches.isEmpty)

        let heard = actions.states.count
        stroke(second, finger: 8)
        #expect(Array(actions.states[heard...]).first == .began)
        #expect(actions.states.last == .ended)
        #expect(second.engine.participants.filter { $0 === pan }.count <= 1)
    }

    @Test("its engine dropped while it pans, a recognizer the host keeps is cancelled, and pans again in the engine its region moves to")
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
        #expect(actions.states.last == .cancelled, "a gesture whose engine is gone ends, cancelled")
        #expect(pan.state == .possible)
        #expect(pan.touches.isEmpty)

        let second = Fingers()
        second.engine.root.addChild(view)
        let heard = actions.states.count
        stroke(second, finger: 1)
        #expect(Array(actions.states[heard...]).first == .began)
        #expect(actions.states.last == .ended)
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
        let heard = actions.states.count
        stroke(outer, finger: 1)
        #expect(Array(actions.states[heard...]).first == .began)
        #expect(actions.states.last == .ended)
    }
}
