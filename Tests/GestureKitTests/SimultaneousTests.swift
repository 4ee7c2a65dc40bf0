import Testing
@testable import GestureKit

@Suite("Simultaneous recognition and competition")
struct SimultaneousTests {
    let centre = Point(x: 500, y: 300)

    /// Two fingers spreading from 100 to 150 pt from the centre while turning a quarter turn.
    func pinchAndTurn(_ s: Fingers) {
        s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
        s.trace([1, 2], over: 200) { id, f in pair(centre, 100 + 50 * f, 0.6 * f, id) }
        s.release([1, 2])
    }

    @Test("pinch and rotation allowed together both begin and change together")
    func together() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        let delegate = Delegate()
        delegate.simultaneous = { a, b in (a === pinch && b === rotation) || (a === rotation && b === pinch) }
        pinch.delegate = delegate
        rotation.delegate = delegate
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(rotation)
        var pinchEnd = 0.0, rotationEnd = 0.0
        pinch.addTarget { p in if p.state == .ended { pinchEnd = p.scale } }
        rotation.addTarget { r in if r.state == .ended { rotationEnd = r.rotation } }
        pinchAndTurn(s)
        #expect(s.outcomes == ["pinch: began", "rotation: began", "pinch: ended", "rotation: ended"])
        #expect(s.log.filter { $0 == "pinch: changed" }.count >= 10)
        #expect(s.log.filter { $0 == "rotation: changed" }.count >= 10)
        #expect(abs(pinchEnd - 1.5) < 1e-9)
        #expect(abs(rotationEnd - 0.6) < 1e-9)
    }

    @Test("without leave, the first to begin excludes the other")
    func exclusive() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        s.engine.root.addGestureRecognizer(pinch)
        pinchAndTurn(s)
        #expect(s.outcomes == ["pinch: began", "rotation: failed(excluded by pinch)", "pinch: ended"])
        #expect(rotation.failureReason == .excludedBy("pinch"))

        // Turning without spreading: the rotation wins.
        s.takeLog()
        s.wait(500)
        s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
        s.trace([1, 2], over: 200) { id, f in pair(centre, 100, 0.5 * f, id) }
        s.release([1, 2])
        #expect(s.outcomes == ["rotation: began", "pinch: failed(excluded by rotation)", "rotation: ended"])
    }

    /// pan.require(toFail: edgePan), both on the root.
    func edgeAndPan() -> (Fingers, PanGestureRecognizer, ScreenEdgePanGestureRecognizer) {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let edgePan = ScreenEdgePanGestureRecognizer().named("edge")
        pan.require(toFail: edgePan)
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(edgePan)
        return (s, pan, edgePan)
    }

    @Test("edge pan versus pan: a touch in the band is the edge pan's")
    func edgeWins() {
        let (s, pan, _) = edgeAndPan()
        s.press([1], at: [Point(x: 10, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["edge: began", "pan: failed(required edge to fail, but it recognized)", "edge: ended"])
        #expect(pan.failureReason == .requiredRecognizerSucceeded("edge"))
    }

    @Test("edge pan versus pan: a touch elsewhere fails the edge pan at once and the pan begins without delay")
    func panWins() {
        let (s, pan, edgePan) = edgeAndPan()
        s.press([1], at: [Point(x: 300, y: 300)])
        #expect(s.log == ["edge: failed(started outside its area)"])
        #expect(edgePan.failureReason == .startedOutsideArea)
        s.drag(1, by: Point(x: 10, y: 0), over: 25)  // 3 frames of 10/3 pt: 10 pt on the third
        #expect(s.log == ["edge: failed(started outside its area)", "pan: began"])
        #expect(abs(pan.translation(in: nil).x - 10) < 1e-9)
        s.release([1])
        #expect(s.outcomes == ["edge: failed(started outside its area)", "pan: began", "pan: ended"])
    }
}
