import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// Unusual input from libinput (palms, a suspend without removals) and output changes made while
/// events are being handed out: the promise is a clean cancel or none at all, nothing lost or
/// left stuck, and a device's new density announced "as soon as none of its contacts is down"
/// (LiveConfiguration.md).
@Suite("Robustness: libinput backend")
struct LibinputRobustnessTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    static func added(_ events: [InputEvent]) -> [InputDevice] {
        events.compactMap { if case .deviceAdded(let device, _) = $0 { device } else { nil } }
    }

    // MARK: - Fixed: each failed before its fix

    @Test("An output change made from the handler while the device is idle does not cancel a touch that lands later in the same dispatch")
    func outputChangeInHandlerDoesNotCancelLaterTouch() throws {
        // LiveConfiguration.md: setters may be used on the backend's thread, a dispatching host's
        // handler included; "Nothing is cancelled", and an idle device is announced again at once.
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Self.screen)
        let pan = PanGestureRecognizer()
        engine.root.addGestureRecognizer(pan)
        var panStates: [GestureState] = []
        pan.addTarget { p in panStates.append(p.state) }
        try backend.dispatch { engine.send($0) }

        // One dispatch: a tap lifts (the host reacts by resizing the output, the device now
        // idle), then a second finger lands and pans.
        system.queued = [
            Fixture.touch(.down, 0, at: 10, normalized: (0.5, 0.5)), Fixture.frame(at: 10),
            Fixture.touch(.up, 0, at: 20), Fixture.frame(at: 20),
            Fixture.touch(.down, 1, at: 30, normalized: (0.2, 0.5)), Fixture.frame(at: 30),
        ]
        for i in 1...6 {
            let ms = 30 + UInt64(i) * 10
            system.queued += [Fixture.touch(.motion, 1, at: ms, normalized: (0.2 + Double(i) * 0.03, 0.5)), Fixture.frame(at: ms)]
        }
        var resized = false
        var announcedAt: Int?
        try backend.dispatch { event in
            engine.send(event)
            if !resized, case .touchFrame(let f) = event, f.contacts.map(\.phase) == [.ended] {
                resized = true
                backend.outputSize = Size(width: 2000, height: 1000)
            }
        }
        #expect(resized)
        #expect(panStates.last == .changed, "the pan is under way: \(panStates)")

        // The next dispatch: the finger keeps moving, then lifts.
        system.queued = [
            Fixture.touch(.motion, 1, at: 100, normalized: (0.45, 0.5)), Fixture.frame(at: 100),
            Fixture.touch(.up, 1, at: 110), Fixture.frame(at: 110),
        ]
        var second: [InputEvent] = []
        try backend.dispatch { event in
            second.append(event)
            if case .deviceAdded = event, announcedAt == nil { announcedAt = second.count - 1 }
            engine.send(event)
        }
        #expect(!panStates.contains(.cancelled), "the pan was cancelled: \(panStates)")
        #expect(panStates.last == .ended, "\(panStates)")
        #expect(engine.statistics.contactsWithoutBegin == 0, "the engine lost the finger mid-touch")
        // Before the fix the announcement made while the device was idle reached the engine only
        // after a new finger had landed, and the engine treats a device added again as a replug.
        #expect(announcedAt == nil, "the device was announced again while finger 1 was down: \(second)")
    }

    @Test("A touch cancelled alone (a palm) while a new density waits still announces the device once none is down")
    func palmCancelStillAnnouncesPendingDensity() throws {
        // LiveConfiguration.md: the device is announced again "as soon as none of its contacts
        // is down … in the frame where its last finger lifts".
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Self.screen)
        try backend.dispatch { engine.send($0) }
        let id = DeviceID(1)
        let before = try #require(engine.density(of: id))

        system.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.5, 0.5)), Fixture.frame(at: 10)]
        try backend.dispatch { engine.send($0) }
        backend.outputSize = Size(width: 2000, height: 1000)  // a finger is down: announced later

        // libinput cancels the lone touch as a palm; nothing else follows in the dispatch.
        system.queued = [Fixture.touch(.cancel, 0, at: 20), Fixture.frame(at: 20)]
        var events: [InputEvent] = []
        try backend.dispatch { events.append($0); engine.send($0) }
        // The finger placed on the new output, then cancelled.
        #expect(Fixture.frames(events).map { $0.contacts.map(\.phase) } == [[.stationary], [.cancelled]])
        #expect(Self.added(events).map(\.id) == [id], "no finger is down, but the device is not announced again")

        // The next touch is measured with the old density, and only its lift announces the device.
        system.queued = [Fixture.touch(.down, 1, at: 30, normalized: (0.5, 0.5)), Fixture.frame(at: 30)]
        try backend.dispatch { engine.send($0) }
        let during = try #require(engine.density(of: id))
        #expect(during != before, "a whole new touch is judged with the density of the old output")
    }

    @Test("Suspending drops a cancel held back for a removal: the touch is cancelled as deviceRemoved, not as a palm")
    func suspendDropsHeldCancel() throws {
        // LibinputEventMapper.releaseHeldCancel(before:removingAll:): when every device goes the
        // held frame is dropped, so that the engine cancels the device's touches as removed. Before
        // the fix the suspend's own readEvents released it as a palm first.
        let (backend, system, engine, pan, before) = try SeatAccessTests.panInFlight {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.suspendQueuesRemovals = false
        }
        #expect(before == [.changed])
        var reasons: [TouchCancellation?] = []
        pan.addTarget { p in if p.state == .cancelled { reasons.append(p.cancellationReason) } }
        // libinput lets go of the touch as it suspends the device.
        system.queued = [Fixture.touch(.cancel, 0, at: 200), Fixture.frame(at: 200)]
        var events: [InputEvent] = []
        try backend.suspend { events.append($0); engine.send($0) }
        #expect(pan.touches.isEmpty && engine.devices.isEmpty)
        #expect(reasons == [.deviceRemoved], "the suspended device's touch was cancelled as \(reasons)")
        #expect(!Fixture.frames(events).contains { $0.contacts.contains(where: \.isPalm) }, "\(events)")
    }

    // MARK: - Pinned: unusual input that is handled cleanly

    @Test("A touchscreen removed with fingers down and no TOUCH_UP cancels the gesture; its late events are dropped")
    func removalWithFingersDown() throws {
        let (backend, system, engine, pan, _) = try SeatAccessTests.panInFlight()
        var reasons: [TouchCancellation?] = []
        pan.addTarget { p in if p.state == .cancelled { reasons.append(p.cancellationReason) } }
        system.queued = [
            Fixture.touch(.motion, 0, at: 200, normalized: (0.7, 0.5)),  // no frame
            .deviceRemoved(Fixture.touchscreen),
            Fixture.touch(.motion, 0, at: 210, normalized: (0.8, 0.5)), Fixture.frame(at: 210),
            Fixture.touch(.up, 0, at: 220), Fixture.frame(at: 220),
        ]
        var events: [InputEvent] = []
        try backend.dispatch { events.append($0); engine.send($0) }
        #expect(reasons == [.deviceRemoved])
        #expect(Fixture.frames(events).isEmpty)
        #expect(pan.touches.isEmpty && engine.nextDeadline == nil)
    }

    @Test("A TOUCH_DOWN for a slot already down, an empty TOUCH_FRAME, an UP for an unknown slot and equal or earlier times leave nothing down")
    func oddTouchStreams() throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Self.screen)
        try backend.dispatch { engine.send($0) }
        system.queued = [
            Fixture.frame(at: 5),
            Fixture.touch(.down, 0, at: 10, normalized: (0.5, 0.5)), Fixture.frame(at: 10),
            Fixture.touch(.down, 0, at: 10, normalized: (0.6, 0.5)), Fixture.frame(at: 10),
            Fixture.touch(.up, 7, at: 8), Fixture.frame(at: 8),
            Fixture.touch(.motion, 3, at: 9, normalized: (2.5, -1)), Fixture.frame(at: 9),
            Fixture.touch(.up, 0, at: 9), Fixture.touch(.up, 3, at: 9), Fixture.frame(at: 9),
        ]
        try backend.dispatch { engine.send($0) }
        engine.advance(to: .seconds(100))
        #expect(engine.nextDeadline == nil)
        #expect(engine.statistics.stuckTouchesCancelled == 0)
    }

    @Test("A touchpad swipe begun and never ended, then the touchpad removed, ends the sequence; scrolls after are dropped")
    func touchpadBeginThenRemoval() throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Self.screen)
        let swipe = SwipeGestureRecognizer()
        engine.root.addGestureRecognizer(swipe)
        try backend.dispatch { engine.send($0) }
        system.queued = [
            .gesture(RawGestureEvent(kind: .hold, phase: .begin, device: Fixture.touchpad, timeMicroseconds: 1000, fingerCount: 3)),
            .gesture(RawGestureEvent(kind: .swipe, phase: .begin, device: Fixture.touchpad, timeMicroseconds: 2000, fingerCount: 3)),
            .gesture(RawGestureEvent(kind: .swipe, phase: .update, device: Fixture.touchpad, timeMicroseconds: 3000, fingerCount: 3, delta: Point(x: 30, y: 0))),
            .deviceRemoved(Fixture.touchpad),
            .gesture(RawGestureEvent(kind: .swipe, phase: .end, device: Fixture.touchpad, timeMicroseconds: 4000, fingerCount: 3, cancelled: true)),
        ]
        try backend.dispatch { engine.send($0) }
        engine.advance(to: .seconds(100))
        #expect(swipe.state == .possible || swipe.state == .failed || swipe.state == .cancelled)
        #expect(swipe.touches.isEmpty)
        #expect(engine.nextDeadline == nil)
    }
}
