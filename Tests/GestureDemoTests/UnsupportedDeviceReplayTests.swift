import Foundation
import Testing

/// `libinput record` takes whatever nodes it is given: a touchscreen is often recorded beside a
/// power button or its pen. `gesture-demo replay` replays the touchscreen and names what it leaves
/// out, as it leaves out a touchpad without `--touchpads`.
@Suite("gesture-demo replay beside devices it cannot replay")
struct UnsupportedDeviceReplayTests {
    /// A touchscreen tapped once, then `extra` devices.
    static func recording(with extra: String) -> String {
        """
        version: 1
        ndevices: 3
        devices:
        - node: /dev/input/event4
          evdev:
            name: "Screen"
            id: [24, 1003, 30726, 256]
            codes:
              0: [0, 1, 3]
              1: [330]
              3: [0, 1, 47, 53, 54, 57]
            absinfo:
              0: [0, 1599, 0, 0, 11]
              1: [0, 2559, 0, 0, 11]
              47: [0, 9, 0, 0, 0]
              53: [0, 1599, 0, 0, 11]
              54: [0, 2559, 0, 0, 11]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          events:
          - evdev:
            - [  1, 100000,   3,  47,       0]
            - [  1, 100000,   3,  57,       5]
            - [  1, 100000,   3,  53,     800]
            - [  1, 100000,   3,  54,    1280]
            - [  1, 100000,   1, 330,       1]
            - [  1, 100000,   0,   0,       0]
          - evdev:
            - [  1, 180000,   3,  57,      -1]
            - [  1, 180000,   1, 330,       0]
            - [  1, 180000,   0,   0,       0]
        \(extra)
        """
    }

    static let powerButton = """
        - node: /dev/input/event2
          evdev:
            name: "Power Button"
            id: [25, 0, 1, 0]
            codes:
              0: [0, 1]
              1: [116]
            properties: []
          events: []
        """

    static let pen = """
        - node: /dev/input/event5
          evdev:
            name: "Screen Pen"
            id: [24, 1003, 30726, 256]
            codes:
              0: [0, 1, 3]
              1: [320, 321, 330, 331, 332]
              3: [0, 1, 24]
            absinfo:
              0: [0, 27760, 0, 0, 100]
              1: [0, 15694, 0, 0, 100]
              24: [0, 255, 0, 0, 0]
            properties: [1]
          events:
          - evdev:
            - [  2, 0,   1, 320,     1]
            - [  2, 0,   3,   0, 10000]
            - [  2, 0,   3,   1,  8000]
            - [  2, 0,   1, 330,     1]
            - [  2, 0,   0,   0,     0]
          - evdev:
            - [  2, 300000,   3,   0, 16000]
            - [  2, 300000,   0,   0,     0]
          - evdev:
            - [  2, 400000,   1, 330,     0]
            - [  2, 400000,   1, 320,     0]
            - [  2, 400000,   0,   0,     0]
        """

    static func replay(_ text: String) throws -> DemoRun {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unsupported-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try DemoRun.run(["replay", path])
    }

    @Test("a touchscreen beside a power button and a pen: its tap is replayed, the others named and left out")
    func touchscreenBesideOthers() throws {
        let run = try Self.replay(Self.recording(with: Self.powerButton + "\n" + Self.pen))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("tap"), "the touchscreen's tap: \(run.stdout)")
        #expect(!run.stdout.contains("pan"), "the pen's stroke is no finger's pan: \(run.stdout)")
        #expect(run.stderr.contains("leaving out \"Power Button\": not a touch device"), "\(run.stderr)")
        #expect(run.stderr.contains("leaving out \"Screen Pen\": a pen tablet"), "\(run.stderr)")
    }

    @Test("a recording of devices none of which is a touchscreen is still refused, naming them")
    func nothingToReplay() throws {
        var text = Self.recording(with: Self.powerButton)
        let start = try #require(text.range(of: "- node: /dev/input/event4"))
        let end = try #require(text.range(of: "- node: /dev/input/event2"))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        let run = try Self.replay(text)
        #expect(run.status != 0)
        #expect(run.stderr.contains("no touchscreen touches to replay"), "\(run.stderr)")
        #expect(run.stderr.contains("Power Button"), "\(run.stderr)")
    }
}
