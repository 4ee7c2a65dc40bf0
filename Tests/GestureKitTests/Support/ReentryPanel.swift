@testable import GestureKit

/// A 250 × 150 mm touchscreen on a 1000 × 600 point screen, plugged in at 1 s: the panel the
/// re-entrancy tests drive (host code sending input from inside the engine's callbacks).
enum ReentryPanel {
    static let device = DeviceID(1)

    /// An engine with the panel plugged in, and the time it was.
    static func engine() -> (GestureEngine, Timestamp) {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let t = Timestamp.milliseconds(1000)
        engine.send(.deviceAdded(InputDevice(
            id: device, name: "panel", kind: .touchscreen,
            sizeMillimetres: Size(width: 250, height: 150), hasResolution: true, maximumContacts: 10
        ), at: t))
        return (engine, t)
    }

    /// Contact `id` at `x` points along the line y = 100.
    static func contact(_ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchContact {
        TouchContact(id: id, phase: phase, location: Point(x: x, y: 100), millimetres: Point(x: x / 4, y: 25))
    }
}
