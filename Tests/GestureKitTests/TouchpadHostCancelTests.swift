import GestureKit
import Testing

/// A touchpad gesture the host cancelled goes on in libinput until its end: the engine ignores
/// the rest of it.
@Suite struct TouchpadHostCancelTests {
    @Test func aSwipeTheHostCancelledIsIgnoredUntilItsEnd() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
        #expect(s.takeLog() == ["pan: began"] + Array(repeating: "pan: changed", count: 4))
        s.engine.cancelAllTouches()
        #expect(s.takeLog() == ["pan: cancelled"])
        // The fingers go on swiping, then lift: the gesture began, and the host let it go.
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.log.isEmpty)
        #expect(s.engine.statistics.contactsWithoutBegin == 0)
        // The next gesture is heard as usual.
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.takeLog().first == "pan: began")
        #expect(s.engine.statistics.contactsWithoutBegin == 0)
    }

    @Test func aGestureWithoutBeginCountsOnce() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        // Under way before the engine heard of it: its updates and end are one stray gesture.
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.log.isEmpty)
        #expect(s.engine.statistics.contactsWithoutBegin == 1)
        for _ in 0..<3 { s.pad(.pinch, .update, fingers: 2) }
        s.pad(.pinch, .cancel, fingers: 2)
        #expect(s.engine.statistics.contactsWithoutBegin == 2)
    }
}
