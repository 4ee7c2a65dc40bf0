import Foundation
import Testing
@testable import GestureKit

/// A recognizer's state of a sequence is one value that `reset()` replaces whole: whatever
/// sequence a recognizer followed before, it hears the next one as a recognizer just created
/// would.
@Suite("Reset: a recognizer used before behaves as a new one")
struct ResetTests {
    /// A kind of recognizer, and the values its targets read.
    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable () -> GestureRecognizer
        let values: @Sendable (GestureRecognizer) -> [Double]
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "tap", make: { TapGestureRecognizer() }, values: { [Double(($0 as! TapGestureRecognizer).tapsCompleted)] }),
        Kind(name: "double tap", make: {
            let t = TapGestureRecognizer()
            t.numberOfTapsRequired = 2
            return t
        }, values: { [Double(($0 as! TapGestureRecognizer).tapsCompleted)] }),
        Kind(name: "long press", make: { LongPressGestureRecognizer() }, values: { _ in [] }),
        Kind(name: "pan", make: { PanGestureRecognizer() }, values: { r in
            let p = r as! PanGestureRecognizer
            let t = p.translation(in: nil), v = p.velocity(in: nil)
            return [t.x, t.y, v.x, v.y]
        }),
        Kind(name: "swipe", make: {
            let s = SwipeGestureRecognizer()
            s.direction = .all
            return s
        }, values: { [Double(($0 as! SwipeGestureRecognizer).recognizedDirection.rawValue)] }),
        Kind(name: "directional swipe", make: { DirectionalSwipeGestureRecognizer() }, values: { r in
            let s = r as! DirectionalSwipeGestureRecognizer
            return [s.progress, Double(s.initialDirection.rawValue), Double(s.currentDirection.rawValue)]
        }),
        Kind(name: "edge pan", make: {
            let e = ScreenEdgePanGestureRecognizer()
            e.edges = .all
            return e
        }, values: { r in
            let e = r as! ScreenEdgePanGestureRecognizer
            return [Double(e.edge.rawValue), Double(e.direction.rawValue), e.translation(in: nil).x]
        }),
        Kind(name: "pinch", make: { PinchGestureRecognizer() }, values: { r in
            let p = r as! PinchGestureRecognizer
            return [p.scale, p.velocity]
        }),
        Kind(name: "rotation", make: { RotationGestureRecognizer() }, values: { r in
            let p = r as! RotationGestureRecognizer
            return [p.rotation, p.velocity]
        }),
    ]

    /// Input stories, played before the probe and as the probe.
    static let stories: [(name: String, play: @Sendable (Fingers) -> Void)] = [
        ("tap", { $0.tap(at: Point(x: 500, y: 300)) }),
        ("double tap", { s in
            s.tap(at: Point(x: 500, y: 300))
            s.wait(100)
            s.tap(at: Point(x: 500, y: 300))
        }),
        ("hold", { s in
            s.press([1], at: [Point(x: 500, y: 300)])
            s.wait(800)
            s.release([1])
        }),
        ("drag right", { stroke($0, from: Point(x: 300, y: 300), by: Point(x: 300, y: 10), over: 150) }),
        ("diagonal drag, lifted in the corner", { stroke($0, from: Point(x: 400, y: 200), by: Point(x: 150, y: 150), over: 150) }),
        ("from the left edge", { stroke($0, from: Point(x: 3, y: 300), by: Point(x: 250, y: 0), over: 200) }),
        ("two fingers spread and turn", { s in
            s.press([1, 2], at: [Point(x: 450, y: 300), Point(x: 550, y: 300)])
            s.trace([1, 2], over: 300) { id, f in
                let a = (id == 1 ? Double.pi : 0) + 0.6 * f
                let r = 50 + 60 * f
                return Point(x: 500 + r * cos(a), y: 300 + r * sin(a))
            }
            s.release([1, 2])
        }),
    ]

    /// One finger down at `start`, moved by `offset` over `ms`, lifted.
    private static func stroke(_ s: Fingers, from start: Point, by offset: Point, over ms: Double) {
        s.press([1], at: [start])
        s.drag(1, by: offset, over: ms)
        s.release([1])
    }

    /// What a probe made the recognizer do: every transition with its cause, and at every call of
    /// its target the state, location and the kind's values.
    private static func record(_ kind: Kind, probe: (Fingers) -> Void, after before: ((Fingers) -> Void)?) -> [String] {
        let s = Fingers()
        let r = kind.make()
        r.name = kind.name
        s.engine.root.addGestureRecognizer(r)
        var heard: [String] = []
        r.addTarget { r in
            let p = r.location(in: nil)
            heard.append("\(r.state) at \(p.x),\(p.y): \(kind.values(r))")
        }
        before?(s)
        s.wait(3000)
        // The probe starts at the same moment whatever came before, so that times compare too.
        let start = Timestamp.milliseconds(60_000)
        s.wait(Double(start.microseconds - s.time.microseconds) / 1000)
        let logged = s.log.count
        let heardBefore = heard.count
        probe(s)
        s.wait(3000)
        return Array(s.log[logged...]) + heard[heardBefore...].map { "target: " + $0 }
    }

    @Test("after any sequence, the next is heard as by a new recognizer", arguments: kinds)
    func resetsWhole(_ kind: Kind) {
        for probe in Self.stories {
            let fresh = Self.record(kind, probe: probe.play, after: nil)
            for before in Self.stories {
                let used = Self.record(kind, probe: probe.play, after: before.play)
                #expect(used == fresh, "\(kind.name): \(probe.name) after \(before.name)")
            }
        }
    }
}
