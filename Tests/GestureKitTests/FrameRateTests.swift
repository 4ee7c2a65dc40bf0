import Testing
@testable import GestureKit

@Suite("The same gesture at 60, 120 and 240 Hz")
struct FrameRateTests {
    static let rates: [Double] = [60, 120, 240]

    struct PanResult: Equatable {
        var outcomes: [String]
        var translation: Point
        var velocity: Point
    }

    func pan(at hz: Double) -> PanResult {
        let s = Fingers(hz: hz)
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.direction = .down
        let tap = TapGestureRecognizer().named("tap")
        for r in [pan, swipe, tap] as [GestureRecognizer] { s.engine.root.addGestureRecognizer(r) }
        var result = PanResult(outcomes: [], translation: .zero, velocity: .zero)
        pan.addTarget { pan in
            if pan.state == .ended { (result.translation, result.velocity) = (pan.translation(in: nil), pan.velocity(in: nil)) }
        }
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 200, y: 60), over: 250)
        s.release([1])
        result.outcomes = s.outcomes
        return result
    }

    @Test("a pan: same winner, same final translation, velocity within 5%")
    func panAcrossRates() {
        let results = Self.rates.map { pan(at: $0) }
        let reference = results[1]
        #expect(reference.outcomes == [
            "pan: began", "swipe: failed(excluded by pan)", "tap: failed(excluded by pan)", "pan: ended",
        ])
        #expect(abs(reference.velocity.x - 800) < 8)
        for (hz, r) in zip(Self.rates, results) {
            #expect(r.outcomes == reference.outcomes, "\(hz) Hz")
            #expect(r.translation == Point(x: 200, y: 60), "\(hz) Hz")
            #expect(abs(r.velocity.x - reference.velocity.x) <= 0.05 * abs(reference.velocity.x), "\(hz) Hz")
            #expect(abs(r.velocity.y - reference.velocity.y) <= 0.05 * abs(reference.velocity.y), "\(hz) Hz")
        }
    }

    @Test("a pinch: same final scale")
    func pinchAcrossRates() {
        var scales: [Double] = []
        var outcomes: [[String]] = []
        for hz in Self.rates {
            let s = Fingers(hz: hz)
            let pinch = PinchGestureRecognizer().named("pinch")
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pinch)
            s.engine.root.addGestureRecognizer(pan)
            var scale = 0.0
            pinch.addTarget { p in if p.state == .ended { scale = p.scale } }
            s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
            s.drag([1: Point(x: -60, y: 0), 2: Point(x: 60, y: 0)], over: 200)
            s.release([1, 2])
            scales.append(scale)
            outcomes.append(s.outcomes)
        }
        #expect(outcomes[0] == ["pinch: began", "pan: failed(excluded by pinch)", "pinch: ended"])
        for (hz, o) in zip(Self.rates, outcomes) { #expect(o == outcomes[0], "\(hz) Hz") }
        for (hz, scale) in zip(Self.rates, scales) { #expect(abs(scale - 1.6) < 1e-12, "\(hz) Hz") }
    }

    @Test("a swipe: recognized at every rate, in the same direction, against the same rivals")
    func swipeAcrossRates() {
        var outcomes: [[String]] = []
        for hz in Self.rates {
            let s = Fingers(hz: hz)
            let swipe = SwipeGestureRecognizer().named("swipe")
            swipe.direction = .all
            let pan = PanGestureRecognizer().named("pan")
            pan.require(toFail: swipe)
            s.engine.root.addGestureRecognizer(pan)
            s.engine.root.addGestureRecognizer(swipe)
            var direction: SwipeDirection = []
            swipe.addTarget { g in direction = g.recognizedDirection }
            s.press([1], at: [Point(x: 500, y: 500)])
            s.drag(1, by: Point(x: 10, y: -120), over: 150)
            s.release([1])
            #expect(direction == .up, "\(hz) Hz")
            outcomes.append(s.outcomes)
        }
        #expect(outcomes[0] == ["swipe: ended", "pan: failed(required swipe to fail, but it recognized)"])
        for (hz, o) in zip(Self.rates, outcomes) { #expect(o == outcomes[0], "\(hz) Hz") }
    }
}
