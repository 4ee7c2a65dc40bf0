import GestureKit
import GestureKitEvdev
import Testing

/// Recordings a host may hand the readers that nobody here wrote: Windows line endings, a JSON
/// export on one line, YAML with its document marker. Each test failed on the code before its
/// fix.
@Suite("Readers on bad input")
struct BadInputTests {
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

/// The decoder announces the output its touchscreen is mapped onto, so that the engine keeps a
/// mirrored sensor's first column on that output (see `SideBySideOutputTests`).
@Suite("Decoder's output frame")
struct DecoderOutputFrameTests {
    @Test("a touchscreen's device carries its mapping's frame; the sensor's first column, flipped, is on its far edge")
    func decoderAnnouncesTheOutput() throws {
        let mapping = OutputMapping(size: Size(width: 600, height: 400), flipsHorizontally: true, origin: Point(x: 1920, y: 0))
        let decoder = try TouchDecoder(description: testTouchscreen(), id: DeviceID(1), mapping: mapping)
        #expect(decoder.device.outputFrame == mapping.frame)
        let upright = try TouchDecoder(description: testTouchscreen(), id: DeviceID(1), mapping: OutputMapping(size: Size(width: 600, height: 400)))
        // An upright mapping keeps every sensor point inside its output; its frame is announced
        // all the same, for the edges an edge pan measures the device's touches against.
        #expect(upright.device.outputFrame == Rect(x: 0, y: 0, width: 600, height: 400))
        #expect(mapping.map(normalized: Point(x: 0, y: 0.5)).x == mapping.frame.maxX,
                "the mapping itself stays as it was: the engine keeps such a point on the output")
    }
}
