import Foundation
import GestureKit
import Testing

/// The same physical gesture presented differently (frame rate, mirror, quarter turn, density,
/// stationary re-sends) must give the same outcomes.
enum Pres {
    /// A finger's physical path: lands at `t0` ms, lifts at `t1` ms, position in millimetres at `t` ms.
    struct Path {
        var id: Int
        var t0: Double
        var t1: Double
        var at: (Double) -> Point
    }

    /// How the gesture is presented.
    struct Variant: CustomStringConvertible, Sendable {
        var name: String
        var hz: Double = 120
        /// Screen points per millimetre along x and y.
        var density = PointDensity(uniform: 4)
        /// Maps physical millimetres (on the 250×150 mm sensor) to the presented millimetres.
        var transform: @Sendable (Point) -> Point = { $0 }
        /// Maps the expected directions.
        var directions: @Sendable (String) -> String = { $0 }
        /// Whether resting contacts are re-sent as stationary in every frame.
        var resend = true
        /// Whether the device's density is given (else the engine derives it from the resolution).
        var explicitDensity = true
        /// The screen's size in millimetres as presented.
        var screenMM = Size(width: 250, height: 150)
        var description: String { name }

        /// A single direction as presented.
        func single(_ d: SwipeDirection) -> SwipeDirection {
            let c = Point(x: 125, y: 75)
            return .dominant(transform(c + d.unitVector * 10) - transform(c))
        }
        /// Directions as presented.
        func dir(_ d: SwipeDirection) -> SwipeDirection {
            var o: SwipeDirection = []
            for s in [SwipeDirection.right, .left, .up, .down] where d.contains(s) { o.formUnion(single(s)) }
            return o
        }
        /// Presented directions back in the reference frame.
        func undir(_ d: SwipeDirection) -> SwipeDirection {
            var o: SwipeDirection = []
            for s in [SwipeDirection.right, .left, .up, .down] where d.contains(single(s)) { o.insert(s) }
            return o
        }
        func edge(_ e: ScreenEdge) -> ScreenEdge {
            let inward = single(e.inward)
            return ScreenEdge.allCases.first { $0.inward == inward }!
        }
        func edges(_ es: ScreenEdges) -> ScreenEdges {
            var o: ScreenEdges = []
            for e in ScreenEdge.allCases where es.contains(ScreenEdges(e)) { o.formUnion(ScreenEdges(edge(e))) }
            return o
        }
        func unedges(_ es: ScreenEdges) -> ScreenEdges {
            var o: ScreenEdges = []
            for e in ScreenEdge.allCases where es.contains(ScreenEdges(edge(e))) { o.insert(ScreenEdges(e)) }
            return o
        }
        func corner(_ c: ScreenCorner) -> ScreenCorner {
            let (h, v) = c.edges
            let a = edge(h), b = edge(v)
            return ScreenCorner.allCases.first { x in
                let (p, q) = x.edges
                return (p == a && q == b) || (p == b && q == a)
            }!
        }
        func uncorner(_ c: ScreenCorner) -> ScreenCorner { ScreenCorner.allCases.first { corner($0) == c }! }
    }

    static let w = 250.0, h = 150.0

    static func mirrorX(_ p: Point) -> Point { Point(x: w - p.x, y: p.y) }
    static func mirrorY(_ p: Point) -> Point { Point(x: p.x, y: h - p.y) }
    /// A quarter turn clockwise on screen about the centre (right → down).
    static func turn(_ p: Point) -> Point { Point(x: w / 2 - (p.y - h / 2), y: h / 2 + (p.x - w / 2)) }

    static func swap(_ s: String, _ pairs: [(String, String)]) -> String {
        var out = s
        var marks: [(String, String)] = []
        for (i, (a, b)) in pairs.enumerated() {
            out = out.replacingAll(a, with: "#\(i)a#").replacingAll(b, with: "#\(i)b#")
            marks.append(("#\(i)a#", b))
            marks.append(("#\(i)b#", a))
        }
        for (m, r) in marks { out = out.replacingAll(m, with: r) }
        return out
    }

    static let variants: [Variant] = [
        Variant(name: "120 Hz"),
        Variant(name: "60 Hz", hz: 60),
        Variant(name: "240 Hz", hz: 240),
        Variant(name: "90 Hz", hz: 90),
        Variant(name: "no re-send", resend: false),
        Variant(name: "60 Hz no re-send", hz: 60, resend: false),
        Variant(name: "8 pt/mm", density: PointDensity(uniform: 8)),
        Variant(name: "8 pt/mm derived", density: PointDensity(uniform: 8), explicitDensity: false),
        Variant(name: "6×3 pt/mm", density: PointDensity(x: 6, y: 3)),
        Variant(name: "2×7 pt/mm", density: PointDensity(x: 2, y: 7)),
        Variant(name: "mirror x", transform: mirrorX, directions: { swap($0, [("right", "left"), ("Right", "Left")]) }),
        Variant(name: "mirror y", transform: mirrorY, directions: { swap($0, [("up", "down"), ("top", "bottom"), ("Top", "Bottom")]) }),
        Variant(name: "quarter turn", transform: turn, directions: { s in
            // right → down → left → up → right
            var o = s.replacingAll("right", with: "#D").replacingAll("down", with: "#L")
                .replacingAll("left", with: "#U").replacingAll("up", with: "#R")
            o = o.replacingAll("#D", with: "down").replacingAll("#L", with: "left")
                .replacingAll("#U", with: "up").replacingAll("#R", with: "right")
            return o
        }),
        Variant(name: "turned screen", transform: { Point(x: 150 - $0.y, y: $0.x) }, screenMM: Size(width: 150, height: 250)),
        Variant(name: "turned screen 6×3 240 Hz", hz: 240, density: PointDensity(x: 6, y: 3),
                transform: { Point(x: 150 - $0.y, y: $0.x) }, screenMM: Size(width: 150, height: 250)),
        Variant(name: "6×3 mirror x 60 Hz", hz: 60, density: PointDensity(x: 6, y: 3), transform: mirrorX,
                directions: { swap($0, [("right", "left")]) }),
    ]

    final class Log: GestureEngineObserver {
        var entries: [String] = []
        var extra: (GestureRecognizer) -> String? = { _ in nil }
        func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
            switch new {
            case .possible, .changed: break
            case .failed: entries.append("failed(\(recognizer.failureReason.map { "\($0)" } ?? "?"))")
            default:
                entries.append(new.rawValue + (extra(recognizer).map { " " + $0 } ?? ""))
            }
        }
    }

    /// Plays `paths` under `v` to a recognizer made by `make`, and returns its outcomes.
    static func run(
        _ v: Variant, _ paths: [Path], until end: Double? = nil,
        make: (Variant) -> GestureRecognizer,
        extra: @escaping (GestureRecognizer, Variant) -> String? = { _, _ in nil }
    ) -> [String] {
        let screen = Rect(x: 0, y: 0, width: v.screenMM.width * v.density.x, height: v.screenMM.height * v.density.y)
        let engine = GestureEngine(screen: screen)
        let log = Log()
        log.extra = { extra($0, v) }
        engine.observer = log
        let r = make(v)
        engine.root.addGestureRecognizer(r)
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: v.screenMM,
            hasResolution: true, maximumContacts: 10, density: v.explicitDensity ? v.density : nil)
        let base: Int64 = 1_000_000
        engine.send(.deviceAdded(device, at: Timestamp(microseconds: base)))
        let last = end ?? (paths.map(\.t1).max()! + 400)
        var down: [Int: Point] = [:]
        var k = 0
        while true {
            let tus = (Double(k) * 1_000_000 / v.hz).rounded()
            let t = tus / 1000
            if t > last + 1e-9 { break }
            k += 1
            var contacts: [TouchContact] = []
            for p in paths {
                // Each finger is seen at the first frame at or after it lands, and lifts at the
                // first frame at or after it lifts.
                let eps = 1e-6
                if t + eps < p.t0 { continue }
                let mm = v.transform(p.at(min(t, p.t1)))
                let pt = Point(x: mm.x * v.density.x, y: mm.y * v.density.y)
                if let was = down[p.id] {
                    if t + eps >= p.t1 {
                        contacts.append(TouchContact(id: p.id, phase: .ended, location: pt, millimetres: mm))
                        down[p.id] = nil
                        down[-p.id - 1000] = pt  // mark lifted
                    } else if was != pt {
                        contacts.append(TouchContact(id: p.id, phase: .moved, location: pt, millimetres: mm))
                        down[p.id] = pt
                    } else if v.resend {
                        contacts.append(TouchContact(id: p.id, phase: .stationary, location: pt, millimetres: mm))
                    }
                } else if down[-p.id - 1000] == nil {
                    contacts.append(TouchContact(id: p.id, phase: .began, location: pt, millimetres: mm))
                    down[p.id] = pt
                }
            }
            let ts = Timestamp(microseconds: base + Int64(tus) + 100_000)
            if contacts.isEmpty {
                engine.advance(to: ts)
            } else {
                engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: ts, contacts: contacts)))
            }
        }
        withExtendedLifetime(log) {}
        return log.entries
    }

    /// Runs every variant; returns the differences from the first (directions mapped).
    static func compare(
        _ paths: [Path], until end: Double? = nil, variants: [Variant] = variants,
        make: (Variant) -> GestureRecognizer,
        extra: @escaping (GestureRecognizer, Variant) -> String? = { _, _ in nil }
    ) -> (reference: [String], differences: [String]) {
        let ref = run(variants[0], paths, until: end, make: make, extra: extra)
        var diffs: [String] = []
        for v in variants.dropFirst() {
            let got = run(v, paths, until: end, make: make, extra: extra)
            let expected = ref
            if got != expected { diffs.append("\(v.name): \(got) (expected \(expected))") }
        }
        return (ref, diffs)
    }

    /// A linear motion from `a` to `b` (mm) between `s` and `e` ms, resting before and after.
    static func line(_ a: Point, _ b: Point, _ s: Double, _ e: Double) -> (Double) -> Point {
        { t in
            if t <= s { return a }
            if t >= e { return b }
            return a + (b - a) * ((t - s) / (e - s))
        }
    }
}

extension String {
    func replacingAll(_ a: String, with b: String) -> String { replacingOccurrences(of: a, with: b) }
}

@Suite("Presentation invariance")
struct PresentationInvarianceTests {
    typealias P = Pres
    static let c = Point(x: 125, y: 75)

    static func swipeDir(_ r: GestureRecognizer, _ v: P.Variant) -> String? {
        (r as? SwipeGestureRecognizer).map { "\(v.undir($0.recognizedDirection))" }
    }
    static func dswipe(_ r: GestureRecognizer, _ v: P.Variant) -> String? {
        (r as? DirectionalSwipeGestureRecognizer).map { "\(v.undir($0.initialDirection)) \(v.undir($0.currentDirection))" }
    }

    func check(_ name: String, _ result: (reference: [String], differences: [String]), expect: [String]? = nil) {
        if let expect { #expect(result.reference == expect, "\(name)") }
        #expect(result.differences.isEmpty, "\(name): \(result.differences)")
    }

    // MARK: Swipe

    @Test func swipe20mmIn150ms() {
        let path = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Self.c, Self.c + Point(x: 20, y: 0), 0, 150))
        check("swipe 20 mm", P.compare([path], make: { v in let cfg = GestureConfiguration.default;
            let s = SwipeGestureRecognizer(configuration: cfg); s.direction = .all; return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func swipeRightOnlyDiagonalish() {
        // 20 mm right, 6 mm down (17°): a swipe right only.
        let path = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Self.c, Self.c + Point(x: 20, y: 6), 0, 150))
        check("swipe right only", P.compare([path], make: { v in let cfg = GestureConfiguration.default;
            let s = SwipeGestureRecognizer(configuration: cfg); s.direction = v.dir([.right, .left]); return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func swipeTooShort() {
        let path = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Self.c, Self.c + Point(x: 8, y: 0), 0, 150))
        check("swipe 8 mm", P.compare([path], make: { v in let cfg = GestureConfiguration.default;
            let s = SwipeGestureRecognizer(configuration: cfg); s.direction = .all; return s
        }, extra: Self.swipeDir))
    }

    @Test func flickLiftCarriesMotion() {
        // Moves 20 mm in 100 ms and lifts as it reaches the end: the lift carries the last motion.
        let path = P.Path(id: 1, t0: 0, t1: 100, at: P.line(Self.c, Self.c + Point(x: 20, y: 0), 0, 100))
        check("flick", P.compare([path], make: { v in let cfg = GestureConfiguration.default;
            let s = SwipeGestureRecognizer(configuration: cfg); s.direction = .all; return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func twoFingerSwipe() {
        let a = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Self.c, Self.c + Point(x: 0, y: -20), 50, 200))
        let b = P.Path(id: 2, t0: 0, t1: 200, at: P.line(Self.c + Point(x: 15, y: 0), Self.c + Point(x: 15, y: -20), 50, 200))
        check("2-finger swipe up", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let s = SwipeGestureRecognizer(configuration: cfg); s.direction = .all; s.numberOfTouchesRequired = 2; return s
        }, extra: Self.swipeDir), expect: ["ended up"])
    }

    @Test func twoFingerSwipeOneRests() {
        // One finger rests, the other swipes 30 mm: the mean travel is 15 mm.
        let a = P.Path(id: 1, t0: 0, t1: 250, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 0, t1: 250, at: P.line(Self.c + Point(x: 0, y: 15), Self.c + Point(x: 30, y: 15), 50, 200))
        check("2-finger swipe, one rests", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let s = SwipeGestureRecognizer(configuration: cfg); s.direction = .all; s.numberOfTouchesRequired = 2; return s
        }, extra: Self.swipeDir))
    }

    // MARK: Taps

    @Test func doubleTap3mmApart() {
        let a = P.Path(id: 1, t0: 0, t1: 50, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 200, t1: 250, at: { _ in Self.c + Point(x: 3, y: 0) })
        check("double tap", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let t = TapGestureRecognizer(configuration: cfg); t.numberOfTapsRequired = 2; return t
        }), expect: ["ended"])
    }

    @Test func doubleTapFarApart() {
        let a = P.Path(id: 1, t0: 0, t1: 50, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 200, t1: 250, at: { _ in Self.c + Point(x: 16, y: 0) })
        check("double tap far", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let t = TapGestureRecognizer(configuration: cfg); t.numberOfTapsRequired = 2; return t
        }))
    }

    @Test func tapWithDrift() {
        let a = P.Path(id: 1, t0: 0, t1: 100, at: P.line(Self.c, Self.c + Point(x: 2, y: 1), 0, 100))
        check("tap drift 2 mm", P.compare([a], make: { _ in TapGestureRecognizer() }), expect: ["ended"])
    }

    @Test func tapMovingTooFar() {
        let a = P.Path(id: 1, t0: 0, t1: 100, at: P.line(Self.c, Self.c + Point(x: 7, y: 0), 0, 100))
        check("tap 7 mm", P.compare([a], make: { _ in TapGestureRecognizer() }))
    }

    @Test func twoFingerTap() {
        let a = P.Path(id: 1, t0: 0, t1: 100, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 50, t1: 150, at: { _ in Self.c + Point(x: 15, y: 5) })
        check("2-finger tap", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let t = TapGestureRecognizer(configuration: cfg); t.numberOfTouchesRequired = 2; return t
        }), expect: ["ended"])
    }

    @Test func twoFingerDoubleTap() {
        let ps = [
            P.Path(id: 1, t0: 0, t1: 100, at: { _ in Self.c }),
            P.Path(id: 2, t0: 0, t1: 100, at: { _ in Self.c + Point(x: 15, y: 0) }),
            P.Path(id: 3, t0: 250, t1: 350, at: { _ in Self.c + Point(x: 2, y: 2) }),
            P.Path(id: 4, t0: 250, t1: 350, at: { _ in Self.c + Point(x: 17, y: 2) }),
        ]
        check("2-finger double tap", P.compare(ps, make: { v in let cfg = GestureConfiguration.default;
            let t = TapGestureRecognizer(configuration: cfg); t.numberOfTouchesRequired = 2; t.numberOfTapsRequired = 2; return t
        }), expect: ["ended"])
    }

    // MARK: Long press

    @Test func longPressDrifting2mm() {
        let a = P.Path(id: 1, t0: 0, t1: 800, at: P.line(Self.c, Self.c + Point(x: 2, y: 0), 100, 300))
        check("long press drift", P.compare([a], make: { _ in LongPressGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func longPressResting() {
        let a = P.Path(id: 1, t0: 0, t1: 800, at: { _ in Self.c })
        check("long press rest", P.compare([a], make: { _ in LongPressGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func longPressMovingAway() {
        let a = P.Path(id: 1, t0: 0, t1: 800, at: P.line(Self.c, Self.c + Point(x: 0, y: 8), 100, 300))
        check("long press moves", P.compare([a], make: { _ in LongPressGestureRecognizer() }))
    }

    @Test func twoFingerLongPress() {
        let a = P.Path(id: 1, t0: 0, t1: 800, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 100, t1: 800, at: { _ in Self.c + Point(x: 15, y: 0) })
        check("2-finger long press", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let l = LongPressGestureRecognizer(configuration: cfg); l.numberOfTouchesRequired = 2; return l
        }), expect: ["began", "ended"])
    }

    @Test func tapAndHold() {
        let a = P.Path(id: 1, t0: 0, t1: 50, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 200, t1: 1000, at: { _ in Self.c + Point(x: 2, y: 0) })
        check("tap and hold", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let l = LongPressGestureRecognizer(configuration: cfg); l.numberOfTapsRequired = 1; return l
        }), expect: ["began", "ended"])
    }

    // MARK: Pan

    @Test func pan() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Self.c, Self.c + Point(x: 10, y: 3), 50, 250))
        check("pan", P.compare([a], make: { _ in PanGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func panTooShort() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Self.c, Self.c + Point(x: 1, y: 0.5), 50, 250))
        check("pan short", P.compare([a], make: { _ in PanGestureRecognizer() }))
    }

    @Test func twoFingerPanOneLiftsEarly() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Self.c, Self.c + Point(x: 20, y: 0), 50, 250))
        let b = P.Path(id: 2, t0: 0, t1: 150, at: P.line(Self.c + Point(x: 0, y: 15), Self.c + Point(x: 10, y: 15), 50, 150))
        check("2-finger pan", P.compare([a, b], make: { v in let cfg = GestureConfiguration.default;
            let p = PanGestureRecognizer(configuration: cfg); p.minimumNumberOfTouches = 2; return p
        }), expect: ["began", "ended"])
    }

    @Test func directionalSwipe() {
        // 20 mm right then 6 mm back before lifting, moving back: cancel distance is 32 pt = 8 mm at 4 pt/mm.
        let a = P.Path(id: 1, t0: 0, t1: 400, at: { t in
            if t <= 200 { return P.line(Self.c, Self.c + Point(x: 20, y: 0), 0, 200)(t) }
            return P.line(Self.c + Point(x: 20, y: 0), Self.c + Point(x: 14, y: 0), 200, 400)(t)
        })
        check("directional swipe", P.compare([a], make: { v in let cfg = GestureConfiguration.default;
            let d = DirectionalSwipeGestureRecognizer(configuration: cfg); d.cancelDistance = .millimetres(8); return d
        }, extra: Self.dswipe),
              expect: ["began right right", "ended right left"])
    }

    @Test func directionalSwipeBackEarly() {
        // 6 mm right then 4 mm back: less than the cancel distance, moving back: cancels.
        let a = P.Path(id: 1, t0: 0, t1: 400, at: { t in
            if t <= 200 { return P.line(Self.c, Self.c + Point(x: 6, y: 0), 0, 200)(t) }
            return P.line(Self.c + Point(x: 6, y: 0), Self.c + Point(x: 2, y: 0), 200, 400)(t)
        })
        check("directional swipe back", P.compare([a], make: { v in let cfg = GestureConfiguration.default;
            let d = DirectionalSwipeGestureRecognizer(configuration: cfg); d.cancelDistance = .millimetres(8); return d
        }, extra: Self.dswipe),
              expect: ["began right right", "cancelled right left"])
    }

    // MARK: Pinch and rotation

    @Test func pinchOut() {
        let a = P.Path(id: 1, t0: 0, t1: 400, at: P.line(Self.c - Point(x: 10, y: 0), Self.c - Point(x: 15, y: 0), 100, 300))
        let b = P.Path(id: 2, t0: 0, t1: 400, at: P.line(Self.c + Point(x: 10, y: 0), Self.c + Point(x: 15, y: 0), 100, 300))
        check("pinch", P.compare([a, b], make: { _ in PinchGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func pinchOneFingerStill() {
        // One finger rests, the other moves 10 mm away: spread changes by 5 mm.
        let a = P.Path(id: 1, t0: 0, t1: 400, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 0, t1: 400, at: P.line(Self.c + Point(x: 0, y: 20), Self.c + Point(x: 0, y: 30), 100, 300))
        check("pinch, one still", P.compare([a, b], make: { _ in PinchGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func pinchTooSmall() {
        let a = P.Path(id: 1, t0: 0, t1: 400, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 0, t1: 400, at: P.line(Self.c + Point(x: 20, y: 0), Self.c + Point(x: 21.5, y: 0), 100, 300))
        check("pinch small", P.compare([a, b], make: { _ in PinchGestureRecognizer() }))
    }

    @Test func rotation() {
        // Two fingers 15 mm from the centre turn 20°.
        func f(_ id: Int, _ phase: Double) -> P.Path {
            P.Path(id: id, t0: 0, t1: 400) { t in
                let a = phase + 20 * .pi / 180 * min(1, max(0, (t - 100) / 200))
                return Self.c + Point(x: 15 * cos(a), y: 15 * sin(a))
            }
        }
        check("rotation", P.compare([f(1, 0), f(2, .pi)], make: { _ in RotationGestureRecognizer() }),
              expect: ["began", "ended"])
    }

    @Test func rotationSmall() {
        func f(_ id: Int, _ phase: Double) -> P.Path {
            P.Path(id: id, t0: 0, t1: 400) { t in
                let a = phase + 3 * .pi / 180 * min(1, max(0, (t - 100) / 200))
                return Self.c + Point(x: 15 * cos(a), y: 15 * sin(a))
            }
        }
        check("rotation small", P.compare([f(1, 0.3), f(2, .pi + 0.3)], make: { _ in RotationGestureRecognizer() }))
    }

    @Test func pinchSecondFingerLandsLate() {
        let a = P.Path(id: 1, t0: 0, t1: 500, at: P.line(Self.c, Self.c + Point(x: -5, y: 0), 0, 100))
        let b = P.Path(id: 2, t0: 150, t1: 500, at: P.line(Self.c + Point(x: 20, y: 0), Self.c + Point(x: 30, y: 0), 200, 400))
        check("pinch late", P.compare([a, b], make: { _ in PinchGestureRecognizer() }), expect: ["began", "ended"])
    }

    // MARK: Edges and corners

    static func edgeInfo(_ r: GestureRecognizer, _ v: P.Variant) -> String? {
        guard let e = r as? ScreenEdgePanGestureRecognizer else { return nil }
        return "\(v.unedges(e.edge)) \(e.corner.map { "\(v.uncorner($0))" } ?? "-") \(v.undir(e.direction))"
    }

    @Test func edgePanLeft() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 3, y: 75), Point(x: 23, y: 78), 50, 200))
        check("edge pan", P.compare([a], make: { v in
            let e = ScreenEdgePanGestureRecognizer(); e.edges = v.edges(.left); return e
        }, extra: Self.edgeInfo), expect: ["began left - right", "ended left - right"])
    }

    @Test func edgePanAtVeryEdge() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 0, y: 75), Point(x: 20, y: 75), 50, 200))
        check("edge pan at 0", P.compare([a], make: { v in
            let e = ScreenEdgePanGestureRecognizer(); e.edges = v.edges(.left); return e
        }, extra: Self.edgeInfo), expect: ["began left - right", "ended left - right"])
    }

    @Test func edgePanCornerTwoEdges() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 3, y: 3), Point(x: 23, y: 13), 50, 200))
        check("edge pan corner", P.compare([a], make: { v in
            let e = ScreenEdgePanGestureRecognizer(); e.edges = v.edges([.left, .top]); return e
        }, extra: Self.edgeInfo), expect: ["began left - right", "ended left - right"])
    }

    @Test func cornerZoneDiagonal() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 4, y: 5), Point(x: 19, y: 21), 50, 200))
        check("corner zone", P.compare([a], variants: P.variants.filter { $0.name != "quarter turn" }, make: { v in
            let e = ScreenEdgePanGestureRecognizer()
            e.zones = [.corner(CornerZone(v.corner(.topLeft), size: .millimetres(10))),
                       .edge(EdgeZone(v.edge(.left), depth: .millimetres(6)))]
            return e
        }, extra: Self.edgeInfo))
    }

    @Test func edgeSegment() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 2, y: 45), Point(x: 22, y: 45), 50, 200))
        check("edge segment", P.compare([a], make: { v in
            let e = ScreenEdgePanGestureRecognizer()
            e.zones = [.edge(EdgeZone(v.edge(.left), depth: .millimetres(6), from: .fraction(0.2), to: .fraction(0.8)))]
            return e
        }, extra: Self.edgeInfo), expect: ["began left - right", "ended left - right"])
    }

    @Test func edgePanWrongWay() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 3, y: 75), Point(x: 6, y: 95), 50, 200))
        check("edge pan wrong way", P.compare([a], make: { v in
            let e = ScreenEdgePanGestureRecognizer(); e.edges = v.edges(.left); return e
        }, extra: Self.edgeInfo))
    }

    @Test func twoFingerEdgePan() {
        let a = P.Path(id: 1, t0: 0, t1: 300, at: P.line(Point(x: 2, y: 60), Point(x: 22, y: 60), 50, 200))
        let b = P.Path(id: 2, t0: 5, t1: 300, at: P.line(Point(x: 4, y: 85), Point(x: 24, y: 85), 50, 200))
        check("2-finger edge pan", P.compare([a, b], make: { v in
            let e = ScreenEdgePanGestureRecognizer(); e.edges = v.edges(.left); e.minimumNumberOfTouches = 2; return e
        }, extra: Self.edgeInfo), expect: ["began left - right", "ended left - right"])
    }

    @Test func swipeFromEdge() {
        let a = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Point(x: 0, y: 0), Point(x: 20, y: 0), 0, 150))
        check("swipe from corner", P.compare([a], make: { _ in
            let s = SwipeGestureRecognizer(); s.direction = .all; return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func tapInCorner() {
        let a = P.Path(id: 1, t0: 0, t1: 80, at: { _ in Point(x: 0, y: 0) })
        let b = P.Path(id: 2, t0: 200, t1: 280, at: { _ in Point(x: 0.5, y: 0.5) })
        check("double tap in corner", P.compare([a, b], make: { _ in
            let t = TapGestureRecognizer(); t.numberOfTapsRequired = 2; return t
        }), expect: ["ended"])
    }

    // MARK: Motion carried by the lift

    static let jump = 1000.0 / 60
    static func flick(_ id: Int, from a: Point, by d: Point) -> P.Path {
        P.Path(id: id, t0: 0, t1: 100 + jump, at: P.line(a, a + d, 100, 100 + jump))
    }

    @Test func liftOnlyFlickSwipe() {
        check("lift flick swipe", P.compare([Self.flick(1, from: Self.c, by: Point(x: 20, y: 2))], make: { _ in
            let s = SwipeGestureRecognizer(); s.direction = .all; return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func liftOnlyFlickTwoFingerSwipe() {
        let ps = [Self.flick(1, from: Self.c, by: Point(x: 0, y: 20)), Self.flick(2, from: Self.c + Point(x: 15, y: 0), by: Point(x: 0, y: 20))]
        check("lift flick 2-finger swipe", P.compare(ps, make: { _ in
            let s = SwipeGestureRecognizer(); s.direction = .all; s.numberOfTouchesRequired = 2; return s
        }, extra: Self.swipeDir), expect: ["ended down"])
    }

    @Test func liftOnlyFlickPan() {
        check("lift flick pan", P.compare([Self.flick(1, from: Self.c, by: Point(x: 20, y: 2))], make: { _ in PanGestureRecognizer() }),
              expect: ["began", "ended"])
    }

    @Test func liftOnlyFlickDirectionalSwipe() {
        check("lift flick dswipe", P.compare([Self.flick(1, from: Self.c, by: Point(x: 20, y: 2))], make: { _ in
            let d = DirectionalSwipeGestureRecognizer(); d.cancelDistance = .millimetres(8); return d
        }, extra: Self.dswipe))
    }

    @Test func liftOnlyFlickEdgePan() {
        check("lift flick edge pan", P.compare([Self.flick(1, from: Point(x: 2, y: 75), by: Point(x: 20, y: 2))], make: { v in
            let e = ScreenEdgePanGestureRecognizer(); e.edges = v.edges(.left); return e
        }, extra: Self.edgeInfo))
    }

    @Test func liftOnlyFlickPinch() {
        let ps = [Self.flick(1, from: Self.c, by: Point(x: -4, y: 0)), Self.flick(2, from: Self.c + Point(x: 15, y: 0), by: Point(x: 4, y: 0))]
        check("lift flick pinch", P.compare(ps, make: { _ in PinchGestureRecognizer() }))
    }

    @Test func liftOnlyFlickTap() {
        check("lift flick tap", P.compare([Self.flick(1, from: Self.c, by: Point(x: 6, y: 0))], make: { _ in TapGestureRecognizer() }))
    }

    @Test func liftOnlyFlickLongPressAfterBegin() {
        let a = P.Path(id: 1, t0: 0, t1: 700 + Self.jump, at: P.line(Self.c, Self.c + Point(x: 20, y: 0), 700, 700 + Self.jump))
        check("lift flick long press", P.compare([a], make: { _ in LongPressGestureRecognizer() }), expect: ["began", "ended"])
    }

    // MARK: Landings and lifts a few ms apart (one frame at 60 Hz, two at 240 Hz)

    @Test func drummedDoubleTap() {
        let a = P.Path(id: 1, t0: 0, t1: 100, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 104, t1: 200, at: { _ in Self.c + Point(x: 3, y: 0) })
        check("drummed double tap", P.compare([a, b], make: { _ in
            let t = TapGestureRecognizer(); t.numberOfTapsRequired = 2; return t
        }), expect: ["ended"])
    }

    @Test func drummedSingleTaps() {
        let a = P.Path(id: 1, t0: 0, t1: 100, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 104, t1: 200, at: { _ in Self.c + Point(x: 30, y: 0) })
        check("drummed taps", P.compare([a, b], make: { _ in TapGestureRecognizer() }), expect: ["ended", "ended"])
    }

    @Test func panSecondFingerLandsWhileFirstMoves() {
        let a = P.Path(id: 1, t0: 0, t1: 400, at: { t in
            if t <= 110 { return P.line(Self.c, Self.c + Point(x: 1.5, y: 0), 50, 110)(t) }
            return P.line(Self.c + Point(x: 1.5, y: 0), Self.c + Point(x: 2.5, y: 0), 200, 300)(t)
        })
        let b = P.Path(id: 2, t0: 104, t1: 400, at: P.line(Self.c + Point(x: 0, y: 20), Self.c + Point(x: 1, y: 20), 200, 300))
        check("pan landing", P.compare([a, b], make: { _ in PanGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func pinchThirdFingerLandsWhileOthersMove() {
        let a = P.Path(id: 1, t0: 0, t1: 400, at: P.line(Self.c, Self.c + Point(x: -1.5, y: 0), 50, 110))
        let b = P.Path(id: 2, t0: 0, t1: 400, at: P.line(Self.c + Point(x: 20, y: 0), Self.c + Point(x: 21.5, y: 0), 50, 110))
        let c = P.Path(id: 3, t0: 104, t1: 400, at: { _ in Self.c + Point(x: 10, y: 20) })
        check("pinch landing", P.compare([a, b, c], make: { _ in PinchGestureRecognizer() }))
    }

    @Test func rotationThirdFingerLandsWhileOthersTurn() {
        func f(_ id: Int, _ phase: Double) -> P.Path {
            P.Path(id: id, t0: 0, t1: 400) { t in
                let a = phase + 5 * .pi / 180 * min(1, max(0, (t - 50) / 60))
                return Self.c + Point(x: 15 * cos(a), y: 15 * sin(a))
            }
        }
        let c = P.Path(id: 3, t0: 104, t1: 400, at: { _ in Self.c + Point(x: 0, y: 5) })
        check("rotation landing", P.compare([f(1, 0), f(2, .pi), c], make: { _ in RotationGestureRecognizer() }))
    }

    @Test func twoFingerLongPressLandingApart() {
        let a = P.Path(id: 1, t0: 0, t1: 900, at: { _ in Self.c })
        let b = P.Path(id: 2, t0: 104, t1: 900, at: P.line(Self.c + Point(x: 15, y: 0), Self.c + Point(x: 17, y: 0), 200, 300))
        check("2-finger long press apart", P.compare([a, b], make: { _ in
            let l = LongPressGestureRecognizer(); l.numberOfTouchesRequired = 2; return l
        }), expect: ["began", "ended"])
    }

    @Test func twoFingerPanOneLiftsWhileOtherMoves() {
        let a = P.Path(id: 1, t0: 0, t1: 404, at: P.line(Self.c, Self.c + Point(x: 20, y: 0), 50, 400))
        let b = P.Path(id: 2, t0: 0, t1: 400, at: P.line(Self.c + Point(x: 0, y: 15), Self.c + Point(x: 20, y: 15), 50, 400))
        check("2-finger pan lifts", P.compare([a, b], make: { _ in
            let p = PanGestureRecognizer(); p.minimumNumberOfTouches = 2; return p
        }), expect: ["began", "ended"])
    }

    // MARK: More

    @Test func diagonalSwipeInside() {
        // 20 mm right, 8 mm down: 22°, inside the 30° cone.
        let a = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Self.c, Self.c + Point(x: 20, y: 8), 0, 150))
        check("diag swipe 22°", P.compare([a], make: { _ in
            let s = SwipeGestureRecognizer(); s.direction = .all; return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func diagonalSwipeOutside() {
        // 20 mm right, 14 mm down: 35°, outside.
        let a = P.Path(id: 1, t0: 0, t1: 200, at: P.line(Self.c, Self.c + Point(x: 20, y: 14), 0, 150))
        check("diag swipe 35°", P.compare([a], make: { _ in
            let s = SwipeGestureRecognizer(); s.direction = .all; return s
        }, extra: Self.swipeDir))
    }

    @Test func swipeWithHook() {
        // A 3 mm hook down first, then 20 mm right.
        let a = P.Path(id: 1, t0: 0, t1: 250) { t in
            if t <= 50 { return P.line(Self.c, Self.c + Point(x: 0, y: 3), 0, 50)(t) }
            return P.line(Self.c + Point(x: 0, y: 3), Self.c + Point(x: 20, y: 3), 50, 200)(t)
        }
        check("swipe hook", P.compare([a], make: { v in
            let s = SwipeGestureRecognizer(); s.direction = v.dir(.right); return s
        }, extra: Self.swipeDir), expect: ["ended right"])
    }

    @Test func threeFingerPinchOneLiftsWhileOthersMove() {
        let a = P.Path(id: 1, t0: 0, t1: 400, at: P.line(Self.c, Self.c + Point(x: -3, y: 0), 50, 300))
        let b = P.Path(id: 2, t0: 0, t1: 400, at: P.line(Self.c + Point(x: 20, y: 0), Self.c + Point(x: 23, y: 0), 50, 300))
        let c = P.Path(id: 3, t0: 0, t1: 104, at: { _ in Self.c + Point(x: 10, y: 15) })
        check("3-finger pinch lift", P.compare([a, b, c], make: { _ in PinchGestureRecognizer() }), expect: ["began", "ended"])
    }

    @Test func rotationThirdFingerLifts() {
        func f(_ id: Int, _ phase: Double) -> P.Path {
            P.Path(id: id, t0: 0, t1: 400) { t in
                let a = phase + 20 * .pi / 180 * min(1, max(0, (t - 50) / 250))
                return Self.c + Point(x: 15 * cos(a), y: 15 * sin(a))
            }
        }
        let c = P.Path(id: 3, t0: 0, t1: 104, at: { _ in Self.c + Point(x: 0, y: 5) })
        check("rotation lift", P.compare([f(1, 0), f(2, .pi), c], make: { _ in RotationGestureRecognizer() }),
              expect: ["began", "ended"])
    }

    @Test func threeFingerSwipe() {
        let ps = (0..<3).map { i in
            P.Path(id: i + 1, t0: Double(i) * 10, t1: 250, at: P.line(Self.c + Point(x: Double(i) * 12, y: 0), Self.c + Point(x: Double(i) * 12, y: 18), 60, 220))
        }
        check("3-finger swipe", P.compare(ps, make: { _ in
            let s = SwipeGestureRecognizer(); s.direction = .all; s.numberOfTouchesRequired = 3; return s
        }, extra: Self.swipeDir), expect: ["ended down"])
    }

    @Test func tripleTap() {
        let ps = (0..<3).map { i in
            P.Path(id: i + 1, t0: Double(i) * 200, t1: Double(i) * 200 + 60, at: { _ in Self.c + Point(x: Double(i) * 2, y: Double(i)) })
        }
        check("triple tap", P.compare(ps, make: { _ in
            let t = TapGestureRecognizer(); t.numberOfTapsRequired = 3; return t
        }), expect: ["ended"])
    }
}

@Suite("Presentation invariance: output edges")
struct OutputEdgeExclusionTests {
    /// A device mapped onto the left output (0…500) of a 1000-point-wide screen. An exclusion zone
    /// covers the 40 points along each side edge of that output. A tap on the output's very left
    /// column and one on its very right column (where a mirrored sensor puts its first column)
    /// must both be kept from the tap. This failed before the exclusion check moved a point on
    /// an output's far edge inside that output, as hit-testing does.
    func outcome(at x: Double) -> [String] {
        let s = Fingers(outputFrame: Rect(x: 0, y: 0, width: 500, height: 600))
        let tap = TapGestureRecognizer().named("tap")
        tap.exclusionZones = [.screen(Rect(x: 0, y: 0, width: 40, height: 600)), .screen(Rect(x: 460, y: 0, width: 40, height: 600))]
        s.engine.root.addGestureRecognizer(tap)
        s.tap(at: Point(x: x, y: 300))
        s.wait(400)
        return s.outcomes
    }

    @Test func exclusionZoneAtOutputsFarEdge() {
        let near = outcome(at: 0)
        let far = outcome(at: 500)
        #expect(near == [])
        #expect(far == near)
    }
}
