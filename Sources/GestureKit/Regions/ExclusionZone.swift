/// A rectangle where touches that land start no gesture of the recognizer it is given to: the
/// recognizer never receives them (``GestureRecognizer/exclusionZones``). An on-screen keyboard, a
/// signature pad or a video are the usual ones.
public struct ExclusionZone: Hashable, Sendable, CustomStringConvertible {
    /// The coordinate space a zone's rectangle is in.
    public enum Space: String, Hashable, Sendable {
        /// Screen points (the root region's space).
        case screen
        /// The points of the region the recognizer is attached to (it follows the region when the
        /// region moves).
        case region

        /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
        /// than left to the compiler: the synthesized comparison goes through memory and keeps
        /// references alive around it (docs/architecture.md, "Comparing cases").
        @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

        /// The case's position in the declaration.
        @usableFromInline var ordinal: Int {
            switch self {
            case .screen: 0
            case .region: 1
            }
        }
    }

    /// The rectangle.
    public var rect: Rect
    /// The space ``rect`` is in.
    public var space: Space

    /// Creates a zone from a rectangle in `space`.
    public init(_ rect: Rect, in space: Space) {
        self.rect = rect
        self.space = space
    }

    /// A zone in screen points.
    public static func screen(_ rect: Rect) -> ExclusionZone { ExclusionZone(rect, in: .screen) }
    /// A zone in the points of the recognizer's region.
    public static func region(_ rect: Rect) -> ExclusionZone { ExclusionZone(rect, in: .region) }

    public var description: String { "\(space.rawValue) \(rect)" }
}
