import GestureKit

/// Where touchscreen touches land on the output (internal: hosts set ``LibinputBackend/outputSize``
/// and ``LibinputBackend/rotation``): its size in points and the sensor's rotation.
///
/// libinput's transformed coordinates (`libinput_event_touch_get_x_transformed`), which already
/// include the device's calibration matrix, are taken as fractions of the sensor, rotated, then
/// scaled to the output.
struct OutputMapping: Hashable, Sendable {
    /// The output's size in points.
    var size: Size
    /// The sensor's rotation relative to the output.
    var rotation: OutputRotation

    /// Creates a mapping.
    init(size: Size, rotation: OutputRotation = .none) {
        self.size = size
        self.rotation = rotation
    }

    /// The screen position, in points, of a normalized sensor position.
    func location(ofNormalized p: Point) -> Point {
        let r = rotation.rotate((p.x, p.y))
        return Point(x: r.x * size.width, y: r.y * size.height)
    }
}
