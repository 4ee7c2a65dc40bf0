import GestureKit
import Testing

/// An async host reads an edge pan's edge or corner and a swipe's direction from the update, as
/// a target reads them from the recognizer: what it sees at each change is what the recognizer
/// said then.
@Suite("Gesture updates: an edge pan's edge and corner, a directional swipe's directions")
struct GestureUpdateDirectionTests {
    final class Updates: GestureEngineObserver {
        var updates: [GestureUpdate] = []
        func engine(
            _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState
        ) {
            updates.append(GestureUpdate(recognizer: recognizer, from: old, to: new, at: engine.now))
        }
    }

    /// One finger from `start`, `steps` frames of `step` millimetres each, then lifted.
    func stroke(_ s: Fingers, from start: Point, steps: [(Point, Int)]) {
        let ppm = Fingers.pointsPerMillimetre
        var at = start
        s.press([1], at: [at])
        for (step, count) in steps {
            for _ in 0..<count {
                s.tick()
                at = at + Point(x: step.x * ppm, y: step.y * ppm)
                s.move(1, to: at)
                s.frame()
            }
        }
        s.release([1])
    }

    @Test("an edge pan from the right edge: the edge and the inward direction, from began on")
    func edgePan() throws {
        let s = Fingers()
        let observer = Updates()
        s.engine.observer = observer
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        edge.edges = .right
        s.engine.root.addGestureRecognizer(edge)
        stroke(s, from: Point(x: s.engine.root.frame.width - 2, y: 300), steps: [(Point(x: -1, y: 0), 30)])
        // The reset to `possible` that follows reads the recognizer as reset: no edge, no direction.
        let seen = observer.updates.filter { $0.name == "edge" && $0.state != .possible }
        #expect(seen.first?.state == .began)
        #expect(seen.last?.state == .ended)
        #expect(seen.count > 2 && seen.dropFirst().dropLast().allSatisfy { $0.state == .changed })
        for update in seen {
            #expect(update.kind == .screenEdgePan)
            #expect(update.edge == .right)
            #expect(update.corner == nil)
            #expect(update.direction == .left)
            #expect(update.initialDirection == nil)
        }
    }

    @Test("a corner pan names its corner and an empty edge")
    func cornerPan() throws {
        let s = Fingers()
        let observer = Updates()
        s.engine.observer = observer
        let edge = ScreenEdgePanGestureRecognizer().named("corner")
        edge.zones = [.corner(CornerZone(.bottomLeft, size: .millimetres(12)))]
        s.engine.root.addGestureRecognizer(edge)
        stroke(s, from: Point(x: 4, y: s.engine.root.frame.height - 4), steps: [(Point(x: 1, y: -1), 30)])
        let began = try #require(observer.updates.first { $0.name == "corner" && $0.state == .began })
        #expect(began.corner == .bottomLeft)
        #expect(began.edge == [])
        #expect(began.direction == [.right, .up])
    }

    @Test("a directional swipe that turns: the direction it began in, and the one it moves in at each change")
    func directionalSwipe() throws {
        let s = Fingers()
        let observer = Updates()
        s.engine.observer = observer
        let swipe = DirectionalSwipeGestureRecognizer().named("swipe")
        var read: [SwipeDirection] = []
        swipe.addTarget { read.append($0.currentDirection) }
        s.engine.root.addGestureRecognizer(swipe)
        stroke(s, from: Point(x: 200, y: 200), steps: [(Point(x: 1, y: 0), 20), (Point(x: 0, y: 1), 20)])
        let seen = observer.updates.filter { $0.name == "swipe" && $0.state != .possible }
        #expect(seen.first?.state == .began)
        #expect(seen.allSatisfy { $0.kind == .directionalSwipe && $0.initialDirection == .right && $0.edge == nil })
        // What the targets read at each change, the update carries.
        #expect(seen.compactMap(\.direction) == read)
        #expect(read.first == .right)
        #expect(read.last == .down)
    }

    @Test("a pan carries no direction, edge or corner")
    func panHasNone() throws {
        let s = Fingers()
        let observer = Updates()
        s.engine.observer = observer
        s.engine.root.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        stroke(s, from: Point(x: 200, y: 200), steps: [(Point(x: 1, y: 0), 20)])
        let seen = observer.updates.filter { $0.name == "pan" && $0.state != .possible }
        #expect(!seen.isEmpty)
        #expect(seen.allSatisfy { $0.direction == nil && $0.initialDirection == nil && $0.edge == nil && $0.corner == nil })
    }
}
