import Testing
@testable import GestureKit

@Suite("Failure reasons")
struct FailureReasonTests {
    /// A recognizer that gives up in its own words, or with none, when a finger lands.
    final class Quitter: GestureRecognizer {
        var reason: FailureReason?
        override func touchesBegan(_ touches: [Touch]) {
            if let reason { fail(reason) } else { state = .failed }
        }
    }

    @Test("each failure kind is recorded and kept until the next touch")
    func recorded() {
        var seen: [FailureReason] = []
        func record(_ r: GestureRecognizer) { seen.append(r.failureReason ?? .custom("none")) }

        // movedTooFar, heldTooLong, tooSlow, wrongNumberOfTouches: a tap.
        do {
            let s = Fingers()
            let tap = TapGestureRecognizer().named("tap")
            tap.numberOfTapsRequired = 2
            s.engine.root.addGestureRecognizer(tap)
            s.press([1], at: [Point(x: 100, y: 100)])
            s.drag(1, by: Point(x: 40, y: 0), over: 50)
            s.release([1])
            record(tap)
            s.wait(500)
            s.press([1], at: [Point(x: 100, y: 100)])
            s.wait(800)
            s.release([1])
            record(tap)
            s.wait(500)
            s.tap(at: Point(x: 100, y: 100))
            s.wait(400)
            record(tap)
            s.tap(at: Point(x: 100, y: 100), fingers: 2)
            record(tap)
            // The second tap too far from the first.
            s.wait(500)
            s.tap(at: Point(x: 100, y: 100))
            s.wait(100)
            s.tap(at: Point(x: 300, y: 100))
            record(tap)
        }
        // wrongDirection, endedTooSoon: a swipe.
        do {
            let s = Fingers()
            let swipe = SwipeGestureRecognizer()
            s.engine.root.addGestureRecognizer(swipe)
            s.press([1], at: [Point(x: 500, y: 300)])
            s.drag(1, by: Point(x: -100, y: 0), over: 100)
            s.release([1])
            record(swipe)
            s.tap(at: Point(x: 500, y: 300))
            record(swipe)
        }
        // startedOutsideArea: an edge pan.
        do {
            let s = Fingers()
            let edge = ScreenEdgePanGestureRecognizer()
            s.engine.root.addGestureRecognizer(edge)
            s.tap(at: Point(x: 500, y: 300))
            record(edge)
        }
        // requiredRecognizerSucceeded, excludedBy, delegateRefusedBegin.
        do {
            let s = Fingers()
            let swipe = SwipeGestureRecognizer().named("swipe")
            let pan = PanGestureRecognizer().named("pan")
            let press = LongPressGestureRecognizer().named("press")
            press.allowableMovement = .points(1000)
            pan.require(toFail: swipe)
            for r in [pan, swipe, press] as [GestureRecognizer] { s.engine.root.addGestureRecognizer(r) }
            s.press([1], at: [Point(x: 100, y: 300)])
            s.drag(1, by: Point(x: 100, y: 0), over: 100)
            s.release([1])
            record(pan)
            record(press)
            let refuse = Delegate()
            refuse.shouldBegin = { _ in false }
            swipe.delegate = refuse
            s.press([1], at: [Point(x: 100, y: 300)])
            s.drag(1, by: Point(x: 100, y: 0), over: 100)
            s.release([1])
            record(swipe)
        }
        // preventedBy: the leave to be simultaneous is withdrawn after one began.
        do {
            let s = Fingers()
            let first = PanGestureRecognizer().named("first")
            let second = RotationGestureRecognizer().named("second")
            let delegate = Delegate()
            var allowed = true
            delegate.simultaneous = { _, _ in allowed }
            first.delegate = delegate
            s.engine.root.addGestureRecognizer(first)
            s.engine.root.addGestureRecognizer(second)
            s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
            s.drag([1: Point(x: 20, y: 0), 2: Point(x: 20, y: 0)], over: 50)
            #expect(first.state == .changed)
            allowed = false
            s.trace([1, 2], over: 100) { id, f in pair(Point(x: 520, y: 300), 100, 0.5 * f, id) }
            s.release([1, 2])
            record(second)
        }
        // touchesCancelled, disabled, undecided, custom, unspecified.
        do {
            let s = Fingers()
            let tap = TapGestureRecognizer()
            s.engine.root.addGestureRecognizer(tap)
            s.press([1], at: [Point(x: 100, y: 100)])
            s.tick()
            s.cancelContact(1)
            s.frame()
            record(tap)
            s.press([1], at: [Point(x: 100, y: 100)])
            tap.isEnabled = false
            s.release([1])
            record(tap)
            s.engine.root.removeGestureRecognizer(tap)
            let idle = Manual()
            s.engine.root.addGestureRecognizer(idle)
            s.tap(at: Point(x: 100, y: 100))
            record(idle)
            let quitter = Quitter()
            quitter.reason = .custom("not today")
            s.engine.root.addGestureRecognizer(quitter)
            s.tap(at: Point(x: 100, y: 100))
            record(quitter)
            quitter.reason = nil
            s.tap(at: Point(x: 100, y: 100))
            record(quitter)
            // The reason stays until the next touch arrives, then clears.
            #expect(idle.failureReason == .undecided)
            s.press([1], at: [Point(x: 100, y: 100)])
            #expect(idle.failureReason == nil)
            s.release([1])
        }

        #expect(seen == [
            .movedTooFar(allowed: .millimetres(4)),
            .heldTooLong(allowed: .milliseconds(750)),
            .tooSlow(allowed: .milliseconds(300)),
            .wrongNumberOfTouches(expected: 1...1, actual: 2),
            .movedTooFar(allowed: .millimetres(10)),
            .wrongDirection,
            .endedTooSoon,
            .startedOutsideArea,
            .requiredRecognizerSucceeded("swipe"),
            .excludedBy("swipe"),
            .delegateRefusedBegin,
            .preventedBy("first"),
            .touchesCancelled(.device),
            .disabled,
            .undecided,
            .custom("not today"),
            .unspecified,
        ])
    }

    @Test("failure reasons describe themselves for logs")
    func descriptions() {
        let cases: [(FailureReason, String)] = [
            (.movedTooFar(allowed: .millimetres(4)), "moved further than 4 mm"),
            (.tooSlow(allowed: .milliseconds(300)), "slower than 300.0 ms"),
            (.heldTooLong(allowed: .milliseconds(750)), "held longer than 750.0 ms"),
            (.wrongNumberOfTouches(expected: 2...2, actual: 3), "3 touches, expected 2"),
            (.wrongNumberOfTouches(expected: 1...3, actual: 4), "4 touches, expected 1…3"),
            (.wrongDirection, "wrong direction"),
            (.endedTooSoon, "ended too soon"),
            (.startedOutsideArea, "started outside its area"),
            (.requiredRecognizerSucceeded("double"), "required double to fail, but it recognized"),
            (.excludedBy("pan"), "excluded by pan"),
            (.preventedBy("pan"), "prevented by pan"),
            (.delegateRefusedBegin, "delegate refused to begin"),
            (.touchesCancelled(.stuck), "touches cancelled (stuck)"),
            (.disabled, "disabled"),
            (.undecided, "undecided when its touches ended"),
            (.custom("mine"), "mine"),
            (.unspecified, "unspecified"),
        ]
        for (reason, text) in cases { #expect(reason.description == text) }
    }

    @Test("an illegal transition is refused and logged, and the state does not change")
    func illegalTransition() {
        // Detached, so no engine arbitrates; the state machine still holds. (The assertion that
        // also fires in debug builds is not reachable from a test, so this uses the release path:
        // a legal sequence, then a check of what is recorded.)
        let r = Manual()
        r.state = .began
        r.state = .changed
        r.state = .ended
        #expect(r.state == .ended)
        #expect(r.refusedTransitions.isEmpty)
        #expect(GestureRecognizer.isLegal(from: .possible, to: .changed) == false)
        #expect(GestureRecognizer.isLegal(from: .ended, to: .changed) == false)
        #expect(GestureRecognizer.isLegal(from: .failed, to: .possible))
        #expect(GestureRecognizer.isLegal(from: .changed, to: .cancelled))
    }

    @Test("refused transitions are recorded, the first 64 of them, however many are asked for")
    func refusedTransitionsKept() {
        let r = Manual()
        r.assertsOnRefusal = false
        r.state = .changed // possible → changed: refused
        #expect(r.refusedTransitions.count == 1)
        #expect(r.refusedTransitions.first.map { "\($0.from) → \($0.to)" } == "possible → changed")
        r.state = .began
        for _ in 0..<10_000 { r.state = .failed } // began → failed: refused
        #expect(r.state == .began)
        #expect(r.refusedTransitions.count == 64)
        #expect(r.refusedTransitions.dropFirst().allSatisfy { $0.from == .began && $0.to == .failed })
    }
}
