import GestureKit
import Testing

/// The engine reuses a touch that ended once nothing holds it, so that landing frames allocate
/// nothing; a touch someone keeps is never reused.
@Suite("Touch reuse")
struct TouchReuseTests {
    /// Notes each touch that lands on it, by identity and sequence, and keeps it when `keeps`;
    /// fails when the fingers lift, so it resets and lets go of them.
    final class Witness: GestureRecognizer {
        var landed: [(id: ObjectIdentifier, sequence: Int)] = []
        var kept: [Touch] = []
        var keeps = false

        override func touchesBegan(_ touches: [Touch]) {
            for t in touches {
                landed.append((ObjectIdentifier(t), t.sequence))
                if keeps { kept.append(t) }
            }
        }

        override func touchesEnded(_ touches: [Touch]) {
            if activeTouchCount == 0 { fail(.endedTooSoon) }
        }
    }

    private func twoTaps(keeping: Bool) -> (Witness, Fingers) {
        let s = Fingers()
        let w = Witness()
        w.keeps = keeping
        s.engine.root.addGestureRecognizer(w)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.wait(50)
        s.release([1])
        s.wait(500)
        s.press([2], at: [Point(x: 400, y: 300)])
        s.wait(50)
        s.release([2])
        return (w, s)
    }

    @Test("a touch nobody holds is the next contact's touch, as a new sequence")
    func reused() throws {
        let (w, _) = twoTaps(keeping: false)
        try #require(w.landed.count == 2)
        #expect(w.landed[0].id == w.landed[1].id, "the second contact got a new object")
        #expect(w.landed[0].sequence != w.landed[1].sequence)
    }

    @Test("a touch someone holds is never reused, and stays as it ended")
    func keptTouchStays() throws {
        let (w, _) = twoTaps(keeping: true)
        // A kept touch still lists the recognizer that keeps it: let go of them at the end.
        defer { w.kept.removeAll() }
        try #require(w.landed.count == 2 && w.kept.count == 2)
        #expect(w.landed[0].id != w.landed[1].id)
        let first = w.kept[0]
        #expect(first.phase == .ended && first.location == Point(x: 100, y: 100) && first.sequence == w.landed[0].sequence)
        #expect(w.kept[1].location == Point(x: 400, y: 300))
    }
}
