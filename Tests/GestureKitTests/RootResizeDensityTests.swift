import GestureKit
import Testing

/// A device described without a density takes the screen's area from the root region: when the
/// root's size changes, so does the density of the touches that land after.
@Suite struct RootResizeDensityTests {
    static let screen = HostDeviceDensityTests.screen

    @Test func densityFollowsTheRootCreatedEmpty() {
        // A compositor builds its engine before it knows its outputs, then sizes the root.
        let engine = GestureEngine(screen: .zero)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150))
        engine.send(.deviceAdded(device, at: .zero))
        engine.root.frame = Self.screen
        #expect(engine.density(of: device.id) == PointDensity(uniform: 4))
    }

    @Test func densityFollowsTheRootResized() {
        let engine = GestureEngine(screen: Self.screen)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150))
        engine.send(.deviceAdded(device, at: .zero))
        #expect(engine.density(of: device.id) == PointDensity(uniform: 4))

        // The screen's mode doubles its points: the same 250 × 150 mm now cover 2000 × 1200.
        engine.root.frame = Rect(x: 0, y: 0, width: 2000, height: 1200)
        #expect(engine.density(of: device.id) == PointDensity(uniform: 8))

        // 24 points are 3 mm now: still a tap (4 mm allowed), as it is on the panel.
        let tap = TapGestureRecognizer()
        engine.root.addGestureRecognizer(tap)
        var taps = 0
        tap.addTarget { _ in taps += 1 }
        HostDeviceDensityTests.tap(engine, at: Point(x: 1000, y: 600), by: Point(x: 24, y: 0), from: 10)
        #expect(taps == 1)

        // A density the host gave is its own: the root's size does not change it.
        var given = device
        given.id = DeviceID(2)
        given.density = PointDensity(x: 5, y: 6)
        engine.send(.deviceAdded(given, at: .milliseconds(500)))
        engine.root.frame = Self.screen
        #expect(engine.density(of: given.id) == PointDensity(x: 5, y: 6))
        #expect(engine.density(of: device.id) == PointDensity(uniform: 4))
    }
}
