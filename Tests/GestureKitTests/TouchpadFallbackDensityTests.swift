import GestureKit
import Testing

/// docs/units-and-thresholds.md reads `fallbackPointsPerMillimetre` from the configuration only,
/// "(the engine's)", and docs/state-machines.md takes a touchpad pan's "threshold in millimetres
/// at the fallback density". The engine's touchpad sequence is built at the engine's fallback
/// density; the recognizers measure touchpad motion at their own configuration's.
@Suite("Touchpad gestures measured at the engine's fallback density")
struct TouchpadFallbackDensityTests {
    /// An engine configured for 10 pt/mm, a pan made with the default configuration (3.78 pt/mm).
    /// 12 accelerated units are 1.2 mm at the engine's density (short of the 2 mm hysteresis) and
    /// 3.2 mm at the default one.
    @Test("a touchpad pan's 2 mm hysteresis is taken at the engine's fallback density, not the recognizer's")
    func touchpadPanAtEngineFallback() {
        var c = GestureConfiguration()
        c.fallbackPointsPerMillimetre = 10
        let s = Fingers(configuration: c)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        let pad = DeviceID(9)
        s.plugTouchpad(id: pad)
        s.pad(.swipe, .begin, fingers: 3, from: pad)
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 12, y: 0), from: pad)
        #expect(pan.state == .possible, "began after 1.2 mm at the engine's 10 pt/mm")
        s.pad(.swipe, .update, fingers: 3, delta: Point(x: 10, y: 0), from: pad)
        #expect(pan.state.isActive, "2.2 mm at the engine's density")
        s.pad(.swipe, .end, fingers: 3, from: pad)
    }
}
