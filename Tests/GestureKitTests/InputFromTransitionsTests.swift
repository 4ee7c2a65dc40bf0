import Testing
@testable import GestureKit

/// An observer that runs a closure on every transition (it may send input: the engine supports
/// input sent from the observer's call, docs/architecture.md, "Input sent from callbacks").
private final class ReactingObserver: GestureEngineObserver {
    var onTransition: (GestureRecognizer, GestureState) -> Void = { _, _ in }
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        onTransition(recognizer, new)
    }
}

/// Targets and the observer sending input from inside a transition: a round of target calls
/// stops once the input made another transition, whose own round told every target, so that no
/// target hears a transition twice or reads `possible`.
@Suite("Input sent from a transition's targets and observer")
struct InputFromTransitionsTests {
    // MARK: Target rounds and transitions made from inside them

    /// Two targets on a pan; the first one, hearing `began`, sends a frame that moves the finger
    /// (input from a target is supported and handled as a nested cycle). The nested cycle moves
    /// the pan to `changed` and calls every target with it; the outer round then resumes and
    /// calls the second target, which reads `changed` again. The second target never hears
    /// `began` — a target that sets up its gesture on `began` (records the start, opens an undo
    /// group) is handed `changed` first, twice for one transition.
    @Test("no target hears a transition twice when an earlier target's input moves the gesture on")
    func laterTargetHearsNoTransitionTwice() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var first: [GestureState] = [], second: [GestureState] = []
        var sent = false
        pan.addTarget { [unowned s] p in
            first.append(p.state)
            if p.state == .began && !sent {
                sent = true
                s.tick(); s.move(1, to: Point(x: 400, y: 100)); s.frame()
            }
        }
        pan.addTarget { p in second.append(p.state) }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        s.release([1])
        #expect(first.first == .began, "\(first)")
        // The second target hears no transition the first did not, nor one twice: what it hears
        // ends as the first's list does.
        #expect(second.count <= first.count && Array(first.suffix(second.count)) == second, "first \(first), second \(second)")
        #expect(second.last == .ended && second.filter { $0 == .ended }.count == 1, "\(second)")
    }

    /// The same with the end: a two-finger pan (minimumNumberOfTouches 2) whose first target, on
    /// `changed`, sends a frame lifting one finger. The pan ends in the nested cycle (every target
    /// hears `ended`); a finger is still down, so it does not reset, and the outer round calls the
    /// second target again with `ended`. A target that commits on `ended` (drops the dragged item,
    /// sends a command) does it twice.
    @Test("a later target hears ended once, even when an earlier target's input ended the gesture")
    func laterTargetHearsEndedOnce() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        pan.minimumNumberOfTouches = 2
        s.engine.root.addGestureRecognizer(pan)
        var first: [GestureState] = [], second: [GestureState] = []
        var sent = false
        pan.addTarget { [unowned s] p in
            first.append(p.state)
            if p.state == .changed && !sent {
                sent = true
                s.tick(); s.lift(2); s.frame()
            }
        }
        pan.addTarget { p in second.append(p.state) }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        s.drag([1: Point(x: 60, y: 0), 2: Point(x: 60, y: 0)], over: 100)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(second.filter { $0 == .ended }.count == 1, "the second target heard ended more than once: \(second)")
        #expect(first.filter { $0 == .ended }.count == 1, "\(first)")
        #expect(second == [.began, .ended], "\(second)")
    }

    // MARK: The observer sending input from a transition

    /// The observer, told that the pan began, sends a frame lifting its finger (a host that
    /// forwards input from its observer). The pan ends and resets in that nested cycle, and only
    /// then does the outer `commit` call the targets for `began`: they hear `ended`, then read
    /// `possible` — never `began`. UIKit never sends an action for `possible`, and the docs say
    /// no target reads it.
    @Test("targets never read possible when the observer's input ends the gesture")
    func observerInputDoesNotLeaveTargetsReadingPossible() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var seen: [GestureState] = []
        pan.addTarget { p in seen.append(p.state) }
        let observer = ReactingObserver()
        s.keepAlive.append(observer)
        var sent = false
        observer.onTransition = { [unowned s] _, new in
            if new == .began && !sent {
                sent = true
                s.tick(); s.lift(1); s.frame()
            }
        }
        s.engine.observer = observer
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        #expect(!seen.contains(.possible), "a target read possible: \(seen)")
        #expect(seen.last == .ended && seen.filter { $0 == .ended }.count == 1, "\(seen)")
    }

    /// The observer, told that the pan began, sends a frame of motion: the targets hear `changed`
    /// (nested) and then `changed` again for the `began` round, and never `began`.
    @Test("targets hear each transition once when the observer's input moves the gesture on")
    func observerInputMakesNoDuplicate() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var seen: [GestureState] = []
        pan.addTarget { p in seen.append(p.state) }
        let observer = ReactingObserver()
        s.keepAlive.append(observer)
        var sent = false
        observer.onTransition = { [unowned s] _, new in
            if new == .began && !sent {
                sent = true
                s.tick(); s.move(1, to: Point(x: 300, y: 100)); s.frame()
            }
        }
        s.engine.observer = observer
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        s.release([1])
        // No round of an older transition after a newer one's: `changed` is never followed by
        // `began`, and nothing reads `possible`.
        #expect(!seen.contains(.possible), "\(seen)")
        if let c = seen.firstIndex(of: .changed) { #expect(!seen[c...].contains(.began), "\(seen)") }
        #expect(seen.last == .ended && seen.filter { $0 == .ended }.count == 1, "\(seen)")
    }
}
