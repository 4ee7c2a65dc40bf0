import Foundation
import GestureKit
import Testing

/// A finger placed anew by a mapping change (a `stationary` contact at a new position: the
/// output turned, or a calibration changed, with the finger down) did not move: a pan, pinch or
/// rotation following it must not take the placement as motion when a finger next moves.
@Suite("A finger placed anew: no translation, scale or turn jumps")
struct PlacementTests {
    static let mm = Fingers.pointsPerMillimetre

    /// A stationary contact placing finger `id` at `p` (the producer's report of a resting finger
    /// mapped the new way).
    static func place(_ s: Fingers, _ contacts: [(Int, Point)]) {
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: contacts.map { id, p in
            TouchContact(id: id, phase: .stationary, location: p, millimetres: p / Self.mm)
        })))
    }

    @Test("one finger: 20 mm of pan, placed 40 mm away, then 1 mm: the translation is 21 mm, the location the new one")
    func oneFinger() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 200, y: 300)])
        s.drag(1, by: Point(x: 20 * Self.mm, y: 0), over: 100)
        #expect(pan.translation(in: nil).x == 20 * Self.mm)
        Self.place(s, [(1, Point(x: 280 + 40 * Self.mm, y: 300))])
        #expect(pan.translation(in: nil).x == 20 * Self.mm, "the placement is no motion")
        s.move(1, to: Point(x: 280 + 41 * Self.mm, y: 300))
        s.tick()
        s.frame()
        #expect(pan.translation(in: nil).x == 21 * Self.mm, "translation \(pan.translation(in: nil).x / Self.mm) mm")
        #expect(pan.location(in: nil).x == 280 + 41 * Self.mm)
        s.release([1])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("two fingers, one placed anew, the other moving in the same frame: only the real motion counts")
    func twoFingersOnePlaced() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1, 2], at: [Point(x: 200, y: 300), Point(x: 400, y: 300)])
        s.drag([1: Point(x: 0, y: 20 * Self.mm), 2: Point(x: 0, y: 20 * Self.mm)], over: 100)
        let before = pan.translation(in: nil)
        // Finger 2 moves 2 mm down; finger 1, resting, is placed 30 mm to the right, in one frame.
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: 1, phase: .stationary, location: Point(x: 200 + 30 * Self.mm, y: 300 + 20 * Self.mm),
                         millimetres: Point(x: 80, y: 95)),
            TouchContact(id: 2, phase: .moved, location: Point(x: 400, y: 300 + 22 * Self.mm), millimetres: Point(x: 100, y: 80.5)),
        ])))
        let after = pan.translation(in: nil)
        // The centre moved by half of finger 2's 2 mm, and not at all for the placement.
        #expect(after.x == before.x, "x \(after.x - before.x) pt")
        #expect(abs((after.y - before.y) - 1 * Self.mm) < 1e-9, "y \((after.y - before.y) / Self.mm) mm")
    }

    /// Two fingers about the screen's centre at `angle` (radians), `radius` mm from it.
    static func pair(_ angle: Double, radius: Double) -> [Point] {
        let c = Point(x: 500, y: 300)
        let r = radius * Self.mm
        return [c + Point(x: -cos(angle) * r, y: -sin(angle) * r), c + Point(x: cos(angle) * r, y: sin(angle) * r)]
    }

    @Test("rotation: 20° of turn, the output turned a quarter (both fingers placed anew), then 5° more: 25°, not 115°")
    func rotationQuarterTurn() {
        let s = Fingers()
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        let deg = Double.pi / 180
        s.press([1, 2], at: Self.pair(0, radius: 20))
        s.trace([1, 2], over: 100) { id, f in Self.pair(20 * deg * f, radius: 20)[id - 1] }
        #expect(abs(rotation.rotation / deg - 20) < 1e-6, "\(rotation.rotation / deg)°")
        // The output turned a quarter: the resting fingers are where the new mapping puts them.
        let placed = Self.pair(20 * deg + .pi / 2, radius: 20)
        Self.place(s, [(1, placed[0]), (2, placed[1])])
        s.trace([1, 2], over: 50) { id, f in Self.pair(20 * deg + .pi / 2 + 5 * deg * f, radius: 20)[id - 1] }
        #expect(abs(rotation.rotation / deg - 25) < 1e-6, "\(rotation.rotation / deg)°")
        s.release([1, 2])
        #expect(s.outcomes == ["rotation: began", "rotation: ended"])
    }

    @Test("pinch: spread to 1.5, one finger placed 10 mm along by a calibration, then spread by a tenth: 1.65")
    func pinchCalibration() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2], at: Self.pair(0, radius: 10))
        s.trace([1, 2], over: 100) { id, f in Self.pair(0, radius: 10 + 5 * f)[id - 1] }
        #expect(abs(pinch.scale - 1.5) < 1e-9, "\(pinch.scale)")
        // Finger 2 placed 10 mm further right: the spread is 20 mm now, the scale still 1.5.
        let at = Self.pair(0, radius: 15)
        Self.place(s, [(2, at[1] + Point(x: 10 * Self.mm, y: 0))])
        #expect(abs(pinch.scale - 1.5) < 1e-9, "\(pinch.scale)")
        // Each moves 2 mm outward: 40 mm → 44 mm between them, a tenth more.
        s.move(1, to: at[0] - Point(x: 2 * Self.mm, y: 0))
        s.move(2, to: at[1] + Point(x: 12 * Self.mm, y: 0))
        s.tick()
        s.frame()
        #expect(abs(pinch.scale - 1.65) < 1e-9, "\(pinch.scale)")
    }
}
