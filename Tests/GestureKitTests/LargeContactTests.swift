import Testing
@testable import GestureKit

/// Large-contact (palm) rejection on touchscreens that report contact sizes: on landing, growing
/// mid-gesture, beside a pinch, by pressure, and not at all where sizes are unknown.
@Suite("Large contacts")
struct LargeContactTests {
    /// What a tap makes of the recognizers of ``tapAndPan(_:)``.
    private let tapped = ["tap: ended", "pan: failed(excluded by tap)"]

    private func tapAndPan(_ s: Fingers) -> (TapGestureRecognizer, PanGestureRecognizer) {
        let tap = TapGestureRecognizer().named("tap")
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(tap)
        s.engine.root.addGestureRecognizer(pan)
        return (tap, pan)
    }

    /// A tap-and-pan graph on `s`, and a touch of `major` mm or `pressure` that lands and lifts.
    private func touchOnce(_ s: Fingers, major: Double? = nil, pressure: Double? = nil) {
        _ = tapAndPan(s)
        s.down(1, at: Point(x: 500, y: 300), major: major, pressure: pressure)
        s.frame()
        s.release([1])
    }

    @Test("a 45 mm contact landing on a panel that reports sizes is rejected: no tap; a 10 mm one taps")
    func palmLanding() {
        let s = Fingers(contactSize: .majorAxis)
        _ = tapAndPan(s)
        s.down(1, at: Point(x: 500, y: 300), major: 45)
        s.frame()
        s.wait(60)
        s.release([1])
        #expect(s.outcomes.isEmpty, "\(s.outcomes)")
        #expect(s.engine.statistics.largeContactsRejected == 1)
        #expect(s.engine.statistics.palmsIgnored == 0)

        s.down(1, at: Point(x: 500, y: 300), major: 10)
        s.frame()
        s.wait(60)
        s.release([1])
        #expect(s.outcomes == tapped)
        #expect(s.engine.statistics.largeContactsRejected == 1)
    }

    @Test("the threshold is configurable, in millimetres or points, and can be turned off")
    func threshold() {
        for (limit, rejected) in [(Distance.millimetres(50), false), (.millimetres(30), true), (.points(160), true), (.points(200), false)] {
            var c = GestureConfiguration()
            c.largeContactMajorAxis = limit
            let s = Fingers(configuration: c, contactSize: .majorAxis)
            _ = tapAndPan(s)
            s.down(1, at: Point(x: 500, y: 300), major: 45)  // 180 pt at 4 pt/mm
            s.frame()
            s.release([1])
            #expect(s.outcomes == (rejected ? [] : tapped), "\(limit)")
        }
        var off = GestureConfiguration()
        off.largeContactMajorAxis = nil
        let s = Fingers(configuration: off, contactSize: .majorAxis)
        touchOnce(s, major: 90)
        #expect(s.outcomes == tapped)
    }

    @Test("a contact that grows into a palm mid-gesture cancels as .palm in every recognizer it reached")
    func growsIntoPalm() {
        let s = Fingers(contactSize: .majorAxis)
        let (tap, pan) = tapAndPan(s)
        s.down(1, at: Point(x: 300, y: 300), major: 12)
        s.frame()
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        #expect(s.outcomes == ["pan: began", "tap: failed(excluded by pan)"])
        s.tick()
        s.resize(1, major: 48)
        s.frame()
        #expect(s.outcomes == ["pan: began", "tap: failed(excluded by pan)", "pan: cancelled"])
        #expect(s.engine.statistics.largeContactsRejected == 1)
        #expect(tap.state == .possible && pan.state == .possible, "both reset")
        // The palm goes on being reported until it lifts: it starts nothing more.
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        s.release([1])
        #expect(s.outcomes.count == 3, "\(s.outcomes)")

        // A possible recognizer the palm reached fails with the palm as the reason.
        s.takeLog()
        let hold = LongPressGestureRecognizer().named("hold")
        s.engine.root.addGestureRecognizer(hold)
        s.down(2, at: Point(x: 600, y: 300), major: 10)
        s.frame()
        s.wait(100)
        s.tick()
        s.resize(2, major: 60)
        s.frame()
        #expect(s.outcomes.contains("hold: failed(touches cancelled (palm))"), "\(s.outcomes)")
        s.release([2])
    }

    @Test("a palm landing beside a pinch is not part of it: the pinch's fingers and scale are the same without it")
    func palmBesidePinch() {
        func pinchScale(withPalm: Bool) -> (scale: Double, fingers: Int, log: [String]) {
            let s = Fingers(contactSize: .majorAxis)
            let pinch = PinchGestureRecognizer().named("pinch")
            s.engine.root.addGestureRecognizer(pinch)
            var fingers = 0
            pinch.addTarget { p in fingers = max(fingers, p.numberOfTouches) }
            if withPalm { s.down(9, at: Point(x: 850, y: 500), major: 55) }
            s.down(1, at: Point(x: 400, y: 300), major: 9)
            s.down(2, at: Point(x: 600, y: 300), major: 9)
            s.frame()
            s.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], over: 200)
            let scale = pinch.scale
            s.release([1, 2])
            if withPalm { s.release([9]) }
            return (scale, fingers, s.outcomes)
        }
        let clean = pinchScale(withPalm: false)
        let palm = pinchScale(withPalm: true)
        #expect(clean.log == ["pinch: began", "pinch: ended"])
        #expect(palm.log == clean.log)
        #expect(palm.fingers == 2)
        #expect(abs(palm.scale - clean.scale) < 1e-9 && abs(clean.scale - 2) < 0.01, "\(palm.scale) vs \(clean.scale)")
    }

    @Test("pressure stands in for size on devices that report no size, when configured")
    func pressure() {
        var c = GestureConfiguration()
        c.largeContactPressure = 0.9
        for (pressure, taps) in [(0.95, false), (0.5, true)] {
            let s = Fingers(configuration: c, contactSize: .pressure)
            touchOnce(s, pressure: pressure)
            #expect(s.outcomes == (taps ? tapped : []), "pressure \(pressure)")
        }
    }

    @Test("devices without real sizes are not judged: no size reported, or millimetres from the fallback")
    func notJudged() {
        // A device that says it reports no size, even if a producer passes one.
        let none = Fingers(contactSize: .none)
        touchOnce(none, major: 45)
        #expect(none.outcomes == tapped)
        // A device with no resolution: its millimetres are the fallback's guess.
        let guess = Fingers(hasResolution: false, contactSize: .majorAxis)
        touchOnce(guess, major: 45)
        #expect(guess.outcomes == tapped)
        #expect(guess.engine.statistics.largeContactsRejected == 0)
    }
}
