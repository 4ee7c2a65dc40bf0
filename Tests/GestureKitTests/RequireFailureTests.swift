import Testing
@testable import GestureKit

@Suite("Require to fail")
struct RequireFailureTests {
    /// single requires double to fail, double requires triple to fail.
    func taps() -> (Fingers, [TapGestureRecognizer]) {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        let triple = TapGestureRecognizer().named("triple")
        double.numberOfTapsRequired = 2
        triple.numberOfTapsRequired = 3
        single.require(toFail: double)
        double.require(toFail: triple)
        for r in [single, double, triple] { s.engine.root.addGestureRecognizer(r) }
        return (s, [single, double, triple])
    }

    func taps(_ s: Fingers, _ count: Int) {
        for i in 0..<count {
            if i > 0 { s.wait(100) }
            s.tap(at: Point(x: 100 + Double(i) * 4, y: 100))
        }
    }

    @Test("triple, double, single: one tap is a single tap once both others timed out")
    func oneTap() {
        let (s, _) = taps()
        taps(s, 1)
        let lifted = s.time
        #expect(s.log.isEmpty)
        #expect(s.engine.nextDeadline == lifted + .milliseconds(300))
        s.wait(300)
        // The single tap waits on the double tap only: it goes as soon as that one fails.
        #expect(s.log == [
            "double: failed(slower than 300.0 ms)", "single: ended", "triple: failed(slower than 300.0 ms)",
        ])
    }

    @Test("triple, double, single: two taps are a double tap once the triple timed out")
    func twoTaps() {
        let (s, _) = taps()
        taps(s, 2)
        #expect(s.log.isEmpty)
        s.wait(300)
        #expect(s.log == [
            "triple: failed(slower than 300.0 ms)", "double: ended",
            "single: failed(required double to fail, but it recognized)",
        ])
    }

    @Test("triple, double, single: three taps are a triple tap and nothing else")
    func threeTaps() {
        let (s, _) = taps()
        taps(s, 3)
        #expect(s.log == [
            "triple: ended",
            "double: failed(required triple to fail, but it recognized)",
            "single: failed(required triple to fail, but it recognized)",
        ])
        s.wait(1000)
        #expect(s.log.count == 3)
        #expect(s.engine.nextDeadline == nil)
    }

    @Test("a pan that requires a swipe to fail: a quick stroke is a swipe, a slow or wrong-way one a pan")
    func panRequiresSwipe() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        pan.require(toFail: swipe)
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(swipe)

        s.press([1], at: [Point(x: 100, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        #expect(s.takeLog() == ["swipe: ended", "pan: failed(required swipe to fail, but it recognized)"])

        // Down: the swipe (right) fails at a third of its distance, and the pan begins.
        s.wait(500)
        s.press([1], at: [Point(x: 100, y: 300)])
        var translations: [Point] = []
        let token = pan.addTarget { translations.append($0.translation(in: nil)) }
        s.drag(1, by: Point(x: 0, y: 100), over: 100)
        s.release([1])
        #expect(s.outcomes == ["swipe: failed(wrong direction)", "pan: began", "pan: ended"])
        #expect(translations.last == Point(x: 0, y: 100))
        pan.removeTarget(token)
        s.takeLog()

        // Slow: the pan waits for the swipe's 600 ms, then begins with the whole translation so far.
        s.wait(500)
        s.press([1], at: [Point(x: 100, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 2000)
        s.release([1])
        #expect(s.outcomes == ["swipe: failed(slower than 600.0 ms)", "pan: began", "pan: ended"])
        #expect(pan.failureReason == nil)
    }

    @Test("a pan still waiting when its fingers lift begins and ends when the swipe fails")
    func waitingPanLifts() {
        for order in ["pan first", "swipe first"] {
            let s = Fingers()
            let pan = PanGestureRecognizer().named("pan")
            let swipe = SwipeGestureRecognizer().named("swipe")
            pan.require(toFail: swipe)
            if order == "pan first" {
                s.engine.root.addGestureRecognizer(pan)
                s.engine.root.addGestureRecognizer(swipe)
            } else {
                s.engine.root.addGestureRecognizer(swipe)
                s.engine.root.addGestureRecognizer(pan)
            }
            let actions = ActionLog(pan)
            s.press([1], at: [Point(x: 100, y: 300)])
            s.drag(1, by: Point(x: 30, y: 0), over: 100)  // enough for the pan, not for the swipe
            #expect(s.log.isEmpty, "\(order)")
            s.release([1])
            #expect(s.log == ["swipe: failed(ended too soon)", "pan: began", "pan: ended"], "\(order)")
            #expect(actions.states == [.began, .ended], "\(order)")
            #expect(s.engine.participants.isEmpty, "\(order)")
            #expect(pan.state == .possible, "\(order)")
        }
    }

    @Test("a chain A requires B requires C settles from C upwards")
    func chain() {
        func setUp() -> (Fingers, Manual, Manual, Manual) {
            let s = Fingers()
            let a = Manual().named("A"), b = Manual().named("B"), c = Manual().named("C")
            a.require(toFail: b)
            b.require(toFail: c)
            for r in [a, b, c] { s.engine.root.addGestureRecognizer(r) }
            s.press([1], at: [Point(x: 100, y: 100)])
            return (s, a, b, c)
        }

        // A and B want to recognize; C fails: B recognizes and A fails.
        var (s, a, b, c) = setUp()
        a.state = .recognized
        b.state = .recognized
        #expect(s.log.isEmpty)
        c.fail(.custom("no"))
        #expect(s.log == ["C: failed(no)", "B: ended", "A: failed(required B to fail, but it recognized)"])

        // C and B fail: A recognizes.
        (s, a, b, c) = setUp()
        a.state = .recognized
        c.fail(.custom("no"))
        #expect(s.log == ["C: failed(no)"])
        b.fail(.custom("nor"))
        #expect(s.log == ["C: failed(no)", "B: failed(nor)", "A: ended"])

        // C recognizes: B fails, and A, which shares C's touch, is excluded.
        (s, a, b, c) = setUp()
        a.state = .recognized
        b.state = .recognized
        c.state = .recognized
        #expect(s.log == [
            "C: ended", "A: failed(excluded by C)", "B: failed(required C to fail, but it recognized)",
        ])
        s.release([1])
        #expect(s.log.count == 3)
    }

    @Test("a chain whose links do not share the winner's touches fails all the way down")
    func chainWithoutSharedTouches() {
        // B before A in the region, so B's failure is seen before A could be excluded.
        let s = Fingers()
        let a = Manual().named("A"), b = Manual().named("B"), c = Manual().named("C")
        a.require(toFail: b)
        b.require(toFail: c)
        for r in [c, b, a] { s.engine.root.addGestureRecognizer(r) }
        s.press([1], at: [Point(x: 100, y: 100)])
        a.state = .recognized
        b.state = .recognized
        for r in [a, b] { r.ignore(r.touches[0]) }  // A and B let go of the touch; C keeps it
        c.state = .recognized
        #expect(s.log == [
            "C: ended", "B: failed(required C to fail, but it recognized)",
            "A: failed(required C to fail, but it recognized)",
        ])
        s.release([1])
        #expect(s.log.count == 3)
        #expect(s.engine.participants.isEmpty)
    }
}
