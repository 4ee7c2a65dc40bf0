import Foundation

/// Runs the built `gesture-demo` binary and captures what it prints.
struct DemoRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The built binary: next to the test bundle in the build products folder.
    static var binary: URL {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidate = products.appendingPathComponent("gesture-demo")
        if !FileManager.default.fileExists(atPath: candidate.path) {
            // Some test runners start from inside the .xctest bundle.
            candidate = products.deletingLastPathComponent().appendingPathComponent("gesture-demo")
        }
        return candidate
    }

    /// The package root, for fixtures.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `gesture-demo` with `arguments` and an environment without colour.
    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> DemoRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in extra { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot stall the child.
        let errData = LockedData()
        let errReader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { Thread.sleep(forTimeInterval: 0.001) }
        return DemoRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self)
        )
    }
}

/// A value one thread sets and another waits for.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}
