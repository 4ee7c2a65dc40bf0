import GestureKit
import Testing
@testable import GestureKitLibinput

/// What a client surface hears, as a compositor would forward it (`wl_touch`): "down 1",
/// "motion 1", "up 1", "cancel window [1, 2]" (one `wl_touch.cancel` for the surface), "frame window".
private final class ClientSurface: TouchHandler {
    private(set) var entries: [String] = []
    var cancellationScope: TouchCancellationScope { .region }
    func touchBegan(_ touch: Touch) { entries.append("down \(touch.contactID)") }
    func touchMoved(_ touch: Touch) { entries.append("motion \(touch.contactID)") }
    func touchEnded(_ touch: Touch) { entries.append("up \(touch.contactID)") }
    func touchCancelled(_ touch: Touch) { entries.append("cancel \(touch.contactID)") }
    func touchesCancelled(_ touches: [Touch], in region: Region) {
        entries.append("cancel \(region.name) \(touches.map(\.contactID))")
    }
    func touchFrame(in region: Region) { entries.append("frame \(region.name)") }
    var cancels: [String] { entries.filter { $0.hasPrefix("cancel") } }
    @discardableResult func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// Logs each recognizer's outcomes ("name: began", "name: failed(…)"); `changed` is left out.
final class Outcomes: GestureEngineObserver {
    private(set) var log: [String] = []
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        switch new {
        case .possible, .changed: break
        case .failed: log.append("\(recognizer.name): failed(\(recognizer.failureReason.map { "\($0)" } ?? "?"))")
        default: log.append("\(recognizer.name): \(new.rawValue)")
        }
    }
}

/// A compositor's layout: two outputs side by side in one engine's space, each with its own
/// touchscreen (A on x 0..<1000, B on x 1000..<2000, both 1000 × 600 points over a 250 × 150 mm
/// sensor, 4 points per mm), a client window on each output, and the system gestures on the root.
private final class TwoOutputs {
    let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 2000, height: 600))
    let outcomes = Outcomes()
    let a = DeviceID(1)
    let b = DeviceID(2)
    let windowA = Region(frame: Rect(x: 0, y: 0, width: 1000, height: 600), name: "windowA")
    let windowB = Region(frame: Rect(x: 1000, y: 0, width: 1000, height: 600), name: "windowB")
    let clientA = ClientSurface()
    let clientB = ClientSurface()
    private(set) var time: Timestamp = .milliseconds(1000)

    init() {
        engine.observer = outcomes
        for (id, x) in [(a, 0.0), (b, 1000.0)] {
            engine.send(.deviceAdded(InputDevice(
                id: id, name: "panel \(id.rawValue)", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
                maximumContacts: 10, density: PointDensity(uniform: 4),
                outputFrame: Rect(x: x, y: 0, width: 1000, height: 600)), at: time))
        }
        engine.root.addChild(windowA)
        engine.root.addChild(windowB)
        windowA.touchHandler = clientA
        windowB.touchHandler = clientB
    }

    func tick() { time = time + .milliseconds(8) }

    /// One frame of `device`'s contacts (id, phase, location in the shared space).
    func frame(_ device: DeviceID, _ contacts: [(Int, TouchPhase, Point)]) {
        engine.send(.touchFrame(TouchFrame(device: device, timestamp: time, contacts: contacts.map {
            TouchContact(id: $0.0, phase: $0.1, location: $0.2, millimetres: $0.2 / 4)
        })))
    }
}

@Suite("A compositor embedding GestureKit: two touchscreens, engines replaced, outputs changing")
struct CompositorHostTests {
    // MARK: Recognizers combine fingers of two touchscreens (two outputs, two people)

    @Test("Two touchscreens: a finger landing on screen B does not fail the edge swipe a user is making on screen A")
    func edgeSwipeOnAIsNotFailedByAFingerOnB() {
        let s = TwoOutputs()
        let switcher = ScreenEdgePanGestureRecognizer()
        switcher.name = "switcher"
        switcher.edges = .left
        switcher.delaysTouchesBegan = true
        s.engine.root.addGestureRecognizer(switcher)
        s.frame(s.a, [(1, .began, Point(x: 5, y: 300))])      // A: in the left edge band (6 mm = 24 points)
        s.tick()
        s.frame(s.b, [(1, .began, Point(x: 1500, y: 300))])   // B: another user touches their own window
        for i in 1...20 {
            s.tick()
            s.frame(s.a, [(1, .moved, Point(x: 5 + Double(i) * 15, y: 300))])
        }
        #expect(s.outcomes.log == ["switcher: began"], "screen B's finger decided screen A's edge swipe")
        #expect(s.clientA.entries.isEmpty, "the edge swipe's finger was released to the client under it")
        #expect(s.clientB.entries.prefix(2) == ["down 1", "frame windowB"])
    }

    @Test("Two touchscreens: one finger dragged on each (two people) is no system pinch, and neither client is cancelled")
    func oneFingerOnEachScreenIsNoPinch() {
        let s = TwoOutputs()
        let zoom = PinchGestureRecognizer()
        zoom.name = "zoom"
        s.engine.root.addGestureRecognizer(zoom)
        s.frame(s.a, [(1, .began, Point(x: 500, y: 300))])
        s.frame(s.b, [(1, .began, Point(x: 1500, y: 300))])
        for i in 1...20 {
            s.tick()
            s.frame(s.a, [(1, .moved, Point(x: 500 - Double(i) * 10, y: 300))])
            s.frame(s.b, [(1, .moved, Point(x: 1500 + Double(i) * 10, y: 300))])
        }
        #expect(s.outcomes.log == [], "a pinch began from one finger on each of two screens")
        #expect(s.clientA.cancels == [])
        #expect(s.clientB.cancels == [])
    }

    @Test("Two touchscreens: two fingers on screen A and one on screen B, all moving up, are no three-finger overview swipe")
    func threeFingerSwipeAcrossScreens() {
        let s = TwoOutputs()
        let overview = SwipeGestureRecognizer()
        overview.name = "overview"
        overview.numberOfTouchesRequired = 3
        overview.direction = .up
        s.engine.root.addGestureRecognizer(overview)
        s.frame(s.a, [(1, .began, Point(x: 400, y: 400)), (2, .began, Point(x: 500, y: 400))])
        s.frame(s.b, [(1, .began, Point(x: 1500, y: 400))])
        for i in 1...10 {
            s.tick()
            let dy = Double(i) * 12
            s.frame(s.a, [(1, .moved, Point(x: 400, y: 400 - dy)), (2, .moved, Point(x: 500, y: 400 - dy))])
            s.frame(s.b, [(1, .moved, Point(x: 1500, y: 400 - dy))])
        }
        #expect(!s.outcomes.log.contains("overview: ended"), "a 3-finger swipe was made of fingers on two screens")
        #expect(s.clientB.cancels == [])
    }

    // MARK: An engine dropped while a client has a touch; the surface lives on

    @Test("An engine dropped with a finger on a surface the compositor keeps: the client hears the cancel when the surface joins the next engine")
    func engineReplacedSurfaceKept() {
        let time = Timestamp.milliseconds(1000)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
            maximumContacts: 10)
        var first: GestureEngine? = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let window = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "window")
        let client = ClientSurface()
        window.touchHandler = client
        first?.root.addChild(window)
        first?.send(.deviceAdded(device, at: time))
        first?.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: [
            TouchContact(id: 1, phase: .began, location: Point(x: 100, y: 300), millimetres: Point(x: 25, y: 75)),
        ])))
        #expect(client.take() == ["down 1", "frame window"])
        // The compositor rebuilds its gesture engine (a new output layout, a config reload) and
        // moves its client surfaces over.
        first = nil
        let second = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        second.root.addChild(window)
        #expect(client.take().contains { $0.hasPrefix("cancel") },
                "touch 1 began at the client and never ended: it is stuck there")
    }

    // MARK: A finger resting through an output change, whose first report after it is its lift

    @Test("A finger resting while its output turns, then lifting, lifts where it rested: the tap under it is recognized")
    func liftAfterRotationIsNoMotion() throws {
        let (backend, system) = try Fixture.backend(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let outcomes = Outcomes()
        engine.observer = outcomes
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        engine.root.addGestureRecognizer(tap)
        let window = Region(frame: Rect(x: 0, y: 0, width: 1000, height: 500), name: "window")
        let client = ClientSurface()
        window.touchHandler = client
        engine.root.addChild(window)
        try backend.dispatch { engine.send($0) }
        system.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.4)), Fixture.frame(at: 10)]
        try backend.dispatch { engine.send($0) }
        // The tablet is turned (auto-rotation) while the finger rests: libinput reports nothing
        // for a finger that does not move. The next event is the lift, which carries no position.
        backend.rotation = .clockwise90
        system.queued = [Fixture.touch(.up, 0, at: 90), Fixture.frame(at: 90)]
        try backend.dispatch { engine.send($0) }
        #expect(outcomes.log == ["tap: ended"], "the rotation was heard as the finger moving 412 points")
    }

    @Test("A finger resting while its output moves in the layout, then lifting: the tap under it is recognized")
    func liftAfterOutputMovedIsNoMotion() throws {
        let (backend, system) = try Fixture.backend(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 2000, height: 500))
        let outcomes = Outcomes()
        engine.observer = outcomes
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        engine.root.addGestureRecognizer(tap)
        try backend.dispatch { engine.send($0) }
        system.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.4)), Fixture.frame(at: 10)]
        try backend.dispatch { engine.send($0) }
        // Another output is plugged in to the left: this one moves right by 1000 points.
        try backend.setOutputMapping(OutputMapping(size: Size(width: 1000, height: 500), origin: Point(x: 1000, y: 0)), for: DeviceID(1))
        system.queued = [Fixture.touch(.up, 0, at: 90), Fixture.frame(at: 90)]
        try backend.dispatch { engine.send($0) }
        #expect(outcomes.log == ["tap: ended"], "the output's move was heard as the finger moving 1000 points")
    }
}
