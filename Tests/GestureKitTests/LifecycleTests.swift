import Testing
@testable import GestureKit

@Suite("Enabling, disabling and removing mid-gesture")
struct LifecycleTests {
    @Test("an engine dropped while fingers are down frees its whole graph")
    func engineDroppedWithFingersDown() {
        weak var engine: GestureEngine?
        weak var pan: PanGestureRecognizer?
        weak var press: LongPressGestureRecognizer?
        weak var view: Region?
        weak var touch: Touch?
        do {
            let s = Fingers()
            let v = s.region("view", Rect(x: 0, y: 0, width: 500, height: 500))
            v.touchHandler = TouchLog()
            let p = PanGestureRecognizer().named("pan")
            let l = LongPressGestureRecognizer().named("press")
            v.addGestureRecognizer(p)
            v.addGestureRecognizer(l)
            s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
            s.drag(1, by: Point(x: 30, y: 0), over: 50)
            #expect(p.state == .changed)
            #expect(p.touches.count == 2)
            (engine, pan, press, view, touch) = (s.engine, p, l, v, p.touches.first)
        }
        #expect(engine == nil)
        #expect(pan == nil)
        #expect(press == nil)
        #expect(view == nil)
        #expect(touch == nil)
    }

    @Test("an engine dropped during a rotation and a pinch frees its whole graph, a surface owed a cancel included")
    func engineDroppedMidRotation() {
        weak var engine: GestureEngine?
        weak var rotation: RotationGestureRecognizer?
        weak var pinch: PinchGestureRecognizer?
        weak var view: Region?
        weak var touch: Touch?
        do {
            let s = Fingers()
            let v = s.region("view", Rect(x: 0, y: 0, width: 800, height: 600))
            // A surface with a handler: the dropped engine owes it the cancel of its fingers.
            v.touchHandler = TouchLog()
            let r = RotationGestureRecognizer().named("rotation")
            let p = PinchGestureRecognizer().named("pinch")
            let d = Delegate()
            d.simultaneous = { _, _ in true }
            s.keepAlive.append(d)
            for g in [r, p] as [GestureRecognizer] {
                g.delegate = d
                v.addGestureRecognizer(g)
            }
            let c = Point(x: 400, y: 300)
            s.press([1, 2], at: [c - Point(x: 80, y: 0), c + Point(x: 80, y: 0)])
            s.trace([1, 2], over: 100) { id, f in
                let a = 0.6 * f + (id == 1 ? Double.pi : 0)
                return c + Point(x: (80 + 40 * f) * cos(a), y: (80 + 40 * f) * sin(a))
            }
            #expect(r.state == .changed && p.state == .changed)
            (engine, rotation, pinch, view, touch) = (s.engine, r, p, v, p.touches.first)
        }
        #expect(engine == nil)
        #expect(rotation == nil, "the rotation's anchored fingers held their touches, which held the region")
        #expect(pinch == nil)
        #expect(view == nil)
        #expect(touch == nil)
    }

    @Test("an engine dropped during a touchpad gesture frees its recognizers")
    func engineDroppedDuringTouchpadGesture() {
        weak var engine: GestureEngine?
        weak var pan: PanGestureRecognizer?
        do {
            let s = Fingers(kind: .touchpad)
            let p = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(p)
            s.pad(.swipe, .begin, fingers: 3)
            for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
            #expect(p.state == .changed)
            #expect(p.touchpadGestureSequence != nil)
            (engine, pan) = (s.engine, p)
        }
        #expect(engine == nil)
        #expect(pan == nil)
    }

    @Test("disabling a pan that has begun cancels it and tells its targets")
    func disableWhileBegan() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        let actions = ActionLog(pan)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 20, y: 0), over: 50)  // begins on the third of six frames
        pan.isEnabled = false
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(actions.states == [.began, .changed, .changed, .changed, .cancelled])
        #expect(pan.state == .possible)
        s.drag(1, by: Point(x: 50, y: 0), over: 50)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(actions.states.count == 5)

        // Enabled again, it works on the next gesture.
        pan.isEnabled = true
        s.takeLog()
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("disabling a recognizer still possible fails it as disabled")
    func disableWhilePossible() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        let actions = ActionLog(tap)
        s.press([1], at: [Point(x: 100, y: 100)])
        tap.isEnabled = false
        #expect(s.log == ["tap: failed(disabled)"])
        #expect(tap.failureReason == .disabled)
        s.release([1])
        #expect(s.log == ["tap: failed(disabled)"])
        #expect(actions.states.isEmpty)
        #expect(s.engine.participants.isEmpty)
    }

    @Test("a disabled recognizer hears nothing")
    func disabledHearsNothing() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        tap.isEnabled = false
        s.engine.root.addGestureRecognizer(tap)
        s.tap(at: Point(x: 100, y: 100))
        #expect(s.log.isEmpty)
        #expect(tap.touches.isEmpty)
    }

    @Test("removing a recognizer mid-gesture cancels it; the others carry on")
    func removeRecognizer() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let press = LongPressGestureRecognizer().named("press")
        press.allowableMovement = .points(1000)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        pan.delegate = delegate
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(press)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        s.engine.root.removeGestureRecognizer(pan)
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(pan.region == nil)
        #expect(pan.state == .possible)
        s.wait(500)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "press: began", "press: ended"])
    }

    @Test("removing a region mid-gesture cancels the gestures of its subtree, not its ancestors'")
    func removeRegion() {
        let s = Fingers()
        let panel = s.region("panel", Rect(x: 100, y: 100, width: 400, height: 400))
        let inner = s.region("inner", Rect(x: 50, y: 50, width: 200, height: 200), in: panel)
        let innerPan = PanGestureRecognizer().named("innerPan")
        let panelTap = TapGestureRecognizer().named("panelTap")
        let rootPress = LongPressGestureRecognizer().named("rootPress")
        inner.addGestureRecognizer(innerPan)
        panel.addGestureRecognizer(panelTap)
        s.engine.root.addGestureRecognizer(rootPress)
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        innerPan.delegate = delegate
        rootPress.allowableMovement = .points(1000)
        panelTap.maximumMovement = .points(1000)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 50, y: 0), over: 100)
        #expect(s.outcomes == ["innerPan: began"])
        panel.removeFromParent()
        #expect(s.outcomes == ["innerPan: began", "panelTap: failed(disabled)", "innerPan: cancelled"])
        #expect(innerPan.region === inner)
        s.wait(500)
        s.release([1])
        #expect(s.outcomes.suffix(2) == ["rootPress: began", "rootPress: ended"])
        #expect(s.engine.participants.isEmpty)
    }

    @Test("removing a region cancels the raw touches its handler was receiving, once")
    func removeRegionCancelsDeliveredTouches() {
        let s = Fingers()
        let surface = s.region("surface", Rect(x: 100, y: 100, width: 400, height: 400))
        let log = TouchLog()
        surface.touchHandler = log
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        #expect(log.entries == ["began 1", "moved 1"])
        surface.removeFromParent()
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        s.release([1])
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(s.engine.deliveryTouches.isEmpty)
    }
}
