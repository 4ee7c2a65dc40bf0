import Testing
@testable import GestureKit

/// UIKit asks `shouldRequireFailureOf` "once per recognition attempt, so the failure requirements
/// can be determined lazily": a delegate may answer from the other recognizer's state. A waiter is
/// then settled by what it was found waiting on, whatever the delegate answers later, so that no
/// answer that changes leaves it waiting for good.
@Suite("Requirements settled once per attempt")
struct LazyRequirementTests {
    /// A single tap whose delegate asks it to wait for the double tap while that one is possible.
    func taps(_ s: Fingers) -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        let d = Delegate()
        d.requireFailure = { _, other in other === double && other.state == .possible }
        single.delegate = d
        s.keepAlive.append(d)
        s.engine.root.addGestureRecognizer(single)
        s.engine.root.addGestureRecognizer(double)
        return (single, double)
    }

    @Test("A single tap waiting on a double tap that fails is recognized, though its delegate now answers no")
    func releasedWhenTheWaitedOnFails() {
        let s = Fingers()
        _ = taps(s)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.log.isEmpty)
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
        // Nothing is left stuck: the next tap, a second later, is a single tap again.
        s.wait(1000)
        s.tap(at: Point(x: 500, y: 300))
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
    }

    @Test("A single tap waiting on a double tap that recognizes fails, though its delegate now answers no")
    func failedWhenTheWaitedOnWins() {
        let s = Fingers()
        _ = taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(100)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["double: ended", "single: failed(required double to fail, but it recognized)"])
        s.wait(1000)
        s.tap(at: Point(x: 500, y: 300))
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
    }
}
