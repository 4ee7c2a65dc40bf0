/// How many screen points one millimetre of finger travel covers, along the screen's x axis and
/// along its y axis.
///
/// The two differ whenever a sensor is stretched onto an output of another aspect ratio, or its
/// resolution differs per axis. Recognizers judge a stroke by what the finger did: a displacement
/// in points becomes millimetres per axis (``millimetres(_:)``) before it is compared with a
/// threshold in millimetres or given a direction.
public struct PointDensity: Hashable, Sendable, CustomStringConvertible {
    /// Points per millimetre along the screen's x axis.
    public var x: Double
    /// Points per millimetre along the screen's y axis.
    public var y: Double

    /// Creates a density from its two axes (points per millimetre; both must be positive).
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The same density on both axes.
    @inlinable public init(uniform pointsPerMillimetre: Double) {
        self.init(x: pointsPerMillimetre, y: pointsPerMillimetre)
    }

    /// One number for both axes, the geometric mean: what ``Touch/pointsPerMillimetre`` reports.
    @inlinable public var mean: Double { (x * y).squareRoot() }

    /// Whether both axes are finite and positive.
    @inlinable public var isValid: Bool { x > 0 && y > 0 && x.isFinite && y.isFinite }

    /// A displacement in screen points, as millimetres of finger travel along the screen's axes.
    @inlinable public func millimetres(_ displacement: Point) -> Point {
        Point(x: displacement.x / x, y: displacement.y / y)
    }

    /// A displacement in millimetres along the screen's axes, as screen points.
    @inlinable public func points(_ millimetres: Point) -> Point {
        Point(x: millimetres.x * x, y: millimetres.y * y)
    }

    public var description: String {
        x == y ? "\(x.formatted2) pt/mm" : "\(x.formatted2)×\(y.formatted2) pt/mm"
    }
}

/// Where a device's millimetres come from, best first.
public enum DensitySource: String, Hashable, Sendable, CaseIterable {
    /// The device reports its resolution (evdev absinfo, libinput's device size).
    case deviceResolution = "resolution"
    /// The device reports none, and the host gave the physical size of the output the touchscreen
    /// is mapped onto (a compositor reads it from the output's EDID; a kiosk knows its panel).
    case outputSize = "output"
    /// Neither is known: ``GestureConfiguration/fallbackPointsPerMillimetre`` on both axes, so
    /// thresholds in millimetres are, in effect, thresholds in points.
    case fallback

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .deviceResolution: 0
        case .outputSize: 1
        case .fallback: 2
        }
    }
}

/// What a device tells of each contact's size, which large-contact rejection needs
/// (``GestureConfiguration/largeContactMajorAxis``).
public enum ContactSize: String, Hashable, Sendable, CaseIterable {
    /// The device reports each contact's major axis (`ABS_MT_TOUCH_MAJOR`).
    case majorAxis = "major-axis"
    /// The device reports pressure but no size (``GestureConfiguration/largeContactPressure``).
    case pressure
    /// Neither, or the producer does not pass it on (libinput passes no touchscreen contact
    /// size): large contacts cannot be told from fingers, and only contacts the device marks as
    /// palms are rejected.
    case none

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .majorAxis: 0
        case .pressure: 1
        case .none: 2
        }
    }
}
