/// Screen edges, for edge pans.
public struct ScreenEdges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The edges as bits.
    public let rawValue: Int
    /// Creates a set of edges from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = ScreenEdges(rawValue: 1)
    /// The left edge.
    public static let left = ScreenEdges(rawValue: 2)
    /// The bottom edge.
    public static let bottom = ScreenEdges(rawValue: 4)
    /// The right edge.
    public static let right = ScreenEdges(rawValue: 8)
    /// Every edge.
    public static let all: ScreenEdges = [.top, .left, .bottom, .right]

    public var description: String {
        var names: [String] = []
        if contains(.top) { names.append("top") }
        if contains(.left) { names.append("left") }
        if contains(.bottom) { names.append("bottom") }
        if contains(.right) { names.append("right") }
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }

    /// The direction that points from this edge into the screen.
    var inward: SwipeDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .down
        case .bottom: .up
        default: []
        }
    }
}

/// A pan that must start at an edge of the screen and move away from it (UIKit's
/// `UIScreenEdgePanGestureRecognizer`).
///
/// The first finger must land within ``edgeWidth`` of one of ``edges`` of the screen (the engine's
/// root region); the pan begins once the fingers have moved ``PanGestureRecognizer/minimumDistance``
/// mostly away from that edge. It fails when the first finger lands elsewhere or the motion runs
/// along the edge. For multi-finger edge swipes, raise ``PanGestureRecognizer/minimumNumberOfTouches``.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges that start the gesture (default left).
    public var edges: ScreenEdges = .left
    /// How far from the edge the first finger may land.
    public var edgeWidth: Distance

    /// The edge the current gesture started from.
    public private(set) var edge: ScreenEdges = []

    /// Creates an edge-pan recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        edgeWidth = configuration.screenEdgeWidth
        super.init(configuration: configuration)
        touchpadFingerCounts = nil
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if edge.isEmpty && state == .possible {
            guard let t = touches.first, let screen = region?.engine?.root.screenFrame else { return }
            // The band is a depth in millimetres on each axis: across the left and right edges it
            // runs along x, across the top and bottom along y.
            let density = density(for: t)
            let (bandX, bandY): (Double, Double)
            switch edgeWidth {
            case .millimetres(let mm): (bandX, bandY) = (mm * density.x, mm * density.y)
            case .points(let pt): (bandX, bandY) = (pt, pt)
            }
            let p = t.startLocation
            if edges.contains(.left) && p.x - screen.minX <= bandX {
                edge = .left
            } else if edges.contains(.right) && screen.maxX - p.x <= bandX {
                edge = .right
            } else if edges.contains(.top) && p.y - screen.minY <= bandY {
                edge = .top
            } else if edges.contains(.bottom) && screen.maxY - p.y <= bandY {
                edge = .bottom
            } else {
                return fail(.startedOutsideArea)
            }
        }
        super.touchesBegan(touches)
    }

    open override func shouldBegin(translation: Point, touch: Touch?) -> Bool {
        guard super.shouldBegin(translation: translation, touch: touch) else { return false }
        if SwipeDirection.dominant(millimetres(translation, for: touch)) != edge.inward {
            fail(.wrongDirection)
            return false
        }
        return true
    }

    open override func reset() {
        super.reset()
        edge = []
    }
}
