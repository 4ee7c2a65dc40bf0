import Testing
@testable import GestureKit

@Suite("One outcome per sequence, and targets")
struct OutcomeTests {
    /// Eight recognizers on one screen, with the usual relations.
    func busyScreen() -> (Fingers, [GestureRecognizer]) {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let press = LongPressGestureRecognizer().named("press")
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .all
        pan.require(toFail: swipe)
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        let delegate = Delegate()
        delegate.simultaneous = { a, b in (a === pinch && b === rotation) || (a === rotation && b === pinch) }
        pinch.delegate = delegate
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        pan.require(toFail: edge)
        let all: [GestureRecognizer] = [single, double, press, pan, swipe, pinch, rotation, edge]
        for r in all { s.engine.root.addGestureRecognizer(r) }
        // The delegate is held weakly by the recognizers: keep it alive with the engine's story.
        s.keepAlive.append(delegate)
        return (s, all)
    }

    func check(_ s: Fingers, _ all: [GestureRecognizer], winners: [String], _ story: String) {
        let counts = terminalCounts(s.log)
        for r in all {
            #expect(counts[r.name] == 1, "\(story): \(r.name) heard \(counts[r.name] ?? 0) outcomes in \(s.log)")
        }
        let won = s.log.compactMap { e -> String? in
            e.hasSuffix(": ended") ? String(e.dropLast(": ended".count)) : nil
        }
        #expect(won == winners, "\(story)")
        #expect(s.engine.participants.isEmpty, "\(story)")
        #expect(all.allSatisfy { $0.state == .possible }, "\(story)")
        s.takeLog()
    }

    @Test("every recognizer of a busy screen hears exactly one outcome per touch sequence")
    func oneOutcomeEach() {
        let (s, all) = busyScreen()
        s.tap(at: Point(x: 500, y: 300))
        s.wait(500)
        check(s, all, winners: ["single"], "tap")

        s.tap(at: Point(x: 500, y: 300))
        s.wait(100)
        s.tap(at: Point(x: 500, y: 300))
        s.wait(500)
        #expect(terminalCounts(s.log)["double"] == 1)
        #expect(s.log.contains("double: ended"))
        #expect(s.log.contains("single: failed(required double to fail, but it recognized)"))
        s.takeLog()

        s.press([1], at: [Point(x: 500, y: 300)])
        s.wait(600)
        s.release([1])
        s.wait(500)
        check(s, all, winners: ["press"], "hold")

        s.press([1], at: [Point(x: 500, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        s.wait(500)
        check(s, all, winners: ["swipe"], "swipe")

        s.press([1], at: [Point(x: 500, y: 300)])
        s.drag(1, by: Point(x: 100, y: 30), over: 1500)
        s.release([1])
        s.wait(500)
        check(s, all, winners: ["pan"], "slow drag")

        s.press([1], at: [Point(x: 5, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 1500)
        s.release([1])
        s.wait(500)
        check(s, all, winners: ["edge"], "edge drag")

        s.press([1, 2], at: [pair(Point(x: 500, y: 300), 100, 0, 1), pair(Point(x: 500, y: 300), 100, 0, 2)])
        s.trace([1, 2], over: 300) { id, f in pair(Point(x: 500, y: 300), 100 + 60 * f, 0.8 * f, id) }
        s.release([1, 2])
        s.wait(500)
        check(s, all, winners: ["pinch", "rotation"], "pinch and turn")
    }

    @Test("several targets are called in the order they were added")
    func targetsInOrder() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        var calls: [String] = []
        let first = tap.addTarget { _ in calls.append("first") }
        let second = tap.addTarget { _ in calls.append("second") }
        tap.addTarget { _ in calls.append("third") }
        #expect(tap.targetCount == 3)
        #expect(first != second)
        s.tap(at: Point(x: 100, y: 100))
        #expect(calls == ["first", "second", "third"])

        tap.removeTarget(second)
        #expect(tap.targetCount == 2)
        calls.removeAll()
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100))
        #expect(calls == ["first", "third"])

        tap.removeTarget(nil)
        #expect(tap.targetCount == 0)
        calls.removeAll()
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100))
        #expect(calls.isEmpty)
        #expect(s.log == ["tap: ended", "tap: ended", "tap: ended"])
    }

    @Test("targets are not called for failures")
    func noTargetsOnFailure() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        let actions = ActionLog(tap)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.wait(800)
        s.release([1])
        #expect(s.log == ["tap: failed(held longer than 750.0 ms)"])
        #expect(actions.states.isEmpty)
    }
}
