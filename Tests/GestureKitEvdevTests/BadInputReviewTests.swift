import GestureKitEvdev
import Testing

/// Recordings a host may hand the readers that nobody here wrote: Windows line endings, a JSON
/// export on one line, YAML with its document marker. Each test failed on the code before its
/// fix.
@Suite("Readers on bad input review")
struct BadInputReviewTests {
    @Test("a CRLF libinput record file with an alias is refused naming line 8 and the alias (it trapped before)")
    func crlfAlias() throws {
        let text = "version: 1\r\nndevices: 1\r\ndevices:\r\n- evdev:\r\n    name: x\r\n    codes: {0: [0]}\r\n  events:\r\n  - evdev: [*a]\r\n"
        let error = try readError(text, source: "crlf.yml")
        #expect(error.line == 8)
        #expect(error.description.contains("*a"), "\(error)")
    }

    @Test("a malformed line is quoted up to 80 characters, not whole")
    func malformedLineIsQuotedBounded() throws {
        // A 1 MB single-line file: what a JSON export of a recording looks like.
        let text = "{\"version\": 1, \"devices\": [" + String(repeating: "[0, 0, 3, 53, 100], ", count: 50_000) + "]}"
        let error = try readError(text, source: "big.json")
        #expect(error.line == 1)
        #expect(error.description.utf8.count < 300, "the message is \(error.description.utf8.count) bytes long")
        #expect(error.description.contains("{\"version\": 1"), "the start of the line is quoted: \(error)")
    }

    @Test("libinput record YAML that opens with the document marker --- is read as libinput record", arguments: ["---\n", "%YAML 1.1\n---\n"])
    func documentMarkerIsYAML(start: String) throws {
        let text = start + libinputRecord([libinputDevice(0, frames: libinputTap(at: "1"))])
        #expect(RecordingReader.format(of: text) == .libinputRecord)
        let recording = try RecordingReader.parse(text, source: "marked.yml")
        #expect(recording.devices.count == 1)
    }
}
