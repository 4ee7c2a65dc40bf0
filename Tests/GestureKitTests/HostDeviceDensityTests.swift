import GestureKit
import Testing

/// Devices a host describes itself, without a density: the engine derives one from the sensor's
/// size and the root region, and must never derive an unusable one.
@Suite struct HostDeviceDensityTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 600)

    /// A finger at `start` that moves `by` points and lifts, 100 ms in all, on device 1.
    static func tap(_ engine: GestureEngine, at start: Point, by offset: Point, from ms: Int64) {
        let id = DeviceID(1)
        let p = start + offset
        engine.send(.touchFrame(TouchFrame(device: id, timestamp: .milliseconds(ms), contacts: [
            TouchContact(id: 0, phase: .began, location: start, millimetres: .zero),
        ])))
        engine.send(.touchFrame(TouchFrame(device: id, timestamp: .milliseconds(ms + 50), contacts: [
            TouchContact(id: 0, phase: .moved, location: p, millimetres: .zero),
        ])))
        engine.send(.touchFrame(TouchFrame(device: id, timestamp: .milliseconds(ms + 100), contacts: [
            TouchContact(id: 0, phase: .ended, location: p, millimetres: .zero),
        ])))
    }

    @Test(arguments: [
        Size(width: .infinity, height: 150), Size(width: .infinity, height: .infinity),
        Size(width: 0, height: 150), Size(width: -250, height: 150),
        Size(width: .nan, height: 150),
    ])
    func unusableSensorSizeFallsBack(size: Size) {
        let engine = GestureEngine(screen: Self.screen)
        let device = InputDevice(id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: size)
        #expect(!device.hasResolution)
        #expect(device.densitySource == .fallback)
        engine.send(.deviceAdded(device, at: .zero))
        let fallback = PointDensity(uniform: GestureConfiguration.default.fallbackPointsPerMillimetre)
        #expect(engine.density(of: device.id) == fallback)

        // A finger that moves 2 points each way (under a millimetre) is no pan (2 mm).
        let pan = PanGestureRecognizer()
        engine.root.addGestureRecognizer(pan)
        var pans = 0
        pan.addTarget { _ in pans += 1 }
        Self.tap(engine, at: Point(x: 500, y: 300), by: Point(x: 2, y: 2), from: 10)
        #expect(pans == 0)
    }

    @Test func sensorTooSmallForAnyDensityFallsBack() {
        // Finite sizes whose density overflows: the screen's area over a vanishing sensor's.
        let engine = GestureEngine(screen: Self.screen)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 1e-300, height: 1e-300))
        engine.send(.deviceAdded(device, at: .zero))
        #expect(engine.density(of: device.id) == PointDensity(uniform: GestureConfiguration.default.fallbackPointsPerMillimetre))
    }
}
