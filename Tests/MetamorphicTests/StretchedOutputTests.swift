import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// The same recording replayed onto outputs of other sizes and aspect ratios, with the panel's
/// physical size known: the points change, the millimetres the fingers travelled do not, so the
/// demo graph must recognize the same gestures. (Without a resolution or a physical size the
/// engine takes the output's points as square, so there a stretched output is another panel.)
@Suite(
    "Stretched outputs on the shared recordings",
    .enabled(if: SharedRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct StretchedOutputTests {
    /// The panel's physical size, as seen, for every replay of a recording.
    static let panel = ["--output-mm", "300x200"]
    /// The output the others are compared with: the panel's own aspect ratio.
    static let square = ["--output-size", "1920x1280"]

    @Test(
        "the same gestures on an output stretched along either axis or shrunk",
        arguments: ["1920x540", "700x1280", "480x320"])
    func stretched(_ size: String) throws {
        for file in try SharedRecordings.touchscreenFiles() {
            let recording = try SharedRecordings.read(file)
            let original = try DemoReplay.run(recording, arguments: Self.panel + Self.square).gestures
            #expect(!original.isEmpty, "\(file): nothing recognized on the unstretched output")
            let got = try DemoReplay.run(recording, arguments: Self.panel + ["--output-size", size]).gestures
            let found = GestureComparison.differences(expected: original, actual: got)
            #expect(found.isEmpty, "\(file) on \(size):\n\(found.map { "    " + $0 }.joined(separator: "\n"))")
        }
    }

    @Test("a stretched output with the panel's size turned a quarter turn: the same gestures as unturned")
    func stretchedAndTurned() throws {
        for file in try SharedRecordings.touchscreenFiles() {
            let recording = try SharedRecordings.read(file)
            let original = try DemoReplay.run(recording, arguments: Self.panel + Self.square).gestures
            let turned = try DemoReplay.run(
                RecordingTransforms.rotatedQuarterTurn(recording),
                arguments: ["--rotation", "90", "--output-mm", "300x200", "--output-size", "1920x540"]).gestures
            let found = GestureComparison.differences(expected: original, actual: turned)
            #expect(found.isEmpty, "\(file):\n\(found.map { "    " + $0 }.joined(separator: "\n"))")
        }
    }
}
