@testable import GestureKit
import Testing

/// Logs its hooks in a shared log; fails once none of its touches is down.
final class Hooked: GestureRecognizer {
    final class Log { var names: [String] = [] }
    let log: Log
    var onBegan: (() -> Void)?
    init(_ name: String, _ log: Log) {
        self.log = log
        super.init()
        self.name = name
    }
    override func touchesBegan(_ touches: [Touch]) {
        log.names.append("\(name) began")
        onBegan?()
    }
    override func touchesEnded(_ touches: [Touch]) {
        log.names.append("\(name) ended")
        if activeTouchCount == 0 { fail(.endedTooSoon) }
    }
}

/// Calls `began` when a touch is delivered to its region.
private final class Handler: TouchHandler {
    var began: () -> Void = {}
    func touchBegan(_ touch: Touch) { began() }
    func touchMoved(_ touch: Touch) {}
    func touchEnded(_ touch: Touch) {}
    func touchCancelled(_ touch: Touch) {}
}

/// Region `x` (left) with `a` and `b`, whose delegate refuses fingers while `bRefuses`; region
/// `y` (right) with `d`, unless `withD` is false. `b` is held by its region only. One tap in `x` has been played: the
/// engine keeps the order [a, b].
private final class Story {
    let s = Fingers()
    let log = Hooked.Log()
    let x: Region, y: Region
    let a: Hooked, d: Hooked
    weak var b: Hooked?
    var bRefuses = false
    private let delegate = Delegate()

    init(withD: Bool = true) {
        x = s.region("x", Rect(x: 0, y: 0, width: 500, height: 600))
        y = s.region("y", Rect(x: 500, y: 0, width: 500, height: 600))
        a = Hooked("a", log)
        d = Hooked("d", log)
        x.addGestureRecognizer(a)
        delegate.shouldReceive = { [unowned self] _, _ in !bRefuses }
        do {
            let b = Hooked("b", log)
            b.delegate = delegate
            x.addGestureRecognizer(b)
            self.b = b
        }
        if withD { y.addGestureRecognizer(d) }
        s.quickTap(1, at: Point(x: 100, y: 300))
        log.names = []
    }

    /// Finger 1 in `x`, which `b` refuses, so only `a` joins the kept order; `a`'s hook sends
    /// finger 2 onto `y` from inside the hooks' loop: `d` joins out of the kept order while the
    /// loop runs.
    func outOfOrderJoinInALoop() {
        bRefuses = true
        var nested = false
        a.onBegan = { [unowned self] in
            guard !nested else { return }
            nested = true
            s.down(2, at: Point(x: 800, y: 300))
            s.frame()
        }
        s.press([1], at: [Point(x: 100, y: 300)])
        a.onBegan = nil
        bRefuses = false
        #expect(nested)
    }
}

@Suite("Orders kept from one sequence to the next: recognizers taken out, and joins in a loop")
struct KeptOrderLifetimeTests {
    /// The engine is idle, its list kept; a touch handler (called from `finishCycle`, while its
    /// loop runs) takes a kept recognizer out of the tree, and nothing is released afterwards:
    /// the recognizer, which only the engine's list held, is freed all the same.
    @Test("a kept recognizer taken out by a touch handler while the engine is idle is freed")
    func takenOutByHandlerWhileIdle() {
        // Nothing on `y`: a tap there joins nobody, and the engine stays idle.
        let story = Story(withD: false)
        let handler = Handler()
        handler.began = { [unowned story] in
            if let b = story.b { story.x.removeGestureRecognizer(b) }
        }
        story.y.touchHandler = handler
        story.s.quickTap(2, at: Point(x: 800, y: 300))
        story.s.quickTap(3, at: Point(x: 800, y: 300))
        #expect(story.log.names.isEmpty)
        #expect(story.b == nil, "the removed recognizer is kept alive by the engine's list")
    }

    /// After the out-of-order join in a loop, `b`, not joined, cannot leave the list while the
    /// loop runs. When `b` then takes a third finger it joins after `d`: the hooks run a, d, b.
    @Test("a recognizer of the kept order that joins after an out-of-order join in a loop hears its hooks in join order")
    func outOfOrderJoinInALoop() {
        let story = Story()
        story.outOfOrderJoinInALoop()
        story.s.tick()
        story.s.press([3], at: [Point(x: 120, y: 300)])
        story.log.names = []
        story.s.release([1, 2, 3])
        #expect(story.log.names == ["a ended", "d ended", "b ended"])
    }

    /// The same out-of-order join leaves `b`, never joined, listed until the cycle ends; taken
    /// out of the tree afterwards, between frames (no loop running), it is freed at once, while
    /// the sequence goes on.
    @Test("a kept recognizer left behind by an out-of-order join in a loop is freed when taken out")
    func leftBehindThenTakenOut() {
        let story = Story()
        story.outOfOrderJoinInALoop()
        story.x.removeGestureRecognizer(story.b!)
        story.s.tick()
        story.s.move(1, to: Point(x: 110, y: 300))
        story.s.frame()
        #expect(story.b == nil, "the removed recognizer is kept alive by the engine's list")
        story.s.release([1, 2])
    }

    /// `b` refuses the next finger, so only `a` joins the kept order; `a`'s own hook (inside
    /// the hooks' loop) takes `b` out: `b` is freed once the cycle ends, while `a` still takes
    /// part.
    @Test("a kept recognizer taken out by a hook while the sequence goes on is freed when the cycle ends")
    func takenOutByHookWhileBusy() {
        let story = Story()
        story.bRefuses = true
        story.a.onBegan = { [unowned story] in
            if let b = story.b { story.x.removeGestureRecognizer(b) }
        }
        story.s.press([1], at: [Point(x: 100, y: 300)])
        story.a.onBegan = nil
        #expect(story.x.gestureRecognizers.count == 1)
        story.s.tick()
        story.s.move(1, to: Point(x: 110, y: 300))
        story.s.frame()
        #expect(story.b == nil, "the removed recognizer is kept alive by the engine's list")
        story.s.release([1])
    }
}
