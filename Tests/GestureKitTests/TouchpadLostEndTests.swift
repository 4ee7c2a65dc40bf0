import Testing
@testable import GestureKit

@Suite("Touchpad gestures: a lost end, a late cancel, the focus's centre")
struct TouchpadLostEndTests {
    // MARK: Touchpad location

    @Test("a touchpad gesture without a pointer location is located at the centre of the focus region, for a recognizer on an ancestor too")
    func touchpadLocationIsTheFocusCentre() {
        let s = Fingers(kind: .touchpad)
        let client = s.region("client", Rect(x: 600, y: 0, width: 400, height: 300))
        s.engine.touchpadFocus = client
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var seen: [Point] = []
        pan.addTarget { seen.append($0.location(in: nil)) }
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(!seen.isEmpty)
        #expect(seen.allSatisfy { $0 == Point(x: 800, y: 150) }, "the centre of the focus region, not of the root: \(seen)")
    }

    // MARK: Touchpad gesture whose end is lost

    @Test("a touchpad swipe that begins while the last one's end was lost drives the pan that followed the last one")
    func beginAfterLostEndIsHeard() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        // The end is lost; the next gesture begins.
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.outcomes == ["pan: began", "pan: cancelled", "pan: began", "pan: ended"])
        #expect(pan.state == .possible)
    }

    @Test("a swipe that failed on a gesture whose end was lost hears the next gesture")
    func failedSwipeHearsNextGesture() {
        let s = Fingers(kind: .touchpad)
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .left
        s.engine.root.addGestureRecognizer(swipe)
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 30, y: 0)) }
        #expect(s.takeLog() == ["swipe: failed(wrong direction)"])
        // End lost; the next gesture goes left.
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: -30, y: 0)) }
        s.pad(.swipe, .end, fingers: 3)
        #expect(s.log == ["swipe: ended"])
    }

    // MARK: Touchpad cancel made later

    @Test("a touchpad swipe cancelled by the touchpad's removal a while after its last event keeps its fingers")
    func removalLaterKeepsFingers() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var fingers: [GestureState: Int] = [:]
        pan.addTarget { fingers[$0.state] = $0.numberOfTouches }
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        s.wait(200)
        s.engine.send(.deviceRemoved(s.device.id, at: s.time))
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(fingers[.changed] == 3)
        #expect(fingers[.cancelled] == 3, "the gesture's fingers, as when the cancel comes at once")
    }

    @Test("a touchpad swipe the host cancels a while after its last event keeps its fingers")
    func hostCancelLaterKeepsFingers() {
        let s = Fingers(kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var fingers: [GestureState: Int] = [:]
        pan.addTarget { fingers[$0.state] = $0.numberOfTouches }
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        s.wait(200)
        s.engine.cancelAllTouches()
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(fingers[.cancelled] == 3, "the gesture's fingers, as when the cancel comes at once")
    }

    @Test("a touchpad swipe the watchdog cancels keeps its fingers")
    func watchdogCancelKeepsFingers() {
        var config = GestureConfiguration()
        config.stuckTouchTimeout = .seconds(2)
        let s = Fingers(configuration: config, kind: .touchpad)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var fingers: [GestureState: Int] = [:]
        pan.addTarget { fingers[$0.state] = $0.numberOfTouches }
        s.pad(.swipe, .begin, fingers: 3)
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0)) }
        s.wait(2000)
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(fingers[.cancelled] == 3, "the gesture's fingers, as when libinput cancels it")
    }
}
