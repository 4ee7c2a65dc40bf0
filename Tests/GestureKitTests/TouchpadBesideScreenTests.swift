import Testing
@testable import GestureKit

/// A touchpad and a touchscreen used at once (a compositor's workspace swipe on the touchpad
/// while a finger taps a client on the screen): a recognizer follows touchscreen fingers or a
/// touchpad gesture, never both at once, so neither input reaches into a gesture the other drives.
@Suite("A touchpad gesture beside touchscreen fingers")
struct TouchpadBesideScreenTests {
    static let padID = DeviceID(2)

    /// Plugs a touchpad (device 2) into the story's engine, beside its touchscreen.
    func plugPad(_ s: Fingers) { s.plugTouchpad(id: Self.padID) }

    /// One 3-finger touchpad swipe event on device 2, a frame interval after the last event.
    func pad(_ s: Fingers, _ phase: TouchpadGesturePhase, dx: Double = 0) {
        s.pad(.swipe, phase, fingers: 3, delta: Point(x: dx, y: 0), from: Self.padID)
    }

    @Test("A touchscreen tap does not end a pan that a touchpad swipe still drives")
    func screenTapKeepsTouchpadPan() {
        let s = Fingers()
        plugPad(s)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        pad(s, .begin)
        for _ in 0..<5 { pad(s, .update, dx: 10) }
        #expect(pan.state == .changed)
        #expect(pan.numberOfTouches == 3)
        s.tick()
        s.press([1], at: [Point(x: 300, y: 300)])
        #expect(pan.touches.count == 1, "the finger joined the touchpad's pan: \(pan.touches)")
        s.release([1])
        #expect(pan.state.isActive, "the swipe's three fingers are still on the touchpad; got \(pan.state)")
        let before = pan.translation(in: nil).x
        pad(s, .update, dx: 10)
        // The swipe's motion goes on, not jumping to the finger's position on the screen.
        #expect(abs(pan.translation(in: nil).x - before - 10) < 1e-9)
        pad(s, .end)
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("A tap on a client surface during a touchpad swipe reaches the client and its tap recognizer")
    func screenTapDuringTouchpadSwipe() {
        let s = Fingers()
        plugPad(s)
        let surface = s.region("surface", Rect(x: 100, y: 100, width: 600, height: 400))
        let handler = TouchLog()
        surface.touchHandler = handler
        surface.addGestureRecognizer(TapGestureRecognizer().named("button"))
        s.engine.root.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        pad(s, .begin)
        for _ in 0..<5 { pad(s, .update, dx: 10) }
        s.tick()
        s.press([1], at: [Point(x: 300, y: 300)])
        s.release([1])
        #expect(s.outcomes == ["pan: began", "button: ended"], "\(s.outcomes)")
        // The client heard the finger begin, and end once (an end, or a cancel should the tap
        // claim it).
        #expect(handler.entries == ["began 1", "cancelled 1"] || handler.entries == ["began 1", "ended 1"], "\(handler.entries)")
        pad(s, .end)
        #expect(s.outcomes == ["pan: began", "button: ended", "pan: ended"])
    }

    @Test("A touchpad swipe that begins while a pan follows a screen finger does not join it")
    func touchpadSwipeLeavesScreenPan() {
        let s = Fingers()
        plugPad(s)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 500, y: 300)])
        pad(s, .begin)
        #expect(pan.touchpadGestureSequence == nil)
        s.tick()
        s.move(1, to: Point(x: 501, y: 300))
        s.frame()
        let t = pan.translation(in: nil)
        #expect(abs(t.x) <= 1 && abs(t.y) <= 1, "the finger moved 1 point; translation \(t)")
        #expect(pan.state == .possible, "1 point is under the 2 mm hysteresis; log \(s.log)")
        // The finger drags on: the pan follows it, and the swipe's motion is not its.
        for _ in 0..<5 { pad(s, .update, dx: 50) }
        s.drag(1, by: Point(x: 40, y: 0), over: 100)
        #expect(pan.state == .changed)
        #expect(abs(pan.translation(in: nil).x - 41) < 1e-6)
        s.release([1])
        pad(s, .end)
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("Once the touchpad gesture ends, the recognizer takes touchscreen fingers again")
    func screenAfterTouchpad() {
        let s = Fingers()
        plugPad(s)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        pad(s, .begin)
        for _ in 0..<5 { pad(s, .update, dx: 10) }
        pad(s, .end)
        s.tick()
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended", "pan: began", "pan: ended"])
    }

    /// A finger lands on a client while the desk's pan follows a touchpad swipe; the swipe ends;
    /// with `tapElsewhere`, a tap in another region resets its recognizer before the finger drags.
    func fingerDuringSwipe(tapElsewhere: Bool) -> (log: [String], handler: [String]) {
        let s = Fingers()
        plugPad(s)
        let desk = s.region("desk", Rect(x: 0, y: 0, width: 750, height: 600))
        let surface = s.region("surface", Rect(x: 100, y: 100, width: 600, height: 400), in: desk)
        let other = s.region("other", Rect(x: 800, y: 0, width: 200, height: 600))
        other.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        let handler = TouchLog()
        surface.touchHandler = handler
        desk.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        s.engine.touchpadFocus = desk
        pad(s, .begin)
        for _ in 0..<5 { pad(s, .update, dx: 10) }
        s.tick()
        s.press([1], at: [Point(x: 300, y: 300)])
        pad(s, .end)
        if tapElsewhere {
            s.tick()
            s.press([2], at: [Point(x: 900, y: 300)])
            s.release([2])
        }
        s.drag(1, by: Point(x: 200, y: 0), over: 200)
        s.release([1])
        return (s.outcomes.filter { $0.hasPrefix("pan") }, handler.entries.filter { !$0.hasPrefix("moved") })
    }

    @Test("A finger that lands during a touchpad swipe is never taken by the swipe's pan, whatever resets later")
    func fingerDuringSwipeNotTakenLater() {
        let quiet = fingerDuringSwipe(tapElsewhere: false)
        let tapped = fingerDuringSwipe(tapElsewhere: true)
        #expect(quiet.log == ["pan: began", "pan: ended"], "\(quiet.log)")
        #expect(quiet.handler == ["began 1", "ended 1"])
        #expect(tapped.log == quiet.log, "an unrelated tap handed the client's finger to the pan: \(tapped.log)")
        #expect(tapped.handler == quiet.handler)
    }
}
