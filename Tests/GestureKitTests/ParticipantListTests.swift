@testable import GestureKit
import Testing

@Suite("The engine's list of participants")
struct ParticipantListTests {
    /// A tap that counts the frames of motion it hears.
    final class CountingTap: TapGestureRecognizer {
        var moves = 0
        override func touchesMoved(_ touches: [Touch]) {
            moves += 1
            super.touchesMoved(touches)
        }
    }

    @Test("a recognizer that resets in a nested cycle and takes a new touch in it is listed once")
    func relistedOnce() {
        let s = Fingers()
        let tap = CountingTap().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        var nested = false
        s.once(from: tap, at: .ended) { s in
            nested = true
            // From inside the target: a second finger lands while the tap, about to reset, is
            // still listed; once reset in that nested cycle, the tap takes the new finger.
            s.down(2, at: Point(x: 500, y: 300))
            s.frame()
        }
        s.tap(at: Point(x: 100, y: 100))
        #expect(nested)
        #expect(tap.numberOfTouches == 1)
        let listed = s.engine.participants.map(ObjectIdentifier.init)
        #expect(Set(listed).count == listed.count, "a participant is listed twice")
        // A frame of the new finger's motion reaches the tap once, and its lift ends one tap.
        let before = tap.moves
        s.move(2, to: Point(x: 504, y: 300))
        s.frame()
        #expect(tap.moves == before + 1)
        s.takeLog()
        s.lift(2)
        s.frame()
        #expect(s.takeLog() == ["tap: ended"])
    }
}

/// A recognizer that notes, in a shared log, each time its `touchesBegan` is called.
private final class BeganOrder: GestureRecognizer {
    let log: Log
    final class Log { var names: [String] = [] }
    init(_ name: String, _ log: Log) {
        self.log = log
        super.init()
        self.name = name
    }
    var onBeganDo: (() -> Void)?
    override func touchesBegan(_ touches: [Touch]) {
        log.names.append(name)
        onBeganDo?()
    }
    var onEndedDo: (() -> Void)?
    override func touchesEnded(_ touches: [Touch]) {
        fail(.endedTooSoon)
        onEndedDo?()
    }
}

@Suite("The engine's list of participants, kept from one sequence to the next")
struct KeptOrderTests {
    /// A root with recognizers `r1`, `r2`, a region `child` (x < 500) with `c1`, `c2`.
    private func story() -> (Fingers, BeganOrder.Log, child: Region, [String: BeganOrder]) {
        let s = Fingers()
        let log = BeganOrder.Log()
        var all: [String: BeganOrder] = [:]
        let child = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "child")
        s.engine.root.addChild(child)
        for name in ["r1", "r2"] {
            all[name] = BeganOrder(name, log)
            s.engine.root.addGestureRecognizer(all[name]!)
        }
        for name in ["c1", "c2"] {
            all[name] = BeganOrder(name, log)
            child.addGestureRecognizer(all[name]!)
        }
        return (s, log, child, all)
    }

    @Test("the next sequence's recognizers hear their hooks deepest first, whatever the last one joined")
    func offerOrderAlways() {
        let (s, log, _, _) = story()
        // On the root only, then in the child: the kept order (r1, r2) does not hold.
        s.quickTap(1, at: Point(x: 800, y: 300))
        #expect(log.names == ["r1", "r2"])
        #expect(s.engine.participants.isEmpty)
        #expect(s.engine.listed.map(\.name) == ["r1", "r2"])
        log.names = []
        s.quickTap(2, at: Point(x: 100, y: 300))
        #expect(log.names == ["c1", "c2", "r1", "r2"])
        log.names = []
        // The same again: the kept order holds.
        s.quickTap(3, at: Point(x: 120, y: 300))
        #expect(log.names == ["c1", "c2", "r1", "r2"])
        log.names = []
        // Back on the root only: a prefix of nothing kept; then in the child again.
        s.quickTap(4, at: Point(x: 800, y: 300))
        #expect(log.names == ["r1", "r2"])
        #expect(s.engine.listed.map(\.name) == ["r1", "r2"])
        log.names = []
        s.quickTap(5, at: Point(x: 100, y: 300))
        #expect(log.names == ["c1", "c2", "r1", "r2"])
        #expect(s.engine.participants.isEmpty)
    }

    @Test("a second finger of the same sequence joins the rest of the kept order, and each recognizer is listed once")
    func laterFingerJoinsTheRest() {
        let (s, log, _, all) = story()
        // Kept: c1, c2, r1, r2.
        s.quickTap(1, at: Point(x: 100, y: 300))
        log.names = []
        // A finger on the root (r1, r2: out of the kept order, which is dropped), then one in
        // the child while it is down.
        s.press([2], at: [Point(x: 800, y: 300)])
        #expect(s.engine.participants.map(\.name) == ["r1", "r2"])
        s.tick()
        s.press([3], at: [Point(x: 100, y: 300)])
        // r1 and r2 take the new finger too; c1 and c2 join after them.
        #expect(log.names == ["r1", "r2", "r1", "r2", "c1", "c2"])
        let names = s.engine.participants.map(\.name)
        #expect(names.sorted() == ["c1", "c2", "r1", "r2"] && Set(names).count == names.count)
        #expect(all.values.allSatisfy { $0.book.value.listings == 1 })
        s.release([2, 3])
        #expect(s.engine.participants.isEmpty)
        #expect(all.values.allSatisfy { $0.book.value.listings == 1 })
    }

    /// A root with `r1`, a region `child` (x < 500) with `c1`, `c2`, each held by its region only.
    private func lightStory(_ log: BeganOrder.Log, onLift: Bool = false, hook: @escaping (Region) -> Void = { _ in })
        -> (Fingers, weak: () -> [GestureRecognizer?], child: () -> Region?)
    {
        let s = Fingers()
        let child = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "child")
        s.engine.root.addChild(child)
        let r1 = BeganOrder("r1", log)
        if onLift { r1.onEndedDo = { [unowned child] in hook(child) } } else { r1.onBeganDo = { [unowned child] in hook(child) } }
        s.engine.root.addGestureRecognizer(r1)
        weak var c1: GestureRecognizer?, c2: GestureRecognizer?
        do {
            let a = BeganOrder("c1", log), b = BeganOrder("c2", log)
            child.addGestureRecognizer(a)
            child.addGestureRecognizer(b)
            c1 = a
            c2 = b
        }
        weak let region = child
        return (s, { [c1, c2] }, { region })
    }

    @Test("a recognizer taken out while the engine is idle is freed at once, not kept by the list")
    func takenOutWhileIdle() {
        let log = BeganOrder.Log()
        let (s, recognizers, child) = lightStory(log)
        s.quickTap(1, at: Point(x: 100, y: 300))
        #expect(log.names == ["c1", "c2", "r1"])
        #expect(s.engine.listed.count == 3)
        child()!.removeGestureRecognizer(recognizers()[0]!)
        #expect(recognizers()[0] == nil)
        #expect(s.engine.listed.allSatisfy { $0.name != "c1" })
        // The next tap in the child joins c2 and r1.
        log.names = []
        s.quickTap(2, at: Point(x: 100, y: 300))
        #expect(log.names == ["c2", "r1"])
    }

    @Test("a region taken out by a hook, while the loops run, lets its recognizers go when the sequence ends",
          arguments: [false, true])
    func takenOutInAHook(onLift: Bool) {
        let log = BeganOrder.Log()
        var taken = false
        let (s, recognizers, child) = lightStory(log, onLift: onLift) { region in
            guard !taken else { return }
            taken = true
            region.removeFromParent()
        }
        s.quickTap(1, at: Point(x: 100, y: 300))
        #expect(taken)
        #expect(log.names == ["c1", "c2", "r1"])
        #expect(s.engine.participants.isEmpty)
        #expect(s.engine.listed.allSatisfy { $0.name == "r1" })
        #expect(recognizers().allSatisfy { $0 == nil } && child() == nil)
    }
}
