import GestureKit
import GestureKitEvdev
import Testing

/// A protocol violation is found as a recording is replayed, after it was read: the error names
/// the event that broke the protocol (its place in its device's events and its time after the
/// recording's first event), so that it can be found in the file.
@Suite("Protocol violations name their event")
struct ProtocolViolationLocationTests {
    @Test("a slot beyond the device's count names the event, the file's seventh E: line, and its time after the first")
    func slotBeyondCount() throws {
        // The tap's events, then a second finger in slot 12 of a 10-slot device (0…9).
        var events = evemuTap(at: "1.000000", liftAt: "1.050000")
        events.insert(contentsOf: ["1.020000 0003 002f 0012", "1.020000 0000 0000 0000"], at: 6)
        let text = hostileEvemu(events: events)
        let recording = try EvemuReader.parse(text, source: "slots.evemu")
        let error = try #require(throws: EvdevError.self) {
            try Replayer(recording: recording, options: ReplayOptions(mapping: testMapping)).inputEvents()
        }
        #expect(error.file == "slots.evemu")
        #expect(error.description.contains("ABS_MT_SLOT 12 outside 0…9"), "\(error)")
        #expect(error.description.hasSuffix("(event 7 of the device, 0.020000s after the recording's first)"), "\(error)")
        // The seventh E: line of the file is the one that broke the protocol.
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("E: ") }
        #expect(lines[6] == "E: 1.020000 0003 002f 0012")
    }

    @Test("SYN_MT_REPORT (protocol A) in a libinput record file names its event alike")
    func protocolAInLibinputRecord() throws {
        let text = libinputRecord([libinputDevice(0, frames: [
            ["[1, 0, 3, 47, 0]", "[1, 0, 3, 57, 1]", "[1, 0, 3, 53, 100]", "[1, 0, 3, 54, 100]", "[1, 0, 0, 0, 0]"],
            ["[1, 10000, 0, 2, 0]", "[1, 10000, 0, 0, 0]"],
        ])])
        let recording = try LibinputRecordReader.parse(text, source: "a.yml")
        let error = try #require(throws: EvdevError.self) {
            try Replayer(recording: recording, options: ReplayOptions(mapping: testMapping)).inputEvents()
        }
        #expect(error.description.contains("SYN_MT_REPORT"), "\(error)")
        #expect(error.description.hasSuffix("(event 6 of the device, 0.010000s after the recording's first)"), "\(error)")
    }
}
