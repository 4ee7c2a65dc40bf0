import GestureKit
import GestureKitEvdev
import Foundation
import Testing

/// Replays the inputs the fuzz targets kept (Fuzz/Regressions/<target>/: crashers found by
/// `Fuzz/run`, and hand-made hostile inputs) through the same calls as the targets. A regression
/// traps the process, which fails the run; the reader's answer itself may be an error.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions")

    static func inputs(_ target: String) throws -> [(name: String, data: Data)] {
        let dir = folder.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { ($0, try Data(contentsOf: dir.appendingPathComponent($0))) }
    }

    /// The text targets: each kept input read as its target reads it.
    @Test(arguments: ["FuzzEvemu", "FuzzLibinputRecord", "FuzzFormat"])
    func textInputs(target: String) throws {
        let inputs = try Self.inputs(target)
        #expect(!inputs.isEmpty, "no kept input in Fuzz/Regressions/\(target)")
        for input in inputs {
            let text = String(decoding: input.data, as: UTF8.self)
            let result = Result { () throws(EvdevError) -> Recording in
                switch target {
                case "FuzzEvemu": return try EvemuReader.parse(text, source: input.name)
                case "FuzzLibinputRecord": return try LibinputRecordReader.parse(text, source: input.name)
                default:
                    _ = RecordingReader.format(of: text)
                    return try RecordingReader.parse(text, source: input.name)
                }
            }
            if case .failure(let error) = result { #expect(!error.description.isEmpty, "\(input.name)") }
        }
    }

    @Test func decoderInputs() throws {
        let inputs = try Self.inputs("FuzzDecoder")
        #expect(!inputs.isEmpty, "no kept input in Fuzz/Regressions/FuzzDecoder")
        for input in inputs {
            input.data.withUnsafeBytes { raw in FuzzDecoderInput.run(raw.bindMemory(to: UInt8.self)) }
        }
    }
}
