import Foundation
import Testing
@testable import GestureKit

/// Real panels never lift two fingers in exactly the same scan: in a two-finger fling one finger
/// lifts in a frame in which the other still moves, and the gesture ends a frame later (a
/// two-finger pan, which ends with fewer than two fingers) or when the last finger lifts (pinch,
/// rotation). The velocity the targets read at `ended` — what a fling, a zoom or a spin carries on
/// with — must be the fingers' velocity, the same at 60, 120 and 240 Hz
/// (docs/units-and-thresholds.md, "Velocity").
@Suite("Velocity when one finger lifts in a frame in which the others move")
struct LiftFrameVelocityTests {
    /// Fingers at `starts` follow `path(id, seconds)` for 200 ms, one frame per interval at `hz`;
    /// in the next frame the last finger lifts while the others move on; a frame later the others
    /// lift (with no motion). Returns what `read` gives at `ended`, and the outcomes.
    func fling<R: GestureRecognizer>(
        hz: Double, _ recognizer: R, starts: [Point], path: (Int, Double) -> Point, read: @escaping (R) -> Double
    ) -> (atEnd: Double?, outcomes: [String]) {
        let s = Fingers(hz: hz)
        s.engine.root.addGestureRecognizer(recognizer.named("r"))
        var atEnd: Double?
        recognizer.addTarget { (g: R) in if g.state == .ended { atEnd = read(g) } }
        let ids = Array(1...starts.count)
        s.press(ids, at: starts)
        let steps = Int((0.2 * hz).rounded())
        for i in 1...steps + 1 {
            s.tick()
            let t = Double(i) / hz
            for id in ids where !(i == steps + 1 && id == ids.last!) { s.move(id, to: path(id, t)) }
            if i == steps + 1 { s.lift(ids.last!) }
            s.frame()
        }
        s.release(Array(ids.dropLast()))
        return (atEnd, s.outcomes)
    }

    @Test("a two-finger pan flung at 800 pt/s, its fingers lifting a frame apart, ends at 800 pt/s at 60, 120 and 240 Hz")
    func twoFingerPanFling() {
        var byRate: [Double: Double] = [:]
        for hz in [60.0, 120.0, 240.0] {
            let pan = PanGestureRecognizer()
            pan.minimumNumberOfTouches = 2
            // Both fingers move right at 800 pt/s (200 mm/s).
            let r = fling(hz: hz, pan, starts: [Point(x: 200, y: 300), Point(x: 200, y: 400)],
                          path: { id, t in Point(x: 200 + 800 * t, y: id == 1 ? 300 : 400) },
                          read: { $0.velocity(in: nil).x })
            #expect(r.outcomes == ["r: began", "r: ended"])
            let v = r.atEnd ?? 0
            byRate[hz] = v
            #expect(abs(v - 800) / 800 < 0.05, "at \(Int(hz)) Hz the pan ends at \(v) pt/s; the fingers moved at 800 pt/s")
        }
        let (slow, fast) = (byRate[60] ?? 0, byRate[240] ?? 0)
        #expect(abs(slow - fast) / fast < 0.05, "60 Hz: \(slow) pt/s, 240 Hz: \(fast) pt/s for the same fling")
    }

    @Test("a one-finger pan dragged with two fingers that lift a frame apart ends with the fingers' velocity")
    func oneFingerPanTwoFingerFling() {
        // The same fling, but the pan goes on with the finger left, which moves one more frame
        // before it lifts.
        for hz in [60.0, 120.0, 240.0] {
            let s = Fingers(hz: hz)
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            var atEnd: Point?
            pan.addTarget { if $0.state == .ended { atEnd = $0.velocity(in: nil) } }
            s.press([1, 2], at: [Point(x: 200, y: 300), Point(x: 200, y: 400)])
            var x = 200.0
            for _ in 0..<Int((0.2 * hz).rounded()) {
                s.tick(); x += 800 / hz
                s.move(1, to: Point(x: x, y: 300)); s.move(2, to: Point(x: x, y: 400)); s.frame()
            }
            s.tick(); x += 800 / hz
            s.move(1, to: Point(x: x, y: 300)); s.lift(2); s.frame()
            s.tick(); x += 800 / hz
            s.move(1, to: Point(x: x, y: 300)); s.frame()
            s.release([1])
            let v = atEnd?.x ?? 0
            #expect(abs(v - 800) / 800 < 0.05, "at \(Int(hz)) Hz the pan ends at \(v) pt/s; the fingers moved at 800 pt/s")
        }
    }

    @Test("a pinch spreading at 2.5 per second, its fingers lifting a frame apart, ends at 2.5 per second at every rate")
    func pinchFling() {
        let c = Point(x: 500, y: 300)
        for hz in [60.0, 120.0, 240.0] {
            // Each finger moves out at 100 pt/s from 40 pt off the centre: the scale grows by 2.5 a second.
            let r = fling(hz: hz, PinchGestureRecognizer(), starts: [c - Point(x: 40, y: 0), c + Point(x: 40, y: 0)],
                          path: { id, t in
                              let d = Point(x: 40 + 100 * t, y: 0)
                              return id == 1 ? c - d : c + d
                          },
                          read: { $0.velocity })
            #expect(r.outcomes == ["r: began", "r: ended"])
            let v = r.atEnd ?? 0
            #expect(abs(v - 2.5) / 2.5 < 0.05, "at \(Int(hz)) Hz the pinch ends at \(v) /s; the scale grew at 2.5 /s")
        }
    }

    @Test("a rotation turning at 2 rad/s, its fingers lifting a frame apart, ends at 2 rad/s at every rate")
    func rotationFling() {
        let c = Point(x: 500, y: 300)
        for hz in [60.0, 120.0, 240.0] {
            let r = fling(hz: hz, RotationGestureRecognizer(), starts: [c - Point(x: 60, y: 0), c + Point(x: 60, y: 0)],
                          path: { id, t in
                              let d = Point(x: 60 * cos(2 * t), y: 60 * sin(2 * t))
                              return id == 1 ? c - d : c + d
                          },
                          read: { $0.velocity })
            #expect(r.outcomes == ["r: began", "r: ended"])
            let v = r.atEnd ?? 0
            #expect(abs(v - 2) / 2 < 0.05, "at \(Int(hz)) Hz the rotation ends at \(v) rad/s; the fingers turned at 2 rad/s")
        }
    }

    @Test("three fingers pinching and turning, one lifting a frame before the others: the two that stay measure the velocity")
    func threeFingerFlings() {
        let c = Point(x: 500, y: 300)
        // Three fingers at 120° from each other: a pinch spreading (each 100 pt/s out from 40 pt),
        // and a rotation turning at 2 rad/s 60 pt from the centre. Any two of them spread and turn
        // about their own centre as all three do about theirs.
        func at(_ id: Int, radius: Double, angle: Double) -> Point {
            let a = angle + Double(id - 1) * 2 * Double.pi / 3
            return c + Point(x: radius * cos(a), y: radius * sin(a))
        }
        let ids = [1, 2, 3]
        for hz in [60.0, 120.0, 240.0] {
            let pinch = fling(hz: hz, PinchGestureRecognizer(), starts: ids.map { at($0, radius: 40, angle: 0) },
                              path: { id, t in at(id, radius: 40 + 100 * t, angle: 0) }, read: { $0.velocity })
            #expect(pinch.outcomes == ["r: began", "r: ended"])
            #expect(abs((pinch.atEnd ?? 0) - 2.5) / 2.5 < 0.05, "at \(Int(hz)) Hz the pinch ends at \(pinch.atEnd ?? 0) /s")
            let turn = fling(hz: hz, RotationGestureRecognizer(), starts: ids.map { at($0, radius: 60, angle: 0) },
                             path: { id, t in at(id, radius: 60, angle: 2 * t) }, read: { $0.velocity })
            #expect(turn.outcomes == ["r: began", "r: ended"])
            #expect(abs((turn.atEnd ?? 0) - 2) / 2 < 0.05, "at \(Int(hz)) Hz the rotation ends at \(turn.atEnd ?? 0) rad/s")
        }
    }

    @Test("the values themselves still take the lifted finger where it last was (the common motion only)")
    func valuesKeepTheCommonMotion() {
        // The same two-finger pan at 60 Hz: the translation at the end is the fingers' travel
        // before the lift frame plus half of the lift frame's step (the finger that stayed), as
        // `PanTests.liftWhileAnotherMoves` pins; only the velocity is measured on the others.
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        var translation: Double?
        pan.addTarget { if $0.state == .ended { translation = $0.translation(in: nil).x } }
        _ = fling(hz: 60, pan, starts: [Point(x: 200, y: 300), Point(x: 200, y: 400)],
                  path: { id, t in Point(x: 200 + 800 * t, y: id == 1 ? 300 : 400) }, read: { $0.velocity(in: nil).x })
        let steps = 12.0, step = 800.0 / 60
        #expect(abs((translation ?? 0) - (steps * step + step / 2)) < 0.01, "translation \(translation ?? 0)")
    }
}
