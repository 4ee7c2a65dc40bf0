import Foundation
import GestureKit
import Testing
@testable import GestureDemo

/// Synthetic fingers on the demo graph, on a virtual clock: a 1000×600-point screen over a
/// 250×150 mm touchscreen (4 points per millimetre), frames every 10 ms.
final class DemoFingers: GestureEngineObserver {
    let engine: GestureEngine
    let graph: DemoGraph
    let device: InputDevice
    private(set) var time: Timestamp = .milliseconds(1000)
    private var positions: [Int: Point] = [:]
    private var pending: [TouchContact] = []
    /// Every transition but resets and `changed`, as "name: state".
    private(set) var log: [String] = []

    static let pointsPerMillimetre = 4.0
    static let frameMilliseconds = 10.0

    init(kind: DeviceKind = .touchscreen, touchpadTouches: Bool = false, corners: Distance? = nil) {
        engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        graph = DemoGraph(engine: engine, only: nil, touchpadTouches: touchpadTouches, corners: corners)
        device = InputDevice(
            id: DeviceID(1), name: "synthetic", kind: kind, sizeMillimetres: Size(width: 250, height: 150),
            hasResolution: true, maximumContacts: 10)
        engine.observer = self
        engine.send(.deviceAdded(device, at: time))
    }

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        switch new {
        case .possible, .changed: break
        case .failed: log.append("\(recognizer.name): failed(\(recognizer.failureReason.map { "\($0)" } ?? "?"))")
        default: log.append("\(recognizer.name): \(new.rawValue)")
        }
    }

    /// Whether `name` reached `state` (began, ended, …).
    func saw(_ name: String, _ state: GestureState) -> Bool { log.contains("\(name): \(state.rawValue)") }

    /// Fingers landing at these points, in one frame.
    func down(_ fingers: [Int: Point]) {
        tick()
        for (id, p) in fingers.sorted(by: { $0.key < $1.key }) {
            positions[id] = p
            pending.append(TouchContact(id: id, phase: .began, location: p, millimetres: p / Self.pointsPerMillimetre))
        }
        frame()
    }

    /// Every finger lifts, in one frame.
    func liftAll() {
        tick()
        for (id, p) in positions.sorted(by: { $0.key < $1.key }) {
            pending.append(TouchContact(id: id, phase: .ended, location: p, millimetres: p / Self.pointsPerMillimetre))
        }
        positions.removeAll()
        frame()
    }

    /// Moves the fingers along `path(id, fraction)` over `ms` milliseconds, a frame every 10 ms.
    func move(_ ids: [Int], over ms: Double, _ path: (Int, Double) -> Point) {
        let steps = max(1, Int((ms / Self.frameMilliseconds).rounded()))
        for i in 1...steps {
            tick()
            for id in ids {
                let p = path(id, Double(i) / Double(steps))
                positions[id] = p
                pending.append(TouchContact(id: id, phase: .moved, location: p, millimetres: p / Self.pointsPerMillimetre))
            }
            frame()
        }
    }

    /// One touchpad gesture event (as the libinput backend sends them), a frame after the last event.
    func pad(_ kind: TouchpadGestureKind, _ phase: TouchpadGesturePhase, fingers: Int, delta: Point = .zero) {
        tick()
        engine.send(.touchpadGesture(TouchpadGestureEvent(
            device: device.id, timestamp: time, kind: kind, phase: phase, fingerCount: fingers, delta: delta,
            unacceleratedDelta: delta)))
    }

    /// Lets `ms` milliseconds pass with the fingers still, firing deadlines (a long press).
    func rest(_ ms: Double) {
        time = time + .microseconds(Int64(ms * 1000))
        engine.advance(to: time)
    }

    private func tick() { time = time + .microseconds(Int64(Self.frameMilliseconds * 1000)) }

    private func frame() {
        var contacts = pending
        for (id, p) in positions.sorted(by: { $0.key < $1.key }) where !pending.contains(where: { $0.id == id }) {
            contacts.append(TouchContact(id: id, phase: .stationary, location: p, millimetres: p / Self.pointsPerMillimetre))
        }
        pending.removeAll()
        engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: contacts)))
    }
}

/// A point `radius` points from `centre` at `degrees` (clockwise on screen, y down).
private func polar(_ centre: Point, _ radius: Double, _ degrees: Double) -> Point {
    let a = degrees * .pi / 180
    return Point(x: centre.x + radius * cos(a), y: centre.y + radius * sin(a))
}

@Suite("The demo graph's policy: what a user inspecting gestures expects")
struct DemoGraphPolicyTests {
    @Test("a finger landing after the first has rested into a long press still pinches")
    func lateLandingPinches() {
        let f = DemoFingers()
        f.down([1: Point(x: 450, y: 300)])
        f.rest(600)
        #expect(f.saw("long-press", .began))
        f.down([2: Point(x: 550, y: 300)])
        // Both spread 20 mm apart from their centre over 300 ms.
        f.move([1, 2], over: 300) { id, u in Point(x: id == 1 ? 450 - 80 * u : 550 + 80 * u, y: 300) }
        f.liftAll()
        #expect(f.saw("pinch", .began), "\(f.log)")
        #expect(f.saw("pinch", .ended), "\(f.log)")
        #expect(f.saw("long-press", .ended))
    }

    @Test("with corner squares, a stroke out of a corner is a corner pan, reported with its corner and direction")
    func cornerPan() throws {
        let f = DemoFingers(corners: .millimetres(12))
        let edgePan = try #require(f.graph.recognizers.first { $0.name == "edge-pan" })
        var reports: [GestureReport] = []
        edgePan.addTarget { r in
            if r.state == .began { reports.append(GestureReport(r, kind: .edgePan, state: r.state, time: 0, device: "synthetic", node: nil)) }
        }
        let start = Point(x: 990, y: 590)  // 2.5 mm from the bottom and right edges
        f.down([1: start])
        f.move([1], over: 200) { _, u in start + Point(x: -100 * u, y: -100 * u) }
        f.liftAll()
        #expect(f.saw("edge-pan", .began), "\(f.log)")
        #expect(reports.map(\.corner) == ["bottom-right"])
        #expect(reports.map(\.edge) == [nil])
        #expect(reports.map(\.direction) == ["left|up"])
    }

    @Test("a second finger joining after a one-finger flick still rotates")
    func flickThenRotation() {
        let f = DemoFingers()
        let start = Point(x: 300, y: 300)
        f.down([1: start])
        // 20 mm right in 100 ms: a swipe (12 mm within 600 ms).
        f.move([1], over: 100) { _, u in start + Point(x: 80 * u, y: 0) }
        #expect(f.saw("swipe", .ended), "\(f.log)")
        f.rest(100)
        let centre = Point(x: 440, y: 300)
        f.down([2: Point(x: 500, y: 300)])
        // The two turn 60° clockwise about their centre over 400 ms.
        f.move([1, 2], over: 400) { id, u in polar(centre, 60, (id == 1 ? 180 : 0) + 60 * u) }
        f.liftAll()
        #expect(f.saw("rotation", .began), "\(f.log)")
        #expect(f.saw("rotation", .ended), "\(f.log)")
    }

    @Test("a two-finger circle recognizes the rotation even when swipe-2f recognized first")
    func circleRotatesDespiteSwipe() {
        let f = DemoFingers()
        let start = Point(x: 300, y: 300)
        f.down([1: start, 2: start + Point(x: 0, y: 120)])
        // A quick stroke of both, 16 mm right in 150 ms: swipe-2f.
        f.move([1, 2], over: 150) { id, u in start + Point(x: 64 * u, y: id == 1 ? 0 : 120) }
        #expect(f.saw("swipe-2f", .ended), "\(f.log)")
        // Then the pair turns 120° about its centre, as fingers tracing a circle do.
        let centre = start + Point(x: 64, y: 60)
        f.move([1, 2], over: 500) { id, u in polar(centre, 60, (id == 1 ? 270 : 90) + 120 * u) }
        f.liftAll()
        #expect(f.saw("rotation", .began), "\(f.log)")
        #expect(!f.log.contains("rotation: failed(excluded by swipe-2f)"))
    }

    @Test("two fingers landing and lifting together are a two-finger tap")
    func twoFingerTap() {
        let f = DemoFingers()
        f.down([1: Point(x: 400, y: 300), 2: Point(x: 480, y: 300)])
        f.rest(60)
        f.liftAll()
        #expect(f.saw("tap-2f", .ended), "\(f.log)")
        #expect(!f.saw("tap", .ended))
        #expect(!f.saw("double-tap", .ended))
    }

    @Test("two fingers resting are a two-finger long press")
    func twoFingerLongPress() {
        let f = DemoFingers()
        f.down([1: Point(x: 400, y: 300), 2: Point(x: 480, y: 300)])
        f.rest(600)
        #expect(f.saw("long-press-2f", .began), "\(f.log)")
        f.liftAll()
        #expect(f.saw("long-press-2f", .ended), "\(f.log)")
        #expect(!f.saw("long-press", .began))
        #expect(!f.saw("tap-2f", .ended))
    }

    @Test("a tap stays exclusive: a pan that begins fails it")
    func tapsStayExclusive() {
        let f = DemoFingers()
        let start = Point(x: 400, y: 300)
        f.down([1: start])
        f.move([1], over: 200) { _, u in start + Point(x: 40 * u, y: 0) }
        f.liftAll()
        #expect(f.saw("pan", .began))
        #expect(f.log.contains("tap: failed(excluded by pan)"), "\(f.log)")
    }

    @Test("with touchpad touches, a touchpad's two fingers dragging are a 2-finger pan and a swipe-2f")
    func touchpadTouchesPan() {
        let f = DemoFingers(kind: .touchpad, touchpadTouches: true)
        let start = Point(x: 400, y: 200)
        f.down([1: start, 2: start + Point(x: 80, y: 0)])
        // 25 mm down in 200 ms.
        f.move([1, 2], over: 200) { id, u in start + Point(x: id == 1 ? 0 : 80, y: 100 * u) }
        f.liftAll()
        #expect(f.saw("pan", .began), "\(f.log)")
        #expect(f.saw("swipe-2f", .ended), "\(f.log)")
    }

    @Test("without touchpad touches the graph ignores a touchpad's raw touches")
    func touchpadTouchesIgnoredByDefault() {
        let f = DemoFingers(kind: .touchpad)
        f.down([1: Point(x: 400, y: 200), 2: Point(x: 480, y: 200)])
        f.rest(60)
        f.liftAll()
        #expect(f.log.isEmpty, "\(f.log)")
    }

    @Test("with touchpad touches, a touchpad's two-finger tap is a tap-2f; the edge pan stays on screens")
    func touchpadTouchesTap() {
        let f = DemoFingers(kind: .touchpad, touchpadTouches: true)
        f.down([1: Point(x: 2, y: 200), 2: Point(x: 80, y: 200)])
        f.rest(60)
        f.liftAll()
        #expect(f.saw("tap-2f", .ended), "\(f.log)")
        #expect(!f.log.contains { $0.hasPrefix("edge-pan") })
    }

    @Test("libinput's 2-finger scrolling (a 2-finger touchpad swipe) is a 2-finger pan, and a swipe-2f when quick")
    func touchpadScrollPans() {
        let f = DemoFingers(kind: .touchpad)
        var fingers: Set<Int> = []
        f.graph.recognizers.first { $0.name == "pan" }?.addTarget { fingers.insert($0.numberOfTouches) }
        f.pad(.swipe, .begin, fingers: 2)
        // 20 updates of 10 units down: 200 units, 20 mm at 10 units/mm, in 200 ms.
        for _ in 0..<20 { f.pad(.swipe, .update, fingers: 2, delta: Point(x: 0, y: 10)) }
        f.pad(.swipe, .end, fingers: 2)
        #expect(f.saw("pan", .began), "\(f.log)")
        #expect(f.saw("pan", .ended), "\(f.log)")
        #expect(fingers == [2])
        #expect(f.saw("swipe-2f", .ended), "\(f.log)")
        #expect(!f.log.contains { $0.hasPrefix("swipe-3f") || $0.hasPrefix("pinch") })
    }
}
