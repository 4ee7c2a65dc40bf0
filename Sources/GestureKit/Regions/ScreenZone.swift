/// One of the screen's four edges: the edges of the engine's root region, which are the output's
/// edges after its rotation (touch locations arrive already mapped onto the output).
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The edge at the smallest y.
    case top
    /// The edge at the smallest x.
    case left
    /// The edge at the largest y.
    case bottom
    /// The edge at the largest x.
    case right

    /// The direction that points from this edge into the screen.
    public var inward: SwipeDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .down
        case .bottom: .up
        }
    }

    public var description: String { rawValue }

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .top: 0
        case .left: 1
        case .bottom: 2
        case .right: 3
        }
    }
}

extension ScreenEdges {
    /// The set holding the single edge `edge`.
    public init(_ edge: ScreenEdge) {
        switch edge {
        case .top: self = .top
        case .left: self = .left
        case .bottom: self = .bottom
        case .right: self = .right
        }
    }
}

/// One of the screen's four corners.
public enum ScreenCorner: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Where the top and left edges meet.
    case topLeft
    /// Where the top and right edges meet.
    case topRight
    /// Where the bottom and left edges meet.
    case bottomLeft
    /// Where the bottom and right edges meet.
    case bottomRight

    /// The two edges that meet at the corner: the horizontal one (top or bottom), then the
    /// vertical one (left or right).
    public var edges: (horizontal: ScreenEdge, vertical: ScreenEdge) {
        switch self {
        case .topLeft: (.top, .left)
        case .topRight: (.top, .right)
        case .bottomLeft: (.bottom, .left)
        case .bottomRight: (.bottom, .right)
        }
    }

    public var description: String {
        switch self {
        case .topLeft: "top-left"
        case .topRight: "top-right"
        case .bottomLeft: "bottom-left"
        case .bottomRight: "bottom-right"
        }
    }

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .topLeft: 0
        case .topRight: 1
        case .bottomLeft: 2
        case .bottomRight: 3
        }
    }
}

/// A position along a screen edge, measured from the edge's start: the left end of the top and
/// bottom edges, the top end of the left and right edges.
public enum EdgePosition: Hashable, Sendable, CustomStringConvertible {
    /// A fraction of the edge's length, from 0 (its start) to 1 (its end).
    case fraction(Double)
    /// A distance from the edge's start, in millimetres or points along the edge.
    case distance(Distance)

    /// The edge's start.
    public static let start = EdgePosition.fraction(0)
    /// The edge's end.
    public static let end = EdgePosition.fraction(1)

    /// The position in screen points from the edge's start, on an edge `length` points long whose
    /// axis has `pointsPerMillimetre`.
    func points(alongEdgeOf length: Double, pointsPerMillimetre: Double) -> Double {
        switch self {
        case .fraction(let f): f * length
        case .distance(let d): d.points(atPointsPerMillimetre: pointsPerMillimetre)
        }
    }

    public var description: String {
        switch self {
        case .fraction(let f): "\(f)"
        case .distance(let d): "\(d)"
        }
    }
}

/// A band along one screen edge where an edge gesture may start: the edge, the band's depth into
/// the screen, and the segment of the edge it covers.
///
/// ```swift
/// // The middle third of the bottom edge, 8 mm deep.
/// let overview = EdgeZone(.bottom, depth: .millimetres(8), from: .fraction(1.0 / 3), to: .fraction(2.0 / 3))
/// ```
public struct EdgeZone: Hashable, Sendable, CustomStringConvertible {
    /// The edge the band lies along.
    public var edge: ScreenEdge
    /// How deep the band reaches into the screen, measured across the edge (on the touch's device,
    /// in millimetres along that axis, by default).
    public var depth: Distance
    /// Where the band's segment starts along the edge.
    public var from: EdgePosition
    /// Where the band's segment ends along the edge.
    public var to: EdgePosition

    /// Creates a band along `edge`, `depth` deep, covering the edge from `from` to `to` (the whole
    /// edge by default).
    public init(_ edge: ScreenEdge, depth: Distance, from: EdgePosition = .start, to: EdgePosition = .end) {
        self.edge = edge
        self.depth = depth
        self.from = from
        self.to = to
    }

    /// Whether `p` (screen points) lies in the band of a screen `screen`, with `density` the
    /// touch's points per millimetre along each screen axis.
    public func contains(_ p: Point, screen: Rect, density: PointDensity) -> Bool {
        let acrossDensity = (edge == .left || edge == .right) ? density.x : density.y
        let alongDensity = (edge == .left || edge == .right) ? density.y : density.x
        let band = depth.points(atPointsPerMillimetre: acrossDensity)
        let inset: Double, along: Double, length: Double
        switch edge {
        case .left: (inset, along, length) = (p.x - screen.minX, p.y - screen.minY, screen.height)
        case .right: (inset, along, length) = (screen.maxX - p.x, p.y - screen.minY, screen.height)
        case .top: (inset, along, length) = (p.y - screen.minY, p.x - screen.minX, screen.width)
        case .bottom: (inset, along, length) = (screen.maxY - p.y, p.x - screen.minX, screen.width)
        }
        guard inset <= band else { return false }
        // A point a little past the screen's corner (a calibration that overshoots) lies along
        // the edge at its end, as one past the edge lies in the band.
        let position = min(max(along, 0), length)
        let lower = from.points(alongEdgeOf: length, pointsPerMillimetre: alongDensity)
        let upper = to.points(alongEdgeOf: length, pointsPerMillimetre: alongDensity)
        return position >= min(lower, upper) && position <= max(lower, upper)
    }

    public var description: String {
        let whole = from == .start && to == .end
        return whole ? "\(edge) edge (\(depth))" : "\(edge) edge \(from)…\(to) (\(depth))"
    }
}

/// The directions a corner pan may leave its corner in. Each is a 45° sector pointing into the
/// screen: along the horizontal edge, along the vertical edge, or along the diagonal between them.
public struct CornerDirections: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The directions as bits.
    public let rawValue: Int
    /// Creates a set of directions from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Along the corner's top or bottom edge, into the screen (left or right).
    public static let horizontal = CornerDirections(rawValue: 1)
    /// Along the corner's left or right edge, into the screen (up or down).
    public static let vertical = CornerDirections(rawValue: 2)
    /// Along the diagonal, into the screen.
    public static let diagonal = CornerDirections(rawValue: 4)
    /// Any of the three sectors: from 22.5° outside one edge's direction, through the diagonal,
    /// to 22.5° outside the other's (135°).
    public static let all: CornerDirections = [.horizontal, .vertical, .diagonal]

    public var description: String {
        var names: [String] = []
        if contains(.horizontal) { names.append("horizontal") }
        if contains(.vertical) { names.append("vertical") }
        if contains(.diagonal) { names.append("diagonal") }
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}

/// A square at a screen corner where a corner pan may start, and the directions it may leave in.
public struct CornerZone: Hashable, Sendable, CustomStringConvertible {
    /// The corner.
    public var corner: ScreenCorner
    /// The side of the square (on the touch's device, in millimetres along each axis, by default).
    public var size: Distance
    /// The directions the pan may leave the corner in.
    public var directions: CornerDirections

    /// Creates a corner zone `size` square at `corner`, left in any of `directions` (all by default).
    public init(_ corner: ScreenCorner, size: Distance, directions: CornerDirections = .all) {
        self.corner = corner
        self.size = size
        self.directions = directions
    }

    /// Whether `p` (screen points) lies in the square.
    public func contains(_ p: Point, screen: Rect, density: PointDensity) -> Bool {
        let (h, v) = corner.edges
        let sideX = size.points(atPointsPerMillimetre: density.x)
        let sideY = size.points(atPointsPerMillimetre: density.y)
        let dx = v == .left ? p.x - screen.minX : screen.maxX - p.x
        let dy = h == .top ? p.y - screen.minY : screen.maxY - p.y
        return dx <= sideX && dy <= sideY
    }

    /// The sector `millimetres` (a displacement in millimetres, y growing down) leaves the corner
    /// in, if it is one of ``directions``: each sector spans 45°, centred on its direction.
    func direction(of millimetres: Point) -> CornerDirections? {
        let (h, v) = corner.edges
        // In the corner's own frame, both inward components are positive.
        let a = millimetres.x * v.inward.unitVector.x
        let b = millimetres.y * h.inward.unitVector.y
        // tan(22.5°): the border between an edge's sector and the diagonal's.
        let t = 0.41421356237309503
        let sector: CornerDirections
        if a > 0 && abs(b) <= t * a {
            sector = .horizontal
        } else if b > 0 && abs(a) <= t * b {
            sector = .vertical
        } else if a > 0 && b > 0 {
            sector = .diagonal
        } else {
            return nil
        }
        return directions.contains(sector) ? sector : nil
    }

    /// The swipe direction(s) of a sector: one direction for an edge's, two for the diagonal.
    func swipeDirection(_ sector: CornerDirections) -> SwipeDirection {
        let (h, v) = corner.edges
        var d: SwipeDirection = []
        if sector.contains(.horizontal) || sector.contains(.diagonal) { d.formUnion(v.inward) }
        if sector.contains(.vertical) || sector.contains(.diagonal) { d.formUnion(h.inward) }
        return d
    }

    public var description: String { "\(corner) corner (\(size), \(directions))" }
}

/// A zone where an edge gesture may start: a band along an edge, or a square at a corner.
public enum ScreenZone: Hashable, Sendable, CustomStringConvertible {
    /// A band along an edge.
    case edge(EdgeZone)
    /// A square at a corner.
    case corner(CornerZone)

    /// Whether `p` (screen points) lies in the zone on `screen`, with `density` the touch's points
    /// per millimetre along each screen axis.
    public func contains(_ p: Point, screen: Rect, density: PointDensity) -> Bool {
        switch self {
        case .edge(let z): z.contains(p, screen: screen, density: density)
        case .corner(let z): z.contains(p, screen: screen, density: density)
        }
    }

    /// The zone's rectangle on `screen`, for a device of `density`: what ``contains(_:screen:density:)``
    /// accepts (for drawing a zone overlay, or checking a layout).
    public func frame(on screen: Rect, density: PointDensity) -> Rect {
        switch self {
        case .edge(let z):
            let vertical = z.edge == .left || z.edge == .right
            let length = vertical ? screen.height : screen.width
            let along = vertical ? density.y : density.x
            let a = z.from.points(alongEdgeOf: length, pointsPerMillimetre: along)
            let b = z.to.points(alongEdgeOf: length, pointsPerMillimetre: along)
            let (lo, hi) = (min(a, b), max(a, b))
            let depth = z.depth.points(atPointsPerMillimetre: vertical ? density.x : density.y)
            switch z.edge {
            case .left: return Rect(x: screen.minX, y: screen.minY + lo, width: depth, height: hi - lo)
            case .right: return Rect(x: screen.maxX - depth, y: screen.minY + lo, width: depth, height: hi - lo)
            case .top: return Rect(x: screen.minX + lo, y: screen.minY, width: hi - lo, height: depth)
            case .bottom: return Rect(x: screen.minX + lo, y: screen.maxY - depth, width: hi - lo, height: depth)
            }
        case .corner(let z):
            let (h, v) = z.corner.edges
            let w = z.size.points(atPointsPerMillimetre: density.x)
            let hgt = z.size.points(atPointsPerMillimetre: density.y)
            return Rect(x: v == .left ? screen.minX : screen.maxX - w, y: h == .top ? screen.minY : screen.maxY - hgt, width: w, height: hgt)
        }
    }

    /// The inward direction a displacement (millimetres) leaves the zone in, if the zone accepts
    /// it: the edge's inward direction when it goes inward at least as far as along the edge (at
    /// 45° exactly, every edge alike), or a corner's sector.
    func leavingDirection(_ millimetres: Point) -> SwipeDirection? {
        switch self {
        case .edge(let z):
            let (inward, along): (Double, Double) = switch z.edge {
            case .left: (millimetres.x, millimetres.y)
            case .right: (-millimetres.x, millimetres.y)
            case .top: (millimetres.y, millimetres.x)
            case .bottom: (-millimetres.y, millimetres.x)
            }
            return inward > 0 && inward >= abs(along) ? z.edge.inward : nil
        case .corner(let z):
            return z.direction(of: millimetres).map(z.swipeDirection)
        }
    }

    public var description: String {
        switch self {
        case .edge(let z): z.description
        case .corner(let z): z.description
        }
    }
}
