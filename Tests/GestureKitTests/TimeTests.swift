import Testing
@testable import GestureKit

@Suite("Virtual time: deadlines and the stuck-touch watchdog")
struct TimeTests {
    @Test("nextDeadline reports the long press's deadline and advance(to:) fires it at exactly that moment")
    func longPressDeadline() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(press)
        var beganAt: Timestamp?
        press.addTarget { [unowned s] p in if p.state == .began { beganAt = s.engine.now } }
        #expect(s.engine.nextDeadline == nil)
        s.press([1], at: [Point(x: 100, y: 100)])
        let landed = s.time
        let deadline = landed + .milliseconds(500)
        #expect(s.engine.nextDeadline == deadline)

        s.engine.advance(to: deadline - .microseconds(1))
        #expect(s.log.isEmpty)
        // A host that oversleeps still sees the press begin at its own deadline.
        s.engine.advance(to: deadline + .milliseconds(70))
        #expect(s.log == ["press: began"])
        #expect(beganAt == deadline)
        #expect(s.engine.now == deadline + .milliseconds(70))
        // Now only the watchdog is left.
        #expect(s.engine.nextDeadline == landed + .seconds(30))
        // Time never goes backwards.
        s.engine.advance(to: landed)
        #expect(s.engine.now == deadline + .milliseconds(70))
    }

    @Test("the watchdog cancels a touch that never lifts, at its timeout")
    func watchdog() {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = .seconds(2)
        let s = Fingers(configuration: config)
        let view = s.region("view", Rect(x: 0, y: 0, width: 500, height: 500))
        let log = TouchLog()
        view.touchHandler = log
        let press = LongPressGestureRecognizer().named("press")
        press.cancelsTouchesInView = false
        view.addGestureRecognizer(press)
        var cancelledAt: Timestamp?
        press.addTarget { [unowned s] p in if p.state == .cancelled { cancelledAt = s.engine.now } }
        s.press([1], at: [Point(x: 100, y: 100)])
        let landed = s.time
        s.wait(1000)
        #expect(s.log == ["press: began"])
        #expect(s.engine.nextDeadline == landed + .seconds(2))
        s.wait(5000)
        #expect(s.log == ["press: began", "press: cancelled"])
        #expect(cancelledAt == landed + .seconds(2))
        #expect(s.engine.statistics.stuckTouchesCancelled == 1)
        #expect(log.entries == ["began 1", "cancelled 1"])
        #expect(s.engine.activeTouches.isEmpty)
        #expect(s.engine.nextDeadline == nil)
    }

    @Test("the watchdog fires on time for a host that never reads nextDeadline, a frame stamped earlier included")
    func watchdogWithoutPolling() {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = .seconds(2)
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 1000), configuration: config)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 250),
            hasResolution: true, maximumContacts: 10)
        engine.send(.deviceAdded(device, at: .seconds(1)))
        func frame(_ t: Double, _ contacts: [TouchContact]) {
            engine.send(.touchFrame(TouchFrame(device: DeviceID(1), timestamp: .seconds(t), contacts: contacts)))
        }
        func contact(_ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchContact {
            TouchContact(id: id, phase: phase, location: Point(x: x, y: 500), millimetres: Point(x: x / 4, y: 125))
        }
        // Finger 1 lands at 10 s and keeps moving; a frame stamped 5 s (a device on another
        // clock, a spliced recording) lands finger 2, which is never reported again.
        frame(10, [contact(1, .began, 100)])
        frame(5, [contact(2, .began, 600)])
        #expect(engine.activeTouches.count == 2)
        for k in 1...5 { frame(10 + Double(k) * 0.1, [contact(1, .moved, 100 + Double(k))]) }
        // Finger 2 was due at 7 s: the first frame after that cancels it, finger 1 stays.
        #expect(engine.statistics.stuckTouchesCancelled == 1)
        #expect(engine.activeTouches.map(\.contactID) == [1])
        // And finger 1, once silent, at its own timeout.
        engine.advance(to: .seconds(12.49))
        #expect(engine.activeTouches.count == 1)
        engine.advance(to: .seconds(12.5))
        #expect(engine.activeTouches.isEmpty)
        #expect(engine.statistics.stuckTouchesCancelled == 2)
    }

    @Test("frames restart the watchdog: a finger that keeps reporting is not stuck")
    func framesKeepTouchesAlive() {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = .seconds(1)
        let s = Fingers(configuration: config)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 300, y: 0), over: 3000)
        #expect(s.engine.nextDeadline == s.time + .seconds(1))
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(s.engine.statistics.stuckTouchesCancelled == 0)
    }

    @Test("with the watchdog off, a resting finger sets no deadline")
    func watchdogOff() {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = nil
        let s = Fingers(configuration: config)
        s.press([1], at: [Point(x: 100, y: 100)])
        #expect(s.engine.nextDeadline == nil)
        s.wait(100_000)
        #expect(s.engine.activeTouches.count == 1)
    }

    @Test("the double tap's deadline is visible between the taps")
    func doubleTapDeadline() {
        let s = Fingers()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(double)
        s.press([1], at: [Point(x: 100, y: 100)])
        #expect(s.engine.nextDeadline == s.time + .milliseconds(750))
        s.release([1])
        #expect(s.engine.nextDeadline == s.time + .milliseconds(300))
        s.engine.advance(to: s.engine.nextDeadline!)
        #expect(s.log == ["double: failed(slower than 300.0 ms)"])
        #expect(s.engine.nextDeadline == nil)
    }

    @Test("a time limit lands where its duration does, and the tunables give back the duration set")
    func timeLimits() {
        let start = Timestamp(microseconds: 1_234_567)
        let durations: [Duration] = [
            .zero, .nanoseconds(1), .nanoseconds(1_500), .milliseconds(-3), .milliseconds(300),
            .seconds(9), .seconds(10), .seconds(86_400 * 365),
        ]
        for d in durations {
            #expect(start + TimeLimit(d) == start + d, "\(d)")
        }
        let tap = TapGestureRecognizer()
        tap.maximumTapDuration = .nanoseconds(1_500)
        tap.maximumIntervalBetweenTaps = .milliseconds(420)
        let swipe = SwipeGestureRecognizer()
        swipe.maximumDuration = .milliseconds(777)
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = .seconds(2)
        #expect(tap.maximumTapDuration == .nanoseconds(1_500))
        #expect(tap.maximumIntervalBetweenTaps == .milliseconds(420))
        #expect(swipe.maximumDuration == .milliseconds(777))
        #expect(press.minimumPressDuration == .seconds(2))
    }
}
