/// A distance threshold that carries its unit.
///
/// Defaults are in millimetres so a gesture feels the same on a 7-inch kiosk and a 32-inch panel.
/// The engine converts millimetres to points for each touch with the device's physical size (see
/// ``Touch/pointsPerMillimetre``); devices that report no resolution fall back to
/// ``GestureConfiguration/fallbackPointsPerMillimetre``.
public enum Distance: Hashable, Sendable, CustomStringConvertible {
    /// Millimetres on the touch surface.
    case millimetres(Double)
    /// Points in screen (region) coordinates.
    case points(Double)

    /// This distance in points, for a device with `pointsPerMillimetre`.
    @inlinable public func points(atPointsPerMillimetre scale: Double) -> Double {
        switch self {
        case .millimetres(let mm): mm * scale
        case .points(let pt): pt
        }
    }

    public var description: String {
        switch self {
        case .millimetres(let mm): "\(mm.formatted2) mm"
        case .points(let pt): "\(pt.formatted2) pt"
        }
    }
}
