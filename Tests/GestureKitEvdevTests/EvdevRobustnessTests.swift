import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// Malformed, truncated or unusual recordings: the promise is a clear thrown error or a clean
/// cancel, never a trap, and nothing left down or stuck once a replay has ended.
@Suite("Robustness: recordings and replay")
struct EvdevRobustnessTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    static func event(_ ms: Int64, _ code: EventCode, _ value: Int32) -> EvdevEvent {
        EvdevEvent(time: .milliseconds(ms), code, value)
    }

    /// One finger lands at 0 ms and moves a little until `lastMs`; with `lifts`, it lifts at
    /// `lastMs` (the lift's `SYN_REPORT` left out when `truncated`).
    static func oneFinger(lastMs: Int64, lifts: Bool = false, truncated: Bool = false) -> Recording {
        var events: [EvdevEvent] = [
            event(0, .mtSlot, 0), event(0, .mtTrackingID, 7), event(0, .mtPositionX, 500),
            event(0, .mtPositionY, 250), event(0, .touch, 1), event(0, .synReport, 0),
        ]
        for ms in stride(from: Int64(50), to: lastMs, by: 50) {
            events += [event(ms, .mtPositionX, Int32(500 + ms % 100 / 50)), event(ms, .synReport, 0)]
        }
        if lifts {
            events += [event(lastMs, .mtTrackingID, -1), event(lastMs, .touch, 0)]
            if !truncated { events.append(event(lastMs, .synReport, 0)) }
        } else {
            events += [event(lastMs, .mtPositionX, 500), event(lastMs, .synReport, 0)]
        }
        return Recording(source: "finger.evemu", devices: [RecordedDevice(description: testTouchscreen(), events: events)])
    }

    // MARK: - Fixed: each failed before its fix

    @Test("A recording that ends with a finger down leaves no touch down and no gesture begun once the replay has ended")
    func recordingEndingWithFingerDown() throws {
        let engine = GestureEngine(screen: Self.screen)
        let press = LongPressGestureRecognizer()
        engine.root.addGestureRecognizer(press)
        var states: [GestureState] = []
        press.addTarget { p in states.append(p.state) }
        // Default options, as `gesture-demo replay` uses them: the finger is still down when the
        // capture stopped (the user pressed ^C mid-touch).
        let end = try Replayer(recording: Self.oneFinger(lastMs: 800), options: ReplayOptions(mapping: testMapping)).run(on: engine)
        #expect(states.first == .began, "\(states)")
        #expect(press.touches.isEmpty, "the replay has ended with the press still holding its finger")
        #expect(press.state != .began && press.state != .changed, "the long press is left \(press.state) for ever")
        #expect(engine.nextDeadline == nil, "the engine still waits (watchdog at \(String(describing: engine.nextDeadline)), replay ended at \(end))")
    }

    @Test("A recording truncated between a lift and its SYN_REPORT does not leave the finger down")
    func recordingTruncatedBeforeTheLiftsReport() throws {
        let engine = GestureEngine(screen: Self.screen)
        let press = LongPressGestureRecognizer()
        engine.root.addGestureRecognizer(press)
        _ = try Replayer(
            recording: Self.oneFinger(lastMs: 800, lifts: true, truncated: true), options: ReplayOptions(mapping: testMapping)
        ).run(on: engine)
        #expect(press.touches.isEmpty, "the lift without its SYN_REPORT is lost and the finger stays down")
        #expect(press.state != .began && press.state != .changed, "the long press is left \(press.state)")
    }

    @Test("Replaying in real time at a tiny positive speed does not trap")
    func tinySpeedDoesNotTrap() async {
        // Replayer.run(on:speed:isolation:sleep:) computed Int64((Double(gap) / speed).rounded()),
        // which trapped once the quotient passes Int64.max (here: infinity). The documented range
        // of `speed` is any Double: "Values of zero or less replay without waiting".
        await #expect(processExitsWith: .success) {
            let recording = try! EvemuReader.parse(evemuTouchscreen, source: "fixture.evemu")
            let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 800, height: 480))
            let replayer = Replayer(recording: recording, options: ReplayOptions(mapping: OutputMapping(size: Size(width: 800, height: 480))))
            // The host's sleep refuses to wait that long: a clear error, not a crash.
            struct TooLong: Error {}
            _ = try? await replayer.run(on: engine, speed: 1e-300) { _ in throw TooLong() }
        }
    }

    @Test("A device name with a C1 control character, read from an evemu N: line, survives the writer and its reader", arguments: [
        "Panel\u{9B}X", "Panel\u{80}",
    ])
    func writerEscapesC1Controls(name: String) throws {
        // LibinputRecordWriter: "which LibinputRecordReader and libinput's own tools read back".
        let recording = try EvemuReader.parse(evemuTouchscreen.replacingOccurrences(of: "N: Fixture Touch", with: "N: \(name)"))
        #expect(recording.devices.first?.description.name == name, "the evemu reader keeps the name")
        let yaml = LibinputRecordWriter.yaml(for: recording)
        let back: Recording
        do {
            back = try LibinputRecordReader.parse(yaml)
        } catch {
            // LibinputRecordWriter.quoted(_:) escaped C0 controls and DEL only; YAML refuses C1
            // controls written raw.
            Issue.record("the writer's own output is refused: \(error)")
            return
        }
        #expect(back == recording)
    }

    @Test("A device name with NEL (from a YAML \\N escape) survives the writer and its reader")
    func writerEscapesNextLine() throws {
        let text = libinputRecordFixture.replacingOccurrences(of: "name: \"Fixture Screen\"", with: "name: \"Fixture\\NScreen\"")
        let recording = try LibinputRecordReader.parse(text)
        #expect(recording.devices.first?.description.name == "Fixture\u{85}Screen")
        let back = try LibinputRecordReader.parse(LibinputRecordWriter.yaml(for: recording))
        // Written raw inside double quotes, NEL is a YAML line break and folds to a space.
        #expect(back.devices.first?.description.name == "Fixture\u{85}Screen")
    }

    // MARK: - Pinned: hostile recordings handled cleanly

    @Test("Removing the devices at the end cancels a finger left down: nothing stuck")
    func removesDevicesAtEndCancels() throws {
        let engine = GestureEngine(screen: Self.screen)
        let press = LongPressGestureRecognizer()
        engine.root.addGestureRecognizer(press)
        _ = try Replayer(
            recording: Self.oneFinger(lastMs: 800), options: ReplayOptions(mapping: testMapping, removesDevicesAtEnd: true)
        ).run(on: engine)
        #expect(press.touches.isEmpty && engine.nextDeadline == nil)
        #expect(press.state == .possible || press.state == .cancelled)
    }

    @Test("Slot beyond the maximum, SYN_MT_REPORT: the replay throws naming the file; nothing is sent")
    func protocolViolationsThrow() throws {
        var recording = Self.oneFinger(lastMs: 200)
        recording.devices[0].events.insert(Self.event(50, .mtSlot, 4), at: 6)
        let engine = GestureEngine(screen: Self.screen)
        let error = try #require(throws: EvdevError.self) {
            try Replayer(recording: recording, options: ReplayOptions(mapping: testMapping)).run(on: engine)
        }
        #expect(error.file == "finger.evemu")
        #expect(engine.devices.isEmpty)
    }

    @Test("TRACKING_ID −1 on an inactive slot, a new id over a live one, SYN_DROPPED mid-touch: every contact ends or cancels")
    func oddSlotStreams() throws {
        var d = try TouchDecoder(description: testTouchscreen(), id: DeviceID(1), mapping: testMapping)
        var frames: [TouchFrame] = []
        func feed(_ ms: Int64, _ events: [(EventCode, Int32)]) throws {
            if let f = try frame(&d, at: ms, events) { frames.append(f) }
        }
        try feed(0, [(.mtSlot, 3), (.mtTrackingID, -1)])
        try feed(10, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 10), (.mtPositionY, 10)])
        try feed(20, [(.mtTrackingID, 2), (.mtPositionX, 20)])
        try feed(30, [(.mtSlot, 1), (.mtTrackingID, 3), (.mtPositionX, 2_147_483_647), (.mtPositionY, -2_147_483_648)])
        #expect(try d.decode(EvdevEvent(time: .milliseconds(40), .synDropped, 0)))
        frames.append(d.frame)
        try feed(50, [(.mtSlot, 0), (.mtPositionX, 30)])
        try feed(60, [(.mtTrackingID, -1)])
        var open = Set<Int>()
        for f in frames {
            for c in f.contacts {
                if c.phase == .began { open.insert(c.id) }
                if !c.phase.isActive { open.remove(c.id) }
                #expect(c.location.x.isFinite && c.location.y.isFinite)
            }
        }
        #expect(open.isEmpty, "left open: \(open)")
        #expect(d.activeContactCount == 0)
    }

    @Test("Malformed evemu text: events before the description, a bad number, a missing header line are errors naming the line")
    func malformedEvemu() throws {
        let lines = evemuTouchscreen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let eventsFirst = (lines.filter { $0.hasPrefix("E:") } + lines.filter { !$0.hasPrefix("E:") }).joined(separator: "\n")
        let badNumber = evemuTouchscreen.replacingOccurrences(of: "0003 0035 0810", with: "0003 0035 08x0")
        let noID = lines.filter { !$0.hasPrefix("I:") }.joined(separator: "\n")
        for text in [eventsFirst, badNumber, noID] {
            let error = try #require(throws: EvdevError.self) { try RecordingReader.parse(text, source: "bad.evemu") }
            #expect(error.file == "bad.evemu" && error.line != nil, "\(error)")
        }
    }
}
