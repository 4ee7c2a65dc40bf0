import Testing
@testable import GestureKit

/// A delegate that implements none of the questions.
private final class Silent: GestureRecognizerDelegate {}

/// A delegate that implements `shouldReceive` and counts its calls; it refuses touches on the
/// right half of the screen.
private final class LeftHalfOnly: GestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asked += 1
        return touch.location.x < 500
    }
}

/// A delegate that answers `shouldReceive` by asking another delegate (whose answer is the
/// default) and then its own rule: the default running inside it is not this delegate's.
private final class Forwarding: GestureRecognizerDelegate {
    let inner = Silent()
    var asked = 0
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asked += 1
        return inner.gestureRecognizer(recognizer, shouldReceive: touch) && touch.location.x < 500
    }
}

/// A class that conforms without implementing `shouldReceive`, and a subclass that declares a
/// method of that name: the conformance is the superclass's, so the engine's question reaches the
/// default, never the subclass's method (Swift's rule, which the learnt default must not change).
private class QuietBase: GestureRecognizerDelegate {}
private final class LoudSubclass: QuietBase {
    var asked = 0
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asked += 1
        return false
    }
}

/// Implements simultaneity only, and counts the questions it is asked.
private final class Together: GestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        asked += 1
        return true
    }
}

@Suite("Delegate questions answered by the defaults")
struct DelegateDefaultsTests {
    /// Taps one finger at `x` (and lifts it) on `s`.
    func tap(_ s: Fingers, id: Int, x: Double) {
        s.press([id], at: [Point(x: x, y: 300)])
        s.release([id])
    }

    @Test("a delegate without shouldReceive is learnt to answer by default, and recognition is unchanged")
    func silentIsLearnt() {
        let s = Fingers()
        let tapRecognizer = TapGestureRecognizer().named("tap")
        let delegate = Silent()
        tapRecognizer.delegate = delegate
        s.engine.root.addGestureRecognizer(tapRecognizer)
        #expect(!tapRecognizer.answersByDefault(.receiveTouch))
        tap(s, id: 1, x: 100)
        #expect(tapRecognizer.answersByDefault(.receiveTouch))
        #expect(tapRecognizer.answersByDefault(.shouldBegin))
        tap(s, id: 2, x: 900)
        #expect(s.log == ["tap: ended", "tap: ended"])
        // Setting the delegate again (even to the same object) forgets what was learnt.
        tapRecognizer.delegate = delegate
        #expect(!tapRecognizer.answersByDefault(.receiveTouch))
        #expect(!tapRecognizer.answersByDefault(.shouldBegin))
    }

    @Test("a delegate that implements shouldReceive is asked for every touch, before and after a silent one")
    func implementedIsAskedEveryTime() {
        let s = Fingers()
        let tapRecognizer = TapGestureRecognizer().named("tap")
        let silent = Silent()
        tapRecognizer.delegate = silent
        s.engine.root.addGestureRecognizer(tapRecognizer)
        tap(s, id: 1, x: 100)
        #expect(tapRecognizer.answersByDefault(.receiveTouch))

        let picky = LeftHalfOnly()
        tapRecognizer.delegate = picky
        tap(s, id: 2, x: 100)
        tap(s, id: 3, x: 900)
        tap(s, id: 4, x: 900)
        tap(s, id: 5, x: 100)
        #expect(picky.asked == 4)
        #expect(!tapRecognizer.answersByDefault(.receiveTouch))
        #expect(s.log == ["tap: ended", "tap: ended", "tap: ended"])
    }

    @Test("a default run inside another delegate's answer is not learnt for the recognizer's delegate")
    func forwardingIsNotLearnt() {
        let s = Fingers()
        let tapRecognizer = TapGestureRecognizer().named("tap")
        let forwarding = Forwarding()
        tapRecognizer.delegate = forwarding
        s.engine.root.addGestureRecognizer(tapRecognizer)
        tap(s, id: 1, x: 100)
        tap(s, id: 2, x: 900)
        tap(s, id: 3, x: 900)
        #expect(forwarding.asked == 3)
        #expect(!tapRecognizer.answersByDefault(.receiveTouch))
        #expect(s.log == ["tap: ended"])
    }

    @Test("a subclass's method outside the conformance is never asked, learnt default or not")
    func subclassMethodOutsideConformance() {
        let s = Fingers()
        let tapRecognizer = TapGestureRecognizer().named("tap")
        let loud = LoudSubclass()
        tapRecognizer.delegate = loud
        s.engine.root.addGestureRecognizer(tapRecognizer)
        tap(s, id: 1, x: 100)
        tap(s, id: 2, x: 100)
        #expect(loud.asked == 0)
        #expect(s.log == ["tap: ended", "tap: ended"])
        #expect(tapRecognizer.answersByDefault(.receiveTouch))
    }

    @Test("a delegate implementing only simultaneity is still asked it, and its defaults are learnt")
    func simultaneityStillAsked() {
        let s = Fingers()
        let a = PanGestureRecognizer().named("a")
        let b = PanGestureRecognizer().named("b")
        let together = Together()
        a.delegate = together
        b.delegate = together
        s.engine.root.addGestureRecognizer(a)
        s.engine.root.addGestureRecognizer(b)
        for round in 0..<3 {
            let before = together.asked
            s.press([round + 1], at: [Point(x: 300, y: 300)])
            s.drag(round + 1, by: Point(x: 80, y: 0), over: 100)
            s.release([round + 1])
            #expect(together.asked > before, "round \(round): simultaneity asked again")
        }
        #expect(s.outcomes == Array(repeating: ["a: began", "b: began", "a: ended", "b: ended"], count: 3).flatMap { $0 })
        #expect(!a.answersByDefault(.simultaneous))
        #expect(a.answersByDefault(.receiveTouch) && a.answersByDefault(.shouldBegin))
    }

    @Test("a delegate that goes away answers as no delegate does, learnt or not")
    func deallocatedDelegate() {
        let s = Fingers()
        let tapRecognizer = TapGestureRecognizer().named("tap")
        var delegate: Silent? = Silent()
        tapRecognizer.delegate = delegate
        s.engine.root.addGestureRecognizer(tapRecognizer)
        tap(s, id: 1, x: 100)
        delegate = nil
        #expect(tapRecognizer.delegate == nil)
        tap(s, id: 2, x: 100)
        #expect(s.log == ["tap: ended", "tap: ended"])
    }
}
