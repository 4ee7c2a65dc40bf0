/// A position or displacement in a plane: screen points, region coordinates or device millimetres,
/// as the property that holds it says.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The length of this point taken as a vector from the origin.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The Euclidean distance to another point.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }

    /// The sum of two vectors.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two vectors.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The vector scaled by `k`.
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    /// The vector divided by `k`.
    @inlinable public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    public var description: String { "(\(x.formatted2), \(y.formatted2))" }
}

/// A width and height, in the unit of the property that holds it.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The extent along x.
    public var width: Double
    /// The extent along y.
    public var height: Double

    /// Creates a size.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// A size of zero by zero.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width.formatted2)×\(height.formatted2)" }
}

/// An axis-aligned rectangle: an origin (top-left, y grows downwards, as on screens) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from its top-left corner and size.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    @inlinable public var minX: Double { origin.x }
    /// The top edge.
    @inlinable public var minY: Double { origin.y }
    /// The right edge (outside the rectangle).
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The bottom edge (outside the rectangle).
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The width.
    @inlinable public var width: Double { size.width }
    /// The height.
    @inlinable public var height: Double { size.height }
    /// The centre point.
    @inlinable public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether `p` lies inside: the minimum edges are inside, the maximum edges outside.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public var description: String { "[\(origin) \(size)]" }
}

extension Double {
    /// Two decimals, for logs and descriptions. Whole numbers print without a fraction; infinities,
    /// NaN and magnitudes beyond `Int64` print as `Double` does.
    @usableFromInline var formatted2: String {
        let r = (self * 100).rounded() / 100
        if r == r.rounded(), r.magnitude < 9e18 { return String(Int64(r)) }
        return String(r)
    }
}
