import Foundation
import Testing

/// EdgeZones: a compositor's layout of edge, corner and exclusion zones, played by its script and
/// replaying the shared ISDv4 edge-swipe recordings.
@Suite("EdgeZones: a compositor's edges, corners and keyboard")
struct EdgeZonesTests {
    @Test("the script makes each gesture of the layout once; the keyboard's area starts no back or workspace swipe")
    func script() throws {
        let run = try ExampleRun.run("EdgeZones")
        #expect(run.status == 0, "\(run.errorOutput)")
        let expected = [
            "overview: 1 finger from the bottom edge, going up",
            "notifications: 1 finger from the top edge, going down",
            "launcher: 1 finger from the top-left corner, going right|down",
            "back: 2 fingers from the right edge, going left",
            "workspaces: 3 fingers left",
            "back: 1 finger from the left edge, going right",
            "workspaces: 3 fingers right",
        ]
        #expect(run.lines.map { $0.components(separatedBy: "  ").last ?? "" } == expected)
        let keyboard = try ExampleRun.run("EdgeZones", ["--keyboard"])
        #expect(keyboard.lines.map { $0.components(separatedBy: "  ").last ?? "" } == Array(expected.prefix(5)))
    }

    /// The shared recordings' folder: `GESTUREKIT_RECORDINGS`, else `../shared/recordings` beside
    /// the package.
    static let recordings: String = {
        if let dir = ProcessInfo.processInfo.environment["GESTUREKIT_RECORDINGS"], !dir.isEmpty { return dir }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
    }()

    static let available: Bool = {
        let found = FileManager.default.fileExists(atPath: recordings)
        if !found {
            FileHandle.standardError.write(Data("SKIPPED: EdgeZones recording replays — no recordings at \(recordings) (set GESTUREKIT_RECORDINGS)\n".utf8))
        }
        return found
    }()

    @Test("replaying the ISDv4 tablet's recorded edge swipes on its 261×163 mm panel", .enabled(if: EdgeZonesTests.available, "recordings not found; set GESTUREKIT_RECORDINGS"))
    func replays() throws {
        let two = try ExampleRun.run("EdgeZones", ["--replay", Self.recordings + "/ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu", "--output-mm", "261x163"])
        #expect(two.status == 0, "\(two.errorOutput)")
        #expect(two.lines.map { $0.components(separatedBy: "  ").last ?? "" } == ["back: 2 fingers from the left edge, going right"])
        // The one-finger stroke starts 11 mm from the left edge and 11 mm from the top: in the
        // launcher's 12 mm corner, which wins over the back band.
        let one = try ExampleRun.run("EdgeZones", ["--replay", Self.recordings + "/ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu", "--output-mm", "261x163"])
        #expect(one.lines.count == 1 && one.lines[0].contains("launcher: 1 finger from the top-left corner"), "\(one.lines)")
        // Without the panel's size, the device's millimetres are the fallback's guess: the strokes
        // start beyond every band, and nothing starts.
        let guess = try ExampleRun.run("EdgeZones", ["--replay", Self.recordings + "/ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu"])
        #expect(guess.status == 0 && guess.lines.isEmpty, "\(guess.lines)")
        let bad = try ExampleRun.run("EdgeZones", ["--replay", Self.recordings + "/ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu", "--output-mm", "wide"])
        #expect(bad.status != 0 && bad.errorOutput.contains("--output-mm"))
    }
}
