import GestureKit
import Testing

/// A finger that lands in the frame in which a recognizer's last fingers lift, and that the
/// recognizer hears after those lifts (single taps drummed with two fingers), is taken back and
/// offered to it again once it resets, as it would be had it landed one frame later. Its
/// delegate is asked `shouldReceive` again then, and that answer decides: an answer that depends
/// on what the recognizer's gesture did (its action ran in between) is the one the split frames
/// get. Keeping the first answer instead, as UIKit asks once per touch, made one frame and two
/// frames recognize different gestures.
@Suite("shouldReceive, asked again for a finger offered again")
struct ShouldReceiveAgainTests {
    /// Finger 1 taps; finger 2 lands as finger 1 lifts (`sameFrame`) or one frame later, and taps.
    /// `setUp` configures the tap and its delegate. Returns the outcomes and the questions asked,
    /// as "recognizer finger".
    private func drum(
        sameFrame: Bool, setUp: (TapGestureRecognizer, Delegate, Fingers) -> Void
    ) -> (outcomes: [String], asked: [String]) {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        let delegate = Delegate()
        s.keepAlive.append(delegate)
        var asked: [String] = []
        let answer = delegate.shouldReceive
        delegate.shouldReceive = { r, t in
            asked.append("\(r.name) \(t.contactID)")
            return answer(r, t)
        }
        setUp(tap, delegate, s)
        s.engine.root.addGestureRecognizer(tap)
        s.handOver(sameFrame: sameFrame) { s in
            s.wait(60)
            s.release([2])
        }
        return (s.outcomes, asked)
    }

    @Test("an answer that the tap's action changes: one tap, in one frame as in two")
    func answerChangedByAction() {
        func run(_ same: Bool) -> (outcomes: [String], asked: [String]) {
            drum(sameFrame: same) { tap, delegate, _ in
                var tapped = false
                let ask = delegate.shouldReceive
                delegate.shouldReceive = { r, t in _ = ask(r, t); return !tapped }
                tap.delegate = delegate
                tap.addTarget { if $0.state == .ended { tapped = true } }
            }
        }
        let split = run(false)
        #expect(split.outcomes == ["tap: ended"], "the second finger is refused once the first tap ended")
        let mixed = run(true)
        #expect(mixed.outcomes == split.outcomes)
        // Asked about finger 2 twice: as it landed (yes), and once the tap reset (no).
        #expect(mixed.asked == ["tap 1", "tap 2", "tap 2"])
        #expect(split.asked == ["tap 1", "tap 2"])
    }

    @Test("a delegate the tap's action sets is asked about the finger offered again")
    func delegateSetByAction() {
        for initial in [false, true] {
            func run(_ same: Bool) -> [String] {
                drum(sameFrame: same) { tap, delegate, s in
                    let refusing = Delegate()
                    refusing.shouldReceive = { _, _ in false }
                    s.keepAlive.append(refusing)
                    if initial { tap.delegate = delegate }
                    tap.addTarget { if $0.state == .ended { $0.delegate = refusing } }
                }.outcomes
            }
            #expect(run(false) == ["tap: ended"], "initial delegate: \(initial)")
            #expect(run(true) == run(false), "initial delegate: \(initial)")
        }
    }
}
