import GestureKit
import GestureKitEvdev
import Testing

/// What a tool built on the engine's observable outputs sees when it replays recordings through
/// `Replayer`: the transitions the observer hears, and the engine's statistics.
@Suite("Replayed transitions and statistics")
struct ReplayedTransitionsTests {
    /// Logs each outcome as `name: state`, and each transition with its cause.
    final class OutcomeLog: GestureEngineObserver {
        var outcomes: [String] = []
        var transitions: [String] = []
        func engine(
            _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState,
            to new: GestureState, because cause: TransitionCause
        ) {
            transitions.append("\(recognizer.name): \(old.rawValue) → \(cause) → \(new.rawValue)")
            if new != .possible && new != .changed { outcomes.append("\(recognizer.name): \(new.rawValue)") }
        }
    }

    /// Evdev events, one `SYN_REPORT` closing each group, stamped with the group's milliseconds.
    static func events(_ script: [(ms: Int64, events: [(EventCode, Int32)])]) -> [EvdevEvent] {
        var out: [EvdevEvent] = []
        for (ms, group) in script {
            let t = Timestamp.milliseconds(ms)
            for (code, value) in group { out.append(EvdevEvent(time: t, code, value)) }
            out.append(EvdevEvent(time: t, .synReport, 0))
        }
        return out
    }

    static func recording(_ source: String, _ script: [(ms: Int64, events: [(EventCode, Int32)])]) -> Recording {
        Recording(source: source, devices: [RecordedDevice(description: testTouchscreen(), events: events(script))])
    }

    static func engine() -> GestureEngine {
        GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
    }

    static func named<R: GestureRecognizer>(_ r: R, _ name: String) -> R {
        r.name = name
        return r
    }

    // MARK: Replaying twice on one engine

    @Test("a recording replayed a second time on the same engine gives the same gestures, its timers firing in its tail")
    func replayedTwiceOnOneEngine() throws {
        // One quick tap: the single tap waits for the double tap to time out, which the tail lets happen.
        let tap = Self.recording("tap.evemu", [
            (0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 500), (.mtPositionY, 250), (.touch, 1)]),
            (60, [(.mtTrackingID, -1), (.touch, 0)]),
        ])
        let engine = Self.engine()
        let single = Self.named(TapGestureRecognizer(), "tap")
        let double = Self.named(TapGestureRecognizer(), "double-tap")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        engine.root.addGestureRecognizer(single)
        engine.root.addGestureRecognizer(double)
        let log = OutcomeLog()
        engine.observer = log
        let replayer = Replayer(recording: tap, options: ReplayOptions(mapping: testMapping))

        let firstEnd = try replayer.run(on: engine)
        let first = log.outcomes
        #expect(first == ["double-tap: failed", "tap: ended"])

        log.outcomes = []
        log.transitions = []
        let secondEnd = try replayer.run(on: engine)
        // The engine's time does not go back: the second replay starts at the engine's time,
        // as on a fresh engine, and its tail fires the double tap's timeout (replayed from the
        // recording's zero, its frames were squashed into the engine's present and its tail
        // ended where the first one did: the single tap was never reported).
        #expect(log.outcomes == first, "second replay heard: \(log.transitions)")
        #expect(secondEnd > firstEnd, "run(on:) says the second replay ended at \(secondEnd), the first at \(firstEnd)")
        #expect(engine.nextDeadline == nil, "a timer of the second replay is still pending at \(String(describing: engine.nextDeadline))")
    }

    // MARK: Timestamps that go backwards

    @Test("a recording whose timestamps go backwards is refused with an error naming the event, and nothing is sent")
    func backwardsTimestampsAreRefused() throws {
        // Built in code, as `Recording` allows: the finger lands at 200 ms, moves at 260 ms, and
        // the lift is stamped 100 ms. The readers refuse such a file ("a timestamp no earlier
        // than the previous event's"); merged by time, the engine would hear the lift before the
        // landing and keep the finger down.
        let recording = Self.recording("backwards.evemu", [
            (200, [(.mtSlot, 0), (.mtTrackingID, 7), (.mtPositionX, 500), (.mtPositionY, 250), (.touch, 1)]),
            (260, [(.mtPositionX, 501)]),
            (100, [(.mtTrackingID, -1), (.touch, 0)]),
        ])
        let engine = Self.engine()
        let press = Self.named(LongPressGestureRecognizer(), "press")
        engine.root.addGestureRecognizer(press)
        let log = OutcomeLog()
        engine.observer = log
        let error = try #require(throws: EvdevError.self) {
            try Replayer(recording: recording, options: ReplayOptions(mapping: testMapping)).run(on: engine)
        }
        #expect("\(error)".contains("earlier than the previous event's"), "\(error)")
        #expect("\(error)".contains("event 9 of the device"), "\(error)")
        #expect(engine.devices.isEmpty, "nothing is sent for a refused recording")
        #expect(log.transitions.isEmpty)
        #expect(press.state == .possible)
    }

    // MARK: Palms in the statistics

    @Test("a finger that turns into a palm (MT_TOOL_PALM) is counted in statistics.palmsIgnored")
    func fingerTurningIntoPalmIsCounted() throws {
        // A finger drags right, then the device marks it as a palm (ABS_MT_TOOL_TYPE 2), then it lifts.
        var script: [(ms: Int64, events: [(EventCode, Int32)])] = [
            (0, [(.mtSlot, 0), (.mtTrackingID, 3), (.mtToolType, 0), (.mtPositionX, 300), (.mtPositionY, 250), (.touch, 1)]),
        ]
        for i in 1...10 { script.append((Int64(i * 10), [(.mtPositionX, Int32(300 + i * 10))])) }
        script.append((120, [(.mtToolType, 2)]))
        script.append((130, [(.mtPositionX, 420)]))
        script.append((200, [(.mtTrackingID, -1), (.touch, 0)]))
        let engine = Self.engine()
        engine.root.addGestureRecognizer(Self.named(PanGestureRecognizer(), "pan"))
        let log = OutcomeLog()
        engine.observer = log
        try Replayer(recording: Self.recording("palm.evemu", script), options: ReplayOptions(mapping: testMapping))
            .run(on: engine)
        // The engine cancels the pan because of the palm...
        #expect(log.transitions.contains("pan: changed → touchesCancelled(palm) → cancelled"), "\(log.transitions)")
        // ...and `Statistics.palmsIgnored` ("Contacts the device marked as palms") counts it.
        #expect(engine.statistics.palmsIgnored == 1, "\(engine.statistics)")
    }

    @Test("a contact whose lift the device marks as a palm is counted in statistics.palmsIgnored, as a large one is in largeContactsRejected")
    func palmAtLiftIsCounted() {
        let engine = Self.engine()
        let device = InputDevice(
            id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 100, height: 50),
            hasResolution: true, maximumContacts: 10)
        engine.send(.deviceAdded(device, at: .zero))
        engine.root.addGestureRecognizer(Self.named(PanGestureRecognizer(), "pan"))
        let log = OutcomeLog()
        engine.observer = log
        func frame(_ ms: Int64, _ phase: TouchPhase, x: Double, palm: Bool = false) {
            engine.send(.touchFrame(TouchFrame(device: DeviceID(1), timestamp: .milliseconds(ms), contacts: [
                TouchContact(id: 1, phase: phase, location: Point(x: x, y: 250), millimetres: Point(x: x / 10, y: 25), isPalm: palm),
            ])))
        }
        frame(0, .began, x: 300)
        for i in 1...10 { frame(Int64(i * 10), .moved, x: 300 + Double(i) * 10) }
        frame(120, .ended, x: 400, palm: true)
        #expect(log.transitions.contains("pan: changed → touchesCancelled(palm) → cancelled"), "\(log.transitions)")
        #expect(engine.statistics.palmsIgnored == 1, "\(engine.statistics)")
    }
}
