@testable import GestureKit
import Testing


@Suite("Kept orders: join order inside a loop, and recognizers that take a touch while they leave the tree")
struct KeptOrderJoinTests {
    /// Region x (left) holds a, b; region y (right) holds d. One tap in x: the engine keeps
    /// [a, b]. The next finger in x is refused by b, so only a joins; a's hook (inside the hooks'
    /// loop) sends finger 2 onto y (d joins out of the kept order, which breaks it while a loop
    /// runs) and then finger 3 onto x, which b now takes. b joined after d, in the same loop.
    @Test("a kept recognizer that joins after an out-of-order join in the same loop is listed after it")
    func joinOrderInsideOneLoop() {
        let s = Fingers()
        let log = Hooked.Log()
        let x = s.region("x", Rect(x: 0, y: 0, width: 500, height: 600))
        let y = s.region("y", Rect(x: 500, y: 0, width: 500, height: 600))
        let a = Hooked("a", log), b = Hooked("b", log), d = Hooked("d", log)
        var bRefuses = false
        let delegate = Delegate()
        delegate.shouldReceive = { _, _ in !bRefuses }
        b.delegate = delegate
        x.addGestureRecognizer(a)
        x.addGestureRecognizer(b)
        y.addGestureRecognizer(d)
        s.quickTap(1, at: Point(x: 100, y: 300))
        #expect(s.engine.listed.map(\.name) == ["a", "b"])
        log.names = []

        bRefuses = true
        var nested = false
        a.onBegan = {
            guard !nested else { return }
            nested = true
            s.down(2, at: Point(x: 800, y: 300))
            s.frame()            // d joins: out of the kept order, inside the loop
            bRefuses = false
            s.down(3, at: Point(x: 120, y: 300))
            s.frame()            // b joins, after d
        }
        s.press([1], at: [Point(x: 100, y: 300)])
        a.onBegan = nil
        #expect(nested)
        // Join order: a (finger 1), d (finger 2), b (finger 3).
        #expect(s.engine.participants.map(\.name) == ["a", "d", "b"])
        log.names = []
        s.release([1, 2, 3])
        #expect(log.names == ["a ended", "d ended", "b ended"])
    }
}

/// Recognizes (ended) once all its fingers lifted; `onBegan` runs from its `touchesBegan`.
private final class Lifter: GestureRecognizer {
    var onBegan: (() -> Void)?
    var failsOnLift = false
    override func touchesBegan(_ touches: [Touch]) { onBegan?() }
    override func touchesEnded(_ touches: [Touch]) {
        guard activeTouchCount == 0 else { return }
        if failsOnLift { fail(.endedTooSoon) } else { state = .ended }
    }
}

extension KeptOrderJoinTests {
    /// Region x (left) holds a, b; the root holds d. The same story is played with and without a
    /// warm-up tap that leaves the kept order [a, b]: finger 1 in x (only a takes it), from a's
    /// hook finger 2 on the root (d), then finger 3 in x (b, and d and a too). b and d share
    /// finger 3 and both recognize when the fingers lift: the first dispatched wins.
    private func winner(warmUp: Bool) -> [String] {
        let s = Fingers()
        let x = s.region("x", Rect(x: 0, y: 0, width: 500, height: 600))
        let a = Lifter().named("a"), b = Lifter().named("b"), d = Lifter().named("d")
        a.failsOnLift = true
        var refusing: Set<String> = []
        let delegate = Delegate()
        s.keepAlive.append(delegate)
        delegate.shouldReceive = { r, _ in !refusing.contains(r.name) }
        b.delegate = delegate
        d.delegate = delegate
        x.addGestureRecognizer(a)
        x.addGestureRecognizer(b)
        s.engine.root.addGestureRecognizer(d)
        if warmUp {
            refusing = ["d"]
            s.quickTap(1, at: Point(x: 100, y: 300))
            s.wait(1000)
        }
        s.takeLog()
        refusing = ["b", "d"]
        var nested = false
        a.onBegan = {
            guard !nested else { return }
            nested = true
            refusing = ["b"]
            s.down(2, at: Point(x: 800, y: 300))
            s.frame()
            refusing = []
            s.down(3, at: Point(x: 120, y: 300))
            s.frame()
        }
        s.press([1], at: [Point(x: 100, y: 300)])
        a.onBegan = nil
        s.release([1, 2, 3])
        return s.takeLog()
    }

    @Test("who wins does not depend on the order kept from the last sequence")
    func winnerIndependentOfHistory() {
        let cold = winner(warmUp: false)
        let warm = winner(warmUp: true)
        #expect(cold == warm)
    }
}

/// Begins as soon as a finger lands.
private final class Eager: GestureRecognizer {
    override func touchesBegan(_ touches: [Touch]) {
        if state == .possible { state = .began }
    }
    override func touchesEnded(_ touches: [Touch]) {
        if activeTouchCount == 0 && state.isActive { state = .ended }
    }
}

extension KeptOrderJoinTests {
    /// Region x holds q, then p. Finger 1 lands in x: p begins (q is excluded). x is taken out
    /// of the tree while finger 1 is down; p's cancellation, from inside that removal, sends
    /// finger 5 into x, which q (already detached and reset) takes before x leaves the tree. The
    /// fingers lift, and the host lets go of x and q: nothing else holds them.
    @Test("a recognizer whose region left the tree is not kept alive by the kept orders")
    func removedRegionRecognizerFreed() {
        let s = Fingers()
        weak var weakQ: GestureRecognizer?
        weak var weakX: Region?
        do {
            let (q, x) = removeRegionWhileACallbackLands(s)
            #expect(x.parent == nil && q.region === x)
            weakQ = q
            weakX = x
        }
        s.release([1, 5])
        s.wait(500)
        s.tick()
        s.frame()
        #expect(weakX == nil, "the region taken out of the tree is kept alive")
        #expect(weakQ == nil, "a recognizer of a region taken out of the tree is kept alive")
        #expect(s.engine.listed.isEmpty, "listed: \(s.engine.listed.map(\.name))")
        #expect(s.engine.book.value.touchPool.allSatisfy { $0.order.value.list.isEmpty },
                "a pooled touch keeps \(s.engine.book.value.touchPool.map { $0.order.value.list.map(\.name) })")
    }
}

extension KeptOrderJoinTests {
    /// As above, but finger 5 lifts before finger 1, so its touch goes deeper in the pool; the
    /// app then goes on with one-finger taps on a recognizer of the root. The recognizer of the
    /// removed region stays alive for as long as no two fingers land at once.
    @Test("a recognizer whose region left the tree is not kept alive by a pooled touch through later taps")
    func removedRegionRecognizerFreedAfterLaterTaps() {
        let s = Fingers()
        let other = Lifter().named("other")
        other.failsOnLift = true
        s.engine.root.addGestureRecognizer(other)
        weak var weakQ: GestureRecognizer?
        do {
            weakQ = removeRegionWhileACallbackLands(s).q
        }
        s.release([5])
        s.release([1])
        s.wait(500)
        for i in 0..<5 {
            s.quickTap(10 + i, at: Point(x: 800, y: 300))
            s.wait(500)
        }
        #expect(!s.engine.listed.contains { $0 === weakQ })
        #expect(weakQ == nil, "a recognizer of a region taken out of the tree is kept alive")
    }
}

/// Calls `onReset` when a recognizer resets.
private final class ResetObserver: GestureEngineObserver {
    var onReset: (GestureRecognizer) -> Void = { _ in }
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState,
                because cause: TransitionCause) {
        if new == .possible { onReset(recognizer) }
    }
}

extension KeptOrderJoinTests {
    /// q follows finger 1 when the host takes it out of its region; the observer, told of its
    /// reset from inside the removal, lands finger 5 on the region, which q takes before it leaves
    /// the region. The fingers lift and the host lets go of q.
    @Test("a recognizer taken out of its region is not kept alive by the kept orders")
    func removedRecognizerFreed() {
        let s = Fingers()
        let observer = ResetObserver()
        s.engine.observer = observer
        let x = s.region("x", Rect(x: 0, y: 0, width: 500, height: 600))
        weak var weakQ: GestureRecognizer?
        do {
            let q = Lifter().named("q")
            q.failsOnLift = true
            x.addGestureRecognizer(q)
            s.press([1], at: [Point(x: 100, y: 300)])
            var sent = false
            observer.onReset = { [unowned s] r in
                guard r === q, !sent else { return }
                sent = true
                s.down(5, at: Point(x: 120, y: 300))
                s.frame()
            }
            s.tick()
            x.removeGestureRecognizer(q)
            observer.onReset = { _ in }
            #expect(sent)
            #expect(q.region == nil)
            weakQ = q
        }
        s.release([1, 5])
        s.wait(500)
        s.tick()
        s.frame()
        #expect(weakQ == nil, "a recognizer taken out of its region is kept alive")
        #expect(s.engine.listed.isEmpty, "listed: \(s.engine.listed.map(\.name))")
        #expect(s.engine.book.value.touchPool.allSatisfy { $0.order.value.list.isEmpty },
                "a pooled touch keeps \(s.engine.book.value.touchPool.map { $0.order.value.list.map(\.name) })")
    }
}

extension KeptOrderJoinTests {
    /// Region x holds q, then p. Finger 1 lands in x: p begins. x is taken out of the tree while
    /// finger 1 is down; p's cancellation, from inside that removal, sends finger 5 into x, which
    /// q (already detached and reset) takes before x leaves the tree. Returns q and x, which
    /// nothing but the caller holds.
    fileprivate func removeRegionWhileACallbackLands(_ s: Fingers) -> (q: GestureRecognizer, x: Region) {
        let x = s.region("x", Rect(x: 0, y: 0, width: 500, height: 600))
        let q = Lifter().named("q")
        q.failsOnLift = true
        let p = Eager().named("p")
        x.addGestureRecognizer(q)
        x.addGestureRecognizer(p)
        var sent = false
        p.addTarget { [unowned s] g in
            guard g.state == .cancelled, !sent else { return }
            sent = true
            s.down(5, at: Point(x: 120, y: 300))
            s.frame()
        }
        s.press([1], at: [Point(x: 100, y: 300)])
        #expect(p.state == .began)
        s.tick()
        x.removeFromParent()
        #expect(sent)
        return (q, x)
    }
}
