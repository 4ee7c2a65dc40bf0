import Foundation
import GestureKit
import GestureKitEvdev
import Testing

// Inputs a fuzzer or a careless tool could hand a compositor or a kiosk: each must end in a clean
// `EvdevError` naming the file and line, or in a correct replay — never in a trap, and never in
// time or memory out of proportion to the file.

// MARK: - Building inputs

/// An evemu touchscreen (BTN_TOUCH; ABS_X/Y, ABS_MT_SLOT, ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID)
/// with `axes` as its `A:` lines, followed by `events` as `E:` lines.
func hostileEvemu(axes: [String] = defaultHostileAxes, events: [String]) -> String {
    var lines = [
        "# EVEMU 1.3",
        "N: Hostile Screen",
        "I: 0018 0000 0001 0002",
        "P: 02 00 00 00 00 00 00 00",
        "B: 00 0b 00 00 00 00 00 00 00",
    ]
    lines += Array(repeating: "B: 01 00 00 00 00 00 00 00 00", count: 5)
    lines += ["B: 01 00 04 00 00 00 00 00 00", "B: 03 03 00 00 00 00 80 60 02"]
    lines += axes.map { "A: " + $0 }
    lines += events.map { "E: " + $0 }
    return lines.joined(separator: "\n") + "\n"
}

let defaultHostileAxes = ["00 0 799 0 0 10", "01 0 479 0 0 10", "2f 0 9 0 0 0", "35 0 799 0 0 10", "36 0 479 0 0 10", "39 0 65535 0 0 0"]

/// The `E:` lines of a one-finger tap at `time` (`sec.usec`) and 50 ms later.
func evemuTap(at seconds: String, liftAt lift: String) -> [String] {
    [
        "\(seconds) 0003 002f 0000", "\(seconds) 0003 0039 0001", "\(seconds) 0003 0035 0400",
        "\(seconds) 0003 0036 0240", "\(seconds) 0001 014a 0001", "\(seconds) 0000 0000 0000",
        "\(lift) 0003 0039 -001", "\(lift) 0001 014a 0000", "\(lift) 0000 0000 0000",
    ]
}

/// One device of a `libinput record` file: a touchscreen whose `absinfo` entries are `absinfo`
/// and whose events are `events` (each `[sec, usec, type, code, value]`, one frame each line
/// group).
func libinputDevice(_ n: Int, absinfo: [String] = defaultLibinputAbsinfo, frames: [[String]]) -> String {
    var out = """
        - node: /dev/input/event\(n)
          evdev:
            name: "Screen \(n)"
            id: [24, 1, 2, 3]
            codes:
              0: [0, 1, 3]
              1: [330]
              3: [0, 1, 47, 53, 54, 57]
            absinfo:

        """
    for entry in absinfo { out += "      \(entry)\n" }
    out += "    properties: [1]\n  events:\n"
    for frame in frames {
        out += "  - evdev:\n"
        for event in frame { out += "    - \(event)\n" }
    }
    return out
}

let defaultLibinputAbsinfo = [
    "0: [0, 1599, 0, 0, 11]", "1: [0, 2559, 0, 0, 11]", "47: [0, 9, 0, 0, 0]",
    "53: [0, 1599, 0, 0, 11]", "54: [0, 2559, 0, 0, 11]", "57: [0, 65535, 0, 0, 0]",
]

/// The two frames of a one-finger tap at `sec` seconds (down at 0 µs, up at 50 000 µs).
func libinputTap(at sec: String, trackingID: Int = 1) -> [[String]] {
    [
        ["[\(sec), 0, 3, 47, 0]", "[\(sec), 0, 3, 57, \(trackingID)]", "[\(sec), 0, 3, 53, 800]",
         "[\(sec), 0, 3, 54, 1280]", "[\(sec), 0, 1, 330, 1]", "[\(sec), 0, 0, 0, 0]"],
        ["[\(sec), 50000, 3, 57, -1]", "[\(sec), 50000, 1, 330, 0]", "[\(sec), 50000, 0, 0, 0]"],
    ]
}

/// A `libinput record` file of `devices`.
func libinputRecord(_ devices: [String]) -> String {
    "# libinput record\nversion: 1\nndevices: \(devices.count)\ndevices:\n" + devices.joined()
}

/// The 1-based number of the line of `text` that is `fragment`, else of the first line that
/// contains it.
func lineNumber(of fragment: String, in text: String) -> Int? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0 == fragment } ?? lines.firstIndex { $0.contains(fragment) }).map { $0 + 1 }
}

/// The error reading `text` as `source` throws; fails the test when it reads.
func readError(_ text: String, source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> EvdevError {
    try #require(throws: EvdevError.self, sourceLocation: sourceLocation) {
        try RecordingReader.parse(text, source: source)
    }
}

/// Replays `recording` through an engine with one tap recognizer; returns the taps recognized
/// and the input events sent.
func replayCountingTaps(_ recording: Recording, size: Size = Size(width: 800, height: 480)) throws -> (taps: Int, events: Int) {
    let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: size.width, height: size.height))
    let tap = TapGestureRecognizer()
    var taps = 0
    tap.addTarget { if $0.state == .ended { taps += 1 } }
    engine.root.addGestureRecognizer(tap)
    let replayer = Replayer(recording: recording, options: ReplayOptions(mapping: OutputMapping(size: size)))
    let events = try replayer.inputEvents()
    for event in events {
        if case .touchFrame(let frame) = event {
            for contact in frame.contacts {
                #expect(contact.location.x.isFinite && contact.location.y.isFinite, "\(contact)")
                #expect(contact.millimetres.x.isFinite && contact.millimetres.y.isFinite, "\(contact)")
            }
        }
    }
    try replayer.run(on: engine)
    return (taps, events.count)
}

// MARK: - Timestamps

/// How much longer than in a plain debug build the time bounds allow:
/// `GESTUREKIT_TIME_LIMIT_FACTOR`, which `scripts/sanitize` sets for its instrumented builds
/// (about 2 to 3 times slower under AddressSanitizer, 5 to 15 under ThreadSanitizer).
let timeLimitFactor = ProcessInfo.processInfo.environment["GESTUREKIT_TIME_LIMIT_FACTOR"].flatMap { Int($0) }.map { max(1, $0) } ?? 1

@Suite("Hostile timestamps")
struct HostileTimestampTests {
    @Test("evemu: the largest timestamp the microsecond clock holds reads and replays")
    func evemuLargestTimestamp() throws {
        let text = hostileEvemu(events: evemuTap(at: "9223372036854.775000", liftAt: "9223372036854.775807"))
        let recording = try EvemuReader.parse(text, source: "max.evemu")
        #expect(recording.devices[0].events.first?.time == .zero)
        #expect(recording.devices[0].events.last?.time == Timestamp(microseconds: 807))
        #expect(try replayCountingTaps(recording).taps == 1)
    }

    @Test("evemu: a timestamp beyond Int64 microseconds is out of range, naming the line", arguments: [
        "9223372036854.775808", "9223372036855.000000", "9999999999999999.000000", "99999999999999999999.5",
    ])
    func evemuTimestampOverflow(time: String) throws {
        let text = hostileEvemu(events: evemuTap(at: "1.000000", liftAt: time))
        let error = try readError(text, source: "overflow.evemu")
        let line = try #require(lineNumber(of: "E: \(time)", in: text))
        #expect(error.line == line && error.file == "overflow.evemu")
        #expect(error.description == "overflow.evemu:\(line): out of range: timestamp \(time) s is beyond the microsecond clock (at most 9223372036854.775807 s)")
    }

    @Test("evemu: a recording spanning more than the limit is out of range")
    func evemuTooLong() throws {
        let text = hostileEvemu(events: evemuTap(at: "0.000000", liftAt: "9223372036854.000000"))
        let error = try readError(text, source: "long.evemu")
        #expect(error.line == lineNumber(of: "E: 9223372036854", in: text))
        #expect(error.description.hasSuffix("out of range: the recording spans 9223372036854.000000s, more than the 1000000000 s a recording may span"))
        // Just within the limit reads.
        let limit = hostileEvemu(events: evemuTap(at: "5.000000", liftAt: "1000000005.000000"))
        #expect(try EvemuReader.parse(limit).devices[0].events.last?.time == Timestamp(microseconds: 1_000_000_000_000_000))
    }

    @Test("evemu: signs, spaces and over-long fractions in a timestamp are malformed", arguments: [
        "-1.000000", "-0.500000", "+1.000000", "1.-50000", "1.+50000", "1.1234567", "1.", ".5", "1.5.0", "0x10.0",
    ])
    func evemuMalformedTimestamp(time: String) throws {
        let text = hostileEvemu(events: ["\(time) 0000 0000 0000"])
        let error = try readError(text, source: "t.evemu")
        guard case .malformed = error.reason else {
            Issue.record("\(time): \(error)")
            return
        }
        #expect(error.line == lineNumber(of: "E: \(time)", in: text))
    }

    @Test("evemu: an event earlier than the one before is malformed")
    func evemuBackwards() throws {
        let text = hostileEvemu(events: ["5.000000 0000 0000 0000", "4.999999 0000 0000 0000"])
        let error = try readError(text, source: "back.evemu")
        #expect(error.line == lineNumber(of: "E: 4.999999", in: text))
    }

    @Test("libinput record: the largest timestamp reads and replays")
    func libinputLargestTimestamp() throws {
        // Down at 9223372036854.775000 s, up at Int64.max µs.
        var frames = libinputTap(at: "9223372036854")
        frames[0] = frames[0].map { "[9223372036854, 775000" + $0.dropFirst("[9223372036854, 0".count) }
        frames[1] = frames[1].map { $0.replacingOccurrences(of: "50000,", with: "775807,") }
        let recording = try LibinputRecordReader.parse(libinputRecord([libinputDevice(0, frames: frames)]))
        #expect(recording.devices[0].events.last?.time == Timestamp(microseconds: 807))
        #expect(try replayCountingTaps(recording, size: Size(width: 1600, height: 2560)).taps == 1)
    }

    @Test("libinput record: a timestamp beyond Int64 microseconds is out of range, naming the line", arguments: [
        ("[9223372036854, 775808, 0, 0, 0]", "out of range: timestamp 9223372036854.775808 s is beyond the microsecond clock (at most 9223372036854.775807 s)"),
        ("[9223372036855, 0, 0, 0, 0]", "out of range: timestamp 9223372036855.000000 s is beyond the microsecond clock (at most 9223372036854.775807 s)"),
        ("[-1, 0, 0, 0, 0]", "out of range: negative seconds -1 in a timestamp"),
        ("[-9223372036854775808, 0, 0, 0, 0]", "out of range: negative seconds -9223372036854775808 in a timestamp"),
        ("[1, 1000000, 0, 0, 0]", "out of range: microseconds 1000000 outside 0…999999 in a timestamp"),
        ("[1, -1, 0, 0, 0]", "out of range: microseconds -1 outside 0…999999 in a timestamp"),
        ("[9223372036854775808, 0, 0, 0, 0]", "expected seconds, found \"9223372036854775808\""),
        ("[99999999999999999999, 0, 0, 0, 0]", "expected seconds, found \"99999999999999999999\""),
    ])
    func libinputTimestampOverflow(event: String, message: String) throws {
        let text = libinputRecord([libinputDevice(0, frames: libinputTap(at: "1") + [[event]])])
        let error = try readError(text, source: "overflow.yml")
        let line = try #require(lineNumber(of: event, in: text))
        #expect(error.description == "overflow.yml:\(line): \(message)")
    }

    @Test("libinput record: devices spanning more than the limit together are out of range")
    func libinputTooLong() throws {
        let text = libinputRecord([
            libinputDevice(0, frames: libinputTap(at: "0")),
            libinputDevice(1, frames: libinputTap(at: "9223372036853", trackingID: 2)),
        ])
        let error = try readError(text, source: "long.yml")
        // The latest event is the second device's lift.
        #expect(error.line == lineNumber(of: "[9223372036853, 50000, 0, 0, 0]", in: text))
        guard case .outOfRange(let what) = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(what.hasPrefix("the recording spans 9223372036853.050000s"))
    }

    @Test("a replay start time that pushes events past Int64.max is out of range")
    func replayStartOverflow() throws {
        let recording = try EvemuReader.parse(hostileEvemu(events: evemuTap(at: "1.000000", liftAt: "2.000000")), source: "s.evemu")
        for start in [Int64.max - 1_500_000, Int64.max - 500_000] {
            let options = ReplayOptions(mapping: OutputMapping(size: Size(width: 800, height: 480)), startTime: Timestamp(microseconds: start))
            let error = try #require(throws: EvdevError.self) { try Replayer(recording: recording, options: options).inputEvents() }
            #expect(error.file == "s.evemu")
            guard case .outOfRange = error.reason else {
                Issue.record("\(error)")
                continue
            }
        }
    }
}

// MARK: - Axes and slots

@Suite("Hostile axes and slot counts")
struct HostileAxisTests {
    @Test("evemu: impossible axis ranges are out of range, naming the line", arguments: [
        ("2f 0 2147483647 0 0 0", "ABS_MT_SLOT maximum 2147483647 is outside 0…1023 (the kernel allows at most 1024 slots)"),
        ("2f 0 1024 0 0 0", "ABS_MT_SLOT maximum 1024 is outside 0…1023 (the kernel allows at most 1024 slots)"),
        ("2f -5 -1 0 0 0", "ABS_MT_SLOT maximum -1 is outside 0…1023 (the kernel allows at most 1024 slots)"),
        ("2f 0 -1 0 0 0", "ABS_MT_SLOT minimum 0 is greater than its maximum -1"),
        ("2f -2147483648 -2147483648 0 0 0", "ABS_MT_SLOT maximum -2147483648 is outside 0…1023 (the kernel allows at most 1024 slots)"),
        ("35 800 799 0 0 10", "ABS_MT_POSITION_X minimum 800 is greater than its maximum 799"),
        ("35 2147483647 -2147483648 0 0 10", "ABS_MT_POSITION_X minimum 2147483647 is greater than its maximum -2147483648"),
    ])
    func evemuImpossibleAxes(axis: String, message: String) throws {
        let axes = defaultHostileAxes.map { $0.prefix(3) == axis.prefix(3) ? axis : $0 }
        let text = hostileEvemu(axes: axes, events: evemuTap(at: "1.000000", liftAt: "1.050000"))
        let error = try readError(text, source: "axes.evemu")
        let line = try #require(lineNumber(of: "A: \(axis)", in: text))
        #expect(error.description == "axes.evemu:\(line): out of range: \(message)")
    }

    @Test("evemu: the largest slot maximum the kernel allows reads and replays, slot 1023 included")
    func evemuLargestSlotCount() throws {
        let axes = defaultHostileAxes.map { $0.hasPrefix("2f") ? "2f 0 1023 0 0 0" : $0 }
        var events = evemuTap(at: "1.000000", liftAt: "1.050000")
        events[0] = "1.000000 0003 002f 1023"
        let recording = try EvemuReader.parse(hostileEvemu(axes: axes, events: events))
        #expect(recording.devices[0].description.slotCount == 1024)
        #expect(try replayCountingTaps(recording).taps == 1)
    }

    @Test("evemu: extreme but possible axes replay to finite positions", arguments: [
        ["35 -2147483648 2147483647 0 0 10", "36 -2147483648 2147483647 0 0 10"],
        ["35 0 799 0 0 2147483647", "36 0 479 0 0 2147483647"],
        ["35 0 799 0 0 2147483647", "36 0 479 0 0 1"],
        ["35 0 799 0 0 -2147483648", "36 0 479 0 0 -5"],
        ["35 5 5 0 0 0", "36 7 7 0 0 0"],
        ["35 0 0 -2147483648 2147483647 0", "36 0 0 0 0 0"],
    ])
    func evemuExtremeAxes(overrides: [String]) throws {
        var axes = defaultHostileAxes
        for o in overrides { axes = axes.map { $0.prefix(3) == o.prefix(3) ? o : $0 } }
        let recording = try EvemuReader.parse(hostileEvemu(axes: axes, events: evemuTap(at: "1.000000", liftAt: "1.050000")))
        #expect(try replayCountingTaps(recording).events == 3)
    }

    @Test("libinput record: impossible axis ranges are out of range, naming the line", arguments: [
        ("47: [0, 2147483647, 0, 0, 0]", "ABS_MT_SLOT maximum 2147483647 is outside 0…1023 (the kernel allows at most 1024 slots)"),
        ("47: [-3, -2, 0, 0, 0]", "ABS_MT_SLOT maximum -2 is outside 0…1023 (the kernel allows at most 1024 slots)"),
        ("53: [1600, 1599, 0, 0, 11]", "ABS_MT_POSITION_X minimum 1600 is greater than its maximum 1599"),
    ])
    func libinputImpossibleAxes(entry: String, message: String) throws {
        let code = entry.prefix { $0 != ":" }
        let absinfo = defaultLibinputAbsinfo.map { $0.hasPrefix(code + ":") ? entry : $0 }
        let text = libinputRecord([libinputDevice(0, absinfo: absinfo, frames: libinputTap(at: "1"))])
        let error = try readError(text, source: "axes.yml")
        let line = try #require(lineNumber(of: entry, in: text))
        #expect(error.description == "axes.yml:\(line): out of range: \(message)")
    }

    @Test("libinput record: extreme but possible axes replay to finite positions")
    func libinputExtremeAxes() throws {
        let absinfo = [
            "0: [-2147483648, 2147483647, 0, 0, 2147483647]", "1: [0, 0, 0, 0, -2147483648]", "47: [0, 1023, 0, 0, 0]",
            "53: [-2147483648, 2147483647, 0, 0, 2147483647]", "54: [0, 0, 0, 0, -2147483648]", "57: [0, 65535, 0, 0, 0]",
        ]
        let recording = try LibinputRecordReader.parse(libinputRecord([libinputDevice(0, absinfo: absinfo, frames: libinputTap(at: "1"))]))
        #expect(try replayCountingTaps(recording).events == 3)
    }

    @Test("descriptions built in code with impossible ranges are unsupported, not a crash")
    func decoderRefusesImpossibleDescriptions() throws {
        let mapping = OutputMapping(size: Size(width: 1000, height: 500))
        for (code, info) in [
            (EventCode.mtSlot, AbsInfo(minimum: 0, maximum: .max)),
            (.mtSlot, AbsInfo(minimum: 0, maximum: -1)),
            (.mtSlot, AbsInfo(minimum: .min, maximum: -7)),
            (.mtPositionX, AbsInfo(minimum: 10, maximum: 9)),
            (.mtPositionY, AbsInfo(minimum: .max, maximum: .min)),
        ] {
            var d = testTouchscreen()
            d.absInfo[code.code] = info
            guard case .unsupported = d.classification else {
                Issue.record("\(code) \(info): \(d.classification)")
                continue
            }
            let error = try #require(throws: EvdevError.self) { try TouchDecoder(description: d, id: DeviceID(1), mapping: mapping) }
            guard case .unsupportedDevice = error.reason else {
                Issue.record("\(error)")
                continue
            }
            // The replayer says so with the recording's name, or skips the device when asked.
            let recording = Recording(source: "code", devices: [RecordedDevice(description: d, events: [EvdevEvent(time: .zero, .synReport, 0)])])
            #expect(throws: EvdevError.self) { try Replayer(recording: recording, options: ReplayOptions(mapping: mapping)).inputEvents() }
            #expect(try Replayer(recording: recording, options: ReplayOptions(mapping: mapping, skipsUnsupportedDevices: true)).inputEvents().isEmpty)
        }
        var single = DeviceDescription(name: "single")
        single.declare(.touch)
        single.declare(.absX, absInfo: AbsInfo(minimum: 5, maximum: 4))
        single.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 4))
        #expect(throws: EvdevError.self) { try TouchDecoder(description: single, id: DeviceID(1), mapping: mapping) }
    }

    @Test("the decoder's slot table grows to the slots used, up to the declared count")
    func lazySlots() throws {
        var d = testTouchscreen()
        d.absInfo[EventCode.mtSlot.code] = AbsInfo(minimum: 0, maximum: 1023)
        var decoder = try TouchDecoder(description: d, id: DeviceID(1), mapping: testMapping)
        #expect(decoder.device.maximumContacts == 1024)
        let down = try #require(try frame(&decoder, at: 0, [
            (.mtSlot, 1023), (.mtTrackingID, 5), (.mtPositionX, 100), (.mtPositionY, 50),
            (.mtSlot, 3), (.mtTrackingID, 6), (.mtPositionX, 200), (.mtPositionY, 60),
        ]))
        #expect(down.contacts.map(\.location) == [Point(x: 200, y: 60), Point(x: 100, y: 50)], "slot order")
        #expect(throws: EvdevError.self) { _ = try decoder.decode(EvdevEvent(time: .zero, .mtSlot, 1024)) }
        #expect(throws: EvdevError.self) { _ = try decoder.decode(EvdevEvent(time: .zero, .mtSlot, -1)) }
        let up = try #require(try frame(&decoder, at: 10, [(.mtSlot, 1023), (.mtTrackingID, -1)]))
        #expect(up.contacts.map(\.phase) == [.stationary, .ended])
    }
}

// MARK: - Mangled descriptions and events

@Suite("Mangled descriptions and events")
struct MangledInputTests {
    @Test("evemu: mangled description and event lines are errors naming the line", arguments: [
        // A line to add after the description, or to replace the line with the same start.
        ("B: 03", "expected \"B: <type> <byte> …\" in hexadecimal, found \"B: 03\""),
        ("B: 03 0g", "expected \"B: <type> <byte> …\" in hexadecimal, found \"B: 03 0g\""),
        ("B: 03 100", "expected \"B: <type> <byte> …\" in hexadecimal, found \"B: 03 100\""),
        ("B: 10000 01", "expected \"B: <type> <byte> …\" in hexadecimal, found \"B: 10000 01\""),
        ("B: ffff 01", "unknown event type 0xffff"),
        ("B: 20 01", "unknown event type 0x20"),
        ("A: ffff 0 1 0 0 0", "unknown event code 0xffff for EV_ABS"),
        ("A: 40 0 1 0 0 0", "unknown event code 0x40 for EV_ABS"),
        ("A: 35 0 2147483648 0 0 0", "expected \"A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]\", found \"A: 35 0 2147483648 0 0 0\""),
        ("A: 35 0 799 0 0 99999999999", "expected \"A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]\", found \"A: 35 0 799 0 0 99999999999\""),
        ("A: 35 0 799 0 0 10 7", "expected \"A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]\", found \"A: 35 0 799 0 0 10 7\""),
        ("I: 10000 0000 0001 0002", "expected \"I: <bus> <vendor> <product> <version>\" in hexadecimal, found \"I: 10000 0000 0001 0002\""),
        ("P: 1ff", "expected \"P: <byte> …\" with hexadecimal bytes, found \"P: 1ff\""),
        ("# EVEMU 1.99999999999999999999", "expected evemu version 1.x, found \"# EVEMU 1.99999999999999999999\""),
        ("E: 1.000000 0003 ffff 0001", "unknown event code 0xffff for EV_ABS"),
        ("E: 1.000000 0001 0300 0001", "unknown event code 0x300 for EV_KEY"),
        ("E: 1.000000 0003 0030 0001", "event EV_ABS / ABS_MT_TOUCH_MAJOR (0x30) is not declared by the device description"),
        ("E: 1.000000 0001 0110 0001", "event EV_KEY / BTN_LEFT (0x110) is not declared by the device description"),
        ("E: 1.000000 ffff 0000 0001", "unknown event type 0xffff"),
        ("E: 1.000000 10000 0000 0001", "expected \"E: <sec>.<usec> <type hex> <code hex> <value>\", found \"E: 1.000000 10000 0000 0001\""),
        ("E: 1.000000 0003 0035 2147483648", "expected \"E: <sec>.<usec> <type hex> <code hex> <value>\", found \"E: 1.000000 0003 0035 2147483648\""),
    ])
    func evemuMangled(line: String, message: String) throws {
        // I:, P: and the version line replace their line; any other line is added at the end.
        var lines = hostileEvemu(events: []).split(separator: "\n").map(String.init)
        let replaced = ["I:", "P:", "# EVEMU"].first { line.hasPrefix($0) }
        if let replaced, let i = lines.firstIndex(where: { $0.hasPrefix(replaced) }) {
            lines[i] = line
        } else {
            lines.append(line)
        }
        let text = lines.joined(separator: "\n")
        let error = try readError(text, source: "m.evemu")
        let number = try #require(lineNumber(of: line, in: text))
        #expect(error.description == "m.evemu:\(number): \(message)")
    }

    @Test("evemu: bitmask bits beyond a type's highest code are ignored; an event using one is refused")
    func evemuLongMasks() throws {
        var lines = hostileEvemu(events: []).split(separator: "\n").map(String.init)
        let i = try #require(lines.firstIndex { $0.hasPrefix("B: 03") })
        // 8 KiB of set bits for EV_ABS, and the same again for an undefined type below EV_MAX.
        let ones = Array(repeating: "ff", count: 8192).joined(separator: " ")
        lines[i] = "B: 03 " + ones
        lines.insert("B: 06 " + ones, at: i)
        let recording = try EvemuReader.parse(lines.joined(separator: "\n") + "\nE: 1.000000 0000 0000 0000\n")
        let d = recording.devices[0].description
        #expect(d.codes[.abs] == Set(0...0x3f))
        #expect(d.codes[EventType(6)] == nil)
        let withEvent = lines.joined(separator: "\n") + "\nE: 1.000000 0003 0040 0001\n"
        let error = try readError(withEvent, source: "b.evemu")
        #expect(error.reason == .unknownEventCode(EventCode(.abs, 0x40)))
    }

    @Test("libinput record: mangled descriptions and events are errors naming the line", arguments: [
        // (what to replace, its replacement, the message)
        ("3: [0, 1, 47, 53, 54, 57]", "3: [0, 1, 47, 53, 54, 57, 64]", "unknown event code 0x40 for EV_ABS"),
        ("3: [0, 1, 47, 53, 54, 57]", "3: [0, 1, 47, 53, 54, 57, 70000]", "expected an event code, found \"70000\""),
        ("3: [0, 1, 47, 53, 54, 57]", "3: [0, 1, 47, 53, 54, 57, -1]", "expected an event code, found \"-1\""),
        ("1: [330]", "70000: [330]", "expected an event type number, found \"70000\""),
        ("1: [330]", "32: [330]", "unknown event type 0x20"),
        ("id: [24, 1, 2, 3]", "id: [24, 1, 2, 65536]", "expected a version, found \"65536\""),
        ("id: [24, 1, 2, 3]", "id: [24, 1, 2]", "expected [bus, vendor, product, version], found \"a list\""),
        ("57: [0, 65535, 0, 0, 0]", "57: [0, 65535, 0, 0, 2147483648]", "expected an integer, found \"2147483648\""),
        ("57: [0, 65535, 0, 0, 0]", "57: [0, 65535, 0, 0]", "expected [min, max, fuzz, flat, resolution], found \"a list\""),
        ("57: [0, 65535, 0, 0, 0]", "58: [0, 255, 0, 0, 0]", "event EV_ABS / ABS_MT_PRESSURE (0x3a) is not declared by the device description"),
        ("57: [0, 65535, 0, 0, 0]", "99999: [0, 255, 0, 0, 0]", "expected an ABS_ code, found \"99999\""),
        ("properties: [1]", "properties: [99999999999999999999]", "expected a property number, found \"99999999999999999999\""),
        ("[1, 0, 3, 53, 800]", "[1, 0, 3, 48, 800]", "event EV_ABS / ABS_MT_TOUCH_MAJOR (0x30) is not declared by the device description"),
        ("[1, 0, 3, 53, 800]", "[1, 0, 3, 65535, 800]", "unknown event code 0xffff for EV_ABS"),
        ("[1, 0, 3, 53, 800]", "[1, 0, 32, 0, 800]", "unknown event type 0x20"),
        ("[1, 0, 3, 53, 800]", "[1, 0, 3, 53, 2147483648]", "expected an event value, found \"2147483648\""),
        ("[1, 0, 3, 53, 800]", "[1, 0, 3, 53]", "expected [sec, usec, type, code, value], found \"a list\""),
        ("[1, 0, 3, 53, 800]", "[1, 0, 3, 53, 0x]", "expected an event value, found \"0x\""),
    ])
    func libinputMangled(original: String, replacement: String, message: String) throws {
        let text = libinputRecord([libinputDevice(0, frames: libinputTap(at: "1"))]).replacingOccurrences(of: original, with: replacement)
        let error = try readError(text, source: "m.yml")
        let line = try #require(lineNumber(of: replacement, in: text))
        #expect(error.description == "m.yml:\(line): \(message)")
    }

    @Test("libinput record: numbers in decimal with a sign or spaces, and in 0x hexadecimal, read as before")
    func libinputNumberForms() throws {
        let text = libinputRecord([libinputDevice(0, frames: libinputTap(at: "1"))])
            .replacingOccurrences(of: "[1, 0, 3, 53, 800]", with: "[+1, \" 0 \", 0x3, 0x35, 0x320]")
            .replacingOccurrences(of: "[1, 50000, 3, 57, -1]", with: "[01, 050000, 3, 57, \"-1\"]")
        let recording = try LibinputRecordReader.parse(text)
        #expect(recording.devices[0].events[2] == EvdevEvent(time: .zero, .mtPositionX, 800))
        #expect(recording.devices[0].events[6] == EvdevEvent(time: .milliseconds(50), .mtTrackingID, -1))
    }

    @Test("libinput record: YAML aliases are refused at once, however far they would expand")
    func libinputAliases() throws {
        // Each level repeats the one below ten times: 10¹⁰ events in well under a kilobyte.
        var text = "version: 1\nlevels:\n- &l0 [0, 0, 0, 0, 0]\n"
        for level in 1...10 {
            text += "- &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "devices:\n- evdev:\n    name: x\n    codes: {0: [0]}\n  events:\n  - evdev: *l10\n"
        let start = ContinuousClock.now
        let error = try readError(text, source: "laughs.yml")
        #expect(ContinuousClock.now - start < .seconds(2) * timeLimitFactor)
        #expect(error.description == "laughs.yml:4: expected YAML without aliases, as libinput record writes it, found \"*l0\"")
        // As a mapping key, where composing alone would hash the whole expansion.
        let key = "version: 1\nbig: &b [[1, 2], [3, 4]]\nmap: {*b : 1}\ndevices: []\n"
        #expect(try readError(key, source: "key.yml").line == 3)
    }

    @Test("libinput record: a star inside text is not an alias")
    func libinputStarsInText() throws {
        let text = libinputRecord([libinputDevice(0, frames: libinputTap(at: "1"))])
            .replacingOccurrences(of: "name: \"Screen 0\"", with: "name: \"*Screen* 'a' \\\" *b\" # *c")
            .replacingOccurrences(of: "version: 1\n", with: "version: 1\nnote: stars *here* and 'quoted *x' *\nlist: [a*b, '*c']\n")
        let recording = try LibinputRecordReader.parse(text)
        #expect(recording.devices[0].description.name == "*Screen* 'a' \" *b")
    }

    @Test("libinput record: nesting deeper than libyaml allows is an error, not a stack overflow")
    func libinputDeepNesting() throws {
        for depth in [999, 5000, 100_000] {
            let text = "version: 1\ndevices: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
            let error = try readError(text, source: "deep.yml")
            #expect(error.line != nil, "depth \(depth): \(error)")
        }
        let block = "version: 1\ndevices:\n" + String(repeating: "- ", count: 5000) + "x\n"
        #expect(try readError(block, source: "deep.yml").line != nil)
    }

    @Test("non-finite and huge numbers print without trapping")
    func printing() {
        #expect(Point(x: .infinity, y: -.infinity).description == "(inf, -inf)")
        #expect(Point(x: .nan, y: 1e30).description.hasPrefix("(nan, 1"))
        #expect(Point(x: .nan, y: 1e30).description.hasSuffix("e+30)"))
        #expect(Size(width: 9.3e18, height: -9.3e18).description.contains("e+18×-9"))
    }
}

// MARK: - Size

@Suite("Large recordings")
struct LargeRecordingTests {
    @Test("a 10,000-device libinput record file reads and replays in seconds, about ten times as long as 1,000 devices")
    func tenThousandDevices() throws {
        let small = try readAndReplay(devices: 1_000)
        let large = try readAndReplay(devices: 10_000)
        // CPU time, not wall time: the bound is about the work, not about other builds sharing the
        // machine. Unoptimized, alone, 10,000 devices take about 5.5 s (4.5 s of it composing the
        // YAML); with the whole suite running beside it on two cores, about 8 s.
        #expect(large.read.cpu + large.replay < .seconds(15) * timeLimitFactor)
        // Ten times the devices, about ten times the work, whatever the build: the replay 7 to
        // 13 times as long (the quicker of two runs each; alone, under load, under the
        // sanitizers), the read 9 to 13. When plugging a device in copied the engine's device
        // table, the replay took 20 to 24 times as long (2.5 s, not 0.9): too close to the noise
        // for this bound, so `deviceTableIsLinear` checks the table alone (85 times, against 10).
        // Anything quadratic in the whole replay would take about 100 times.
        #expect(large.replay < small.replay * 25, "replaying: \(small.replay) for 1,000, \(large.replay) for 10,000")
        #expect(large.read.cpu < small.read.cpu * 25, "reading: \(small.read.cpu) for 1,000, \(large.read.cpu) for 10,000")
    }

    /// Writes a libinput record file of `count` touchscreens with one tap each, reads it and
    /// replays it twice; checks what comes out and returns the time the read took and the CPU
    /// time of the quicker replay.
    func readAndReplay(devices count: Int) throws -> (read: (cpu: Duration, wall: Duration), replay: Duration) {
        var devices: [String] = []
        devices.reserveCapacity(count)
        for n in 0..<count { devices.append(libinputDevice(n, frames: libinputTap(at: "\(n)", trackingID: n))) }
        let text = libinputRecord(devices)
        var recording: Recording?
        let read = try measure { recording = try RecordingReader.parse(text, source: "many.yml") }
        let rec = try #require(recording)
        #expect(rec.devices.count == count)
        #expect(rec.devices.last?.events.last?.time == Timestamp(microseconds: Int64(count - 1) * 1_000_000 + 50_000))
        var replays: [Duration] = []
        for _ in 0..<2 {
            var result: (taps: Int, events: Int) = (0, 0)
            replays.append(try measure { result = try replayCountingTaps(rec, size: Size(width: 1600, height: 2560)) }.cpu)
            #expect(result.events == count * 3, "a deviceAdded and two frames per device")
            #expect(result.taps == count)
        }
        print("\(count)-device libinput record (\(text.utf8.count / 1024) KiB): read in \(read.cpu) of CPU (\(read.wall) wall), "
            + "replayed in \(replays[0]) and \(replays[1]) of CPU")
        return (read, replays.min()!)
    }

    /// The CPU time this thread spent plugging `count` touchscreens into a new engine: the
    /// engine's device table alone, which grows by one entry per device, with nothing copied.
    func plug(_ count: Int) -> Duration {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 800, height: 480))
        var devices: [InputDevice] = []
        devices.reserveCapacity(count)
        for n in 0..<count {
            devices.append(InputDevice(
                id: DeviceID(n), name: "screen \(n)", kind: .touchscreen,
                sizeMillimetres: Size(width: 154, height: 86), hasResolution: true, maximumContacts: 10))
        }
        let spent = measure {
            for (n, device) in devices.enumerated() { engine.send(.deviceAdded(device, at: .milliseconds(Int64(n)))) }
        }.cpu
        #expect(engine.devices.count == count)
        #expect(engine.devices[DeviceID(count - 1)]?.name == "screen \(count - 1)")
        return spent
    }

    @Test("plugging in ten times the devices takes about ten times as long, not a hundred")
    func deviceTableIsLinear() {
        // The quicker of two runs each. Measured in debug: about 10 times as long (alone and
        // with the suite beside it); when each device plugged in copied the engine's whole
        // table (written through `GestureEngine.devices`' getter), 85 times.
        let small = min(plug(2_000), plug(2_000))
        let large = min(plug(20_000), plug(20_000))
        #expect(large < small * 30, "2,000 devices: \(small); 20,000: \(large)")
        print("device table: 2,000 devices plugged in \(small) of CPU, 20,000 in \(large)")
    }

    /// The CPU time this thread spends on `work`, and the wall time.
    func measure(_ work: () throws -> Void) rethrows -> (cpu: Duration, wall: Duration) {
        func cpu() -> Duration {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
        }
        let (cpu0, wall0) = (cpu(), ContinuousClock.now)
        try work()
        return (cpu() - cpu0, ContinuousClock.now - wall0)
    }
}
