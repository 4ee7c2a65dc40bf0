import GestureKit
import Testing

/// A recognizer's delegate is asked ``GestureRecognizerDelegate/gestureRecognizer(_:shouldReceive:)``
/// once per finger, as UIKit asks it. A finger that lands in the frame in which the recognizer's
/// last fingers lift, and that the recognizer hears after those lifts (single or multi-taps
/// drummed with two fingers), is taken back and offered again once the recognizer resets, as if
/// it had landed one frame later: that second offer used to ask the delegate again.
@Suite("shouldReceive, once per finger")
struct ShouldReceiveOnceTests {
    /// Finger 1 taps; finger 2 lands as finger 1 lifts (`sameFrame`) or one frame later, and taps.
    /// Returns the outcomes and, per finger, how often the delegate was asked about it.
    private func drum(_ recognizers: [GestureRecognizer], sameFrame: Bool, answer: Bool = true) -> (outcomes: [String], asked: [Int: Int]) {
        let delegate = Delegate()
        var asked: [Int: Int] = [:]
        delegate.shouldReceive = { _, touch in
            asked[touch.contactID, default: 0] += 1
            return answer
        }
        for r in recognizers { r.delegate = delegate }
        let s = Fingers()
        for r in recognizers { s.engine.root.addGestureRecognizer(r) }
        s.handOver(sameFrame: sameFrame) { s in
            s.wait(60)
            s.release([2])
        }
        return (s.outcomes, asked)
    }

    @Test("taps drummed with two fingers: the delegate is asked once about each, in one frame as in two")
    func drummedTaps() {
        let split = drum([TapGestureRecognizer().named("tap")], sameFrame: false)
        #expect(split.outcomes == ["tap: ended", "tap: ended"])
        #expect(split.asked == [1: 1, 2: 1])
        let mixed = drum([TapGestureRecognizer().named("tap")], sameFrame: true)
        #expect(mixed.outcomes == split.outcomes)
        #expect(mixed.asked == split.asked, "finger 2, taken back as finger 1's tap ended, was asked about again")
    }

    @Test("a double tap drummed with two fingers: asked once about each finger")
    func drummedDoubleTap() {
        func run(_ same: Bool) -> (outcomes: [String], asked: [Int: Int]) {
            let double = TapGestureRecognizer().named("double")
            double.numberOfTapsRequired = 2
            return drum([double], sameFrame: same)
        }
        let split = run(false)
        #expect(split.outcomes == ["double: ended"])
        #expect(run(true).outcomes == split.outcomes)
        #expect(run(true).asked == split.asked)
    }

    @Test("a finger the delegate refused is not offered again once the recognizer resets")
    func refusedStaysRefused() {
        let split = drum([TapGestureRecognizer().named("tap")], sameFrame: false, answer: false)
        let mixed = drum([TapGestureRecognizer().named("tap")], sameFrame: true, answer: false)
        #expect(split.outcomes.isEmpty)
        #expect(mixed.outcomes == split.outcomes)
        #expect(mixed.asked == split.asked)
    }
}
