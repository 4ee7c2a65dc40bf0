import Foundation
import Testing

// `gesture-demo` on bad input and options a host may give it: each test failed on the code
// before its fix (the crash or hang is named in the test).

/// Runs `gesture-demo` like `DemoRun.run`, but kills it after `seconds`.
private func runWithTimeout(_ arguments: [String], seconds: Double) throws -> (status: Int32, timedOut: Bool, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = DemoRun.binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    process.environment = env
    let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("cli-out-\(UUID().uuidString)").path
    let errPath = outPath + ".err"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    defer {
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
    }
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let timedOut = process.isRunning
    // SIGKILL: the test runner hands its blocked SIGTERM mask down to the child.
    if timedOut { kill(process.processIdentifier, SIGKILL) }  // only the child this test started
    process.waitUntilExit()
    let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return (process.terminationStatus, timedOut, out, err)
}

private func write(_ text: String, _ ext: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString).\(ext)").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// A one-finger touchscreen evemu recording: a tap at 1 s and another `gap` seconds later.
private func twoTaps(gap: Int) -> String {
    var lines = [
        "# EVEMU 1.3", "N: Test Screen", "I: 0018 0000 0001 0002", "P: 02 00 00 00 00 00 00 00",
        "B: 00 0b 00 00 00 00 00 00 00",
    ]
    lines += Array(repeating: "B: 01 00 00 00 00 00 00 00 00", count: 5)
    lines += ["B: 01 00 04 00 00 00 00 00 00", "B: 03 03 00 00 00 00 80 60 02"]
    lines += ["A: 00 0 799 0 0 10", "A: 01 0 479 0 0 10", "A: 2f 0 9 0 0 0", "A: 35 0 799 0 0 10", "A: 36 0 479 0 0 10", "A: 39 0 65535 0 0 0"]
    for (n, s) in [1, 1 + gap].enumerated() {
        let t = "\(s).000000", u = "\(s).050000"
        lines += ["E: \(t) 0003 002f 0000", "E: \(t) 0003 0039 \(n + 1)", "E: \(t) 0003 0035 0400", "E: \(t) 0003 0036 0240",
                  "E: \(t) 0001 014a 0001", "E: \(t) 0000 0000 0000",
                  "E: \(u) 0003 0039 -001", "E: \(u) 0001 014a 0000", "E: \(u) 0000 0000 0000"]
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("gesture-demo on bad input and options")
struct CLIBadInputTests {
    @Test("replay of a CRLF libinput record file with an alias: exit 1 naming the line, not a crash")
    func crlfAlias() throws {
        let path = try write(
            "version: 1\r\nndevices: 1\r\ndevices:\r\n- evdev:\r\n    name: x\r\n    codes: {0: [0]}\r\n  events:\r\n  - evdev: [*a]\r\n", "yml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoRun.run(["replay", path])
        // Before the fix: status 132 (SIGILL), "Fatal error: Index out of range" in YAMLAliasScan.swift:18.
        #expect(run.status == 1, "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains("\(path):8: expected YAML without aliases"), "\(run.stderr.prefix(300))")
    }

    @Test("--long-press-ms with a huge or infinite value is a usage error, not a crash", arguments: ["1e20", "inf"])
    func hugeLongPress(value: String) throws {
        let run = try DemoRun.run(["replay", "--long-press-ms", value])
        // Before the fix: "Fatal error: Double value cannot be converted to Int64", killed by SIGILL.
        #expect(run.status == 64, "status \(run.status): \(run.stderr.prefix(200))")
    }

    @Test("--output-size inf×1080 is refused, or the JSON lines are real objects, never {}")
    func infiniteOutputSize() throws {
        let run = try DemoRun.run(["replay", "--json", "--output-size", "infx1080"])
        if run.status == 0 {
            let lines = run.stdout.split(separator: "\n")
            #expect(!lines.isEmpty)
            // Before the fix: every line is "{}" (JSONEncoder refuses the infinite location; GestureLog prints "{}").
            #expect(!lines.contains("{}"), "\(lines.filter { $0 == "{}" }.count) of \(lines.count) lines are {}")
        } else {
            #expect(run.status == 64)
        }
    }

    @Test("replay --svg of a 1 KB recording whose two taps are 999,999,000 s apart finishes (within the 10⁹ s limit)")
    func svgOfLongRecordingFinishes() throws {
        let path = try write(twoTaps(gap: 999_999_000), "evemu")
        let svg = path + ".svg"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: svg)
        }
        // Without --svg the replay takes 0.05 s. With it, SVGRenderer writes a tick every 5 s of the
        // timeline: 2×10⁸ ticks, tens of gigabytes, growing without bound (2.3 GB after 120 s).
        let run = try runWithTimeout(["replay", "--svg", svg, path], seconds: 30)
        #expect(!run.timedOut, "still running after 30 s")
        #expect(run.status == 0)
    }

    @Test("text output keeps a space between the time and the recognizer past 100,000 s")
    func textColumnsPast100000Seconds() throws {
        let path = try write(twoTaps(gap: 100_000), "evemu")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoRun.run(["replay", path])
        #expect(run.status == 0)
        // Before the fix: "100000.350stap           recognized …".
        #expect(!run.stdout.contains("stap"), "\(run.stdout)")
    }

    @Test("devices and live give the same exit status, 5, for a --device node that does not exist")
    func missingNodeExitStatus() throws {
        let devices = try DemoRun.run(["devices", "--device", "/dev/input/event99"])
        let live = try DemoRun.run(["live", "--device", "/dev/input/event99"])
        // Before the fix: devices 4 ("none of these is a touchscreen or touchpad"), live 5.
        #expect(live.status == 5)
        #expect(devices.status == live.status, "devices \(devices.status), live \(live.status)")
        #expect(devices.stderr.contains("no such input device: /dev/input/event99"), "\(devices.stderr)")
    }

    @Test("A --device node that opens but is no input device (/dev/null) is listed as rejected by devices, which exits 5 as live does")
    func rejectedNodeExitStatus() throws {
        let devices = try DemoRun.run(["devices", "--device", "/dev/null"])
        let live = try DemoRun.run(["live", "--device", "/dev/null"])
        #expect(live.status == 5)
        #expect(devices.status == live.status, "devices \(devices.status), live \(live.status)")
        #expect(devices.stderr.contains("libinput did not accept /dev/null as an input device"), "\(devices.stderr)")
        #expect(!devices.stderr.contains("is udev running"), "\(devices.stderr)")
        #expect(devices.stdout.contains("/dev/null"), "the listing names the node: \(devices.stdout)")
    }
}
