import Foundation
import Testing

/// Runs an example's executable as a user would and returns what it printed.
///
/// The executables are built next to the test bundle (the directory of `CommandLine.arguments[0]`
/// or of the main bundle), since building the tests builds every product of the package.
struct ExampleRun {
    let status: Int32
    let lines: [String]
    let errorOutput: String

    static func binary(_ name: String) -> URL? {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(Bundle.main.bundleURL)
        for directory in directories {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func run(_ name: String, _ arguments: [String] = []) throws -> ExampleRun {
        let url = try #require(binary(name), "no \(name) executable next to the tests; build the package's products first")
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot stall the example.
        let errorData = ErrorReader(err.fileHandleForReading)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return ExampleRun(status: process.terminationStatus, lines: lines, errorOutput: errorData.text())
    }
}

/// Drains a pipe on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let d = handle.readDataToEndOfFile()
            lock.withLock { data = d }
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
