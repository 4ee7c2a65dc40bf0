@testable import GestureKit
import Testing

/// The engine's loops over recognizers that call into each one (the hooks of a cycle, the
/// motion of a frame, the end of a cycle, the offer of a landing touch, the arbiter's questions)
/// borrow each recognizer from their list rather than retain it (docs/architecture.md, "Checks
/// switched off"). Each story here takes a recognizer out of its region from inside such a
/// loop, while nothing but the engine's lists holds it any more: the loop must go on using it
/// safely (the sanitizer tier runs these under AddressSanitizer), the engine must go on working,
/// and the recognizer must be freed once the cycle is over.
@Suite("Recognizers removed from inside the engine's loops")
struct BorrowedRecognizerTests {
    /// A recognizer that takes itself out of its region in one of its hooks.
    final class Leaving: GestureRecognizer {
        enum Hook { case began, moved, ended, reset }
        let hook: Hook
        private(set) var left = false

        init(leavingIn hook: Hook) {
            self.hook = hook
            super.init()
        }

        private func leave(in hook: Hook) {
            guard hook == self.hook, !left, let region else { return }
            left = true
            region.removeGestureRecognizer(self)
        }

        override func touchesBegan(_ touches: [Touch]) { leave(in: .began) }
        override func touchesMoved(_ touches: [Touch]) { leave(in: .moved) }
        override func touchesEnded(_ touches: [Touch]) {
            // A discrete gesture of one touch, so that it finishes and resets.
            if hook == .reset { state = .ended } else { leave(in: .ended) }
        }
        override func reset() { leave(in: .reset) }
    }

    final class Weak {
        weak var object: GestureRecognizer?
        init(_ object: GestureRecognizer) { self.object = object }
    }

    /// A story with `other` on the root, recognizing beside every recognizer, and a `Leaving`
    /// recognizer after it, which only the root holds.
    private func story(leavingIn hook: Leaving.Hook, beside other: GestureRecognizer) -> (Fingers, Weak) {
        let s = Fingers()
        let both = Delegate()
        both.simultaneous = { _, _ in true }
        other.delegate = both
        s.keepAlive.append(both)
        s.engine.root.addGestureRecognizer(other)
        let leaving = Leaving(leavingIn: hook).named("leaving")
        s.engine.root.addGestureRecognizer(leaving)
        return (s, Weak(leaving))
    }

    @Test("in a hook of the cycle (touchesBegan, touchesEnded), or when it resets at the end of the cycle, with a tap on the same finger",
          arguments: [Leaving.Hook.began, .ended, .reset])
    func inCycle(_ hook: Leaving.Hook) {
        let (s, leaving) = story(leavingIn: hook, beside: TapGestureRecognizer().named("tap"))
        s.tap(at: Point(x: 100, y: 100))
        #expect(leaving.object == nil, "the recognizer outlived its removal")
        #expect(terminalCounts(s.outcomes) == ["leaving": 1, "tap": 1])
        #expect(s.outcomes.contains(hook == .reset ? "leaving: ended" : "leaving: failed(disabled)"))
        // The engine goes on: the next tap is heard.
        s.takeLog()
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.outcomes == ["tap: ended"])
    }

    @Test("in a frame of motion alone, with a pan following the same finger")
    func inMotion() {
        let (s, leaving) = story(leavingIn: .moved, beside: PanGestureRecognizer().named("pan"))
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        #expect(leaving.object == nil, "the recognizer outlived its removal")
        s.release([1])
        #expect(s.outcomes.first == "leaving: failed(disabled)")
        #expect(s.outcomes.suffix(2) == ["pan: began", "pan: ended"])
    }

    @Test("while the landing touch is offered: a delegate takes out the recognizer it is asked about and the next one")
    func inOffer() {
        let s = Fingers()
        let first = Manual().named("first")
        let second = Manual().named("second")
        let tap = TapGestureRecognizer().named("tap")
        let refusing = Delegate()
        let root = s.engine.root
        refusing.shouldReceive = { [unowned root] r, _ in
            for g in root.gestureRecognizers where g !== tap { root.removeGestureRecognizer(g) }
            return r !== tap
        }
        first.delegate = refusing
        root.addGestureRecognizer(first)
        root.addGestureRecognizer(second)
        root.addGestureRecognizer(tap)
        let gone = [Weak(first), Weak(second)]
        _ = consume first
        _ = consume second
        s.tap(at: Point(x: 100, y: 100))
        #expect(gone.allSatisfy { $0.object == nil }, "a recognizer outlived its removal")
        #expect(refusing.asked == ["shouldReceive first"])
        #expect(s.outcomes == ["tap: ended"])
        #expect(root.gestureRecognizers.map(\.name) == ["tap"])
    }

    @Test("while the arbiter excludes: a delegate takes out the loser it is asked about")
    func inExclusion() {
        let s = Fingers()
        let winner = Manual().named("winner")
        let loser = Manual().named("loser")
        let asking = Delegate()
        let root = s.engine.root
        asking.simultaneous = { [unowned root] asked, _ in
            if asked.name == "loser" { root.removeGestureRecognizer(asked) }
            return false
        }
        loser.delegate = asking
        root.addGestureRecognizer(winner)
        root.addGestureRecognizer(loser)
        let gone = Weak(loser)
        _ = consume loser
        s.press([1], at: [Point(x: 100, y: 100)])
        winner.state = .began
        winner.state = .ended
        s.release([1])
        #expect(gone.object == nil, "the loser outlived its removal")
        #expect(s.outcomes == ["winner: began", "loser: failed(disabled)", "winner: ended"])
    }
}
