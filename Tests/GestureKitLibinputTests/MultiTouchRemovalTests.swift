import GestureKit
import Testing
@testable import GestureKitLibinput

/// A touchscreen unplugged, or its seat suspended, with two fingers down: libinput cancels both
/// touches in a frame of their own, then removes the device (docs/edges-and-zones.md).
@Suite("Removal with several fingers down")
struct MultiTouchRemovalTests {
    /// A backend, an engine and a two-finger pan in progress on the touchscreen.
    static func twoFingerPan(
        _ configuration: LibinputBackend.Configuration = Fixture.configuration()
    ) throws -> (LibinputBackend, ScriptedLibinputSystem, GestureEngine, PanGestureRecognizer) {
        let backend = try LibinputBackend(configuration: configuration)
        let system = backend.system as! ScriptedLibinputSystem
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        engine.root.addGestureRecognizer(pan)
        try backend.dispatch { engine.send($0) }
        system.queued = [
            Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.5)), Fixture.touch(.down, 1, at: 10, normalized: (0.3, 0.5)),
            Fixture.frame(at: 10),
        ]
        for ms in stride(from: 20, through: 100, by: 10) {
            let dx = Double(ms) / 500
            system.queued += [
                Fixture.touch(.motion, 0, at: UInt64(ms), normalized: (0.2 + dx, 0.5)),
                Fixture.touch(.motion, 1, at: UInt64(ms), normalized: (0.3 + dx, 0.5)), Fixture.frame(at: UInt64(ms)),
            ]
        }
        try backend.dispatch { engine.send($0) }
        return (backend, system, engine, pan)
    }

    @Test("A two-finger pan on a touchscreen unplugged is cancelled as deviceRemoved, as a one-finger pan is")
    func unplugTwoFingers() throws {
        let (backend, system, engine, pan) = try Self.twoFingerPan()
        #expect(pan.state == .changed)
        var reasons: [TouchCancellation?] = []
        pan.addTarget { p in if p.state == .cancelled { reasons.append(p.cancellationReason) } }
        // The unplug: both touches cancelled in a frame of their own, then the removal, in one read.
        system.queued = [
            Fixture.touch(.cancel, 0, at: 110), Fixture.touch(.cancel, 1, at: 110), Fixture.frame(at: 110),
            .deviceRemoved(Fixture.touchscreen),
        ]
        var events: [InputEvent] = []
        try backend.dispatch { events.append($0); engine.send($0) }
        // Before the fix: [.device] (the cancel frame went on at once, as libinput letting go of
        // every touch), and the cancelled frame reached the engine ahead of the removal.
        #expect(reasons == [.deviceRemoved], "\(reasons)")
        #expect(!Fixture.frames(events).contains { $0.contacts.contains { $0.phase == .cancelled } }, "\(events)")
        #expect(pan.touches.isEmpty)

        // Without a removal after it, every touch cancelled at once stays a device cancel, in order.
        let (backend2, system2, engine2, pan2) = try Self.twoFingerPan()
        var reasons2: [TouchCancellation?] = []
        pan2.addTarget { p in if p.state == .cancelled { reasons2.append(p.cancellationReason) } }
        system2.queued = [
            Fixture.touch(.cancel, 0, at: 110), Fixture.touch(.cancel, 1, at: 110), Fixture.frame(at: 110),
            Fixture.touch(.down, 2, at: 120, normalized: (0.5, 0.5)), Fixture.frame(at: 120),
        ]
        var events2: [InputEvent] = []
        try backend2.dispatch { events2.append($0); engine2.send($0) }
        #expect(reasons2 == [.device])
        #expect(Fixture.frames(events2).map { $0.contacts.map(\.phase) } == [[.cancelled, .cancelled], [.began]])
        #expect(Fixture.frames(events2).first?.contacts.contains(where: \.isPalm) == false)
    }

    @Test("A seat suspended with two fingers down cancels them as deviceRemoved, as troubleshooting.md says")
    func suspendTwoFingers() throws {
        var configuration = Fixture.configuration(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        configuration.seatAccess = .direct
        let (backend, system, engine, pan) = try Self.twoFingerPan(configuration)
        var reasons: [TouchCancellation?] = []
        pan.addTarget { p in if p.state == .cancelled { reasons.append(p.cancellationReason) } }
        system.suspendQueuesRemovals = false
        // libinput lets go of both touches as it suspends the device.
        system.queued = [Fixture.touch(.cancel, 0, at: 200), Fixture.touch(.cancel, 1, at: 200), Fixture.frame(at: 200)]
        try backend.suspend { engine.send($0) }
        #expect(reasons == [.deviceRemoved], "\(reasons)")
        #expect(pan.touches.isEmpty && engine.devices.isEmpty)
    }
}
