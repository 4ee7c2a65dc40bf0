import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// The libinput backend as kiosk and service hosts meet it: absolute touch
/// coordinates and the densities they are measured with, touchpad gestures, libinput's cancels,
/// slot reuse, hot-plug, errors, the run loop and time.
@Suite("libinput backend: kiosk and service hosts")
struct KioskHostTests {
    /// A quarter turn clockwise as libinput's calibration matrix (what a kiosk puts in udev's
    /// `LIBINPUT_CALIBRATION_MATRIX="0 -1 1 1 0 0"` for a panel mounted turned):
    /// `x' = 1 − y`, `y' = x`.
    static let quarterTurn = CalibrationMatrix(0, -1, 1, 1, 0, 0)

    static func engineFed(by backend: LibinputBackend, screen: Rect) throws -> GestureEngine {
        let engine = GestureEngine(screen: screen)
        try backend.dispatch { engine.send($0) }
        return engine
    }

    // MARK: libinput's calibration matrix and the density

    /// A backend on one touchscreen (the fixture's 240 × 135 mm sensor) whose libinput
    /// calibration matrix is `matrix` from the start, as udev's `LIBINPUT_CALIBRATION_MATRIX`
    /// sets it, onto a portrait 1080 × 1920 output.
    static func portraitKiosk(matrix: CalibrationMatrix) throws -> (LibinputBackend, ScriptedLibinputSystem) {
        let nodes = [Fixture.node(Fixture.touchscreenInfo)]
        let configuration = LibinputBackend.Configuration(
            source: .seat("seat0"), outputSize: Size(width: 1080, height: 1920), logger: Fixture.quietLogger,
            makeSystem: {
                let system = ScriptedLibinputSystem(nodes: nodes)
                system.calibration[Fixture.touchscreen] = matrix
                return system
            })
        let backend = try LibinputBackend(configuration: configuration)
        return (backend, backend.system as! ScriptedLibinputSystem)
    }

    /// A kiosk with a 16:9 panel mounted in portrait turns its touches with udev's
    /// `LIBINPUT_CALIBRATION_MATRIX` (the way libinput's documentation and most kiosk guides do
    /// it), leaving the backend's `rotation` at `.none`. The backend reads libinput's
    /// transformed coordinates, so locations are right; but the density it announces is the
    /// sensor's 240 × 135 mm stretched unturned over the 1080 × 1920 output: 4.5 pt/mm along x
    /// and 14.2 pt/mm along y, where the panel really has 1080 pt over its 135 mm side and 1920 pt
    /// over its 240 mm side: 8 pt/mm both ways.
    @Test("A touchscreen turned by udev's calibration matrix is announced with the density of the turned sensor")
    func udevCalibrationDensity() throws {
        let (backend, _) = try Self.portraitKiosk(matrix: Self.quarterTurn)
        let events = try Fixture.drain(backend)
        guard case .deviceAdded(let device, _)? = events.first else {
            Issue.record("no device announced: \(events)")
            return
        }
        let density = try #require(device.density)
        #expect(abs(density.x - 8) < 0.01 && abs(density.y - 8) < 0.01,
                "announced \(density.x) pt/mm along x and \(density.y) along y; the turned panel has 8 and 8")
    }

    /// What the wrong density does: on that portrait kiosk a finger that wobbles 3 mm sideways
    /// (along the panel's short side, the output's x axis) while tapping — under the 4 mm
    /// `tapMaximumMovement` — moves 24 points; measured at 4.5 pt/mm that is 5.3 mm, and the tap
    /// fails as moved too far. (Vertically the thresholds are 1.8 times too lenient instead.)
    @Test("On a kiosk turned by udev's calibration matrix, a tap that wobbles 3 mm sideways is still a tap")
    func udevCalibrationTap() throws {
        let (backend, system) = try Self.portraitKiosk(matrix: Self.quarterTurn)
        let engine = try Self.engineFed(by: backend, screen: Rect(x: 0, y: 0, width: 1080, height: 1920))
        let tap = TapGestureRecognizer()
        engine.root.addGestureRecognizer(tap)
        var recognized = false
        tap.addTarget { if $0.state == .ended { recognized = true } }
        // Sensor point (0.5, 0.5), then 3 mm along the sensor's y (3 / 135 of its height): after
        // libinput's quarter turn, x' = 1 − y moves by 3 / 135 of the output's width (24 pt).
        let dy = 3.0 / 135
        system.queued = [
            Fixture.touch(.down, 0, at: 1000, normalized: (0.5, 0.5)), Fixture.frame(at: 1000),
            Fixture.touch(.motion, 0, at: 1040, normalized: (0.5 - dy, 0.5)), Fixture.frame(at: 1040),
            Fixture.touch(.up, 0, at: 1080), Fixture.frame(at: 1080),
        ]
        try backend.dispatch { engine.send($0) }
        #expect(recognized, "failed: \(String(describing: tap.failureReason))")
    }

    /// The same turn set while the backend runs (`setCalibrationMatrix(_:for:)`, documented
    /// beside rotation and output size among the changes that take effect while running, with
    /// the device announced again when its density changes): on the idle fixture touchscreen
    /// (1000 × 500 output) the quarter turn swaps which sensor side lies along which output axis,
    /// as `rotation = .clockwise90` does, so the device should be announced again with
    /// 1000/135 and 500/240 pt/mm. Nothing is announced; the engine keeps 1000/240 and 500/135.
    @Test("setCalibrationMatrix with a quarter turn announces the idle device again with the turned density")
    func runtimeCalibrationDensity() throws {
        let (backend, _) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        try backend.setCalibrationMatrix(Self.quarterTurn, for: DeviceID(1))
        let events = try Fixture.drain(backend)
        let announced = events.compactMap { event -> InputDevice? in
            if case .deviceAdded(let device, _) = event { device } else { nil }
        }
        let device = try #require(announced.first, "the device was not announced again: \(events)")
        let density = try #require(device.density)
        #expect(abs(density.x - 1000.0 / 135) < 1e-6 && abs(density.y - 500.0 / 240) < 1e-6, "\(density)")
    }

    /// A kiosk sets the quarter turn at start with `setCalibrationMatrix` (from its own
    /// settings rather than a udev rule); the seat is disabled and enabled again (a VT switch).
    /// libinput opens the device again with udev's matrix, the identity: before, the turn was
    /// lost, touches came unturned and the device came back with the unturned density, 1000/240
    /// and 500/135 pt/mm. The backend sets the host's matrix again as the device comes back.
    @Test("A calibration matrix the host set comes back on the device libinput opens again after a suspend")
    func runtimeCalibrationKeptAcrossSuspend() throws {
        let (backend, system) = try Fixture.backend(nodes: [Fixture.node(Fixture.touchscreenInfo)])
        _ = try Fixture.drain(backend)
        try backend.setCalibrationMatrix(Self.quarterTurn, for: DeviceID(1))
        _ = try Fixture.drain(backend)
        try backend.suspend { _ in }
        var added: [InputDevice] = []
        try backend.resume { if case .deviceAdded(let d, _) = $0 { added.append(d) } }
        let device = try #require(added.first)
        #expect(system.calibrationMatrix(of: Fixture.touchscreen) == Self.quarterTurn)
        #expect(try backend.calibrationMatrix(for: device.id) == Self.quarterTurn)
        let density = try #require(device.density)
        #expect(abs(density.x - 1000.0 / 135) < 1e-6 && abs(density.y - 500.0 / 240) < 1e-6, "\(density)")
    }

    // MARK: A kiosk turning its screen while running

    /// units-and-thresholds.md: rotation and output size "can change while running and take
    /// effect on the next frame, so a kiosk that rotates its screen rotates its touches with it";
    /// the controller offers `setRotation` and `setOutputSize` for it. Many kiosk panels report
    /// no resolution and take their millimetres from the output's physical size
    /// (`outputMillimetres`, "as seen": its width along the points' x axis). Turning the screen
    /// from 1920 × 1080 landscape to 1080 × 1920 portrait through those two setters keeps the
    /// physical size as the landscape 527 × 296 mm, so the panel is announced again with
    /// 1080/527 = 2.05 pt/mm along x and 1920/296 = 6.49 along y, where the turned screen has
    /// 1080 pt over 296 mm and 1920 pt over 527 mm: 3.64 both ways, as before the turn.
    @Test("A panel without resolution keeps its density when the kiosk turns its screen with rotation and outputSize")
    func kioskTurnsScreenNoResolution() throws {
        var info = Fixture.touchscreenInfo
        info.sizeMillimetres = nil
        var configuration = Fixture.configuration(
            nodes: [Fixture.node(info)], outputSize: Size(width: 1920, height: 1080))
        configuration.outputMillimetres = Size(width: 527, height: 296)
        let backend = try LibinputBackend(configuration: configuration)
        let engine = try Self.engineFed(by: backend, screen: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let before = try #require(engine.devices[DeviceID(1)]?.density)
        #expect(abs(before.x - 1920.0 / 527) < 1e-6 && abs(before.y - 1080.0 / 296) < 1e-6)

        // The kiosk turns its screen to portrait, as the documentation says to.
        backend.outputSize = Size(width: 1080, height: 1920)
        backend.rotation = .clockwise90
        try backend.dispatch { engine.send($0) }
        let after = try #require(engine.devices[DeviceID(1)]?.density)
        #expect(abs(after.x - 1080.0 / 296) < 0.01 && abs(after.y - 1920.0 / 527) < 0.01,
                "after the turn: \(after.x) pt/mm along x, \(after.y) along y; the screen has 3.64 both ways")
    }

    /// Two screens side by side: a portrait 1080 × 1920 kiosk panel on the left whose touchscreen
    /// libinput turns (udev's quarter-turn matrix), a landscape one on its right at x = 1080. The
    /// matrix puts the sensor's top row (y = 0) at x' = 1, on the left output's far edge: x = 1080,
    /// the right output's first column. The backend announces a device's output frame
    /// (`InputDevice.outputFrame`) exactly so that such a touch stays on its own output — but only
    /// when its `OutputMapping` turns the sensor, not when libinput's matrix does: a tap on the
    /// top row of the left panel (where panels clamp an edge swipe's first report) lands on the
    /// right screen's region.
    @Test("A touch on the edge row of a panel turned by udev's calibration matrix stays on its own output")
    func udevCalibrationOutputFrame() throws {
        let left = OutputMapping(size: Size(width: 1080, height: 1920))
        let nodes = [Fixture.node(Fixture.touchscreenInfo)]
        var configuration = LibinputBackend.Configuration(
            source: .seat("seat0"), outputSize: Size(width: 1920, height: 1080), logger: Fixture.quietLogger,
            makeSystem: {
                let system = ScriptedLibinputSystem(nodes: nodes)
                system.calibration[Fixture.touchscreen] = KioskHostTests.quarterTurn
                return system
            })
        configuration.outputAssignment = OutputAssignment([(.name("Test Touchscreen"), left)])
        let backend = try LibinputBackend(configuration: configuration)
        let system = backend.system as! ScriptedLibinputSystem
        let engine = try Self.engineFed(by: backend, screen: Rect(x: 0, y: 0, width: 3000, height: 1920))
        let leftScreen = Region(frame: Rect(x: 0, y: 0, width: 1080, height: 1920), name: "left")
        let rightScreen = Region(frame: Rect(x: 1080, y: 0, width: 1920, height: 1080), name: "right")
        engine.root.addChild(leftScreen)
        engine.root.addChild(rightScreen)
        let leftTap = TapGestureRecognizer()
        let rightTap = TapGestureRecognizer()
        leftScreen.addGestureRecognizer(leftTap)
        rightScreen.addGestureRecognizer(rightTap)
        var tapped: [String] = []
        leftTap.addTarget { if $0.state == .ended { tapped.append("left") } }
        rightTap.addTarget { if $0.state == .ended { tapped.append("right") } }
        // The sensor's top row, half way along: libinput reports (1 − 0, 0.5) = (1, 0.5).
        system.queued = [
            Fixture.touch(.down, 0, at: 1000, normalized: (1, 0.5)), Fixture.frame(at: 1000),
            Fixture.touch(.up, 0, at: 1060), Fixture.frame(at: 1060),
        ]
        try backend.dispatch { engine.send($0) }
        #expect(tapped == ["left"])
    }

    // MARK: Closing from a handler

    /// `close()` "may be called from inside the backend's own loop — from a handler, a
    /// recognizer's target …: the dispatch in progress hands on nothing more" (and
    /// CloseInsideLoopTests pins it for an event mapped directly). An event the mapper held back
    /// (a touchpad gesture's end, a lone cancel frame) is handed on when the next libinput event
    /// is read; a handler that closes the backend on that released event (a kiosk's "three
    /// fingers swipe down to exit", whose pan ends on the swipe's end) still gets the event that
    /// released it: here a hold beginning on the touchpad, handed on after the close.
    @Test("A handler that closes the backend on a touchpad gesture's end, released by the next event, hears nothing after it")
    func closeOnReleasedEnd() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            GestureMappingTests.gesture(.swipe, .begin, at: 100, fingers: 3),
            GestureMappingTests.gesture(.swipe, .update, at: 110, fingers: 3, delta: Point(x: 0, y: 30), unaccelerated: Point(x: 0, y: 30)),
            GestureMappingTests.gesture(.swipe, .end, at: 120, fingers: 3),
            GestureMappingTests.gesture(.hold, .begin, at: 300, fingers: 3),
        ]
        var afterClose: [InputEvent] = []
        var closed = false
        try backend.dispatch { event in
            if closed { afterClose.append(event); return }
            if case .touchpadGesture(let g) = event, g.phase == .end {
                closed = true
                backend.close()
            }
        }
        #expect(closed)
        #expect(afterClose.isEmpty, "handed on after close(): \(afterClose)")
    }
}
