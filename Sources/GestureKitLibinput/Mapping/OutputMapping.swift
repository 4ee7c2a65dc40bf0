import GestureKit

/// Where touchscreen touches land on the output: its size in points and the sensor's rotation.
///
/// libinput's transformed coordinates (`libinput_event_touch_get_x_transformed`), which already
/// include the device's calibration matrix, are taken as fractions of the sensor, rotated, then
/// scaled to the output.
public struct OutputMapping: Hashable, Sendable {
    /// The output's size in points.
    public var size: Size
    /// The sensor's rotation relative to the output.
    public var rotation: OutputRotation

    /// Creates a mapping.
    public init(size: Size, rotation: OutputRotation = .none) {
        self.size = size
        self.rotation = rotation
    }

    /// The screen position, in points, of a normalized sensor position.
    @inlinable public func location(ofNormalized p: Point) -> Point {
        let r = rotation.rotate((p.x, p.y))
        return Point(x: r.x * size.width, y: r.y * size.height)
    }
}
