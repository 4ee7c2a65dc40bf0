import GestureKit
import Testing

/// ``GestureEngine/Statistics/contactsWithoutBegin`` counts contacts, not the reports of them.
@Suite struct StrayContactCountTests {
    /// Sends one frame of finger `id` on `s`'s device, one frame interval on.
    static func report(_ s: Fingers, _ id: Int, _ phase: TouchPhase, at p: Point) {
        s.tick()
        s.engine.send(.touchFrame(TouchFrame(device: s.device.id, timestamp: s.time, contacts: [
            TouchContact(id: id, phase: phase, location: p, millimetres: p / Fingers.pointsPerMillimetre),
        ])))
    }

    @Test func aContactDownBeforeItsDeviceCountsOnce() {
        let s = Fingers()
        // Down before the engine heard of the device: it moves for ten frames, then lifts.
        for i in 0..<10 { Self.report(s, 7, .moved, at: Point(x: 100 + Double(i) * 10, y: 100)) }
        Self.report(s, 7, .ended, at: Point(x: 200, y: 100))
        #expect(s.engine.statistics.contactsWithoutBegin == 1)

        // The same contact number landing again is a finger like any other.
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        Self.report(s, 7, .began, at: Point(x: 300, y: 300))
        Self.report(s, 7, .ended, at: Point(x: 300, y: 300))
        #expect(s.outcomes == ["tap: ended"])
        #expect(s.engine.statistics.contactsWithoutBegin == 1)
    }

    @Test func fingersTheHostCancelledAreNotStray() {
        let s = Fingers()
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 300, y: 100)])
        s.engine.cancelAllTouches()
        // The fingers stay down, move and lift: they began, and the host let them go.
        s.drag([1: Point(x: 100, y: 0), 2: Point(x: 100, y: 0)], over: 100)
        s.release([1, 2])
        #expect(s.engine.statistics.contactsWithoutBegin == 0)
    }

    @Test func aFingerTheWatchdogCancelledIsNotStray() {
        var configuration = GestureConfiguration()
        configuration.stuckTouchTimeout = .seconds(1)
        let s = Fingers(configuration: configuration)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.wait(1500)
        #expect(s.engine.statistics.stuckTouchesCancelled == 1)
        s.drag([1: Point(x: 100, y: 0)], over: 100)
        s.release([1])
        #expect(s.engine.statistics.contactsWithoutBegin == 0)
    }
}
