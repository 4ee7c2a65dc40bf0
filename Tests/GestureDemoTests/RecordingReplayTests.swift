import Foundation
import Testing

/// The shared real recordings, replayed by `gesture-demo` as a user would.
///
/// The folder comes from `GESTUREKIT_RECORDINGS`, or `../shared/recordings` relative to the
/// package root. When it is absent the suite is skipped with the reason, and a line on stderr says
/// SKIPPED: it never passes silently.
enum SharedRecordings {
    static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["GESTUREKIT_RECORDINGS"], !dir.isEmpty { return dir }
        return DemoRun.packageRoot.appendingPathComponent("../shared/recordings").standardizedFileURL.path
    }()

    static let available: Bool = {
        let ok = FileManager.default.fileExists(atPath: directory + "/SOURCES.md")
        if !ok {
            FileHandle.standardError.write(Data(
                "SKIPPED: gesture-demo recording replays — no recordings at \(directory) (set GESTUREKIT_RECORDINGS)\n".utf8))
        }
        return ok
    }()

    /// One line of `replay --json` output.
    struct Line {
        var recognizer: String
        var state: String
        var fingers: Int
        var translation: (x: Double, y: Double)?
        var direction: String?
    }

    /// Replays `file` with `--json` and the extra arguments; returns the gesture lines.
    static func replay(_ file: String, _ arguments: [String] = []) throws -> [Line] {
        let run = try DemoRun.run(["replay", "--json"] + arguments + [directory + "/" + file])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return run.stdout.split(separator: "\n").compactMap { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let r = o["recognizer"] as? String, let s = o["state"] as? String else { return nil }
            var translation: (x: Double, y: Double)?
            if let t = o["translation"] as? [String: Any], let x = t["x"] as? Double, let y = t["y"] as? Double {
                translation = (x, y)
            }
            return Line(
                recognizer: r, state: s, fingers: o["fingers"] as? Int ?? 0, translation: translation,
                direction: o["direction"] as? String)
        }
    }
}

@Test("The recording replays of gesture-demo say whether they run")
func recordingReplaysStatus() {
    let line = SharedRecordings.available
        ? "gesture-demo recording replays: using \(SharedRecordings.directory)\n"
        : "SKIPPED: gesture-demo recording replays — \(SharedRecordings.directory) not found\n"
    FileHandle.standardError.write(Data(line.utf8))
    #expect(!SharedRecordings.directory.isEmpty)
}

@Suite(
    "gesture-demo on the shared recordings",
    .enabled(if: SharedRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct RecordingReplayTests {
    @Test("the ISDv4 two-finger tap is a tap-2f")
    func isdv4TwoFingerTap() throws {
        let lines = try SharedRecordings.replay("ts-wacom-isdv4-2finger-tap.evemu")
        #expect(lines.map { "\($0.recognizer) \($0.state) \($0.fingers)" } == ["tap-2f recognized 2"])
    }

    @Test("the ISDv4 two-finger circle shows its rotation although swipe-2f recognizes first")
    func isdv4Circle() throws {
        let lines = try SharedRecordings.replay("ts-wacom-isdv4-2finger-circle.evemu")
        let began = lines.filter { $0.state == "began" || $0.state == "recognized" }.map(\.recognizer)
        #expect(began.contains("swipe-2f"))
        #expect(began.contains("rotation"))
        #expect(lines.contains { $0.recognizer == "rotation" && $0.state == "ended" })
    }

    // Touchpads, as raw touches (`--touchpads`): libinput's own gestures come only live.

    /// The first began line of `recognizer`, and its last ended line.
    private func span(_ lines: [SharedRecordings.Line], _ recognizer: String) -> (began: SharedRecordings.Line, ended: SharedRecordings.Line)? {
        guard let b = lines.first(where: { $0.recognizer == recognizer && $0.state == "began" }),
              let e = lines.last(where: { $0.recognizer == recognizer && $0.state == "ended" }) else { return nil }
        return (b, e)
    }

    @Test("the Synaptics clickpad's 2-finger scroll down is a 2-finger pan down and a swipe-2f down")
    func synapticsScrollDown() throws {
        let lines = try SharedRecordings.replay("tp-synaptics-clickpad-2finger-scroll-down.evemu", ["--touchpads"])
        let pan = try #require(span(lines, "pan"), "\(lines.map { "\($0.recognizer) \($0.state)" })")
        #expect(pan.began.fingers == 2)
        let t = try #require(pan.ended.translation)
        #expect(t.y > 200 && abs(t.x) < t.y / 5, "translation \(t)")
        #expect(lines.contains { $0.recognizer == "swipe-2f" && $0.state == "recognized" && $0.direction == "down" })
    }

    @Test("the Intuos5's 2-finger swipe right is a 2-finger pan right and a swipe-2f right")
    func intuos5SwipeRight() throws {
        let lines = try SharedRecordings.replay("tp-wacom-intuos5-2finger-swipe-right.evemu", ["--touchpads"])
        let pan = try #require(span(lines, "pan"), "\(lines.map { "\($0.recognizer) \($0.state)" })")
        #expect(pan.began.fingers == 2)
        let t = try #require(pan.ended.translation)
        #expect(t.x > 200 && abs(t.y) < t.x / 5, "translation \(t)")
        #expect(lines.contains { $0.recognizer == "swipe-2f" && $0.state == "recognized" && $0.direction == "right" })
    }

    @Test("the Intuos5's 2-finger tap is a tap-2f and nothing else")
    func intuos5TwoFingerTap() throws {
        let lines = try SharedRecordings.replay("tp-wacom-intuos5-2finger-tap.evemu", ["--touchpads"])
        #expect(lines.map { "\($0.recognizer) \($0.state) \($0.fingers)" } == ["tap-2f recognized 2"])
    }

    @Test("without --touchpads a touchpad recording is refused with a hint")
    func touchpadNeedsTheFlag() throws {
        let run = try DemoRun.run(["replay", SharedRecordings.directory + "/tp-wacom-intuos5-2finger-tap.evemu"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--touchpads"))
    }
}
