import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// KioskNavigator replaying recordings: the same three gestures as its script, recorded on a
/// 256 × 160 mm touchscreen (2560 × 1600 units at 10 units/mm) that maps onto its 1280 × 800
/// point screen — 2 units a point, 5 points a millimetre, as the script assumes.
@Suite("KioskNavigator replays recordings")
struct KioskReplayTests {
    /// The script's gestures as an evemu recording: protocol B slots, one `SYN_REPORT` a frame.
    static func evemuRecording() -> String {
        var lines = [
            "# EVEMU 1.3", "N: Kiosk Test Touchscreen", "I: 0018 0000 0001 0002", "P: 02 00 00 00 00 00 00 00",
            "B: 00 0b 00 00 00 00 00 00 00",
        ]
        lines += Array(repeating: "B: 01 00 00 00 00 00 00 00 00", count: 5)
        lines += ["B: 01 00 04 00 00 00 00 00 00", "B: 03 03 00 00 00 00 80 60 02"]
        lines += ["A: 00 0 2559 0 0 10", "A: 01 0 1599 0 0 10", "A: 2f 0 1 0 0 0",
                  "A: 35 0 2559 0 0 10", "A: 36 0 1599 0 0 10", "A: 39 0 65535 0 0 0"]
        var ms = 0
        var trackingID = 0
        func event(_ type: Int, _ code: Int, _ value: Int) {
            lines.append(String(format: "E: %ld.%06ld %04lx %04lx %ld", ms / 1000, (ms % 1000) * 1000, type, code, value))
        }
        func syn() { event(0, 0, 0) }
        // (slot, x, y) in points; down lands fingers, move moves them, up lifts them.
        func down(_ fingers: [(Int, Int, Int)]) {
            for (slot, x, y) in fingers {
                trackingID += 1
                event(3, 0x2f, slot); event(3, 0x39, trackingID); event(3, 0x35, 2 * x); event(3, 0x36, 2 * y)
            }
            event(1, 0x14a, 1); syn()
        }
        func move(_ fingers: [(Int, Int, Int)]) {
            for (slot, x, y) in fingers { event(3, 0x2f, slot); event(3, 0x35, 2 * x); event(3, 0x36, 2 * y) }
            syn()
        }
        func up(_ slots: [Int]) {
            for slot in slots { event(3, 0x2f, slot); event(3, 0x39, -1) }
            event(1, 0x14a, 0); syn()
        }
        ms = 1000; down([(0, 700, 400)])                       // long press on the map
        ms = 1700; up([0])
        ms = 2000; down([(0, 600, 400), (1, 800, 400)])        // pinch out on the map
        for step in 1...10 { ms += 10; move([(0, 600 - 10 * step, 400), (1, 800 + 10 * step, 400)]) }
        ms += 10; up([0, 1])
        ms = 3000; down([(0, 5, 400)])                         // swipe in from the left edge
        for step in 1...10 { ms += 10; move([(0, 5 + 50 * step, 400)]) }
        ms += 10; up([0])
        return lines.joined(separator: "\n") + "\n"
    }

    /// The script's output without its "> step" headers.
    static let gestureLines = ExampleOutputTests.kioskLines.filter { !$0.hasPrefix(">") }

    static func write(_ text: String, named name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-\(UInt64.random(in: 0...UInt64.max))-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("an evemu recording of the script's gestures prints what the script prints")
    func evemu() throws {
        let path = try Self.write(Self.evemuRecording(), named: "recording.evemu")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ExampleRun.run("KioskNavigator", ["--replay", path])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == Self.gestureLines)
    }

    @Test("the same recording as libinput record YAML prints the same")
    func libinputRecord() throws {
        let recording = try EvemuReader.parse(Self.evemuRecording(), source: "kiosk.evemu")
        #expect(recording.devices.first?.description.classification == .touchscreen)
        let path = try Self.write(LibinputRecordWriter.yaml(for: recording), named: "recording.yml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ExampleRun.run("KioskNavigator", ["--replay", path])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == Self.gestureLines)
    }

    @Test("a missing file and conflicting options are reported, not crashed on")
    func errors() throws {
        let missing = try ExampleRun.run("KioskNavigator", ["--replay", "/nonexistent/kiosk.evemu"])
        #expect(missing.status != 0)
        #expect(missing.errorOutput.contains("kiosk.evemu"))
        let both = try ExampleRun.run("KioskNavigator", ["--live", "--replay", "x"])
        #expect(both.status == 64)
        #expect(both.errorOutput.contains("choose one of --script, --replay and --live"))
    }
}
