/// A position or displacement in a plane: screen points, region coordinates or device millimetres,
/// as the property that holds it says.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)

    /// The length of this point taken as a vector from the origin.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The Euclidean distance to another point.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    @inlinable public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    public var description: String { "(\(x.formatted2), \(y.formatted2))" }
}

/// A width and height, in the unit of the property that holds it.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width.formatted2)×\(height.formatted2)" }
}

/// An axis-aligned rectangle: an origin (top-left, y grows downwards, as on screens) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether `p` lies inside: the minimum edges are inside, the maximum edges outside.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public var description: String { "[\(origin) \(size)]" }
}

extension Double {
    /// Two decimals, for logs and descriptions.
    @usableFromInline var formatted2: String {
        let r = (self * 100).rounded() / 100
        if r == r.rounded() { return String(Int64(r)) }
        return String(r)
    }
}
