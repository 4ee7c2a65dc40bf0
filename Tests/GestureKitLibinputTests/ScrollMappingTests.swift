import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

@Suite("Touchpad finger scrolling")
struct ScrollMappingTests {
    static func scroll(
        at ms: UInt64, vertical: Double? = nil, horizontal: Double? = nil, natural: Bool = false,
        device: RawDeviceHandle = Fixture.touchpad
    ) -> RawLibinputEvent {
        .scrollFinger(RawScrollEvent(
            device: device, timeMicroseconds: ms * 1000, vertical: vertical, horizontal: horizontal,
            naturalScrolling: natural))
    }

    static func swipe(_ phase: TouchpadGesturePhase, at ms: Int64, delta: Point = .zero) -> TouchpadGestureEvent {
        TouchpadGestureEvent(
            device: DeviceID(2), timestamp: .milliseconds(ms), kind: .swipe, phase: phase, fingerCount: 2,
            delta: delta, unacceleratedDelta: delta)
    }

    @Test("A finger scroll is a 2-finger swipe: begin and update on the first event, end on the zero event")
    func sequence() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.scroll(at: 100, vertical: 2.5),
            Self.scroll(at: 112, vertical: 4, horizontal: -0.5),
            Self.scroll(at: 124, vertical: 0, horizontal: 0),
        ]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures == [
            Self.swipe(.begin, at: 100),
            Self.swipe(.update, at: 100, delta: Point(x: 0, y: 2.5)),
            Self.swipe(.update, at: 112, delta: Point(x: -0.5, y: 4)),
            Self.swipe(.end, at: 124),
        ])
    }

    @Test("A zero on one axis alone does not end the scroll; only every axis at 0 does")
    func oneAxisZero() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.scroll(at: 1, vertical: 3, horizontal: 0),
            Self.scroll(at: 2, vertical: 0, horizontal: 1),
            Self.scroll(at: 3, vertical: 0),
        ]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures.map(\.phase) == [.begin, .update, .update, .end])
    }

    @Test("Natural scrolling is undone: the delta follows the fingers")
    func natural() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [Self.scroll(at: 1, vertical: -3, horizontal: 1, natural: true), Self.scroll(at: 2, vertical: 0, natural: true)]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures.map(\.delta) == [.zero, Point(x: -1, y: 3), .zero])
    }

    @Test("A stop with no scroll open, and scrolls from a device that is not a touchpad, yield nothing")
    func ignored() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.scroll(at: 1, vertical: 0),
            Self.scroll(at: 2, vertical: 5, device: Fixture.keyboard),
            Self.scroll(at: 3, vertical: 5, device: Fixture.touchscreen),
        ]
        #expect(try Fixture.drain(backend).isEmpty)
    }

    @Test("A touchpad gesture that begins while a scroll is open ends the scroll first")
    func gestureEndsScroll() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.scroll(at: 10, vertical: 2),
            GestureMappingTests.gesture(.pinch, .begin, at: 20, fingers: 2),
        ]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures.map { "\($0.kind.rawValue) \($0.phase.rawValue)" } == ["swipe begin", "swipe update", "swipe end", "pinch begin"])
    }

    @Test("A pan that takes 2-finger touchpad swipes follows a finger scroll, live")
    func panFollowsScroll() throws {
        let (backend, system) = try Fixture.backend()
        let hold: [RawLibinputEvent] = [
            GestureMappingTests.gesture(.hold, .begin, at: 1000, fingers: 2),
            GestureMappingTests.gesture(.hold, .end, at: 1040, fingers: 2, cancelled: true),
        ]
        system.pollScript = [
            .events(hold + (0..<10).map { Self.scroll(at: 1050 + UInt64($0) * 10, vertical: 6) }),
            .events([Self.scroll(at: 1160, vertical: 0)]),
            .signal(SIGTERM),
        ]
        let engine = GestureEngine(screen: RunLoopTests.screen)
        let pan = PanGestureRecognizer()
        pan.touchpadFingerCounts = 2...5
        let defaultPan = PanGestureRecognizer()
        engine.root.addGestureRecognizer(pan)
        engine.root.addGestureRecognizer(defaultPan)
        var states: [GestureState] = []
        var fingers: [Int] = []
        var translation = Point.zero
        pan.addTarget { g in
            states.append(g.state)
            fingers.append(g.numberOfTouches)
            translation = g.translation(in: nil)
        }
        var defaultStates: [GestureState] = []
        defaultPan.addTarget { defaultStates.append($0.state) }
        let reason = try backend.run(engine: engine, handlingSignals: false)
        #expect(reason == .signal(SIGTERM))
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(Set(fingers) == [2])
        #expect(translation == Point(x: 0, y: 60))
        // The default pan takes touchpad swipes of 3 to 5 fingers only.
        #expect(defaultStates.isEmpty)
    }

    @Test("A handler may read the backend while it is handed events: a hotplugged device, a scroll's two events")
    func handlerReadsBackend() throws {
        let (backend, system) = try Fixture.backend(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        _ = try Fixture.drain(backend)
        system.queued = [.deviceAdded(Fixture.touchpadInfo), Self.scroll(at: 10, vertical: 2), Self.scroll(at: 20, vertical: 0)]
        var seen: [(InputEvent, Int)] = []
        // gesture-demo looks up a new device's node this way, from inside its handler.
        try backend.dispatch { seen.append(($0, backend.deviceSummaries.count)) }
        #expect(seen.map(\.1) == [2, 2, 2, 2])
        #expect(Fixture.gestures(seen.map(\.0)).map(\.phase) == [.begin, .update, .end])
    }
}
