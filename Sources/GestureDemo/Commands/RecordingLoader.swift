import Foundation
import GestureKitEvdev

/// Reads a recording in either format, telling them apart by content: `libinput record` YAML
/// starts with `version:` (after comments); everything else is read as evemu.
enum RecordingLoader {
    static func load(_ path: String) throws(EvdevError) -> Recording {
        guard FileManager.default.fileExists(atPath: path) else {
            throw EvdevError(file: path, .unreadable("no such file"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EvdevError(file: path, .unreadable("permission denied or not a regular file"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw EvdevError(file: path, .unreadable("not UTF-8 text"))
        }
        let firstLine = text.split(whereSeparator: \.isNewline).first { line in
            let t = line.drop { $0 == " " }
            return !t.isEmpty && !t.hasPrefix("#")
        } ?? ""
        if firstLine.hasPrefix("version:") || firstLine.hasPrefix("ndevices:") || firstLine.hasPrefix("devices:") {
            return try LibinputRecordReader.parse(text, source: path)
        }
        return try EvemuReader.parse(text, source: path)
    }

    /// The bundled tour recording.
    static var tourPath: String? {
        Bundle.module.path(forResource: "tour", ofType: "yaml", inDirectory: "Resources")
    }
}
