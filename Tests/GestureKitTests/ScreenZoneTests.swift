import Testing
@testable import GestureKit

/// Edge and corner zones, multi-finger edge swipes, rotation, and exclusion zones. The screen is
/// 1000×600 points over a 250×150 mm panel (4 pt/mm) unless a test maps a rotated sensor.
@Suite("Screen zones: edges, segments, corners, exclusion")
struct ScreenZoneTests {
    /// An edge-pan recognizer on the root with `zones`, logging into `s`.
    @discardableResult
    private func edgePan(_ s: Fingers, zones: [ScreenZone] = [], edges: ScreenEdges = .all) -> ScreenEdgePanGestureRecognizer {
        let r = ScreenEdgePanGestureRecognizer().named("edge")
        r.zones = zones
        r.edges = edges
        s.engine.root.addGestureRecognizer(r)
        return r
    }

    @Test("a segment of an edge: the middle third of the bottom edge starts; its outer thirds do not")
    func edgeSegment() {
        let zone = ScreenZone.edge(EdgeZone(.bottom, depth: .millimetres(8), from: .fraction(1.0 / 3), to: .fraction(2.0 / 3)))
        for (x, expected) in [(500.0, ["edge: began", "edge: ended"]), (200, ["edge: failed(started outside its area)"]),
                              (800, ["edge: failed(started outside its area)"])] {
            let s = Fingers()
            let r = edgePan(s, zones: [zone])
            s.press([1], at: [Point(x: x, y: 590)])  // 2.5 mm from the bottom: inside 8 mm
            s.drag(1, by: Point(x: 0, y: -80), over: 100)
            s.release([1])
            #expect(s.outcomes == expected, "x = \(x)")
            #expect(r.zone == nil, "reset")
        }
    }

    @Test("a segment given in millimetres along the edge, and the band's depth in millimetres")
    func segmentInMillimetres() {
        // The left edge from 50 mm to 100 mm down it: y 200…400 pt; 5 mm deep: x ≤ 20 pt.
        let zone = ScreenZone.edge(EdgeZone(.left, depth: .millimetres(5), from: .distance(.millimetres(50)), to: .distance(.millimetres(100))))
        let cases: [(Point, Bool)] = [
            (Point(x: 10, y: 300), true), (Point(x: 19, y: 210), true), (Point(x: 10, y: 190), false),
            (Point(x: 10, y: 410), false), (Point(x: 22, y: 300), false),
        ]
        for (start, begins) in cases {
            let s = Fingers()
            edgePan(s, zones: [zone])
            s.press([1], at: [start])
            s.drag(1, by: Point(x: 60, y: 0), over: 100)
            s.release([1])
            #expect(s.outcomes.first == (begins ? "edge: began" : "edge: failed(started outside its area)"), "\(start)")
        }
    }

    @Test("a start covered by two edge bands takes the edge the first motion leaves (no fixed order)")
    func twoEdgesChosenByMotion() {
        let strokes: [(Point, Point, ScreenEdges)] = [
            (Point(x: 3, y: 3), Point(x: 0, y: 60), .top),       // top-left corner, moving down
            (Point(x: 3, y: 3), Point(x: 60, y: 0), .left),      // top-left corner, moving right
            (Point(x: 997, y: 597), Point(x: 0, y: -60), .bottom),
            (Point(x: 997, y: 597), Point(x: -60, y: 0), .right),
            (Point(x: 997, y: 3), Point(x: 0, y: 60), .top),
            (Point(x: 3, y: 597), Point(x: 60, y: -5), .left),
        ]
        for (start, stroke, edge) in strokes {
            let s = Fingers()
            let r = edgePan(s)
            var seen: ScreenEdges = []
            r.addTarget { seen = $0.edge }
            s.press([1], at: [start])
            s.drag(1, by: stroke, over: 100)
            s.release([1])
            #expect(s.outcomes == ["edge: began", "edge: ended"], "\(start) → \(stroke)")
            #expect(seen == edge, "\(start) → \(stroke)")
        }
    }

    @Test("a corner zone is a corner pan, from every corner, leaving along the diagonal")
    func cornerFromEveryCorner() {
        let starts: [ScreenCorner: Point] = [
            .topLeft: Point(x: 20, y: 20), .topRight: Point(x: 980, y: 20),
            .bottomLeft: Point(x: 20, y: 580), .bottomRight: Point(x: 980, y: 580),
        ]
        for corner in ScreenCorner.allCases {
            let s = Fingers()
            let r = edgePan(s, zones: ScreenCorner.allCases.map { .corner(CornerZone($0, size: .millimetres(10))) })
            var seen: (ScreenCorner?, SwipeDirection) = (nil, [])
            r.addTarget { seen = ($0.corner, $0.direction) }
            let start = starts[corner]!
            let inward = Point(x: start.x < 500 ? 1 : -1, y: start.y < 300 ? 1 : -1)
            s.press([1], at: [start])
            s.drag(1, by: inward * 50, over: 100)
            s.release([1])
            #expect(s.outcomes == ["edge: began", "edge: ended"], "\(corner)")
            #expect(seen.0 == corner)
            #expect(seen.1 == SwipeDirection.dominant(Point(x: inward.x, y: 0)).union(.dominant(Point(x: 0, y: inward.y))))
        }
    }

    @Test("a corner zone accepts only its configured directions")
    func cornerDirections() {
        let cases: [(CornerDirections, Point, String?, SwipeDirection)] = [
            (.diagonal, Point(x: 50, y: 50), "edge: began", [.right, .down]),
            (.diagonal, Point(x: 60, y: 5), "edge: failed(wrong direction)", []),
            (.horizontal, Point(x: 60, y: 5), "edge: began", .right),
            (.horizontal, Point(x: 5, y: 60), "edge: failed(wrong direction)", []),
            (.vertical, Point(x: 5, y: 60), "edge: began", .down),
            (.all, Point(x: 5, y: 60), "edge: began", .down),
            (.all, Point(x: -30, y: 60), "edge: failed(wrong direction)", []),
        ]
        for (directions, stroke, first, direction) in cases {
            let s = Fingers()
            let r = edgePan(s, zones: [.corner(CornerZone(.topLeft, size: .millimetres(12), directions: directions))])
            var seen: SwipeDirection = []
            r.addTarget { seen = $0.direction }
            s.press([1], at: [Point(x: 30, y: 30)])
            s.drag(1, by: stroke, over: 100)
            s.release([1])
            #expect(s.outcomes.first == first, "\(directions) \(stroke)")
            #expect(seen == direction, "\(directions) \(stroke)")
        }
    }

    @Test("a corner zone wins over the edge bands that also cover the spot")
    func cornerBeatsEdges() {
        let s = Fingers()
        let r = edgePan(s, zones: [.edge(EdgeZone(.top, depth: .millimetres(6))), .corner(CornerZone(.topLeft, size: .millimetres(10), directions: .diagonal))])
        s.press([1], at: [Point(x: 10, y: 10)])
        s.drag(1, by: Point(x: 0, y: 60), over: 100)  // the top edge would accept it; the corner does not
        s.release([1])
        #expect(s.outcomes == ["edge: failed(wrong direction)"])
        #expect(r.corner == nil)
    }

    @Test("a zone's frame holds exactly the points the zone contains, on an anisotropic device")
    func frameMatchesContains() {
        let screen = Rect(x: 0, y: 0, width: 1000, height: 600)
        let density = PointDensity(x: 6.5, y: 2.5)
        let zones: [ScreenZone] = ScreenEdge.allCases.map { .edge(EdgeZone($0, depth: .millimetres(6), from: .fraction(0.25), to: .distance(.millimetres(100)))) }
            + ScreenCorner.allCases.map { .corner(CornerZone($0, size: .millimetres(9))) }
        for zone in zones {
            let f = zone.frame(on: screen, density: density)
            var inside = 0
            for x in stride(from: 0.5, to: 1000, by: 7) {
                for y in stride(from: 0.5, to: 600, by: 5) {
                    let p = Point(x: x, y: y)
                    let framed = p.x >= f.minX && p.x <= f.maxX && p.y >= f.minY && p.y <= f.maxY
                    #expect(framed == zone.contains(p, screen: screen, density: density), "\(zone) at \(p), frame \(f)")
                    if framed { inside += 1 }
                }
            }
            #expect(inside > 0, "\(zone)")
        }
    }

    // MARK: Multi-finger

    @Test("a 3-finger bottom-edge swipe: every finger in the band, the pan follows their centroid")
    func threeFingerEdgeSwipe() {
        let s = Fingers()
        let r = edgePan(s, zones: [.edge(EdgeZone(.bottom, depth: .millimetres(8)))])
        r.minimumNumberOfTouches = 3
        var translations: [Point] = []
        r.addTarget { translations.append($0.translation(in: nil)) }
        s.press([1, 2, 3], at: [Point(x: 400, y: 592), Point(x: 460, y: 590), Point(x: 520, y: 594)])
        s.drag([1: Point(x: 0, y: -100), 2: Point(x: 0, y: -120), 3: Point(x: 0, y: -140)], over: 150)
        s.release([1, 2, 3])
        #expect(s.outcomes == ["edge: began", "edge: ended"])
        #expect(abs(translations.last!.y + 120) < 0.001, "the centroid moved 120 pt up: \(translations.last!)")
    }

    @Test("a multi-finger edge swipe with one finger outside the band fails, naming the zone")
    func fingerOutsideZone() {
        let zone = ScreenZone.edge(EdgeZone(.bottom, depth: .millimetres(8)))
        let s = Fingers()
        let r = edgePan(s, zones: [zone])
        r.minimumNumberOfTouches = 3
        s.press([1, 2, 3], at: [Point(x: 400, y: 592), Point(x: 460, y: 590), Point(x: 520, y: 500)])
        s.drag([1: Point(x: 0, y: -100), 2: Point(x: 0, y: -100), 3: Point(x: 0, y: -100)], over: 150)
        s.release([1, 2, 3])
        #expect(s.outcomes == ["edge: failed(a finger landed outside the bottom edge (8 mm))"])
        #expect(r.failureReason == nil || r.state == .possible, "reset after the fingers lifted")

        // The case: a 2-finger left-edge pan whose second finger lands 600 pt away.
        let t = Fingers()
        let two = edgePan(t, edges: .left)
        two.minimumNumberOfTouches = 2
        t.press([1], at: [Point(x: 5, y: 300)])
        t.tick()
        t.press([2], at: [Point(x: 605, y: 300)])
        t.drag([1: Point(x: 80, y: 0), 2: Point(x: 80, y: 0)], over: 100)
        #expect(t.outcomes == ["edge: failed(a finger landed outside the left edge (6 mm))"])
        #expect(two.failureReason == .fingerOutsideZone(.edge(EdgeZone(.left, depth: .millimetres(6)))))
        t.release([1, 2])
    }

    @Test("the fingers of a multi-finger edge swipe must land within the landing window")
    func landingWindow() {
        for (gap, expected) in [(100.0, "edge: began"), (400, "edge: failed(fingers landed more than 250.0 ms apart)")] {
            let s = Fingers()
            let r = edgePan(s, zones: [.edge(EdgeZone(.bottom, depth: .millimetres(8)))])
            r.minimumNumberOfTouches = 2
            s.press([1], at: [Point(x: 400, y: 592)])
            s.wait(gap)
            s.press([2], at: [Point(x: 460, y: 592)])
            s.drag([1: Point(x: 0, y: -100), 2: Point(x: 0, y: -100)], over: 150)
            s.release([1, 2])
            #expect(s.outcomes.first == expected, "\(gap) ms")
        }
    }

    // MARK: Rotation

    /// A 250×150 mm sensor mapped with `rotation` onto the 1000×600 pt screen: per-axis densities
    /// differ (a quarter turn puts the sensor's 150 mm along the screen's 1000 pt).
    private func rotated(_ rotation: OutputRotation) -> (Fingers, OutputMapping) {
        let mapping = OutputMapping(size: Size(width: 1000, height: 600), rotation: rotation)
        let density = mapping.density(sensorMillimetres: Size(width: 250, height: 150))!.density
        return (Fingers(density: density), mapping)
    }

    /// Screen point of a sensor point given in millimetres.
    private func screen(_ mapping: OutputMapping, _ mm: Point) -> Point {
        mapping.map(normalized: Point(x: mm.x / 250, y: mm.y / 150))
    }

    /// The screen edge nearest to `p`.
    private func nearestEdge(_ p: Point) -> ScreenEdges {
        let d: [(Double, ScreenEdges)] = [(p.x, .left), (1000 - p.x, .right), (p.y, .top), (600 - p.y, .bottom)]
        return d.min { $0.0 < $1.0 }!.1
    }

    @Test("edges are the screen's after the output rotation, and bands are millimetres of the finger on every rotation")
    func rotationKeepsEdges() {
        // Each sensor edge's midpoint, 4 mm inside (in a 6 mm band) and 8 mm inside (outside it), and
        // the inward stroke on the sensor.
        let sensorEdges: [(inside: Point, outside: Point, stroke: Point)] = [
            (Point(x: 4, y: 75), Point(x: 8, y: 75), Point(x: 30, y: 0)),
            (Point(x: 246, y: 75), Point(x: 242, y: 75), Point(x: -30, y: 0)),
            (Point(x: 125, y: 4), Point(x: 125, y: 8), Point(x: 0, y: 30)),
            (Point(x: 125, y: 146), Point(x: 125, y: 142), Point(x: 0, y: -30)),
        ]
        for rotation in OutputRotation.allCases {
            for e in sensorEdges {
                let (s, mapping) = rotated(rotation)
                let r = edgePan(s)
                var seen: ScreenEdges = []
                r.addTarget { seen = $0.edge }
                let start = screen(mapping, e.inside)
                s.press([1], at: [start])
                s.drag(1, by: screen(mapping, e.inside + e.stroke) - start, over: 100)
                s.release([1])
                #expect(s.outcomes == ["edge: began", "edge: ended"], "\(rotation) \(e.inside)")
                #expect(seen == nearestEdge(start), "\(rotation) \(e.inside) at \(start)")

                let (t, mapping2) = rotated(rotation)
                edgePan(t)
                t.press([1], at: [screen(mapping2, e.outside)])
                #expect(t.outcomes == ["edge: failed(started outside its area)"], "8 mm from the edge, \(rotation) \(e.outside)")
                t.release([1])
            }
        }
    }

    @Test("corners from every corner in every rotation: a diagonal stroke on the sensor is a corner pan of the screen corner it lands in")
    func cornersInEveryRotation() {
        let sensorCorners: [(Point, Point)] = [
            (Point(x: 5, y: 5), Point(x: 20, y: 20)), (Point(x: 245, y: 5), Point(x: -20, y: 20)),
            (Point(x: 5, y: 145), Point(x: 20, y: -20)), (Point(x: 245, y: 145), Point(x: -20, y: -20)),
        ]
        for rotation in OutputRotation.allCases {
            var corners: Set<ScreenCorner> = []
            for (inside, stroke) in sensorCorners {
                let (s, mapping) = rotated(rotation)
                let r = edgePan(s, zones: ScreenCorner.allCases.map { .corner(CornerZone($0, size: .millimetres(8), directions: .diagonal)) })
                var seen: ScreenCorner?
                r.addTarget { seen = $0.corner }
                let start = screen(mapping, inside)
                s.press([1], at: [start])
                s.drag(1, by: screen(mapping, inside + stroke) - start, over: 100)
                s.release([1])
                let expected: ScreenCorner = start.y < 300 ? (start.x < 500 ? .topLeft : .topRight) : (start.x < 500 ? .bottomLeft : .bottomRight)
                #expect(s.outcomes == ["edge: began", "edge: ended"], "\(rotation) \(inside)")
                #expect(seen == expected, "\(rotation) \(inside)")
                if let seen { corners.insert(seen) }
            }
            #expect(corners.count == 4, "\(rotation): every screen corner reached once")
        }
    }

    // MARK: Exclusion zones

    @Test("touches landing in an exclusion zone start no gesture of that recognizer; others still get them")
    func exclusionZone() {
        let s = Fingers()
        let keyboard = Rect(x: 0, y: 400, width: 1000, height: 200)
        let pan = PanGestureRecognizer().named("pan")
        pan.exclusionZones = [.screen(keyboard)]
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 500, y: 500)])
        s.drag(1, by: Point(x: 0, y: -200), over: 100)
        s.release([1])
        #expect(s.outcomes == ["tap: failed(moved further than 4 mm)"], "the pan never heard of it")
        s.takeLog()
        s.press([1], at: [Point(x: 500, y: 300)])
        s.drag(1, by: Point(x: 0, y: 80), over: 100)  // ends inside the zone: it started outside
        s.release([1])
        #expect(s.outcomes == ["pan: began", "tap: failed(excluded by pan)", "pan: ended"])
    }

    @Test("a 3-finger swipe anywhere but over the keyboard; an edge zone with the keyboard excluded")
    func exclusionWithMultiFingerAndEdges() {
        let keyboard = Rect(x: 0, y: 400, width: 1000, height: 200)
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe-3f")
        swipe.numberOfTouchesRequired = 3
        swipe.direction = .all
        swipe.exclusionZones = [.screen(keyboard)]
        s.engine.root.addGestureRecognizer(swipe)
        s.press([1, 2, 3], at: [Point(x: 300, y: 300), Point(x: 350, y: 300), Point(x: 400, y: 450)])
        s.drag([1: Point(x: 300, y: 0), 2: Point(x: 300, y: 0), 3: Point(x: 300, y: 0)], over: 100)
        s.release([1, 2, 3])
        #expect(!s.outcomes.contains("swipe-3f: ended"), "one finger on the keyboard: \(s.outcomes)")
        s.takeLog()
        s.press([1, 2, 3], at: [Point(x: 300, y: 300), Point(x: 350, y: 300), Point(x: 400, y: 320)])
        s.drag([1: Point(x: 300, y: 0), 2: Point(x: 300, y: 0), 3: Point(x: 300, y: 0)], over: 100)
        s.release([1, 2, 3])
        #expect(s.outcomes == ["swipe-3f: ended"])

        let t = Fingers()
        let edge = edgePan(t, zones: [.edge(EdgeZone(.left, depth: .millimetres(6)))])
        edge.exclusionZones = [.screen(keyboard)]
        t.press([1], at: [Point(x: 5, y: 500)])
        t.drag(1, by: Point(x: 100, y: 0), over: 100)
        t.release([1])
        #expect(t.outcomes.isEmpty, "the left edge beside the keyboard starts nothing: \(t.outcomes)")
        t.press([1], at: [Point(x: 5, y: 200)])
        t.drag(1, by: Point(x: 100, y: 0), over: 100)
        t.release([1])
        #expect(t.outcomes == ["edge: began", "edge: ended"])
    }

    @Test("an exclusion zone in region coordinates follows its region")
    func exclusionInRegionSpace() {
        let s = Fingers()
        let panel = s.region("panel", Rect(x: 200, y: 100, width: 400, height: 300))
        let pan = PanGestureRecognizer().named("pan")
        pan.exclusionZones = [.region(Rect(x: 0, y: 0, width: 100, height: 100))]
        panel.addGestureRecognizer(pan)
        #expect(pan.isExcluded(Point(x: 250, y: 150)))
        #expect(!pan.isExcluded(Point(x: 50, y: 50)), "the same rectangle in screen space would hold it")
        s.press([1], at: [Point(x: 250, y: 150)])
        s.drag(1, by: Point(x: 60, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes.isEmpty)
        s.press([1], at: [Point(x: 350, y: 250)])
        s.drag(1, by: Point(x: 60, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }
}
