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

/// Targets and the observer sending input from inside a transition: a transition the input makes
/// waits until every target has heard the one before, then has a round of its own, so that each
/// target hears every transition once, in order, reading its state, and none reads `possible`.
@Suite("Input sent from a transition's targets and observer")
struct InputFromTransitionsTests {
    // MARK: Target rounds and transitions made from inside them

    /// Two targets on a pan; the first one, hearing `began`, sends a frame that moves the finger
    /// (input from a target is supported and handled as a nested cycle). The nested cycle moves
    /// the pan to `changed` and calls every target with it; the outer round then resumes and
    /// calls the second target, which reads `changed` again. The second target never hears
    /// `began` — a target that sets up its gesture on `began` (records the start, opens an undo
    /// group) is handed `changed` first, twice for one transition. (A first fix stopped the
    /// round there: the second target then heard no transition twice, but still no `began`.)
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
        // Every target hears every transition, `began` first.
        #expect(second == first, "first \(first), second \(second)")
        #expect(second.prefix(2) == [.began, .changed], "\(second)")
    }

    /// The same with the end: a two-finger pan (minimumNumberOfTouches 2) whose first target, on
    /// `changed`, sends a frame lifting one finger. The pan ends in the nested cycle (every target
    /// hears `ended`); a finger is still down, so it does not reset, and the outer round calls the
    /// second target again with `ended`. A target that commits on `ended` (drops the dragged item,
    /// sends a command) does it twice. Each target hears `changed`, then `ended`.
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
        #expect(second == first, "first \(first), second \(second)")
        #expect(second.suffix(2) == [.changed, .ended], "\(second)")
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
        #expect(seen == [.began, .ended], "the targets hear began, then ended: \(seen)")
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
        #expect(seen.first == .began, "the targets hear began first: \(seen)")
    }

    // MARK: What a target reads while input it sent waits its turn

    /// A one-finger pan whose first target, on its first `changed`, sends the finger's lift: the
    /// pan ends in that nested cycle and its finger is gone. The second target is still told of
    /// `changed`, reading `changed` and the pan's translation; then both hear `ended`, with the
    /// translation the pan ended with, not a reset recognizer's zero (its reset waits for the
    /// rounds).
    @Test("a target told of a transition reads its state and values while input an earlier target sent waits its turn")
    func laterTargetReadsItsTransition() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var first: [GestureState] = []
        var second: [(GestureState, Double)] = []
        var sent = false
        pan.addTarget { [unowned s] p in
            first.append(p.state)
            if p.state == .changed && !sent {
                sent = true
                s.tick(); s.lift(1); s.frame()
                // Its own call goes on reading the transition it was called for.
                #expect(p.state == .changed)
            }
        }
        pan.addTarget { p in second.append((p.state, p.translation(in: nil).x)) }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 60, y: 0), over: 100)
        #expect(first == second.map(\.0), "first \(first), second \(second.map(\.0))")
        #expect(second.map(\.0) == [.began, .changed, .ended], "\(second.map(\.0))")
        #expect(second.allSatisfy { $0.1 >= 10 }, "translations read: \(second.map(\.1)) \(second.map(\.0))")
        #expect(pan.state == .possible, "reset once every target heard it end")
    }
}
