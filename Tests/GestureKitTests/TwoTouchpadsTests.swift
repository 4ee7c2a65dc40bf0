import Testing
@testable import GestureKit

/// Two touchpads (a laptop's own and a plugged-in one): libinput reports a gesture per device, and
/// a recognizer follows one touchpad gesture at a time, as it follows one set of fingers.
@Suite("Two touchpads")
struct TwoTouchpadsTests {
    @Test("A pan still deciding on one touchpad's swipe is not taken over by a swipe that begins on the other")
    func possiblePanKeepsItsTouchpad() {
        let s = Fingers(kind: .touchpad)
        s.plugTouchpad(id: DeviceID(2))
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var seen: [(device: DeviceID?, x: Double)] = []
        pan.addTarget { seen.append(($0.device, $0.translation(in: nil).x)) }
        s.pad(.swipe, .begin, fingers: 3, from: DeviceID(1))
        #expect(pan.state == .possible)
        // The other touchpad's swipe goes far to the left meanwhile.
        s.pad(.swipe, .begin, fingers: 3, from: DeviceID(2))
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: -30, y: 0), from: DeviceID(2)) }
        #expect(pan.state == .possible, "the pan began on the other touchpad's swipe")
        for _ in 0..<5 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0), from: DeviceID(1)) }
        s.pad(.swipe, .end, fingers: 3, from: DeviceID(1))
        s.pad(.swipe, .end, fingers: 3, from: DeviceID(2))
        #expect(s.outcomes == ["pan: began", "pan: ended"])
        #expect(seen.allSatisfy { $0.device == DeviceID(1) }, "\(seen)")
        #expect(seen.last?.x == 50)
        #expect(pan.state == .possible)
    }

    @Test("Two pinch recognizers following one touchpad's pinch together are not moved by the other touchpad's pinch")
    func pinchesKeepTheirTouchpad() {
        let s = Fingers(kind: .touchpad)
        s.plugTouchpad(id: DeviceID(2))
        let both = Simultaneous()
        s.keepAlive.append(both)
        let a = PinchGestureRecognizer().named("a")
        let b = PinchGestureRecognizer().named("b")
        for r in [a, b] {
            r.delegate = both
            s.engine.root.addGestureRecognizer(r)
        }
        s.pad(.pinch, .begin, fingers: 2, from: DeviceID(1))
        s.pad(.pinch, .begin, fingers: 2, from: DeviceID(2))
        for k in 1...5 {
            s.pad(.pinch, .update, fingers: 2, scale: 1 + 0.1 * Double(k), from: DeviceID(1))
            s.pad(.pinch, .update, fingers: 2, scale: 1 - 0.1 * Double(k), from: DeviceID(2))
        }
        for r in [a, b] {
            #expect(r.device == DeviceID(1), "\(r.name)")
            #expect(abs(r.scale - 1.5) < 1e-9, "\(r.name): \(r.scale)")
        }
        s.pad(.pinch, .end, fingers: 2, from: DeviceID(1))
        s.pad(.pinch, .end, fingers: 2, from: DeviceID(2))
        #expect(s.outcomes == ["a: began", "b: began", "a: ended", "b: ended"])
        // The other touchpad's next pinch reaches them.
        s.pad(.pinch, .begin, fingers: 2, from: DeviceID(2))
        for k in 1...5 { s.pad(.pinch, .update, fingers: 2, scale: 1 - 0.1 * Double(k), from: DeviceID(2)) }
        #expect(a.device == DeviceID(2) && abs(a.scale - 0.5) < 1e-9)
        s.pad(.pinch, .end, fingers: 2, from: DeviceID(2))
        #expect(a.state == .possible && b.state == .possible)
    }

    final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
    }
}
