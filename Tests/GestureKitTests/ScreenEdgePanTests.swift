import Testing
@testable import GestureKit

@Suite("Screen-edge pan")
struct ScreenEdgePanTests {
    @Test("a drag from inside the left band begins and reports its edge")
    func startsInBand() {
        let s = Fingers()
        let edgePan = ScreenEdgePanGestureRecognizer().named("edge")
        s.engine.root.addGestureRecognizer(edgePan)
        var edges: [ScreenEdges] = []
        edgePan.addTarget { edges.append($0.edge) }
        s.press([1], at: [Point(x: 23, y: 300)])  // the band is 6 mm: 24 pt
        s.drag(1, by: Point(x: 120, y: 10), over: 100)
        s.release([1])
        #expect(s.outcomes == ["edge: began", "edge: ended"])
        #expect(Set(edges) == [.left])
        #expect(edgePan.translation(in: nil) == .zero, "reset")
    }

    @Test("each configured edge works, moving inwards")
    func eachEdge() {
        let cases: [(ScreenEdges, Point, Point)] = [
            (.left, Point(x: 2, y: 300), Point(x: 60, y: 0)),
            (.right, Point(x: 998, y: 300), Point(x: -60, y: 0)),
            (.top, Point(x: 500, y: 2), Point(x: 0, y: 60)),
            (.bottom, Point(x: 500, y: 598), Point(x: 0, y: -60)),
        ]
        for (edge, start, stroke) in cases {
            let s = Fingers()
            let edgePan = ScreenEdgePanGestureRecognizer().named("edge")
            edgePan.edges = .all
            s.engine.root.addGestureRecognizer(edgePan)
            var seen: ScreenEdges = []
            edgePan.addTarget { seen = $0.edge }
            s.press([1], at: [start])
            s.drag(1, by: stroke, over: 100)
            s.release([1])
            #expect(s.outcomes == ["edge: began", "edge: ended"], "\(edge)")
            #expect(seen == edge)
        }
    }

    @Test("a finger landing outside the band fails at once")
    func startedOutside() {
        let s = Fingers()
        let edgePan = ScreenEdgePanGestureRecognizer().named("edge")
        s.engine.root.addGestureRecognizer(edgePan)
        s.press([1], at: [Point(x: 25, y: 300)])
        #expect(s.log == ["edge: failed(started outside its area)"])
        #expect(edgePan.failureReason == .startedOutsideArea)
        s.drag(1, by: Point(x: 120, y: 0), over: 100)
        s.release([1])
        #expect(s.log.count == 1)

        // A right-edge start does not count for a left-edge recognizer.
        s.takeLog()
        s.press([1], at: [Point(x: 995, y: 300)])
        #expect(s.log == ["edge: failed(started outside its area)"])
        s.release([1])
    }

    @Test("moving along the edge fails it")
    func alongTheEdge() {
        let s = Fingers()
        let edgePan = ScreenEdgePanGestureRecognizer().named("edge")
        s.engine.root.addGestureRecognizer(edgePan)
        s.press([1], at: [Point(x: 10, y: 300)])
        s.drag(1, by: Point(x: 3, y: 100), over: 100)
        #expect(s.log == ["edge: failed(wrong direction)"])
        s.release([1])
        #expect(s.log.count == 1)
    }
}
