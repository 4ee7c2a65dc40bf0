import CFuzzDriver
import Glibc
import GestureKitEvdev

/// Seed corpora, made at run time from the shared recordings (never copied into the repository).
///
/// Each fuzz target declares libFuzzer's `LLVMFuzzerInitialize` and calls ``writeSeedsIfAsked(_:)``
/// with its own conversion: when `GESTUREKIT_FUZZ_WRITE_SEEDS` names a folder, every recording in
/// `GESTUREKIT_RECORDINGS` is converted into that folder and the process exits; otherwise nothing
/// happens and fuzzing starts.
public enum Seeds {
    public static func writeSeedsIfAsked(_ convert: (_ text: String, _ recording: Recording) -> [UInt8]?) {
        guard let out = getenv("GESTUREKIT_FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) else { return }
        let folder = getenv("GESTUREKIT_RECORDINGS").map { String(cString: $0) } ?? "../shared/recordings"
        guard let dir = opendir(folder) else { fail("cannot open \(folder)") }
        defer { closedir(dir) }
        var written = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".evemu") || name.hasSuffix(".yml") || name.hasSuffix(".yaml") else { continue }
            let path = folder + "/" + name
            guard let text = read(path) else { fail("cannot read \(path)") }
            guard let recording = try? RecordingReader.parse(text, source: path), let bytes = convert(text, recording) else { continue }
            write(bytes, to: out + "/" + name + ".seed")
            written += 1
        }
        guard written > 0 else { fail("no recording converted from \(folder)") }
        print("seeds: \(written) written to \(out)")
        exit(0)
    }

    static func read(_ path: String) -> String? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ bytes: [UInt8], to path: String) {
        guard let f = fopen(path, "wb") else { fail("cannot write \(path)") }
        defer { fclose(f) }
        guard fwrite(bytes, 1, bytes.count, f) == bytes.count else { fail("cannot write \(path)") }
    }

    static func fail(_ message: String) -> Never {
        // Straight to file descriptor 2: the C `stderr` variable is shared mutable state.
        _ = "seeds: \(message)\n".withCString { Glibc.write(2, $0, strlen($0)) }
        exit(1)
    }
}

/// Ends the process with `status` (the C library's `exit`, for the targets' `main.swift`).
public func exit(_ status: CInt) -> Never { Glibc.exit(status) }

/// Runs libFuzzer's driver with `testOneInput`: what a target's `main.swift` calls.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
