import GestureKit
import GestureKitEvdev
import Testing

/// An evemu 1.3 touchscreen: BTN_TOUCH, ABS_X/Y, slots 0…1, MT position with resolution, tracking id.
let evemuTouchscreen = """
    # EVEMU 1.3
    # Input device name: "Fixture Touch"
    N: Fixture Touch
    I: 0018 0000 0001 0002
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 799 0 0 10
    A: 01 0 479 0 0 10
    A: 2f 0 1 0 0 0
    A: 35 0 799 0 0 10
    A: 36 0 479 0 0 10
    A: 39 0 65535 0 0 0
    E: 1330495962.164908 0003 002f 0000\t# EV_ABS / ABS_MT_SLOT 0
    E: 1330495962.164908 0003 0039 0003
    E: 1330495962.164908 0003 0035 0810
    E: 1330495962.164908 0003 0036 0240
    E: 1330495962.164908 0001 014a 0001
    E: 1330495962.164908 0000 0000 0000
    # a comment between events
    E: 1330495962.200000 0003 0035 0100
    E: 1330495962.200000 0000 0000 0000
    E: 1330495962.264908 0003 0039 -001
    E: 1330495962.264908 0001 014a 0000
    E: 1330495962.264908 0000 0000 0000

    """

/// An old Synaptics-style file: no version, no P:, five-field A: lines, relative times.
let evemuOldTouchpad = """
    N: Old Pad
    I: 0011 0002 0007 01b1
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 20 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 1472 5472 8 0
    A: 01 1408 4448 8 0
    A: 2f 0 1 0 0
    A: 35 1472 5472 8 0
    A: 36 1408 4448 8 0
    A: 39 0 65535 0 0
    E: 0.000001 0003 0039 7
    E: 0.000001 0003 0035 2000
    E: 0.000001 0003 0036 2000
    E: 0.000001 0001 0145 1
    E: 0.000001 0000 0000 0
    E: 0.010001 0001 0145 0
    E: 0.010001 0003 0039 -1
    E: 0.010001 0000 0000 0
    """

@Suite struct EvemuReaderTests {
    @Test func readsTheDescriptionAndEvents() throws {
        let rec = try EvemuReader.parse(evemuTouchscreen, source: "fixture.evemu")
        let device = try #require(rec.devices.first)
        let d = device.description
        #expect(d.name == "Fixture Touch")
        #expect((d.bus, d.vendor, d.product, d.version) == (0x18, 0, 1, 2))
        #expect(d.properties == .direct)
        #expect(d.codes[.key] == [EventCode.touch.code])
        #expect(d.codes[.abs] == [0x00, 0x01, 0x2f, 0x35, 0x36, 0x39])
        #expect(d.absInfo[0x35] == AbsInfo(minimum: 0, maximum: 799, resolution: 10))
        #expect(d.classification == .touchscreen)
        #expect(device.events.count == 11)
        #expect(device.events[0] == EvdevEvent(time: .zero, .mtSlot, 0))
        #expect(device.events[2] == EvdevEvent(time: .zero, .mtPositionX, 810), "zero-padded value")
        #expect(device.events[6].time == Timestamp(microseconds: 35_092), "absolute epoch rebased")
        #expect(device.events[8] == EvdevEvent(time: Timestamp(microseconds: 100_000), .mtTrackingID, -1))
    }

    @Test func readsOldFilesWithoutVersionPropertiesOrResolution() throws {
        let rec = try EvemuReader.parse(evemuOldTouchpad)
        let d = rec.devices[0].description
        #expect(d.properties == nil)
        #expect(d.absInfo[0x35]?.resolution == 0 && d.absInfo[0x35]?.fuzz == 8)
        #expect(d.classification == .touchpad(semiMultitouch: false))
        #expect(rec.devices[0].events.first?.time == .zero)
        #expect(rec.devices[0].events.last?.time == .milliseconds(10))
    }

    @Test(arguments: [
        ("E: 0.1 0003", 7, "expected \"E: <sec>.<usec> <type hex> <code hex> <value>\", found \"E: 0.1 0003\""),
        ("E: 0.000001 0020 0000 1", 7, "unknown event type 0x20"),
        ("E: 0.000001 0003 0040 1", 7, "unknown event code 0x40 for EV_ABS"),
        ("E: 0.000001 0003 0030 1", 7,
         "event EV_ABS / ABS_MT_TOUCH_MAJOR (0x30) is not declared by the device description"),
        ("E: 0.000001 0003 0035 x12", 7, "expected \"E: <sec>.<usec> <type hex> <code hex> <value>\", found \"E: 0.000001 0003 0035 x12\""),
        ("A: 35 0 799", 7, "expected \"A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]\", found \"A: 35 0 799\""),
        ("Q: what", 7, "expected a line starting with N:, I:, P:, B:, A:, E: or #, found \"Q: what\""),
    ])
    func malformedLinesAreNamedByFileAndLine(line: String, number: Int, message: String) throws {
        let text = """
            N: Bad
            I: 0018 0000 0000 0000
            P: 02 00 00 00 00 00 00 00
            B: 03 00 00 00 00 00 80 60 02
            A: 2f 0 1 0 0 0
            A: 35 0 799 0 0 0
            \(line)
            """
        let error = try #require(throws: EvdevError.self) { try EvemuReader.parse(text, source: "bad.evemu") }
        #expect(error.file == "bad.evemu" && error.line == number)
        #expect(error.description == "bad.evemu:\(number): \(message)")
    }

    @Test func descriptionAfterEventsAndMissingHeaderAreErrors() throws {
        let late = evemuOldTouchpad + "\nA: 3a 0 255 0 0"
        let e1 = try #require(throws: EvdevError.self) { try EvemuReader.parse(late, source: "late.evemu") }
        #expect(e1.line == 25)
        let headless = "E: 0.000001 0000 0000 0"
        let e2 = try #require(throws: EvdevError.self) { try EvemuReader.parse(headless, source: "x.evemu") }
        #expect(e2.description == "x.evemu:1: unexpected end of input, expected an N: line before the events")
        let e3 = try #require(throws: EvdevError.self) { try EvemuReader.parse("# EVEMU 2.0\nN: x", source: "v.evemu") }
        #expect(e3.line == 1)
        let e4 = try #require(throws: EvdevError.self) { try EvemuReader.read(contentsOf: "/nonexistent/none.evemu") }
        #expect(e4.description == "/nonexistent/none.evemu: cannot read: no such file")
    }
}

let libinputRecordFixture = """
    # libinput record
    version: 1
    ndevices: 2
    libinput:
      version: "1.25.0"
    system:
      kernel: "6.8"
    devices:
    - node: /dev/input/event4
      evdev:
        # Name: Fixture Screen
        name: "Fixture Screen"
        id: [24, 1003, 30726, 256]
        codes:
          0: [0, 1, 3] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 1599, 0, 0, 11]
          1: [0, 2559, 0, 0, 11]
          47: [0, 9, 0, 0, 0]
          53: [0, 1599, 0, 0, 11]
          54: [0, 2559, 0, 0, 11]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      hid: [0x05, 0x0d]
      udev:
        properties:
        - ID_INPUT=1
      events:
      - evdev:
        - [  5, 100000,   3,  47,       0] # EV_ABS / ABS_MT_SLOT
        - [  5, 100000,   3,  57,      12] # EV_ABS / ABS_MT_TRACKING_ID
        - [  5, 100000,   3,  53,     800] # EV_ABS / ABS_MT_POSITION_X
        - [  5, 100000,   3,  54,    1280] # EV_ABS / ABS_MT_POSITION_Y
        - [  5, 100000,   1, 330,       1] # EV_KEY / BTN_TOUCH
        - [  5, 100000,   0,   0,       0] # SYN_REPORT
      - libinput:
        - {time: 5.100000, type: TOUCH_DOWN, slot: 0}
      - evdev:
        - [  5, 200000,   3,  57,      -1]
        - [  5, 200000,   1, 330,       0]
        - [  5, 200000,   0,   0,       0]
    - node: /dev/input/event9
      evdev:
        name: "Fixture Pad"
        id: [17, 2, 7, 433]
        codes:
          0: [0, 1, 3]
          1: [325, 330]
          3: [0, 1, 47, 53, 54, 57]
        absinfo:
          0: [1472, 5472, 8, 0, 0]
          1: [1408, 4448, 8, 0, 0]
          47: [0, 1, 0, 0, 0]
          53: [1472, 5472, 8, 0, 0]
          54: [1408, 4448, 8, 0, 0]
          57: [0, 65535, 0, 0, 0]
        properties: [0, 2]
      events:
      - evdev:
        - [  5,  50000,   1, 325,       1]
        - [  5,  50000,   0,   0,       0]
    """

@Suite struct LibinputRecordTests {
    @Test func readsSeveralDevicesIgnoringUnknownKeys() throws {
        let rec = try LibinputRecordReader.parse(libinputRecordFixture, source: "fixture.yml")
        #expect(rec.devices.count == 2)
        let screen = rec.devices[0], pad = rec.devices[1]
        #expect(screen.node == "/dev/input/event4" && screen.description.name == "Fixture Screen")
        #expect(screen.description.vendor == 1003 && screen.description.properties == .direct)
        #expect(screen.description.absInfo[53] == AbsInfo(minimum: 0, maximum: 1599, resolution: 11))
        #expect(screen.description.classification == .touchscreen)
        #expect(pad.description.classification == .touchpad(semiMultitouch: false))
        #expect(pad.description.properties == [.pointer, .buttonPad])
        #expect(screen.events.count == 9, "libinput: items are skipped")
        // Rebased to the earliest event of all devices (the pad's, at 5.05 s).
        #expect(pad.events[0].time == .zero)
        #expect(screen.events[0] == EvdevEvent(time: .milliseconds(50), .mtSlot, 0))
        #expect(screen.events[6] == EvdevEvent(time: .milliseconds(150), .mtTrackingID, -1))
    }

    @Test func structuralErrorsNameTheLine() throws {
        func error(_ text: String) throws -> EvdevError {
            try #require(throws: EvdevError.self) { try LibinputRecordReader.parse(text, source: "bad.yml") }
        }
        let shortEvent = libinputRecordFixture.replacingOccurrences(
            of: "[  5, 200000,   1, 330,       0]", with: "[5, 200000, 1, 330]")
        let e1 = try error(shortEvent)
        #expect(e1.file == "bad.yml" && e1.line == 42)
        #expect(e1.description == "bad.yml:42: expected [sec, usec, type, code, value], found \"a list\"")
        let undeclared = libinputRecordFixture.replacingOccurrences(of: "[  5, 200000,   1, 330,       0]", with: "[5, 200000, 1, 272, 0]")
        #expect(try error(undeclared).reason == .undeclaredCode(.buttonLeft))
        let badVersion = libinputRecordFixture.replacingOccurrences(of: "version: 1\n", with: "version: 2\n")
        #expect(try error(badVersion).line == 2)
        let noCodes = "version: 1\ndevices:\n- node: x\n  evdev:\n    name: x\n"
        #expect(try error(noCodes).description == "bad.yml:5: unexpected end of input, expected a \"codes\" key")
        let syntax = try error("version: 1\ndevices: [\n")
        #expect(syntax.line != nil)
        let unknownType = libinputRecordFixture.replacingOccurrences(of: "0: [0, 1, 3] # EV_SYN", with: "40: [0]")
        #expect(try error(unknownType).reason == .unknownEventType(40))
    }

    @Test func writerRoundTrips() throws {
        let fromYAML = try LibinputRecordReader.parse(libinputRecordFixture)
        let text = LibinputRecordWriter.yaml(for: fromYAML)
        #expect(try LibinputRecordReader.parse(text) == fromYAML)

        var fromEvemu = try EvemuReader.parse(evemuOldTouchpad)
        fromEvemu.devices[0].description.name = "Quote \" and \\ backslash"
        let back = try LibinputRecordReader.parse(LibinputRecordWriter.yaml(for: fromEvemu))
        #expect(back == fromEvemu, "properties stay nil, names are escaped")
    }

    @Test(.enabled(if: RealRecordings.available, "recordings directory not found"))
    func writerRoundTripsEveryRealRecording() throws {
        for file in try RealRecordings.files() {
            var rec = try RealRecordings.read(file)
            rec.source = nil
            #expect(try LibinputRecordReader.parse(LibinputRecordWriter.yaml(for: rec)) == rec, "\(file)")
        }
    }
}

@Suite("Either format")
struct RecordingReaderTests {
    @Test("the format is told by content: libinput record YAML or evemu")
    func format() throws {
        #expect(RecordingReader.format(of: libinputRecordFixture) == .libinputRecord)
        #expect(RecordingReader.format(of: "# EVEMU 1.3\nN: panel\n") == .evemu)
        #expect(RecordingReader.format(of: "# comment\n\n  version: 1\n") == .libinputRecord)
        let recording = try RecordingReader.parse(libinputRecordFixture, source: "f.yaml")
        #expect(recording.devices.count >= 1)
    }

    @Test("a directory and a missing file are clear errors")
    func unreadable() throws {
        let dir = try #require(throws: EvdevError.self) { try RecordingReader.read(contentsOf: "/") }
        #expect(dir.description == "/: cannot read: a directory, not a recording")
        let missing = try #require(throws: EvdevError.self) { try RecordingReader.read(contentsOf: "/no/such.yaml") }
        #expect(missing.description == "/no/such.yaml: cannot read: no such file")
    }
}
