/// How a touch surface is turned relative to the output it covers, clockwise. Both the libinput
/// backend and the evdev decoder map positions with it, so a rotated kiosk screen is described
/// the same way live and in replays.
public enum OutputRotation: Int, Hashable, Sendable, CaseIterable {
    /// Upright.
    case none = 0
    /// A quarter turn clockwise: the sensor's top edge lies along the output's right edge.
    case clockwise90 = 90
    /// Upside down.
    case upsideDown = 180
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    case clockwise270 = 270

    /// The rotation for a number of degrees (0, 90, 180 or 270, any multiple of 360 added).
    public init?(degrees: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.init(rawValue: d)
    }

    /// Rotates a normalized position (0…1 on each axis, y down) about the centre of the unit square.
    @inlinable public func rotate(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        switch self {
        case .none: (p.x, p.y)
        case .clockwise90: (1 - p.y, p.x)
        case .upsideDown: (1 - p.x, 1 - p.y)
        case .clockwise270: (p.y, 1 - p.x)
        }
    }

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .none: 0
        case .clockwise90: 1
        case .upsideDown: 2
        case .clockwise270: 3
        }
    }
}
