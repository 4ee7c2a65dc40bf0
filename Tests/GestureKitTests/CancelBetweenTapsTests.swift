import Testing
@testable import GestureKit

/// `cancelAllTouches()` leaves nothing in flight: a recognizer deciding with no finger down (a
/// double tap between its taps) ends too, rather than on a deadline after the host lost track of
/// its input; and a tap recognized once its fingers lifted still counts them.
@Suite("Cancelling between taps, and the fingers of a tap recognized late")
struct CancelBetweenTapsTests {
    /// A single tap that requires a double tap to fail, both on the root; the single tap's
    /// targets record when they ran, its count of fingers and where it says its first finger was.
    final class Taps {
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        var actions: [(at: Timestamp, fingers: Int, first: Point)] = []
        init(_ s: Fingers, fingers: Int = 1) {
            double.numberOfTapsRequired = 2
            for r in [single, double] { r.numberOfTouchesRequired = fingers }
            single.require(toFail: double)
            s.engine.root.addGestureRecognizer(single)
            s.engine.root.addGestureRecognizer(double)
            single.addTarget { [weak self, weak s] g in
                guard let self, let s else { return }
                actions.append((s.engine.now, g.numberOfTouches, g.location(ofTouch: 0, in: nil)))
            }
        }
    }

    @Test("Between the taps of a double tap, cancelAllTouches fails it at once and the single tap waiting on it is recognized then, not 300 ms later")
    func cancelReachesTheDoubleTapBetweenTaps() {
        let s = Fingers()
        let taps = Taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(50)
        #expect(s.takeLog().isEmpty)
        #expect(s.engine.nextDeadline != nil)
        let cancelledAt = s.engine.now
        s.engine.cancelAllTouches()
        #expect(s.takeLog() == ["double: failed(touches cancelled (host))", "single: ended"])
        #expect(taps.actions.map(\.at) == [cancelledAt])
        #expect(taps.double.state == .possible && taps.single.state == .possible)
        #expect(s.engine.nextDeadline == nil)
        #expect(s.engine.participants.isEmpty)
        // A tap 100 ms after the first is not its second: it starts afresh.
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog().isEmpty)
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
    }

    @Test("The observer hears the double tap fail because its touches were cancelled by the host, and the tap recognize because of the double tap")
    func causes() {
        let s = Fingers()
        _ = Taps(s)
        let log = TransitionCauseTests.CauseLog()
        s.keepAlive.append(log)
        s.engine.observer = log
        s.tap(at: Point(x: 100, y: 100))
        s.wait(20)
        s.engine.cancelAllTouches()
        #expect(log.lines.contains("double: possible → touchesCancelled(host) → failed"), "\(log.lines)")
        #expect(log.lines.contains("single: possible → otherRecognizer(double) → ended"), "\(log.lines)")
    }

    @Test("A double tap alone: the tap before cancelAllTouches never pairs with one after it")
    func noDoubleTapAcrossTheCancel() {
        let s = Fingers()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(double)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(20)
        s.engine.cancelAllTouches()
        #expect(s.takeLog() == ["double: failed(touches cancelled (host))"])
        s.wait(20)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog().isEmpty, "one tap since the cancel is not a double tap")
        s.wait(40)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["double: ended"])
    }

    @Test("A recognizer left active with no finger down is cancelled by cancelAllTouches")
    func activeWithNoTouchIsCancelled() {
        /// Begins as a finger lands and stays began when it lifts (ends only on a second finger).
        final class Sticky: GestureRecognizer {
            override func touchesBegan(_ touches: [Touch]) {
                state = state == .possible ? .began : .ended
            }
            override func touchesEnded(_ touches: [Touch]) {}
        }
        let s = Fingers()
        let sticky = Sticky().named("sticky")
        s.engine.root.addGestureRecognizer(sticky)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["sticky: began"])
        #expect(sticky.state == .began)
        s.engine.cancelAllTouches()
        #expect(s.takeLog() == ["sticky: cancelled"])
        #expect(sticky.state == .possible)
        #expect(s.engine.participants.isEmpty)
    }

    @Test("A single tap recognized when the double tap it waited on failed counts its finger, and says where it was")
    func lateTapCountsItsFinger() {
        let s = Fingers()
        let taps = Taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
        #expect(taps.actions.count == 1)
        #expect(taps.actions.first?.fingers == 1)
        #expect(taps.actions.first?.first == Point(x: 100, y: 100))
        // Reset, it counts nothing again.
        #expect(taps.single.numberOfTouches == 0)
    }

    @Test("A two-finger tap recognized late counts both fingers; recognized at once, it counted them as before")
    func lateTwoFingerTapCountsBoth() {
        let s = Fingers()
        let taps = Taps(s, fingers: 2)
        s.tap(at: Point(x: 100, y: 100), fingers: 2)
        s.wait(300)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
        #expect(taps.actions.map(\.fingers) == [2])

        // Without the double tap, it recognizes as its fingers lift and counts them then.
        let t = Fingers()
        let alone = TapGestureRecognizer().named("alone")
        alone.numberOfTouchesRequired = 2
        var counted: [Int] = []
        alone.addTarget { counted.append($0.numberOfTouches) }
        t.engine.root.addGestureRecognizer(alone)
        t.tap(at: Point(x: 100, y: 100), fingers: 2)
        #expect(t.takeLog() == ["alone: ended"])
        #expect(counted == [2])
    }

    @Test("A double tap between its taps counts no finger")
    func betweenTapsCountsNothing() {
        let s = Fingers()
        let taps = Taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(20)
        #expect(taps.double.tapsCompleted == 1)
        #expect(taps.double.numberOfTouches == 0)
        #expect(taps.single.numberOfTouches == 1, "the single tap, waiting, has recognized its tap")
    }

    /// "A device removed mid-gesture cancels its touches; every recognizer that had them is
    /// cancelled or fails" (docs/architecture.md, "Nothing stuck"): the double tap had the
    /// device's touch, and its next tap would come from another device.
    @Test("Unplugging the device between the taps of a double tap ends the double tap then; another panel's tap is not its second")
    func unplugBetweenTaps() {
        let s = Fingers()
        let taps = Taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(30)
        #expect(s.takeLog().isEmpty)
        s.unplug()
        #expect(s.takeLog() == ["double: failed(touches cancelled (deviceRemoved))", "single: ended"])
        #expect(taps.actions.map(\.fingers) == [1])
        // Another panel (a second touchscreen on the same output) taps there 60 ms later.
        s.plug(id: 2)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(400)
        #expect(s.takeLog() == ["double: failed(slower than 300.0 ms)", "single: ended"])
    }

    @Test("A device removed between taps leaves a double tap of another device waiting")
    func otherDeviceKeepsItsDoubleTap() {
        let s = Fingers()
        _ = Taps(s)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(30)
        // A touchpad (another device) goes; the screen's double tap still takes its second tap.
        s.plugTouchpad(id: DeviceID(9))
        s.engine.send(.deviceRemoved(DeviceID(9), at: s.time))
        #expect(s.takeLog().isEmpty)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.takeLog() == ["double: ended", "single: failed(required double to fail, but it recognized)"])
    }
}
