import Foundation
import Testing

/// `gesture-demo replay` on recordings cut short or mangled: a clear message and exit status, and
/// no gesture left open in the log.
@Suite("Robustness: gesture-demo replay")
struct DemoRobustnessTests {
    /// A touchscreen recording whose only finger lands and holds still for 0.8 s, and is still
    /// down when the recording ends (the capture was stopped mid-touch).
    static let cutShort = """
        N: Cut Short Touch
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
        E: 0.000000 0003 002f 0000
        E: 0.000000 0003 0039 0003
        E: 0.000000 0003 0035 0400
        E: 0.000000 0003 0036 0240
        E: 0.000000 0001 014a 0001
        E: 0.000000 0000 0000 0000
        E: 0.800000 0003 0035 0401
        E: 0.800000 0000 0000 0000

        """

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("robustness-\(UUID().uuidString).evemu").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: - Fixed: each failed before its fix

    @Test("A recording that ends with a finger down: every gesture the log shows begun is ended or cancelled")
    func cutShortRecordingLeavesNoGestureOpen() throws {
        let path = try Self.write(Self.cutShort)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoRun.run(["replay", "--json", path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        var last: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let r = o["recognizer"] as? String, let s = o["state"] as? String else { continue }
            last[r] = s
        }
        #expect(last["long-press"] != nil, "the long press is reported: \(run.stdout)")
        let open = last.filter { $0.value == "began" || $0.value == "changed" }
        #expect(open.isEmpty, "left open when the replay ended: \(open)")
    }

    // MARK: - Pinned

    @Test("Mangled recordings give one clear line and exit status 1, never a crash", arguments: [
        ("E: 0.000000 0003 002f 0000", "E: 0.000000 0003 002f 0005", "ABS_MT_SLOT 5 outside 0…1"),
        ("E: 0.800000 0003 0035 0401", "E: 0.800000 0003 0035 99999999999", "expected \"E: <sec>.<usec>"),
        ("A: 2f 0 1 0 0 0", "A: 2f 0 5000 0 0 0", "the kernel allows at most 1024 slots"),
        ("E: 0.800000 0003 0035 0401", "E: 0.800000 0000 0002 0000", "SYN_MT_REPORT"),
        ("N: Cut Short Touch", "", "an N: line"),
    ])
    func mangled(original: String, replacement: String, message: String) throws {
        let path = try Self.write(Self.cutShort.replacingOccurrences(of: original, with: replacement))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoRun.run(["replay", path])
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.hasPrefix("gesture-demo: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
