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
}

/// A pan that must start at an edge or a corner of the screen and move into it (UIKit's
/// `UIScreenEdgePanGestureRecognizer`, with zones).
///
/// The gesture starts in one of ``zones``: bands along edges (``EdgeZone``, optionally a segment of
/// the edge) and squares at corners (``CornerZone``). With no zones set, it is a band ``edgeWidth``
/// deep along each of ``edges``. Every zone is measured on the *screen* the touch's panel covers:
/// the edges of its output (``InputDevice/outputFrame``, which the libinput backend and the
/// recordings' decoder announce for each touchscreen: with monitors side by side, the edge between
/// two of them is an edge of each), else the root region's, after the output's rotation, in
/// millimetres along each axis of the touch's device.
///
/// - Every finger that lands before the pan begins must land in a common zone, within
///   ``landingWindow`` of the first; otherwise the pan fails (``FailureReason/fingerOutsideZone(_:)``,
///   ``FailureReason/fingersLandedApart(allowed:)``, or ``FailureReason/startedOutsideArea`` when
///   the first finger is in no zone). A start in a corner zone is a corner pan; a corner zone wins
///   over the edge bands that also cover the spot.
/// - The pan follows the fingers' centroid. It begins once the centroid has moved
///   ``PanGestureRecognizer/minimumDistance`` into the screen: away from an edge (the edge's inward
///   direction dominates), or out of a corner in one of its ``CornerZone/directions``. A start
///   inside two edge bands (a corner without a corner zone) takes the edge whose inward direction
///   the first motion goes in. Motion the zones do not accept fails with
///   ``FailureReason/wrongDirection``.
/// - For multi-finger edge swipes, raise ``PanGestureRecognizer/minimumNumberOfTouches``. With
///   fewer fingers down than that when ``landingWindow`` closes, the pan fails then
///   (``FailureReason/fingersLandedApart(allowed:)``): no finger may join it any more.
///
/// Once it has begun, ``zone`` is the zone it started in, ``edge`` or ``corner`` says which, and
/// ``direction`` is the direction it left in.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges that start the gesture when ``zones`` is empty (default left).
    public var edges: ScreenEdges {
        get { zoneSettings.edges }
        set { zoneSettings.edges = newValue }
    }
    /// How deep the band along each of ``edges`` is, when ``zones`` is empty.
    public var edgeWidth: Distance {
        get { zoneSettings.edgeWidth }
        set { zoneSettings.edgeWidth = newValue }
    }
    /// The zones the gesture may start in. Empty (the default) means a band ``edgeWidth`` deep
    /// along each of ``edges``.
    public var zones: [ScreenZone] {
        get { zoneSettings.zones }
        set { zoneSettings.zones = newValue }
    }
    /// How far apart in time the fingers of a multi-finger edge pan may land.
    public var landingWindow: Duration {
        get { zoneSettings.landingWindow }
        set { zoneSettings.landingWindow = newValue }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private var zoneSettings: ZoneSet

    /// The edge the current gesture started from (empty for a corner pan, or before it began).
    public var edge: ScreenEdges { sequence.edge }
    /// The corner the current gesture started from, for a corner pan.
    public var corner: ScreenCorner? { sequence.corner }
    /// The zone the current gesture started in, once it began.
    public var zone: ScreenZone? { sequence.zone }
    /// The direction the gesture left its zone in, once it began: an edge's inward direction, or
    /// for a corner pan the sector's (two directions for the diagonal).
    public var direction: SwipeDirection { sequence.direction }

    /// What the recognizer knows of the sequence it follows beyond the pan's, as one value:
    /// ``reset()`` replaces it whole (keeping the storage of its list of zones, so that a finger
    /// landing allocates nothing).
    private struct Sequence {
        var edge: ScreenEdges = []
        var corner: ScreenCorner?
        var zone: ScreenZone?
        var direction: SwipeDirection = []
        /// The zones every finger so far landed in, while the gesture is possible.
        var candidates: [ScreenZone] = []
        var firstLanding: Timestamp?
        /// The translation as the frame of motion being heard began, while the gesture is
        /// possible: where its path crossed the hysteresis is found between it and this frame's.
        var previousTranslation: Point?

        init() {}
    }

    /// Where fingers landed, as they land: the list of zones they all landed in and when the
    /// first one did (the sequence's `candidates` and `firstLanding`, taken out for the call).
    private struct Landing {
        var candidates: [ScreenZone]
        var firstLanding: Timestamp?

        /// Narrows the candidates to the zones every finger of `touches` landed in (for the first
        /// fingers, those that land together, the zones that hold them all, corner zones first;
        /// edge bands that hold them stay candidates behind the corners, so that a finger landing
        /// next, in the band but outside the corner, keeps the pan as it would had both landed in
        /// one frame); returns why the pan fails, if it does, whatever order the frame lists its
        /// fingers in.
        mutating func land(
            _ touches: [Touch], in zones: ZoneSet, screen: Rect, window: Duration,
            density: (Touch) -> PointDensity
        ) -> FailureReason? {
            guard let first = firstLanding else {
                guard let lead = touches.first else { return nil }
                firstLanding = lead.startTimestamp
                candidates.empty()
                func holdsAll(_ z: ScreenZone) -> Bool {
                    touches.allSatisfy { z.contains($0.startLocation, screen: screen, density: density($0)) }
                }
                zones.forEach { z in
                    if case .corner = z, holdsAll(z) { candidates.append(z) }
                }
                zones.forEach { z in
                    if case .edge = z, holdsAll(z) { candidates.append(z) }
                }
                guard candidates.isEmpty else { return nil }
                // No zone holds them all: named by the first zone, in the zones' order, that
                // holds one of them.
                var missed: ScreenZone?
                zones.forEach { z in
                    if missed == nil, touches.contains(where: { z.contains($0.startLocation, screen: screen, density: density($0)) }) {
                        missed = z
                    }
                }
                return missed.map { .fingerOutsideZone($0) } ?? .startedOutsideArea
            }
            if touches.contains(where: { $0.startTimestamp - first > window }) { return .fingersLandedApart(allowed: window) }
            // Named, when none is left, by the first zone still a candidate as the frame began.
            let named = candidates.first
            for t in touches {
                let density = density(t)
                candidates.removeAll { !$0.contains(t.startLocation, screen: screen, density: density) }
            }
            if candidates.isEmpty, let zone = named { return .fingerOutsideZone(zone) }
            return nil
        }
    }
    private var sequence = Sequence()

    /// Creates an edge-pan recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        zoneSettings = ZoneSet(edgeWidth: configuration.screenEdgeWidth, landingWindow: configuration.multiTouchLandingWindow)
        super.init(configuration: configuration)
        touchpadFingerCounts = nil
    }

    /// The zones in effect: ``zones``, or a band along each of ``edges``.
    public var effectiveZones: [ScreenZone] {
        var all: [ScreenZone] = []
        zoneSettings.forEach { all.append($0) }
        return all
    }

    /// The settings that say where the gesture may start.
    private struct ZoneSet {
        var edges: ScreenEdges = .left
        var edgeWidth: Distance
        var zones: [ScreenZone] = []
        var landingWindow: Duration

        /// Whether a zone in effect contains `p`.
        func anyContains(_ p: Point, screen: Rect, density: PointDensity) -> Bool {
            if zones.isEmpty {
                for edge in ScreenEdge.allCases where edges.contains(ScreenEdges(edge)) {
                    if EdgeZone(edge, depth: edgeWidth).contains(p, screen: screen, density: density) { return true }
                }
                return false
            }
            return zones.contains { $0.contains(p, screen: screen, density: density) }
        }

        /// Calls `body` with each zone in effect, building no array (it runs when a finger lands).
        func forEach(_ body: (ScreenZone) -> Void) {
            if zones.isEmpty {
                for edge in ScreenEdge.allCases where edges.contains(ScreenEdges(edge)) {
                    body(.edge(EdgeZone(edge, depth: edgeWidth)))
                }
            } else {
                for zone in zones { body(zone) }
            }
        }
    }

    open override func touchesBegan(_ touches: [Touch]) {
        // The edges of the output the fingers' panel covers, else the root's: its fingers are one
        // device's (a recognizer follows one touchscreen's).
        if state == .possible, let screen = withEngine({ e -> Rect in
            if let t = touches.first, let frame = e.outputFrame(of: t.device) { return frame }
            return e.root.screenFrame
        }) {
            // The commonest landing, a first finger in no zone, is told first: no list is moved.
            // (Of several first fingers, one in a zone names it, whichever the frame lists first.)
            if sequence.firstLanding == nil {
                let span = touches.span
                var inZone = false
                for i in span.indices
                where zoneSettings.anyContains(span[i].startLocation, screen: screen, density: density(for: span[i])) {
                    inZone = true
                    break
                }
                if !inZone { return fail(.startedOutsideArea) }
            }
            let zones = zoneSettings
            let window = zones.landingWindow
            // Taken out and put back (no access to `sequence` stays open across a call): the list
            // is moved, not copied, and the rest of the sequence stays where it is.
            var landing = Landing(candidates: sequence.candidates, firstLanding: sequence.firstLanding)
            sequence.candidates = []
            let failure = landing.land(touches, in: zones, screen: screen, window: window) { density(for: $0) }
            sequence.candidates = landing.candidates
            sequence.firstLanding = landing.firstLanding
            if let failure { return fail(failure) }
        }
        super.touchesBegan(touches)
        // Fewer fingers than it needs to begin: those still to come must land within the landing
        // window, after which none may join. It fails then, rather than go on holding its touches
        // back from the view (`delaysTouchesBegan`) until they lift.
        if state == .possible, self.touches.count < minimumNumberOfTouches, let first = sequence.firstLanding {
            deadline = first + landingWindow + .microseconds(1)
        }
    }

    open override func deadlineReached(at time: Timestamp) {
        super.deadlineReached(at: time)
        if state == .possible, numberOfTouches < minimumNumberOfTouches {
            fail(.fingersLandedApart(allowed: landingWindow))
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        if state == .possible { sequence.previousTranslation = translation(in: nil) }
        super.touchesMoved(touches)
    }

    open override func shouldBegin(translation: Point, touch: Touch?) -> Bool {
        guard super.shouldBegin(translation: translation, touch: touch) else { return false }
        // The direction is judged where the path crossed the hysteresis, not wherever the frame
        // that took it past falls: a stroke that rolls along the edge and then turns inward is
        // judged the same at 60, 90, 120 or 240 Hz.
        let mm = millimetres(crossing(from: sequence.previousTranslation, to: translation, touch: touch), for: touch)
        // A corner that holds the fingers wins over the edge bands that also do.
        let corners = sequence.candidates.contains { if case .corner = $0 { true } else { false } }
        for z in sequence.candidates {
            if corners, case .edge = z { continue }
            guard let d = z.leavingDirection(mm) else { continue }
            sequence.zone = z
            sequence.direction = d
            switch z {
            case .edge(let e): sequence.edge = ScreenEdges(e.edge)
            case .corner(let c): sequence.corner = c.corner
            }
            return true
        }
        fail(.wrongDirection)
        return false
    }

    /// The point, in screen points, where the straight path from `previous` to `translation`
    /// reached ``PanGestureRecognizer/minimumDistance`` (measured as the pan measures it); the
    /// translation itself without a previous one inside the hysteresis.
    private func crossing(from previous: Point?, to translation: Point, touch: Touch?) -> Point {
        guard let previous else { return translation }
        let density = density(for: touch)
        let inMillimetres = if case .millimetres = minimumDistance { true } else { false }
        let a = inMillimetres ? density.millimetres(previous) : previous
        let b = inMillimetres ? density.millimetres(translation) : translation
        let r = minimumDistance.magnitude
        let d = b - a
        let dd = d.x * d.x + d.y * d.y
        let ad = a.x * d.x + a.y * d.y
        let c = a.x * a.x + a.y * a.y - r * r
        // |a + s·d| = r for s in 0…1, a inside the circle (c < 0), b on or outside it.
        guard dd > 0, c < 0 else { return translation }
        let s = (-ad + (ad * ad - dd * c).squareRoot()) / dd
        guard s >= 0, s <= 1 else { return translation }
        return previous + (translation - previous) * s
    }

    open override func reset() {
        super.reset()
        // A fresh sequence that keeps the storage of the list of candidates.
        var list = sequence.candidates
        sequence = Sequence()
        list.empty()
        sequence.candidates = list
    }
}
