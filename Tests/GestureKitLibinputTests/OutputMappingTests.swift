import GestureKit
import Testing
@testable import GestureKitLibinput

@Suite("Output size and rotation")
struct OutputMappingTests {
    @Test(
        "Each rotation maps a point near the sensor's top-left corner",
        arguments: [
            (OutputRotation.none, Point(x: 100, y: 100)),
            (.clockwise90, Point(x: 800, y: 50)),
            (.upsideDown, Point(x: 900, y: 400)),
            (.clockwise270, Point(x: 200, y: 450)),
        ])
    func rotation(_ rotation: OutputRotation, expected: Point) throws {
        let mapping = OutputMapping(size: Size(width: 1000, height: 500), rotation: rotation)
        let p = mapping.map(normalized: Point(x: 0.1, y: 0.2))
        #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9)
    }

    @Test("Rotations from degrees", arguments: [(0, OutputRotation.none), (90, .clockwise90), (-90, .clockwise270), (540, .upsideDown)])
    func degrees(_ degrees: Int, expected: OutputRotation) {
        #expect(OutputRotation(degrees: degrees) == expected)
        #expect(OutputRotation(degrees: 45) == nil)
    }

    @Test("The configured rotation applies to touch frames")
    func configuredRotation() throws {
        let (backend, system) = try Fixture.backend(rotation: .clockwise90)
        _ = try Fixture.drain(backend)
        system.queued = [Fixture.touch(.down, 0, at: 1, normalized: (0.1, 0.2)), Fixture.frame(at: 1)]
        let frame = try #require(Fixture.frames(try Fixture.drain(backend)).first)
        #expect(frame.contacts[0].location == Point(x: 800, y: 50))
        #expect(frame.contacts[0].millimetres == Point(x: 24, y: 27))
    }

    @Test("Changing size and rotation at run time takes effect at once: the contacts down are placed anew, stationary")
    func runtimeChange() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [Fixture.touch(.down, 0, at: 1, normalized: (0.25, 0.5)), Fixture.frame(at: 1)]
        let first = try #require(Fixture.frames(try Fixture.drain(backend)).first)
        #expect(first.contacts[0].location == Point(x: 250, y: 250))

        backend.rotation = .upsideDown
        backend.outputSize = Size(width: 200, height: 100)
        #expect(backend.rotation == .upsideDown)
        system.queued = [Fixture.frame(at: 2)]
        let frames = Fixture.frames(try Fixture.drain(backend))
        // One placement per change (the rotation, then the size), then the frame read.
        #expect(frames.count == 3)
        #expect(frames.allSatisfy { $0.contacts.map(\.phase) == [.stationary] })
        #expect(frames.first?.contacts[0].location == Point(x: 750, y: 250))
        #expect(frames.dropFirst().allSatisfy { $0.contacts[0].location == Point(x: 150, y: 50) })
    }

    @Test("Calibration matrices are read and set through libinput for touch devices only")
    func calibration() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        let screen = DeviceID(1)
        #expect(try backend.calibrationMatrix(for: screen) == .identity)
        let matrix = CalibrationMatrix(0, 1, 0, -1, 0, 1)
        try backend.setCalibrationMatrix(matrix, for: screen)
        #expect(system.calls.contains(.setCalibrationMatrix(matrix, Fixture.touchscreen)))
        #expect(try backend.calibrationMatrix(for: screen) == matrix)
        #expect(try backend.defaultCalibrationMatrix(for: screen) == .identity)
        #expect(throws: LibinputBackendError.calibrationNotApplied(DeviceID(2))) {
            try backend.setCalibrationMatrix(matrix, for: DeviceID(2))
        }
        #expect(throws: LibinputBackendError.unknownDevice(DeviceID(42))) {
            try backend.calibrationMatrix(for: DeviceID(42))
        }
        #expect(CalibrationMatrix([1, 2, 3]) == nil)
        #expect(CalibrationMatrix([1, 0, 0, 0, 1, 0]) == .identity)
    }
}
