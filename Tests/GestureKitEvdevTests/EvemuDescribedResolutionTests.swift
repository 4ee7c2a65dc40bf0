import GestureKit
import GestureKitEvdev
import Testing

/// evemu's format 1.1 has no resolution field in its `A:` lines; `evemu-describe` writes each
/// axis's resolution in the comment above them. A 1.1 recording of a pen display (a Wacom DTH2242,
/// 10 units per mm) read as having no resolution replayed at the fallback density: every
/// threshold in millimetres was judged about 9 % short.
@Suite("evemu 1.1: the resolution from the description comment")
struct EvemuDescribedResolutionTests {
    /// A 1.1 file: the comment gives ABS_MT_POSITION_X 10 units/mm and ABS_MT_POSITION_Y 5, the
    /// A: lines have four values. `extraComment` goes between the comment block and the N: line.
    static func file(version: String = "1.1", positionLines: (String, String) = ("A: 35 0 4648 4 0", "A: 36 0 2556 4 0"),
                     resolutionX: String = "10", typeLine: String = "#   Event type 3 (EV_ABS)") -> String {
        """
        # EVEMU \(version)
        # Input device name: "Old Pen Display Finger"
        # Supported events:
        #   Event type 0 (EV_SYN)
        #     Event code 0 (SYN_REPORT)
        #   Event type 1 (EV_KEY)
        #     Event code 330 (BTN_TOUCH)
        #       Resolution 99
        \(typeLine)
        #     Event code 47 (ABS_MT_SLOT)
        #       Value      0
        #       Min        0
        #       Max        9
        #       Resolution 0
        #     Event code 53 (ABS_MT_POSITION_X)
        #       Value      0
        #       Min        0
        #       Max     4648
        #       Fuzz       4
        #       Flat       0
        #       Resolution \(resolutionX)
        #     Event code 54 (ABS_MT_POSITION_Y)
        #       Min        0
        #       Max     2556
        #       Resolution 5
        #     Event code 57 (ABS_MT_TRACKING_ID)
        #       Resolution 0
        # Properties:
        #   Property  type 1 (INPUT_PROP_DIRECT)
        N: Old Pen Display Finger
        I: 0003 056a 005d 0005
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 03 00 00 00 00 00 80 60 02
        A: 2f 0 9 0 0
        \(positionLines.0)
        \(positionLines.1)
        A: 39 0 65535 0 0
        E: 0.000000 0003 002f 0000
        E: 0.000000 0003 0039 0001
        E: 0.000000 0003 0035 2000
        E: 0.000000 0003 0036 1000
        E: 0.000000 0001 014a 0001
        E: 0.000000 0000 0000 0000
        # Resolution 77, a comment among the events
        E: 0.100000 0003 0039 -001
        E: 0.100000 0001 014a 0000
        E: 0.100000 0000 0000 0000

        """
    }

    static func resolutions(_ text: String) throws -> (x: Int32?, y: Int32?, slot: Int32?) {
        let d = try EvemuReader.parse(text).devices[0].description
        return (d.absInfo[EventCode.mtPositionX.code]?.resolution, d.absInfo[EventCode.mtPositionY.code]?.resolution,
                d.absInfo[EventCode.mtSlot.code]?.resolution)
    }

    @Test("A 1.1 file's axes take the comment's resolutions, and the device its size in millimetres")
    func takenFromTheComment() throws {
        let r = try Self.resolutions(Self.file())
        #expect(r.x == 10 && r.y == 5 && r.slot == 0)
        let description = try EvemuReader.parse(Self.file()).devices[0].description
        let decoder = try TouchDecoder(
            description: description, id: DeviceID(1),
            mapping: OutputMapping(size: Size(width: 1920, height: 1080)))
        #expect(decoder.device.hasResolution)
        let size = try #require(decoder.device.sizeMillimetres)
        #expect(abs(size.width - 464.8) < 0.01 && abs(size.height - 511.2) < 0.01)
    }

    @Test("An A: line with a resolution field is what counts, even 0 against the comment's 10")
    func theFieldWins() throws {
        let zero = try Self.resolutions(Self.file(version: "1.3", positionLines: ("A: 35 0 4648 4 0 0", "A: 36 0 2556 4 0 7")))
        #expect(zero.x == 0 && zero.y == 7)
    }

    @Test("Resolutions of other event types, of nothing, or not numbers, are passed over")
    func otherCommentsAreIgnored() throws {
        // Under EV_KEY (the 99 above) nothing is taken; a comment that names no abs type first
        // gives nothing; a resolution that is not a number, or is 0, gives nothing.
        let noType = try Self.resolutions(Self.file(typeLine: "#   Event type 2 (EV_REL)"))
        #expect(noType.x == 0 && noType.y == 0)
        let word = try Self.resolutions(Self.file(resolutionX: "ten"))
        #expect(word.x == 0 && word.y == 5)
        let negative = try Self.resolutions(Self.file(resolutionX: "-3"))
        #expect(negative.x == 0)
    }

    @Test(
        "The DTH2242's 1.1 recording reads at 10 units per mm",
        .enabled(if: RealRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
    func realOldRecording() throws {
        let d = try RealRecordings.read("ts-wacom-dth2242-taps-multifinger-10.evemu").devices[0].description
        #expect(d.absInfo[EventCode.mtPositionX.code]?.resolution == 10)
        #expect(d.absInfo[EventCode.mtPositionY.code]?.resolution == 10)
        #expect(d.absInfo[EventCode.absX.code]?.resolution == 10)
    }
}
