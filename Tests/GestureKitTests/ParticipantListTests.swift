@testable import GestureKit
import Testing

@Suite("The engine's list of participants")
struct ParticipantListTests {
    /// A tap that counts the frames of motion it hears.
    final class CountingTap: TapGestureRecognizer {
        var moves = 0
        override func touchesMoved(_ touches: [Touch]) {
            moves += 1
            super.touchesMoved(touches)
        }
    }

    @Test("a recognizer that resets in a nested cycle and takes a new touch in it is listed once")
    func relistedOnce() {
        let s = Fingers()
        let tap = CountingTap().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        var nested = false
        s.once(from: tap, at: .ended) { s in
            nested = true
            // From inside the target: a second finger lands while the tap, about to reset, is
            // still listed; once reset in that nested cycle, the tap takes the new finger.
            s.down(2, at: Point(x: 500, y: 300))
            s.frame()
        }
        s.tap(at: Point(x: 100, y: 100))
        #expect(nested)
        #expect(tap.numberOfTouches == 1)
        let listed = s.engine.participants.map(ObjectIdentifier.init)
        #expect(Set(listed).count == listed.count, "a participant is listed twice")
        // A frame of the new finger's motion reaches the tap once, and its lift ends one tap.
        let before = tap.moves
        s.move(2, to: Point(x: 504, y: 300))
        s.frame()
        #expect(tap.moves == before + 1)
        s.takeLog()
        s.lift(2)
        s.frame()
        #expect(s.takeLog() == ["tap: ended"])
    }
}
