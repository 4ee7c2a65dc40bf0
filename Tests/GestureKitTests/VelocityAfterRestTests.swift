import Testing
@testable import GestureKit

/// A panel that reports only what changed sends nothing while its fingers rest: the first frame
/// of motion after a rest longer than the velocity window used to leave one sample in it, and a
/// gesture that began (or a flick that ended) there had no velocity at 60 Hz, where at 240 Hz
/// the next frames gave it one. The device's frames tell the engine how often it scans.
@Suite("Velocity after a rest: the same at 60, 120 and 240 Hz")
struct VelocityAfterRestTests {
    static let rates: [Double] = [60, 120, 240]

    /// A stroke elsewhere on the same device first, as a kiosk's panel has always seen frames
    /// before: its intervals are the device's scan period.
    func warmedUp(_ hz: Double) -> Fingers {
        let s = Fingers(hz: hz)
        s.press([9], at: [Point(x: 900, y: 500)])
        s.drag(9, by: Point(x: -40, y: 0), over: 100)
        s.release([9])
        s.wait(500)
        return s
    }

    @Test("a pan that begins in the first frame of motion after a 200 ms rest has the stroke's velocity")
    func panAfterRest() {
        for hz in Self.rates {
            let s = warmedUp(hz)
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            var began: Point?
            var ended: Point?
            pan.addTarget { p in
                if p.state == .began { began = p.velocity(in: nil) }
                if p.state == .ended { ended = p.velocity(in: nil) }
            }
            s.press([1], at: [Point(x: 100, y: 300)])
            s.wait(200)
            s.drag(1, by: Point(x: 200, y: 0), over: 250)
            s.release([1])
            // 200 points in 250 ms: 800 points a second.
            let v = began ?? Point(x: -1, y: -1)
            #expect(abs(v.x - 800) <= 40, "\(hz) Hz: velocity \(v) as the pan began")
            #expect(abs(v.y) <= 1, "\(hz) Hz")
            #expect(abs((ended?.x ?? 0) - 800) <= 40, "\(hz) Hz: velocity \(String(describing: ended)) as it ended")
        }
    }

    @Test("a pinch that begins in the first frame of motion after a rest has its scale's velocity")
    func pinchAfterRest() {
        for hz in Self.rates {
            let s = warmedUp(hz)
            let pinch = PinchGestureRecognizer().named("pinch")
            s.engine.root.addGestureRecognizer(pinch)
            var began: Double?
            pinch.addTarget { p in if p.state == .began { began = p.velocity } }
            s.press([1, 2], at: [Point(x: 400, y: 300), Point(x: 600, y: 300)])
            s.wait(300)
            // The spread 200 → 320 points in 100 ms: the scale gains 0.6 in 0.1 s.
            s.drag([1: Point(x: -60, y: 0), 2: Point(x: 60, y: 0)], over: 100)
            s.release([1, 2])
            let v = began ?? -1
            #expect(abs(v - 6) <= 0.3, "\(hz) Hz: scale velocity \(v) as the pinch began")
        }
    }

    @Test("a rotation that begins in the first frame of motion after a rest has its turn's velocity")
    func rotationAfterRest() {
        for hz in Self.rates {
            let s = warmedUp(hz)
            let rotation = RotationGestureRecognizer().named("rotation")
            s.engine.root.addGestureRecognizer(rotation)
            var began: Double?
            rotation.addTarget { r in if r.state == .began { began = r.velocity } }
            let centre = Point(x: 500, y: 300)
            s.press([1, 2], at: [centre + Point(x: -100, y: 0), centre + Point(x: 100, y: 0)])
            s.wait(300)
            // A radian in 100 ms about the centre (a 60 Hz frame turns it past the 0.12 rad).
            s.trace([1, 2], over: 100) { id, f in
                let a = 1.0 * f + (id == 1 ? Double.pi : 0)
                return centre + Point(x: 100 * cos(a), y: 100 * sin(a))
            }
            s.release([1, 2])
            let v = began ?? -1
            #expect(abs(v - 10) <= 0.5, "\(hz) Hz: angular velocity \(v) as the rotation began")
        }
    }

    @Test("a flick made in one frame after a rest ends with its velocity")
    func flickAfterRest() {
        let s = warmedUp(60)
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        var ended: Point?
        pan.addTarget { p in if p.state == .ended { ended = p.velocity(in: nil) } }
        s.press([1], at: [Point(x: 100, y: 300)])
        s.wait(200)
        s.drag(1, by: Point(x: 0, y: 20), over: 1000 / 60)
        s.release([1])
        // 20 points in one 60 Hz frame: 1,200 points a second.
        #expect(abs((ended?.y ?? 0) - 1200) <= 60, "velocity \(String(describing: ended)) as it ended")
    }

    /// A touchpad reports a gesture's updates at its scan rate and nothing while the fingers
    /// rest, as a touchscreen does its frames. Before, only touch frames told the engine a
    /// device's period: a three-finger swipe that rested 200 ms after libinput began it, then
    /// moved at 800 points a second, began its pan with velocity 0 at 60 Hz (one sample after
    /// the rest) and about 800 at 240 Hz (a few updates before it passed the threshold).
    @Test("a touchpad pan that begins in the first update after a rest has the swipe's velocity")
    func touchpadPanAfterRest() {
        for hz in Self.rates {
            let s = Fingers(hz: hz, kind: .touchpad)
            // The touchpad's earlier swipes: its updates' intervals are its scan period.
            s.pad(.swipe, .begin, fingers: 3)
            for _ in 0..<12 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: -2, y: 0)) }
            s.pad(.swipe, .end, fingers: 3)
            s.wait(500)
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            var began: Point?
            pan.addTarget { p in if p.state == .began { began = p.velocity(in: nil) } }
            s.pad(.swipe, .begin, fingers: 3)
            s.wait(200)
            for _ in 0..<Int(hz / 10) { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 800 / hz, y: 0)) }
            s.pad(.swipe, .end, fingers: 3)
            let v = began ?? Point(x: -1, y: -1)
            #expect(abs(v.x - 800) <= 40, "\(hz) Hz: velocity \(v) as the pan began")
        }
    }

    @Test("motion that never rested keeps its velocity: a steady stroke is unchanged by the rest sample")
    func steadyStrokeUnchanged() {
        for hz in Self.rates {
            let s = warmedUp(hz)
            let pan = PanGestureRecognizer().named("pan")
            s.engine.root.addGestureRecognizer(pan)
            var velocities: [Double] = []
            pan.addTarget { p in if p.state == .changed { velocities.append(p.velocity(in: nil).x) } }
            s.press([1], at: [Point(x: 100, y: 300)])
            s.drag(1, by: Point(x: 400, y: 0), over: 500)
            s.release([1])
            #expect(!velocities.isEmpty)
            for v in velocities.dropFirst(2) { #expect(abs(v - 800) <= 8, "\(hz) Hz: \(v)") }
        }
    }

    @Test("the scan period is the median of the device's last intervals: a split frame or a skipped scan does not move it")
    func framePeriodIsRobust() {
        var clock = FrameClock()
        #expect(clock.period == 0)
        var t: Int64 = 1_000_000
        clock.record(t)
        #expect(clock.period == 0)
        // A panel scanning every 8 ms that reports only changes: 8, 16, 8, a split frame 0.5 ms
        // after one, 24, 8.
        for interval: Int64 in [8_000, 16_000, 8_000, 500, 24_000, 8_000] {
            t += interval
            clock.record(t)
        }
        #expect(clock.period == 8_000)
        // A pause and a clock stepping back are no intervals.
        t += 400_000; clock.record(t)
        t -= 5_000; clock.record(t)
        #expect(clock.period == 8_000)
    }

    @Test("two devices keep their own periods, also while their frames interleave")
    func devicesKeepTheirPeriods() {
        let s = Fingers(hz: 60)
        let engine = s.engine
        let other = DeviceID(77)
        engine.send(.deviceAdded(InputDevice(
            id: other, name: "second panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
            hasResolution: true, maximumContacts: 10), at: s.time))
        var t = s.time
        for i in 0..<12 {
            // The first device every 16 ms, the second every 4 ms.
            if i % 4 == 0 {
                engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: t, contacts: [])))
            }
            engine.send(.touchFrame(TouchFrame(device: other, timestamp: t, contacts: [])))
            t = t + .microseconds(4_000)
        }
        #expect(engine.scanPeriod(of: s.device.id) == 16_000)
        #expect(engine.scanPeriod(of: other) == 4_000)
        engine.send(.deviceRemoved(other, at: t))
        #expect(engine.scanPeriod(of: other) == 0)
    }
}
