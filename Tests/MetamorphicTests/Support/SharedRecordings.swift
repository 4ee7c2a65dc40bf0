import Foundation
import GestureKit
import GestureKitEvdev

/// The shared real recordings (the evemu captures described in `SOURCES.md` beside them).
///
/// The directory comes from `GESTUREKIT_RECORDINGS`, or `../shared/recordings` relative to the
/// package root, as for the real-recordings tier of GestureKitEvdevTests. When it is missing the
/// suites that need it are disabled with the reason, and a `SKIPPED` line goes to stderr: the tier
/// never passes silently.
enum SharedRecordings {
    static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["GESTUREKIT_RECORDINGS"], !dir.isEmpty { return dir }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.appendingPathComponent("../shared/recordings").standardizedFileURL.path
    }()

    static let available: Bool = {
        let ok = FileManager.default.fileExists(atPath: directory + "/SOURCES.md")
        if !ok {
            FileHandle.standardError.write(Data(
                "SKIPPED: metamorphic and labelled-episode tiers — no recordings at \(directory) (set GESTUREKIT_RECORDINGS)\n".utf8))
        }
        return ok
    }()

    /// The touchscreen recordings (`ts-*.evemu`), sorted.
    static func touchscreenFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("ts-") && $0.hasSuffix(".evemu") }.sorted()
    }

    /// Reads one recording.
    static func read(_ file: String) throws -> Recording {
        try EvemuReader.read(contentsOf: directory + "/" + file)
    }
}

/// Writes a line to stderr at once (the test runner's own output is line-buffered on stdout).
func report(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
