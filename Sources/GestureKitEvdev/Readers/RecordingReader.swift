import Foundation

/// Reads a recording in either format, telling them apart by their content.
///
/// `libinput record` YAML starts, after comments, with `version:` (or `ndevices:` /
/// `devices:`); anything else is read as evemu. Errors name the file by the path given.
///
/// Both readers take any file in time and memory linear in its size and report anything wrong
/// with it as an ``EvdevError`` with the file, the line and what is wrong — never a trap. The
/// few limits are in ``RecordingLimits``; ``EvemuReader`` and ``LibinputRecordReader`` list
/// what each refuses.
public enum RecordingReader {
    /// The formats GestureKit reads.
    public enum Format: String, Hashable, Sendable {
        /// evemu-record's text format (`N:`, `I:`, `P:`, `B:`, `A:`, `E:` lines).
        case evemu
        /// `libinput record` YAML.
        case libinputRecord
    }

    /// The format of a recording's text. Looks no further than the first line that is neither
    /// blank nor a comment: YAML's document start (`---`) or a directive (`%YAML`), or one of
    /// `libinput record`'s top-level keys, is `libinput record`; anything else is evemu.
    public static func format(of text: String) -> Format {
        var rest = Substring(text)
        while !rest.isEmpty {
            let line = rest.prefix { !$0.isNewline }
            rest = rest[line.endIndex...].drop { $0.isNewline }
            let t = line.drop { $0 == " " || $0 == "\t" }
            if t.isEmpty || t.hasPrefix("#") { continue }
            let yaml = t.hasPrefix("---") || t.hasPrefix("%YAML")
            return yaml || t.hasPrefix("version:") || t.hasPrefix("ndevices:") || t.hasPrefix("devices:") ? .libinputRecord : .evemu
        }
        return .evemu
    }

    /// Parses a recording in whichever format it is.
    /// - Throws: ``EvdevError`` naming `source` and the line.
    public static func parse(_ text: String, source: String? = nil) throws(EvdevError) -> Recording {
        switch format(of: text) {
        case .evemu: try EvemuReader.parse(text, source: source)
        case .libinputRecord: try LibinputRecordReader.parse(text, source: source)
        }
    }

    /// Reads a recording file in whichever format it is.
    /// - Throws: ``EvdevError``: the file is missing, unreadable or not text, or its content is
    ///   malformed (with the line).
    public static func read(contentsOf path: String) throws(EvdevError) -> Recording {
        try parse(text(contentsOf: path), source: path)
    }

    /// A recording file's text, with an error that says why it cannot be had.
    static func text(contentsOf path: String) throws(EvdevError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw EvdevError(file: path, .unreadable("no such file"))
        }
        guard !isDirectory.boolValue else { throw EvdevError(file: path, .unreadable("a directory, not a recording")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EvdevError(file: path, .unreadable("permission denied"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw EvdevError(file: path, .unreadable("not UTF-8 text"))
        }
        return text
    }
}
