import GestureKit
import GestureKitEvdev

/// A protocol-B touchscreen: x 0…999 and y 0…499 at 10 units/mm (100 × 50 mm), 4 slots,
/// pressure and touch major 0…255, tool type. Mapped to 1000 × 500 points, a point is a unit.
func testTouchscreen(resolution: Int32 = 10, properties: InputProperties? = .direct) -> DeviceDescription {
    var d = DeviceDescription(name: "Test Touchscreen", bus: 0x18, properties: properties)
    for code in [EventCode.synReport, .synDropped, .touch] { d.declare(code) }
    d.declare(.absX, absInfo: AbsInfo(minimum: 0, maximum: 999, resolution: resolution))
    d.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 499, resolution: resolution))
    d.declare(.mtSlot, absInfo: AbsInfo(minimum: 0, maximum: 3))
    d.declare(.mtPositionX, absInfo: AbsInfo(minimum: 0, maximum: 999, resolution: resolution))
    d.declare(.mtPositionY, absInfo: AbsInfo(minimum: 0, maximum: 499, resolution: resolution))
    d.declare(.mtTrackingID, absInfo: AbsInfo(minimum: 0, maximum: 65535))
    d.declare(.mtPressure, absInfo: AbsInfo(minimum: 0, maximum: 255))
    d.declare(.mtTouchMajor, absInfo: AbsInfo(minimum: 0, maximum: 255))
    d.declare(.mtToolType, absInfo: AbsInfo(minimum: 0, maximum: 2))
    return d
}

/// The output of ``testTouchscreen``: 1000 × 500 points.
let testMapping = OutputMapping(size: Size(width: 1000, height: 500))

/// Feeds `events` at `ms` milliseconds, then a `SYN_REPORT`, and returns the frame if one closed.
func frame(
    _ decoder: inout TouchDecoder, at ms: Int64, _ events: [(EventCode, Int32)], sourceLocation: SourceLocation = #_sourceLocation
) throws -> TouchFrame? {
    let t = Timestamp.milliseconds(ms)
    for (code, value) in events {
        let closed = try decoder.decode(EvdevEvent(time: t, code, value))
        if closed { return decoder.frame }
    }
    return try decoder.decode(EvdevEvent(time: t, .synReport, 0)) ? decoder.frame : nil
}

extension TouchFrame {
    /// The contacts as `(id, phase)` pairs, in frame order.
    var phases: [(Int, TouchPhase)] { contacts.map { ($0.id, $0.phase) } }

    /// The contact with `id`.
    func contact(_ id: Int) -> TouchContact? { contacts.first { $0.id == id } }
}

import Testing
