import Testing
@testable import GestureKit

/// `Touch.previousLocation` is where the touch was before its latest motion: the same whether the
/// panel re-sends resting fingers unchanged in every frame or reports only what moved.
@Suite("Touch: the location before the latest motion, whatever the panel re-sends")
struct PreviousLocationTests {
    /// Finger 1 moves once, then finger 2 moves for a few frames while finger 1 rests, re-sent
    /// unchanged in every frame or left out of them; returns finger 1's previous location and
    /// location then.
    func restingFinger(resent: Bool) -> (previous: Point, location: Point) {
        let engine = GestureEngine(screen: Fingers.screen)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
            hasResolution: true, maximumContacts: 10)
        engine.send(.deviceAdded(device, at: .zero))
        var time = Timestamp.zero
        func send(_ contacts: [TouchContact]) {
            time = time + .milliseconds(8)
            engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: contacts)))
        }
        func contact(_ id: Int, _ phase: TouchPhase, _ p: Point) -> TouchContact {
            TouchContact(id: id, phase: phase, location: p, millimetres: p / 4)
        }
        send([contact(1, .began, Point(x: 200, y: 200)), contact(2, .began, Point(x: 400, y: 200))])
        send([contact(1, .moved, Point(x: 206, y: 200)), contact(2, .stationary, Point(x: 400, y: 200))])
        send([contact(1, .moved, Point(x: 212, y: 200)), contact(2, .stationary, Point(x: 400, y: 200))])
        for i in 1...3 {
            let two = contact(2, .moved, Point(x: 400 + Double(i) * 5, y: 200))
            send(resent ? [contact(1, .moved, Point(x: 212, y: 200)), two] : [two])
        }
        let t = engine.activeTouches.first { $0.contactID == 1 }!
        return (t.previousLocation, t.location)
    }

    @Test("a resting finger re-sent unchanged keeps the location before its latest motion")
    func sameWithAndWithoutResends() {
        let quiet = restingFinger(resent: false)
        let resent = restingFinger(resent: true)
        #expect(quiet.location == Point(x: 212, y: 200))
        #expect(resent.location == quiet.location)
        // Before: the re-sent finger read its own location as where it was before (212, 200).
        #expect(resent.previous == quiet.previous, "re-sent \(resent.previous), not re-sent \(quiet.previous)")
        #expect(quiet.previous == Point(x: 206, y: 200))
    }

    @Test("a lift that carries no new position is not heard as motion; one that carries one is")
    func liftMotion() {
        for carried in [false, true] {
            let s = Fingers()
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            var changes = 0
            var ended = Point.zero
            pan.addTarget { p in
                if p.state == .changed { changes += 1 }
                if p.state == .ended { ended = p.translation(in: nil) }
            }
            s.press([1], at: [Point(x: 200, y: 200)])
            s.drag(1, by: Point(x: 40, y: 0), over: 40)
            let before = changes
            let at = pan.translation(in: nil)
            s.tick()
            if carried { s.lift(1, at: Point(x: 260, y: 200)) } else { s.lift(1) }
            s.frame()
            #expect(changes == before + (carried ? 1 : 0), "carried \(carried)")
            #expect(ended.x == at.x + (carried ? 20 : 0), "carried \(carried)")
        }
    }

    @Test("a contact reported stationary at a new position has moved: its recognizers hear it")
    func stationaryAtANewPosition() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 40, y: 0), over: 40)
        let at = pan.translation(in: nil)
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: 1, phase: .stationary, location: Point(x: 250, y: 200), millimetres: Point(x: 62.5, y: 50)),
        ])))
        #expect(pan.translation(in: nil).x == at.x + 10)
        #expect(s.engine.activeTouches.first?.phase == .moved)
    }

    @Test("a resting finger left out of a frame is stationary in it, as one re-sent unchanged")
    func restingPhase() {
        for resent in [false, true] {
            let s = Fingers()
            var phases: [TouchPhase] = []
            let pan = PanGestureRecognizer().named("pan")
            pan.minimumNumberOfTouches = 2
            pan.addTarget { p in phases = p.touches.sorted { $0.contactID < $1.contactID }.map(\.phase) }
            s.engine.root.addGestureRecognizer(pan)
            s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 400, y: 200)])
            s.drag([1: Point(x: 40, y: 0), 2: Point(x: 40, y: 0)], over: 50)
            #expect(phases == [.moved, .moved], "resent \(resent)")
            // Finger 2 moves on alone; finger 1 is re-sent where it is, or left out.
            for i in 1...3 {
                s.tick()
                s.move(2, to: Point(x: 440 + Double(i) * 10, y: 200))
                if resent { s.frame() } else { s.sendOnlyPending() }
            }
            #expect(pan.state == .changed, "resent \(resent)")
            #expect(phases == [.stationary, .moved], "resent \(resent)")
            #expect(s.engine.activeTouches.first { $0.contactID == 1 }?.phase == .stationary, "resent \(resent)")
        }
    }
}
