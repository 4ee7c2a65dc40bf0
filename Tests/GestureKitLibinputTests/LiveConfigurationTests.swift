import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// Output size, rotation and calibration changing while the backend runs, whichever way it runs,
/// with a touch in progress: the touch keeps going, mapped the new way from the next frame on.
@Suite("Live configuration")
struct LiveConfigurationTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    static func contacts(_ events: [InputEvent]) -> [(id: Int, phase: TouchPhase, location: Point)] {
        Fixture.frames(events).flatMap { $0.contacts.map { (id: $0.id, phase: $0.phase, location: $0.location) } }
    }

    static func added(_ events: [InputEvent]) -> [InputDevice] {
        events.compactMap { if case .deviceAdded(let device, _) = $0 { device } else { nil } }
    }

    @Test("dispatch: a rotation mid-touch places the contact anew, then maps its motion the new way; no touch is lost and the density follows once it lifts")
    func dispatchRotation() throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Self.screen)
        try backend.dispatch { engine.send($0) }
        let before = try #require(engine.devices[DeviceID(1)])
        system.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.4)), Fixture.frame(at: 10)]
        try backend.dispatch { engine.send($0) }

        backend.rotation = .clockwise90
        var events: [InputEvent] = []
        system.queued = [Fixture.touch(.motion, 0, at: 20, normalized: (0.21, 0.4)), Fixture.frame(at: 20)]
        try backend.dispatch { events.append($0); engine.send($0) }
        // Rotated clockwise: x' = 1 − y, y' = x, scaled to 1000 × 500.
        let contacts = Self.contacts(events)
        #expect(contacts.map(\.id) == [0, 0])
        #expect(contacts.map(\.phase) == [.stationary, .moved])
        // Placed where the rotation puts 0.2 × 0.4: (600, 100); then moved to 0.21 × 0.4.
        #expect(abs(contacts[0].location.x - 600) < 1e-9 && abs(contacts[0].location.y - 100) < 1e-9)
        let moved = contacts.last!
        #expect(abs(moved.location.x - 600) < 1e-9 && abs(moved.location.y - 105) < 1e-9)
        #expect(Self.added(events).isEmpty, "the device is not announced again while a finger is down")
        #expect(engine.statistics.contactsWithoutBegin == 0)

        events = []
        system.queued = [Fixture.touch(.up, 0, at: 30), Fixture.frame(at: 30)]
        try backend.dispatch { events.append($0); engine.send($0) }
        #expect(Self.contacts(events).map(\.phase) == [.ended])
        let again = try #require(Self.added(events).first)
        #expect(again.id == before.id)
        // 240 × 135 mm turned a quarter onto 1000 × 500 points: the axes' densities swap.
        let old = try #require(before.density)
        let new = try #require(again.density)
        #expect(abs(old.x - 1000.0 / 240) < 1e-9 && abs(old.y - 500.0 / 135) < 1e-9)
        #expect(abs(new.x - 1000.0 / 135) < 1e-9 && abs(new.y - 500.0 / 240) < 1e-9)
        #expect(engine.devices[again.id]?.density == new)
    }

    @Test("dispatch: an idle device is announced again at once; the default output's calibration moves touches")
    func dispatchCalibrationAndSize() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        var output = backend.defaultOutput
        output.size = Size(width: 2000, height: 1000)
        output.calibration = OutputMapping.CalibrationMatrix(1, 0, 0.1, 0, 1, 0)  // a tenth to the right
        backend.defaultOutput = output
        system.queued = [Fixture.touch(.down, 0, at: 5, normalized: (0.5, 0.5)), Fixture.frame(at: 5)]
        let events = try Fixture.drain(backend)
        #expect(Self.added(events).map(\.id) == [DeviceID(1)])
        #expect(Self.contacts(events).map(\.location) == [Point(x: 1200, y: 500)])
        #expect(backend.outputMapping(for: DeviceID(1)) == output)
        #expect(backend.outputSize == Size(width: 2000, height: 1000))
    }

    @Test("dispatch: a controller's change sent from another thread is applied at the next dispatch")
    func dispatchController() async throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        let controller = backend.controller
        await Task.detached { controller.setOutputSize(Size(width: 100, height: 50)) }.value
        #expect(backend.outputSize == Size(width: 1000, height: 500), "not before the backend's thread dispatches")
        system.queued = [Fixture.touch(.down, 0, at: 5, normalized: (0.5, 0.5)), Fixture.frame(at: 5)]
        let events = try Fixture.drain(backend)
        #expect(backend.outputSize == Size(width: 100, height: 50))
        #expect(Self.contacts(events).map(\.location) == [Point(x: 50, y: 25)])
    }

    @Test("run: size, rotation and calibration sent through the controller apply before the next poll, mid-touch")
    func runController() throws {
        let (backend, system) = try Fixture.backend()
        system.pollScript = [
            .events([Fixture.touch(.down, 0, at: 100, normalized: (0.5, 0.25)), Fixture.frame(at: 100)]),
            .events([Fixture.touch(.motion, 0, at: 110, normalized: (0.5, 0.35)), Fixture.frame(at: 110)]),
            .events([Fixture.touch(.up, 0, at: 120), Fixture.frame(at: 120)]),
        ]
        let engine = GestureEngine(screen: Self.screen)
        let pan = PanGestureRecognizer()
        engine.root.addGestureRecognizer(pan)
        var states: [GestureState] = []
        var translation = Point.zero
        pan.addTarget { states.append($0.state); translation = $0.translation(in: nil) }
        let matrix = CalibrationMatrix(1, 0, 0, 0, 1, 0.05)
        var seen: [InputEvent] = []
        try backend.run(engine: engine, handlingSignals: false) { event in
            seen.append(event)
            if case .touchFrame(let frame) = event, frame.timestamp == .milliseconds(100) {
                backend.controller.setOutputSize(Size(width: 500, height: 1000))
                backend.controller.setRotation(.upsideDown)
                backend.controller.setCalibrationMatrix(matrix, for: DeviceID(1))
            }
        }
        let contacts = Self.contacts(seen)
        // Placed anew once per change (size, rotation, calibration), then moved and lifted.
        #expect(contacts.map(\.id) == [0, 0, 0, 0, 0, 0])
        #expect(contacts.map(\.phase) == [.began, .stationary, .stationary, .stationary, .moved, .ended])
        #expect(contacts[0].location == Point(x: 500, y: 125))
        // Upside down on 500 × 1000 and calibrated 0.05 down: the resting finger at (1 − 0.5, 1 − 0.3).
        #expect(abs(contacts[3].location.x - 250) < 1e-6 && abs(contacts[3].location.y - 700) < 1e-6)
        // Then moved to (1 − 0.5, 1 − 0.35).
        #expect(abs(contacts[4].location.x - 250) < 1e-6 && abs(contacts[4].location.y - 650) < 1e-6)
        // The calibration went to libinput between the first frame and the next poll.
        let calibrated = try #require(system.calls.firstIndex(of: .setCalibrationMatrix(matrix, Fixture.touchscreen)))
        let polls = system.calls.indices.filter { if case .poll = system.calls[$0] { true } else { false } }
        #expect(polls.count >= 2 && polls[0] < calibrated && calibrated < polls[1])
        // The pan saw the finger's motion, not the jump, and ended: the touch was never cancelled.
        #expect(states.first == .began && states.last == .ended && !states.contains(.cancelled))
        #expect(abs(translation.y + 50) < 1e-6 && abs(translation.x) < 1e-6, "\(translation)")
    }

    @Test("async: a rotation sent from the consuming task applies mid-pan, which goes on to end")
    func asyncRotation() async throws {
        let config = AsyncGestureTests.configuration(
            [
                .events([Fixture.touch(.down, 0, at: 100, normalized: (0.1, 0.5)), Fixture.frame(at: 100)]),
                .events([Fixture.touch(.motion, 0, at: 110, normalized: (0.2, 0.5)), Fixture.frame(at: 110)]),
            ], waitsWhenIdle: true)
        let stream = LibinputBackend.gestures(configuration: config, engine: AsyncGestureTests.panEngine)
        var updates: [GestureUpdate] = []
        for try await update in stream {
            updates.append(update)
            if update.state == .began {
                stream.controller.setRotation(.upsideDown)
                // More input, queued on the backend's thread after the rotation.
                stream.controller.update { backend in
                    let system = backend.system as! ScriptedLibinputSystem
                    system.pollScript = [
                        .events([Fixture.touch(.motion, 0, at: 120, normalized: (0.3, 0.5)), Fixture.frame(at: 120)]),
                        .events([Fixture.touch(.up, 0, at: 130), Fixture.frame(at: 130)]),
                    ]
                }
            }
            if update.state.isFinished { break }
        }
        #expect(updates.map(\.state) == [.began, .changed, .ended])
        #expect(updates[0].location == Point(x: 200, y: 250))
        // Upside down, 0.3 of the sensor is 0.7 of the output: 700 points.
        #expect(abs(updates[1].location.x - 700) < 1e-9)
        // 100 points right before the turn, then 100 points left on the turned output: the jump
        // of the turn itself (200 → 800) is no motion.
        #expect(abs(try #require(updates[2].translation).x) < 1e-9)
    }
}
