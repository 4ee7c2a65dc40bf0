import Testing
@testable import GestureKit

@Suite("Cancelled touches: devices removed, dropped contacts, palms")
struct CancellationTests {
    /// A pan that has begun and a long press (allowed alongside) still possible, both on a view
    /// whose handler logs touches (the pan leaves the view its touches).
    func busy() -> (Fingers, PanGestureRecognizer, LongPressGestureRecognizer, TouchLog) {
        let s = Fingers()
        let view = s.region("view", Rect(x: 0, y: 0, width: 800, height: 600))
        let log = TouchLog()
        view.touchHandler = log
        let pan = PanGestureRecognizer().named("pan")
        pan.cancelsTouchesInView = false
        let press = LongPressGestureRecognizer().named("press")
        press.allowableMovement = .points(1000)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(press)
        s.keepAlive.append(delegate)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        return (s, pan, press, log)
    }

    @Test("a device removed mid-gesture cancels the pan, fails the possible ones and leaves nothing stuck")
    func deviceRemoved() {
        let (s, pan, press, log) = busy()
        let actions = ActionLog(pan)
        s.unplug()
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "press: failed(touches cancelled (deviceRemoved))"])
        #expect(actions.states == [.cancelled])
        #expect(press.failureReason == .touchesCancelled(.deviceRemoved))
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(s.engine.activeTouches.isEmpty)
        #expect(s.engine.participants.isEmpty)
        #expect(s.engine.nextDeadline == nil)
        #expect(s.engine.devices.isEmpty)
        #expect(pan.state == .possible && press.state == .possible)

        // Frames from the removed device are dropped and counted.
        s.tick()
        s.down(1, at: Point(x: 100, y: 100))
        s.frame()
        #expect(s.engine.statistics.framesFromUnknownDevices == 1)

        // A new device's next gesture works.
        s.takeLog()
        s.plug(id: 2)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended", "press: failed(ended too soon)"])
    }

    @Test("a contact the device cancels (SYN_DROPPED) cancels the gesture it fed")
    func droppedContact() {
        let (s, pan, press, log) = busy()
        s.tick()
        s.cancelContact(1)
        s.frame()
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "press: failed(touches cancelled (device))"])
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(s.engine.activeTouches.isEmpty)
        #expect(pan.state == .possible && press.state == .possible)
        // The ended contact that follows (a late lift) is counted, not obeyed.
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: 1, phase: .ended, location: Point(x: 150, y: 100), millimetres: .zero),
        ])))
        #expect(s.engine.statistics.contactsWithoutBegin == 1)
    }

    @Test("a contact that is a palm from the start is ignored for its whole life")
    func palmAtBegan() {
        let s = Fingers()
        let view = s.region("view", Rect(x: 0, y: 0, width: 800, height: 600))
        let log = TouchLog()
        view.touchHandler = log
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        s.down(1, at: Point(x: 100, y: 100), palm: true)
        s.frame()
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        #expect(s.log.isEmpty)
        #expect(log.entries.isEmpty)
        #expect(s.engine.statistics.palmsIgnored == 1)
        #expect(s.engine.statistics.contactsWithoutBegin == 0)
        #expect(s.engine.activeTouches.isEmpty)

        // A real finger next to it still pans.
        s.press([2], at: [Point(x: 300, y: 300)])
        s.drag(2, by: Point(x: 100, y: 0), over: 100)
        s.release([2])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("a contact turning into a palm mid-way cancels its touch")
    func palmMidway() {
        let (s, _, press, log) = busy()
        s.tick()
        s.palm(1)
        s.frame()
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "press: failed(touches cancelled (palm))"])
        #expect(press.failureReason == .touchesCancelled(.palm))
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(s.engine.activeTouches.isEmpty)
        // The device goes on reporting the palm until it lifts: ignored, not counted as stray.
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        s.release([1])
        #expect(s.engine.statistics.contactsWithoutBegin == 0)
        #expect(s.engine.statistics.palmsIgnored == 1)
        #expect(s.outcomes.count == 3)
    }

    @Test("cancelAllTouches cancels everything in flight, touchpad gestures included")
    func cancelAll() {
        let (s, _, press, log) = busy()
        s.engine.cancelAllTouches()
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "press: failed(touches cancelled (host))"])
        #expect(press.failureReason == .touchesCancelled(.host))
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(s.engine.activeTouches.isEmpty)
        #expect(s.engine.participants.isEmpty)
    }

    @Test("a touchpad removed mid-swipe cancels the pan it drives")
    func touchpadRemoved() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<3 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        s.unplug()
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(s.engine.touchpadSequences.isEmpty)
        #expect(s.engine.participants.isEmpty)
        #expect(pan.touchpadGestureSequence == nil)
    }
}
