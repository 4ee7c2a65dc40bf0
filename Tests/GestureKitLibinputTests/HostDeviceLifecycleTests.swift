import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// Something a controller's change captures, to see whether the change is let go.
private final class Payload: Sendable {}

/// A compositor's loop (`dispatch(into:)`) and an async service (`gestures(configuration:engine:)`)
/// through the life of their devices: an output turned while a finger is down, a VT switch during
/// which a panel is unplugged, and changes sent once the backend is gone.
@Suite("Host device lifecycle: announced again, replugged after a suspend, changes after the end")
struct HostDeviceLifecycleTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    /// Plays a double tap in the middle of the fixture touchscreen through `dispatch`, the
    /// compositor's way, turning the output a quarter while the first tap's finger is down when
    /// `turning`; returns the double tap's outcomes.
    static func doubleTap(turning: Bool) throws -> [String] {
        let (backend, system) = try Fixture.backend(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        let engine = GestureEngine(screen: screen)
        let outcomes = Outcomes()
        engine.observer = outcomes
        let double = TapGestureRecognizer()
        double.name = "double"
        double.numberOfTapsRequired = 2
        engine.root.addGestureRecognizer(double)
        try backend.dispatch { engine.send($0) }
        system.queued = [Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000)]
        try backend.dispatch { engine.send($0) }
        // The tablet is turned (auto-rotation) while the first tap's finger rests.
        if turning { backend.rotation = .clockwise90 }
        system.queued = [Fixture.touch(.up, 0, at: 1060), Fixture.frame(at: 1060)]
        try backend.dispatch { engine.send($0) }
        system.queued = [Fixture.touch(.down, 0, at: 1150, normalized: (0.5, 0.5)), Fixture.frame(at: 1150)]
        try backend.dispatch { engine.send($0) }
        system.queued = [Fixture.touch(.up, 0, at: 1210), Fixture.frame(at: 1210)]
        try backend.dispatch { engine.send($0) }
        return outcomes.log
    }

    @Test("An output turned during a double tap's first tap does not fail the double tap")
    func turnDuringDoubleTap() throws {
        // LiveConfiguration.md: when an output changes under a finger nothing is cancelled; the
        // device whose density changed is announced again (`deviceAdded`, same id) once its last
        // finger lifts. The engine takes that announcement, with no finger down, as the device
        // described anew, not as a replug: the double tap waiting for its second tap goes on
        // (taken as a replug, it failed as `touchesCancelled(deviceRemoved)`).
        #expect(try Self.doubleTap(turning: false) == ["double: ended"])  // unturned, it is recognized
        let turned = try Self.doubleTap(turning: true)
        #expect(turned == ["double: ended"], "the announcement of the new density failed the double tap: \(turned)")
    }

    @Test("A pinned, calibrated touchscreen unplugged during a VT switch and plugged in later is a new device, without the pin or the matrix")
    func unpluggedDuringSuspendThenReplugged() throws {
        // LiveConfiguration.md: the pin and matrix outlast a suspend for the device libinput opens
        // again on resume; "A device unplugged and plugged in again is a new device: it has
        // neither" (setOutputMapping(_:for:): "a new device, with no pin"). A panel unplugged while
        // the seat is away does not come back on resume, and what was kept for it goes then: the
        // panel plugged in again later is neither pinned nor given the host's old matrix.
        let (backend, system) = try Fixture.backend(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        _ = try Fixture.drain(backend)
        let side = OutputMapping(size: Size(width: 800, height: 480), origin: Point(x: 1000, y: 0))
        let shifted = try #require(CalibrationMatrix([1, 0, 0.1, 0, 1, 0]))
        try backend.setOutputMapping(side, for: DeviceID(1))
        try backend.setCalibrationMatrix(shifted, for: DeviceID(1))
        _ = try Fixture.drain(backend)

        // VT switch away; the panel is unplugged meanwhile; VT switch back: it does not return.
        try backend.suspend { _ in }
        let node = system.nodes.removeFirst()
        var added: [InputDevice] = []
        try backend.resume { if case .deviceAdded(let d, _) = $0 { added.append(d) } }
        #expect(added.isEmpty)
        #expect(backend.touchDevices.isEmpty)

        // Later it is plugged in again: libinput adds it (hot-plug, not a resume).
        let matricesSetBefore = system.calls.filter { if case .setCalibrationMatrix = $0 { true } else { false } }.count
        system.nodes.append(node)
        system.queued = [.deviceAdded(Fixture.touchscreenInfo)]
        try backend.dispatch { if case .deviceAdded(let d, _) = $0 { added.append(d) } }
        let replugged = try #require(added.last)
        #expect(backend.outputMapping(for: replugged.id) == backend.defaultOutput,
                "the replugged panel is pinned to the output its predecessor had before the suspend")
        let matricesSetAfter = system.calls.filter { if case .setCalibrationMatrix = $0 { true } else { false } }.count
        #expect(matricesSetAfter == matricesSetBefore, "the host's old matrix was set on the replugged panel")
        #expect(try backend.calibrationMatrix(for: replugged.id) == .identity)
    }

    @Test("A change sent through the controller after the stream ended is let go, not kept for as long as the controller lives")
    func changeAfterEndIsReleased() async throws {
        // LibinputController: changes sent after the backend closed are never applied. A
        // service that asks the engine for something (`withEngine` resuming a continuation) as the
        // stream ends gets no answer; the closure, and all it captured (the continuation, the
        // service's objects), is let go at once rather than kept in the controller's queue for
        // as long as a copy of the controller exists.
        let stream = LibinputBackend.gestures(configuration: AsyncGestureTests.configuration([])) {
            GestureEngine(screen: Self.screen)
        }
        for try await _ in stream {}  // the script is spent: the stream ends
        weak var captured: Payload?
        do {
            let payload = Payload()
            captured = payload
            stream.controller.withEngine { _ in _ = payload }
        }
        #expect(await HostAsyncPathTests.eventually { captured == nil },
                "a change the closed backend will never apply is still held, with what it captured")
    }
}
