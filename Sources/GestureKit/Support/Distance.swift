/// A distance threshold that carries its unit.
///
/// Defaults are in millimetres so a gesture feels the same on a 7-inch kiosk and a 32-inch panel.
/// A displacement on the screen is measured against a distance in millimetres per axis, through
/// the touch's ``Touch/density`` (``isReached(by:density:)``): what the finger did physically,
/// whatever the output. Devices that report no resolution take their millimetres from the
/// output's physical size when the host gives it, and otherwise fall back to
/// ``GestureConfiguration/fallbackPointsPerMillimetre`` (see ``DensitySource``).
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

    /// The number, in the distance's own unit.
    @inlinable public var magnitude: Double {
        switch self {
        case .millimetres(let mm): mm
        case .points(let pt): pt
        }
    }

    /// The length of `displacement` (screen points) in this distance's unit: physical millimetres
    /// (each axis through `density`) for a distance in millimetres, points for one in points.
    @inlinable public func length(of displacement: Point, density: PointDensity) -> Double {
        switch self {
        case .millimetres: density.millimetres(displacement).length
        case .points: displacement.length
        }
    }

    /// Whether `displacement` (screen points) is at least this long, measured as
    /// ``length(of:density:)`` does.
    @inlinable public func isReached(by displacement: Point, density: PointDensity) -> Bool {
        length(of: displacement, density: density) >= magnitude
    }

    public var description: String {
        switch self {
        case .millimetres(let mm): "\(mm.formatted2) mm"
        case .points(let pt): "\(pt.formatted2) pt"
        }
    }
}

extension Distance {
    /// Whether a touch of `touches` is farther than this distance from where it landed, measured
    /// as ``length(of:density:)`` does with the touch's own density: the movement a tap or a long
    /// press fails on. Each touch is read in place in the list, not retained. Inlined: as a call,
    /// it cost the recording's replay 8 instructions per frame.
    @inline(__always)
    func isExceeded(byAnyOf touches: [Touch]) -> Bool {
        let span = touches.span
        for i in span.indices
        where length(of: span[i].location - span[i].startLocation, density: span[i].density) > magnitude {
            return true
        }
        return false
    }
}
