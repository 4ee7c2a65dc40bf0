import GestureKit
import GestureKitEvdev
import Testing

/// Recordings made elsewhere, fed to the readers and the writer as a tool writer or a QA engineer
/// would: control characters evemu keeps inside a line, comments that mention evemu, and a
/// description the evemu reader accepts written back as `libinput record` YAML.
@Suite("Recordings from other tools: what evemu accepts reads here too")
struct OtherToolsFilesTests {
    /// `evemuTouchscreen` with `N: Fixture Touch` renamed.
    static func evemu(named name: String) -> String {
        evemuTouchscreen.replacingOccurrences(of: "N: Fixture Touch", with: "N: \(name)")
            .replacingOccurrences(of: "\"Fixture Touch\"", with: "\"\(name)\"")
    }

    @Test("evemu: a device name holding NEL (U+0085), VT (U+000B) or FF (U+000C) reads whole (only \\n, or \\r\\n, ends an evemu line)",
          arguments: ["U+0085", "U+000B", "U+000C"])
    func controlCharacterInName(codePoint: String) throws {
        let name = "Panel" + String(UnicodeScalar(UInt32(codePoint.dropFirst(2), radix: 16)!)!) + "X"
        // EvemuReader splits on Character.isNewline, which also takes NEL, VT, FF, U+2028 and
        // U+2029 as line ends; evemu (getline) and the kernel's name do not. The project already
        // treats C1 controls in an N: line as a real case (EvdevRobustnessTests).
        let recording: Recording
        do {
            recording = try EvemuReader.parse(Self.evemu(named: name), source: "named.evemu")
        } catch {
            Issue.record("the file is refused: \(error)")
            return
        }
        #expect(recording.devices.first?.description.name == name)
    }

    @Test("evemu: a form feed inside a comment does not shift the line an error names")
    func formFeedInComment() throws {
        // Line 26 is "# a comment between events"; line 27 follows it.
        let text = evemuTouchscreen.replacingOccurrences(
            of: "# a comment between events", with: "# a comment\u{0C}# between events\nE: 1330495962.2 0003")
        let error = try #require(throws: EvdevError.self) { try EvemuReader.parse(text, source: "ff.evemu") }
        #expect(error.line == 27 && error.description.contains("E: 1330495962.2 0003"), "\(error)")
    }

    @Test("evemu: a comment '# EVEMU <word>' that is no version line is a comment, as the reader's doc says")
    func evemuWordInComment() throws {
        // EvemuReader: "a `# EVEMU 1.x` version line, or none at all; any other `#` line is a comment".
        let text = "# EVEMU recording\n" + evemuTouchscreen
        do {
            let recording = try EvemuReader.parse(text, source: "commented.evemu")
            #expect(recording.devices.first?.events.count == 11)
        } catch {
            Issue.record("a comment is refused: \(error)")
        }
    }

    @Test("writer round trip: an evemu A: line for an axis the B: mask leaves out is written so the reader reads it back")
    func writerRoundTripsAbsInfoOfUndeclaredAxis() throws {
        // The evemu reader accepts the A: line (and keeps its range); the writer writes it under
        // absinfo; LibinputRecordReader refuses an absinfo code that codes does not declare.
        let text = evemuTouchscreen.replacingOccurrences(
            of: "A: 39 0 65535 0 0 0", with: "A: 39 0 65535 0 0 0\nA: 3a 0 255 0 0 0")
        let recording = try EvemuReader.parse(text)
        let yaml = LibinputRecordWriter.yaml(for: recording)
        do {
            let back = try LibinputRecordReader.parse(yaml)
            #expect(back.devices.map(\.events) == recording.devices.map(\.events))
        } catch {
            Issue.record("the writer's output is refused by its reader: \(error)")
        }
    }
}
