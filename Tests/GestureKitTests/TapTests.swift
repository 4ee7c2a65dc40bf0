import Testing
@testable import GestureKit

@Suite("Tap")
struct TapTests {
    @Test("a quick touch is a tap, located where the finger was")
    func singleTap() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        var location: Point?
        tap.addTarget { location = $0.location(in: nil) }
        s.tap(at: Point(x: 200, y: 300))
        #expect(s.log == ["tap: ended"])
        #expect(location == Point(x: 200, y: 300))
    }

    @Test("a finger that moves further than the tap allows fails with a reason")
    func movedTooFar() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 40, y: 0), over: 100)  // 10 mm > 4 mm
        s.release([1])
        #expect(s.log == ["tap: failed(moved further than 4 mm)"])
    }

    @Test("a finger held too long is not a tap")
    func heldTooLong() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.wait(800)
        #expect(s.log == ["tap: failed(held longer than 750.0 ms)"])
        s.release([1])
        #expect(s.log.count == 1)
    }

    @Test("single tap waits for the double tap to fail only when a double tap exists")
    func singleVersusDouble() {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        s.engine.root.addGestureRecognizer(single)
        s.engine.root.addGestureRecognizer(double)

        // One tap: the single tap is recognized when the double tap times out, 300 ms later.
        var singleAt: Timestamp?
        single.addTarget { [unowned s] _ in singleAt = s.engine.now }
        s.tap(at: Point(x: 100, y: 100))
        let lifted = s.time
        #expect(s.log.isEmpty)
        s.wait(400)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
        #expect(singleAt == lifted + .milliseconds(300))

        // Two taps: the double tap wins and the single tap fails.
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(100)
        s.tap(at: Point(x: 104, y: 100))
        #expect(s.takeLog() == ["double: ended", "single: failed(required double to fail, but it recognized)"])

        // Without the double tap, the single tap is immediate.
        s.engine.root.removeGestureRecognizer(double)
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["single: ended"])
    }

    @Test("a two-finger tap needs both fingers")
    func twoFingerTap() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap2")
        tap.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        s.tap(at: Point(x: 100, y: 100), fingers: 2)
        #expect(s.takeLog() == ["tap2: ended"])
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100), fingers: 1)
        #expect(s.takeLog() == ["tap2: failed(1 touches, expected 2)"])
        s.wait(500)
        s.tap(at: Point(x: 100, y: 100), fingers: 3)
        #expect(s.takeLog() == ["tap2: failed(3 touches, expected 2)"])
    }

    @Test("a tap that lands far from the first while the double tap waits is a tap of its own")
    func farSecondTap() {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        s.engine.root.addGestureRecognizer(single)
        s.engine.root.addGestureRecognizer(double)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(100)
        // 200 points is 50 mm: too far for the double tap, which fails as the finger lands; the
        // first tap is recognized, and the landing finger starts the next one.
        s.press([1], at: [Point(x: 300, y: 100)])
        #expect(s.takeLog() == ["double: failed(moved further than 10 mm)", "single: ended"])
        s.wait(60)
        s.release([1])
        #expect(s.takeLog() == ["single: ended"])
        #expect(single.device == s.device.id)
    }
}
