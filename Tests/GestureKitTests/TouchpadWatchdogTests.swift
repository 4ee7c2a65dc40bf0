import Testing
@testable import GestureKit

/// The stuck-touch watchdog covers touchpad gestures too: a gesture whose end is lost (a host that
/// drops an event, a device that never says) is cancelled once it has sent nothing for
/// ``GestureConfiguration/stuckTouchTimeout``, and a host that sleeps until `nextDeadline` is woken
/// for it.
@Suite("The watchdog and touchpad gestures")
struct TouchpadWatchdogTests {
    static let padID = DeviceID(2)

    func fingers(timeout: Duration?) -> Fingers {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = timeout
        let s = Fingers(configuration: config)
        s.plugTouchpad(id: Self.padID)
        return s
    }

    /// One 3-finger touchpad swipe event on device 2, a frame interval after the last event.
    func pad(_ s: Fingers, _ phase: TouchpadGesturePhase, dx: Double = 0) {
        s.pad(.swipe, phase, fingers: 3, delta: Point(x: dx, y: 0), from: Self.padID)
    }

    @Test("A touchpad swipe whose end is lost is cancelled at the timeout, and the rest of it ignored")
    func lostEnd() {
        let s = fingers(timeout: .seconds(2))
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        pad(s, .begin)
        for _ in 0..<5 { pad(s, .update, dx: 10) }
        #expect(pan.state == .changed)
        let last = s.time
        // A host that sleeps until the next deadline is woken for the watchdog.
        #expect(s.engine.nextDeadline == last + .seconds(2))
        s.engine.advance(to: last + .seconds(2) - .milliseconds(1))
        #expect(pan.state == .changed)
        s.engine.advance(to: last + .seconds(2))
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(pan.cancellationReason == .stuck)
        #expect(s.engine.statistics.stuckTouchesCancelled == 1)
        #expect(s.engine.touchpadSequences.isEmpty)
        #expect(s.engine.nextDeadline == nil)
        // The gesture's late events are ignored; the next gesture is heard.
        s.wait(3000)
        pad(s, .update, dx: 10)
        pad(s, .end)
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        pad(s, .begin)
        for _ in 0..<5 { pad(s, .update, dx: 10) }
        pad(s, .end)
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "pan: began", "pan: ended"])
    }

    @Test("Touchpad events keep the gesture alive; with the watchdog off it sets no deadline")
    func eventsKeepItAlive() {
        let s = fingers(timeout: .seconds(1))
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        pad(s, .begin)
        for _ in 0..<400 { pad(s, .update, dx: 1) }  // about 3.3 s of updates at 120 Hz
        #expect(pan.state == .changed)
        #expect(s.engine.nextDeadline == s.time + .seconds(1))
        pad(s, .end)
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(s.engine.statistics.stuckTouchesCancelled == 0)

        let off = fingers(timeout: nil)
        off.engine.root.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        pad(off, .begin)
        pad(off, .update, dx: 50)
        #expect(off.engine.nextDeadline == nil)
        off.engine.advance(to: off.time + .seconds(100_000))
        #expect(off.engine.touchpadSequences.count == 1)
    }
}
