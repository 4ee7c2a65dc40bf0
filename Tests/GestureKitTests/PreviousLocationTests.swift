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

    @Test("a contact reported stationary at a new position is placed there with no motion (a mapping changed)")
    func stationaryAtANewPosition() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 40, y: 0), over: 40)
        let at = pan.translation(in: nil)
        let touch = s.engine.activeTouches[0]
        let last = touch.location - touch.previousLocation
        s.tick()
        // The producer places the finger anew (a calibration set with fingers down): no motion.
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: 1, phase: .stationary, location: Point(x: 300, y: 200), millimetres: Point(x: 75, y: 50)),
        ])))
        #expect(pan.translation(in: nil) == at)
        #expect(touch.phase == .stationary)
        #expect(touch.location == Point(x: 300, y: 200))
        #expect(touch.location - touch.previousLocation == last)
    }

    @Test("a tap whose finger a new mapping places 15 mm away, and that lifts there, is a tap")
    func tapPlacedAnew() {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.press([2], at: [Point(x: 600, y: 400)])
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: 2, phase: .stationary, location: Point(x: 660, y: 400), millimetres: Point(x: 165, y: 100)),
        ])))
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: 2, phase: .ended, location: Point(x: 660, y: 400), millimetres: Point(x: 165, y: 100)),
        ])))
        #expect(s.log == ["tap: ended"])
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

    /// Sends one frame of `contacts` (id, phase, x) at y = 200, a frame interval after the last.
    func send(_ s: Fingers, _ contacts: [(Int, TouchPhase, Double)]) {
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: contacts.map {
            TouchContact(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: 200), millimetres: Point(x: $0.2 / 4, y: 50))
        })))
    }

    func phase(_ s: Fingers, _ id: Int) -> TouchPhase? { s.engine.activeTouches.first { $0.contactID == id }?.phase }

    @Test("a finger left out is stationary however the frame lists the others: twice, landing and lifting, moving and lifting")
    func restingPhaseAmongOddFrames() {
        let s = Fingers()
        send(s, [(1, .began, 100), (2, .began, 300)])
        send(s, [(1, .moved, 110), (2, .moved, 310)])
        // Finger 1 listed twice, finger 2 left out.
        send(s, [(1, .moved, 120), (1, .moved, 130)])
        #expect(phase(s, 1) == .moved)
        #expect(phase(s, 2) == .stationary)
        send(s, [(1, .moved, 140), (2, .moved, 320)])
        // A tap down and up in one frame; fingers 1 and 2 left out.
        send(s, [(3, .began, 500), (3, .ended, 500)])
        #expect(phase(s, 1) == .stationary)
        #expect(phase(s, 2) == .stationary)
        send(s, [(1, .moved, 150), (2, .moved, 330)])
        // Finger 1 moves and lifts in one frame, finger 4 lands; finger 2 left out.
        send(s, [(1, .moved, 160), (1, .ended, 160), (4, .began, 700)])
        #expect(phase(s, 2) == .stationary)
        #expect(phase(s, 4) == .began)
        send(s, [(2, .moved, 340), (4, .moved, 710)])
        // Finger 4 moves and lifts in one frame, finger 2 left out (no landing: the count decides).
        send(s, [(4, .moved, 720), (4, .ended, 720)])
        #expect(phase(s, 2) == .stationary)
        send(s, [(2, .moved, 350), (5, .began, 900)])
        send(s, [(2, .moved, 360), (5, .moved, 910)])
        // Contact 5 moves, then begins again (the device restarted it), finger 2 left out.
        send(s, [(5, .moved, 920), (5, .began, 930)])
        #expect(phase(s, 2) == .stationary)
        #expect(phase(s, 5) == .began)
    }

    /// Sends a frame of `contacts` from `shouldReceive` the first time it is asked about the
    /// finger `landing`.
    final class SendingDelegate: GestureRecognizerDelegate {
        let fingers: Fingers
        let landing: Int
        let contacts: [TouchContact]
        var sent = false
        init(_ fingers: Fingers, asked landing: Int, sends contacts: [TouchContact]) {
            (self.fingers, self.landing, self.contacts) = (fingers, landing, contacts)
        }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            if !sent && touch.contactID == landing {
                sent = true
                fingers.engine.send(.touchFrame(TouchFrame(device: fingers.device.id, timestamp: fingers.time, contacts: contacts)))
            }
            return true
        }
    }

    /// Records the phases its hooks are handed.
    final class PhaseRecorder: GestureRecognizer {
        var heard: [String] = []
        override func touchesBegan(_ touches: [Touch]) {
            heard.append("began " + touches.map { "\($0.contactID):\($0.phase.rawValue)" }.joined(separator: ","))
        }
        override func touchesMoved(_ touches: [Touch]) {
            heard.append("moved " + touches.map { "\($0.contactID):\($0.phase.rawValue)" }.joined(separator: ","))
        }
    }

    @Test("a frame sent from a delegate as a finger lands changes no phase of the frame it interrupts")
    func nestedFrameKeepsPhases() {
        let s = Fingers()
        let recorder = PhaseRecorder().named("recorder")
        let delegate = SendingDelegate(s, asked: 2, sends: [])
        recorder.delegate = delegate
        s.engine.root.addGestureRecognizer(recorder)
        send(s, [(1, .began, 100)])
        send(s, [(1, .moved, 110)])
        recorder.heard.removeAll()
        // Finger 1 moves and finger 2 lands; the delegate asked about finger 2 sends an empty frame.
        send(s, [(1, .moved, 120), (2, .began, 300)])
        #expect(delegate.sent)
        #expect(recorder.heard.allSatisfy { !$0.contains("1:stationary") && !$0.contains("2:stationary") }, "\(recorder.heard)")
        #expect(recorder.heard.contains { $0.hasPrefix("began") && $0.contains("2:began") }, "\(recorder.heard)")
        #expect(phase(s, 1) == .moved)
        #expect(phase(s, 2) == .began)
        // The next frame of the host's leaves both out: both rest.
        send(s, [])
        #expect(phase(s, 1) == .stationary)
        #expect(phase(s, 2) == .stationary)
    }

    @Test("a finger left out is stationary when a delegate asked as another lands lifts one the frame reported")
    func restingPhaseWhenADelegateLifts() {
        let s = Fingers()
        let recorder = PhaseRecorder().named("recorder")
        let delegate = SendingDelegate(s, asked: 3, sends: [
            TouchContact(id: 1, phase: .ended, location: Point(x: 120, y: 200), millimetres: Point(x: 30, y: 50)),
        ])
        recorder.delegate = delegate
        s.engine.root.addGestureRecognizer(recorder)
        send(s, [(1, .began, 100), (2, .began, 300)])
        send(s, [(1, .moved, 110), (2, .moved, 310)])
        // Finger 1 moves and finger 3 lands; finger 2 is left out; the delegate lifts finger 1.
        send(s, [(1, .moved, 120), (3, .began, 500)])
        #expect(delegate.sent)
        #expect(s.engine.activeTouches.count == 2)
        #expect(phase(s, 2) == .stationary)
        #expect(phase(s, 3) == .began)
    }
}
