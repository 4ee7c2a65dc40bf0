import Testing
@testable import GestureKit

/// Times near the ends of the clock: libinput's mapper clamps a time past `Int64.max`
/// microseconds to it, a host may advance to the end of time to flush every deadline, and a limit
/// may be `.seconds(Int64.max)` for "no limit". Deadlines then saturate and never come; nothing
/// traps (it did: `Timestamp + Duration`, a limit's sum, the watchdog's `oldest + timeout`).
@Suite("Far-future times and huge durations")
struct FarFutureTimeTests {
    static let device = InputDevice(
        id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
        hasResolution: true, maximumContacts: 10)

    static func frame(_ phase: TouchPhase, at t: Timestamp) -> InputEvent {
        .touchFrame(TouchFrame(device: DeviceID(1), timestamp: t, contacts: [
            TouchContact(id: 1, phase: phase, location: Point(x: 100, y: 100), millimetres: Point(x: 25, y: 25)),
        ]))
    }

    @Test("A tap stamped a millisecond before the end of Int64 is recognized; its deadlines saturate")
    func farFutureTap() {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addTarget { _ in taps += 1 }
        engine.root.addGestureRecognizer(tap)
        let far = Timestamp(microseconds: .max - 1_000)
        engine.send(.deviceAdded(Self.device, at: far))
        engine.send(Self.frame(.began, at: far))
        // The tap's limit and the watchdog lie past the end of the clock: at its end.
        #expect(engine.nextDeadline == Timestamp(microseconds: .max))
        engine.send(Self.frame(.ended, at: far + .microseconds(500)))
        #expect(taps == 1)
        #expect(engine.nextDeadline == nil)
        #expect(engine.activeTouches.isEmpty)
    }

    @Test("With no recognizer, a touch near the end of the clock gives the watchdog's deadline at its end")
    func farFutureWatchdog() {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let far = Timestamp(microseconds: .max - 1_000)
        engine.send(.deviceAdded(Self.device, at: far))
        engine.send(Self.frame(.began, at: far))
        #expect(engine.nextDeadline == Timestamp(microseconds: .max))
        engine.send(Self.frame(.ended, at: far + .microseconds(10)))
        #expect(engine.nextDeadline == nil)
    }

    @Test("A tap whose longest duration is .seconds(Int64.max) is recognized")
    func hugeDuration() {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let tap = TapGestureRecognizer()
        tap.maximumTapDuration = .seconds(Int64.max)
        var taps = 0
        tap.addTarget { _ in taps += 1 }
        engine.root.addGestureRecognizer(tap)
        engine.send(.deviceAdded(Self.device, at: .seconds(1)))
        engine.send(Self.frame(.began, at: .seconds(1)))
        engine.send(Self.frame(.ended, at: .seconds(1.06)))
        #expect(taps == 1)
    }

    @Test("advance(to:) the end of time, then a touch: the engine stays at the end of time, and the touch still ends")
    func advanceToEnd() {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let press = LongPressGestureRecognizer()
        engine.root.addGestureRecognizer(press)
        engine.send(.deviceAdded(Self.device, at: .seconds(1)))
        let end = Timestamp(microseconds: .max)
        engine.advance(to: end)
        engine.send(Self.frame(.began, at: .seconds(2)))
        #expect(engine.now == end)
        engine.advance(to: end)
        engine.send(Self.frame(.ended, at: .seconds(3)))
        #expect(engine.activeTouches.isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(press.state == .possible)
    }

    @Test("Timestamp arithmetic saturates at the ends of Int64")
    func saturation() {
        let end = Timestamp(microseconds: .max), start = Timestamp(microseconds: .min)
        #expect(end + .seconds(1) == end)
        #expect(start - .seconds(1) == start)
        #expect(end - start == .microseconds(Int64.max))
        #expect(start - end == .microseconds(Int64.min))
        #expect(Timestamp.seconds(2) - Timestamp.seconds(1) == .seconds(1))
        #expect(Timestamp.seconds(1) + .milliseconds(500) == .seconds(1.5))
    }
}
