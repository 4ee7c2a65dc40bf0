import Testing
@testable import GestureKit

@Suite("Touchpad gestures")
struct TouchpadTests {
    @Test("a three-finger touchpad swipe drives a pan with libinput's accelerated deltas")
    func panFromSwipe() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var fingers: [Int] = []
        pan.addTarget { fingers.append($0.numberOfTouches) }
        s.pad(.swipe, .begin, fingers: 3)
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 5, y: 0), unaccelerated: Point(x: 2, y: 0))
        #expect(s.log.isEmpty, "5 units is below 2 mm at the fallback 3.78 pt/mm")
        for _ in 0..<9 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 5, y: -1), unaccelerated: Point(x: 2, y: 0)) }
        #expect(pan.translation(in: nil) == Point(x: 50, y: -9))
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.log == ["pan: began"] + Array(repeating: "pan: changed", count: 8) + ["pan: ended"])
        #expect(Set(fingers) == [3])
        #expect(pan.location(in: nil) == Point(x: 500, y: 300), "the centre of the focus")
    }

    @Test("the finger counts are configurable; nil turns touchpad swipes off")
    func fingerCounts() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        pan.touchpadFingerCounts = 4...4
        s.engine.root.addGestureRecognizer(pan)
        for count in [2, 3, 5] {
            s.pad(.swipe, .begin, fingers: count)
            for _ in 0..<5 { s.pad(.swipe, .update, fingers: count, delta: Point(x: 10, y: 0)) }
            s.pad(.swipe, .end, fingers: count)
        }
        #expect(s.log.isEmpty)
        s.pad(.swipe, .begin, fingers: 4)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 4, delta: Point(x: 10, y: 0)) }
        s.pad(.swipe, .end, fingers: 4)
        #expect(s.takeLog().first == "pan: began")
        pan.touchpadFingerCounts = nil
        s.pad(.swipe, .begin, fingers: 4)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 4, delta: Point(x: 10, y: 0)) }
        s.pad(.swipe, .end, fingers: 4)
        #expect(s.log.isEmpty)
    }

    @Test("a touchpad swipe ended before the hysteresis fails the pan; a cancelled one cancels it")
    func panEndsAndCancels() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.pad(.swipe, .begin, fingers: 3)
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 2, y: 0))
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.takeLog() == ["pan: failed(ended too soon)"])
        s.pad(.swipe, .begin, fingers: 3)
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0))
        s.pad(.swipe, .cancel, fingers: 3)
        #expect(s.takeLog() == ["pan: began", "pan: cancelled"])
    }

    @Test("a touchpad swipe drives a swipe, measured in millimetres of unaccelerated motion")
    func swipeFromSwipe() {
        let s = Fingers(kind: .touchpad)
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .left
        s.engine.root.addGestureRecognizer(swipe)
        var seen: SwipeDirection?
        swipe.addTarget { seen = $0.recognizedDirection }
        s.pad(.swipe, .begin, fingers: 3)
        // 12 mm is 120 libinput touchpad units; accelerated deltas are ignored.
        for _ in 0..<4 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: -900, y: 0), unaccelerated: Point(x: -29.5, y: 0)) }
        #expect(s.log.isEmpty)
        s.pad(.swipe, .update, fingers: 3, delta: .zero, unaccelerated: Point(x: -2, y: 0))
        #expect(s.log == ["swipe: ended"])
        #expect(seen == .left)
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.log == ["swipe: ended"])

        // The wrong way.
        s.takeLog()
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, unaccelerated: Point(x: 29.5, y: 0)) }
        #expect(s.takeLog() == ["swipe: failed(wrong direction)"])
        s.pad(.swipe, .end, fingers: 3)

        // Too slow.
        s.pad(.swipe, .begin, fingers: 3)
        s.wait(650)
        #expect(s.takeLog() == ["swipe: failed(slower than 600.0 ms)"])
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.log.isEmpty)
    }

    @Test("a touchpad pinch drives pinch and rotation; without leave, the first to begin excludes the other")
    func pinchAndRotation() {
        let s = Fingers(kind: .touchpad)
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        s.pad(.pinch, .begin, fingers: 2)
        s.pad(.pinch, .update, fingers: 2, scale: 1.2, angle: 5)
        s.pad(.pinch, .update, fingers: 2, scale: 1.5, angle: 5)
        #expect(abs(pinch.scale - 1.5) < 1e-12)
        s.pad(.pinch, .end, fingers: 2)
        #expect(s.takeLog() == ["pinch: began", "rotation: failed(excluded by pinch)", "pinch: changed", "pinch: ended"])
    }

    @Test("with leave to be simultaneous, a touchpad pinch drives both, rotation clockwise positive")
    func pinchAndRotationTogether() {
        let s = Fingers(kind: .touchpad)
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        let delegate = Delegate()
        delegate.simultaneous = { _, _ in true }
        pinch.delegate = delegate
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        var end = (scale: 0.0, rotation: 0.0, velocity: 0.0)
        rotation.addTarget { rotation in
            if rotation.state == .ended { end = (pinch.scale, rotation.rotation, rotation.velocity) }
        }
        s.pad(.pinch, .begin, fingers: 2)
        s.pad(.pinch, .update, fingers: 2, scale: 0.9, angle: 5)
        s.pad(.pinch, .update, fingers: 2, scale: 0.8, angle: 5)
        s.pad(.pinch, .update, fingers: 2, scale: 0.7, angle: 5)
        s.pad(.pinch, .end, fingers: 2)
        #expect(s.log == [
            "pinch: began", "pinch: changed", "rotation: began", "pinch: changed", "rotation: changed",
            "pinch: ended", "rotation: ended",
        ])
        #expect(abs(end.scale - 0.7) < 1e-12)
        #expect(abs(end.rotation - 15 * Double.pi / 180) < 1e-12)
        #expect(end.velocity > 0)
    }

    @Test("allowedTouchTypes decides which fingers a recognizer hears, and a change takes effect at the next landing")
    func allowedTouchTypes() {
        let pad = Fingers(kind: .touchpad)
        let screen = Fingers()
        for s in [pad, screen] {
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            let fingersOnPad = s === pad
            for types: Set<TouchType> in [[.direct], [.indirect], [.direct, .indirect], [.touchpadGesture]] {
                pan.allowedTouchTypes = types
                s.press([1], at: [Point(x: 500, y: 300)])
                let expected = types.contains(fingersOnPad ? .indirect : .direct)
                #expect(pan.numberOfTouches == (expected ? 1 : 0), "\(types) on a \(fingersOnPad ? "touchpad" : "touchscreen")")
                s.release([1])
                s.wait(500)
            }
        }
    }

    @Test("Touchpad fingers reach the touch handler of the touchpad focus (not the region under their sensor coordinates), typed indirect, so a host can leave them out")
    func indirectFingersGoToTheFocusHandler() {
        let s = Fingers(kind: .touchpad)
        let under = s.region("under the coordinates", Rect(x: 0, y: 0, width: 1000, height: 600))
        let focus = s.region("focus", Rect(x: 900, y: 500, width: 100, height: 100))
        let underLog = TouchLog(), focusLog = TouchLog()
        under.touchHandler = underLog
        focus.touchHandler = focusLog
        final class Types: TouchHandler {
            var seen: [TouchType] = []
            func touchBegan(_ touch: Touch) { seen.append(touch.type) }
            func touchMoved(_ touch: Touch) {}
            func touchEnded(_ touch: Touch) {}
            func touchCancelled(_ touch: Touch) {}
        }
        s.engine.touchpadFocus = focus
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        s.release([1])
        #expect(focusLog.entries == ["began 1", "moved 1", "ended 1"])
        #expect(underLog.entries.isEmpty)
        // Without a focus, the root's handler has them; each is typed indirect.
        let typed = Types()
        s.engine.touchpadFocus = nil
        s.engine.root.touchHandler = typed
        s.press([2], at: [Point(x: 100, y: 100)])
        s.release([2])
        #expect(typed.seen == [.indirect])
        #expect(underLog.entries.isEmpty)
    }
}
