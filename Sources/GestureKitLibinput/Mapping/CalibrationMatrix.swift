import GestureKit

/// A touchscreen's calibration matrix, as `libinput_device_config_calibration_*` takes it: the
/// first two rows of a 3×3 affine matrix applied to normalized coordinates (0…1),
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// `{a, b, c, d, e, f}`, in libinput's order.
    public var values: (Float, Float, Float, Float, Float, Float)

    /// Creates a matrix from libinput's six values.
    public init(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ e: Float, _ f: Float) {
        values = (a, b, c, d, e, f)
    }

    /// Creates a matrix from an array of exactly six values; `nil` otherwise.
    public init?(_ array: [Float]) {
        guard array.count == 6 else { return nil }
        self.init(array[0], array[1], array[2], array[3], array[4], array[5])
    }

    /// The identity: no calibration.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// The six values as an array.
    public var array: [Float] { [values.0, values.1, values.2, values.3, values.4, values.5] }

    public static func == (a: CalibrationMatrix, b: CalibrationMatrix) -> Bool { a.array == b.array }
    public func hash(into hasher: inout Hasher) { hasher.combine(array) }

    public var description: String { "[\(array.map { String($0) }.joined(separator: " "))]" }

    /// `p` through the matrix.
    func apply(_ p: Point) -> Point {
        let (a, b, c, d, e, f) = values
        return Point(
            x: Double(a) * p.x + Double(b) * p.y + Double(c), y: Double(d) * p.x + Double(e) * p.y + Double(f))
    }

    /// The matrix that undoes this one, or `nil` when it flattens the sensor (no inverse).
    var inverse: (Point) -> Point? {
        let (a, b, c, d, e, f) = (
            Double(values.0), Double(values.1), Double(values.2), Double(values.3), Double(values.4), Double(values.5))
        let det = a * e - b * d
        guard det != 0, det.isFinite else { return { _ in nil } }
        return { p in
            let x = p.x - c, y = p.y - f
            return Point(x: (e * x - b * y) / det, y: (a * y - d * x) / det)
        }
    }
}
