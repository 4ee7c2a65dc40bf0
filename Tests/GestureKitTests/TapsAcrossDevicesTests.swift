import Testing
@testable import GestureKit

/// The taps of one multi-tap come from one device. Two touchscreens on one output (a kiosk's two
/// panels, or a screen and a pen digitizer) give points in the same space, but a tap on one and a
/// tap on the other are two people's, or two surfaces', taps: they never make a double tap.
@Suite("Taps from two devices")
struct TapsAcrossDevicesTests {
    @Test("A tap on a second touchscreen 40 ms after one on the first is not the first's second tap: the double tap fails as it lands, as for a tap too far away, and it is a tap of its own")
    func secondDeviceIsATapOfItsOwn() {
        let s = Fingers()
        let taps = CancelBetweenTapsTests.Taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(40)
        s.plug(id: 2) // the first panel stays plugged in
        s.press([1], at: [Point(x: 100, y: 100)])
        #expect(s.takeLog() == ["double: failed(moved further than 10 mm)", "single: ended"])
        #expect(taps.actions.count == 1)
        s.wait(60)
        s.release([1])
        #expect(s.takeLog() == ["single: ended"])
        #expect(taps.actions.count == 2)
        #expect(taps.single.device == DeviceID(2))
    }

    @Test("Two taps on the second touchscreen still make a double tap")
    func sameDeviceStillPairs() {
        let s = Fingers()
        _ = CancelBetweenTapsTests.Taps(s)
        s.plug(id: 2)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(40)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["double: ended", "single: failed(required double to fail, but it recognized)"])
    }

    @Test("A triple tap whose third tap comes from the other panel fails at that tap")
    func tripleTapThirdFromOtherDevice() {
        let s = Fingers()
        let triple = TapGestureRecognizer().named("triple")
        triple.numberOfTapsRequired = 3
        s.engine.root.addGestureRecognizer(triple)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(40)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(40)
        #expect(s.takeLog().isEmpty)
        s.plug(id: 2)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["triple: failed(moved further than 10 mm)"])
        // As after a tap too far away, the failed triple tap takes no part in that finger; the
        // other panel's next tap begins a triple tap of its own.
        s.wait(40)
        s.tap(at: Point(x: 100, y: 100))
        #expect(triple.tapsCompleted == 1)
    }
}
