import Testing
@testable import GestureKit

/// A tap-and-hold for several fingers: its taps are taps with that many fingers, as a
/// multi-finger tap's are (docs/state-machines.md: "quick taps come first, as for a tap").
@Suite("Long press: the taps before a multi-finger press have its number of fingers")
struct TapAndHoldFingersTests {
    func twoFingerTapAndHold(_ s: Fingers) -> LongPressGestureRecognizer {
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        return press
    }

    @Test("a one-finger tap, then two fingers held: not a two-finger tap-and-hold")
    func oneFingerTapFirst() {
        let s = Fingers()
        _ = twoFingerTapAndHold(s)
        s.tap(at: Point(x: 300, y: 300))
        // Before: the one-finger tap counted, and the two fingers held next began the press.
        #expect(s.takeLog() == ["press: failed(\(FailureReason.wrongNumberOfTouches(expected: 2...2, actual: 1)))"])
        s.wait(100)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 340, y: 300)])
        s.wait(600)
        s.release([1, 2])
        #expect(!s.log.contains("press: began"), "\(s.log)")
    }

    @Test("a two-finger tap, then two fingers held: the press begins")
    func twoFingerTapFirst() {
        let s = Fingers()
        _ = twoFingerTapAndHold(s)
        s.tap(at: Point(x: 300, y: 300), fingers: 2)
        s.wait(100)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 340, y: 300)])
        s.wait(600)
        #expect(s.takeLog() == ["press: began"])
        s.release([1, 2])
        #expect(s.takeLog() == ["press: ended"])
    }

    @Test("the taps of a three-finger tap-and-hold done with two fingers each: it fails at the first")
    func threeFingersTappedWithTwo() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 3
        press.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(press)
        s.tap(at: Point(x: 300, y: 300), fingers: 2)
        #expect(s.takeLog() == ["press: failed(\(FailureReason.wrongNumberOfTouches(expected: 3...3, actual: 2)))"])
    }
}
