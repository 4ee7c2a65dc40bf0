import Foundation
import GestureKit

/// Reads evemu recordings (`evemu-record`, `evemu-describe` followed by events).
///
/// Accepted, as found in real files:
/// * lines ending at LF, CR LF or a lone CR (other Unicode line breaks, such as a form feed in a
///   comment or NEL in a name, belong to their line, as evemu reads them);
/// * a `# EVEMU 1.x` version line, or none at all; any other `#` line is a comment;
/// * `N:` name, `I:` bus/vendor/product/version in hexadecimal;
/// * `P:` property bytes (missing in old files: ``DeviceDescription/properties`` is then `nil`);
/// * `B:` bitmask lines, several per type, each continuing the type's mask 8 bytes further;
/// * `A:` axis lines with or without the resolution field; the range of an axis the `B:` lines
///   leave out is ignored. Format 1.1 has no resolution field: an axis whose `A:` line has none
///   takes the resolution from the description `evemu-describe` writes above it in comments
///   (`# Resolution 10` under the axis's `# Event code 53 (ABS_MT_POSITION_X)` of
///   `# Event type 3 (EV_ABS)`), as a Wacom DTH2242's 1.1 recording has it, and otherwise has none;
/// * `L:` and `S:` state lines, ignored;
/// * `E: <sec>.<usec> <type hex> <code hex> <value>` with zero-padded values (`0810`, `-001`) and an
///   optional trailing `# comment`. Timestamps may be relative or absolute epoch; they are rebased
///   so that the first event is at zero.
///
/// Every event is checked against the description: an unknown type or code, or one the device
/// does not declare, is an error naming the line.
///
/// ## Limits
///
/// A file of any size is read in time and memory linear in its size, and anything wrong with it
/// is an ``EvdevError`` naming the file and the 1-based line, never a trap:
/// * numbers must fit the kernel's fields: `I:` fields and types and codes 16 bits, axis ranges
///   and event values 32 bits (``EvdevError/Reason/malformed(expected:found:)`` otherwise);
/// * `B:` bits beyond a type's highest code (``EventType/maximumCode``) are ignored — a newer
///   kernel may define more codes — and an event using such a code is
///   ``EvdevError/Reason/unknownEventCode(_:)``;
/// * an `A:` line whose minimum exceeds its maximum, or an `ABS_MT_SLOT` maximum outside
///   `0…1023` (``RecordingLimits/maximumSlotCount``), is ``EvdevError/Reason/outOfRange(_:)``;
///   a resolution of zero or less means the axis has none;
/// * timestamps are unsigned decimal seconds with up to six digits of fraction; one beyond
///   `Int64.max` microseconds, or a recording spanning more than
///   ``RecordingLimits/maximumDuration``, is ``EvdevError/Reason/outOfRange(_:)``; an event
///   earlier than the one before it is ``EvdevError/Reason/malformed(expected:found:)``.
public enum EvemuReader {
    /// Reads an evemu file.
    /// - Parameter path: The file's path; errors name it as given.
    /// - Throws: ``EvdevError``.
    public static func read(contentsOf path: String) throws(EvdevError) -> Recording {
        try parse(RecordingReader.text(contentsOf: path), source: path)
    }

    /// Parses evemu text.
    /// - Parameters:
    ///   - text: The recording.
    ///   - source: A name for error messages (a file name).
    /// - Throws: ``EvdevError`` naming `source` and the 1-based line.
    public static func parse(_ text: String, source: String? = nil) throws(EvdevError) -> Recording {
        var parser = Parser(source: source)
        var lineNumber = 0
        // Lines end at LF, CR LF or a lone CR, as evemu's and editors' files do; not at the other
        // characters Unicode counts as line breaks (NEL, VT, FF, U+2028, U+2029), which a device's
        // name or a comment may hold and evemu reads as part of the line.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            try parser.parse(line: rawLine, number: lineNumber)
        }
        return try parser.finish(lastLine: lineNumber)
    }
}

private struct Parser {
    let source: String?
    var description = DeviceDescription(name: "", properties: nil)
    var sawName = false
    var sawID = false
    var propertyBytes = 0
    var maskBytes: [UInt16: Int] = [:]
    var events: [EvdevEvent] = []
    /// The first event's time on the file's clock, in microseconds: the rebasing origin.
    var firstTime: Int64?
    /// The latest event's time on the file's clock, in microseconds.
    var lastTime: Int64 = 0
    /// Axes whose `A:` line had no resolution field (format 1.1).
    var axesWithoutResolution: Set<UInt16> = []
    /// The description comment's resolutions, by axis code (see ``readDescription(_:)``).
    var describedResolutions: [UInt16: Int32] = [:]
    /// Where the description comment is: the event type and code it last named.
    var describedType: Int?
    var describedCode: UInt16?

    init(source: String?) { self.source = source }

    func error(_ line: Int, _ reason: EvdevError.Reason) -> EvdevError {
        EvdevError(file: source, line: line, reason)
    }

    /// The line's text is quoted up to 80 characters: a file that is not a recording (a JSON
    /// export on one line, say) is named, not echoed whole.
    func malformed(_ line: Int, _ expected: String, _ text: Substring) -> EvdevError {
        let quoted = text.count > 80 ? text.prefix(80) + "…" : String(text)
        return error(line, .malformed(expected: expected, found: quoted))
    }

    mutating func parse(line text: Substring, number: Int) throws(EvdevError) {
        let line = text.drop { $0 == " " || $0 == "\t" }
        guard let first = line.first else { return }
        if first == "#" {
            try checkVersion(line, number)
            if events.isEmpty { readDescription(line) }
            return
        }
        guard line.count >= 2, line.dropFirst().first == ":" else {
            throw malformed(number, "a line starting with N:, I:, P:, B:, A:, E: or #", line)
        }
        let body = line.dropFirst(2)
        if first != "E" && !events.isEmpty {
            throw malformed(number, "an E: line (the description cannot continue after the events)", line)
        }
        switch first {
        case "N":
            description.name = String(body.trimmingCharacters(in: .whitespaces))
            sawName = true
        case "I": try parseID(body, line, number)
        case "P": try parseProperties(body, line, number)
        case "B": try parseBits(body, line, number)
        case "A": try parseAbs(body, line, number)
        case "L", "S": break
        case "E": try parseEvent(body, line, number)
        default:
            throw malformed(number, "a line starting with N:, I:, P:, B:, A:, E: or #", line)
        }
    }

    func checkVersion(_ line: Substring, _ number: Int) throws(EvdevError) {
        let words = line.dropFirst().split(separator: " ")
        // A version line is `# EVEMU <number>`; `# EVEMU recording` is a comment.
        guard words.count == 2, words[0] == "EVEMU", words[1].first?.isASCII == true, words[1].first?.isNumber == true else { return }
        let parts = words[1].split(separator: ".")
        guard parts.count == 2, parts[0] == "1", Int(parts[1]) != nil else {
            throw malformed(number, "evemu version 1.x", line)
        }
    }

    /// Follows the comment `evemu-describe` writes before the description lines, to keep each
    /// absolute axis's resolution:
    ///
    ///     #   Event type 3 (EV_ABS)
    ///     #     Event code 53 (ABS_MT_POSITION_X)
    ///     #       Resolution 10
    ///
    /// Anything else in a comment is passed over; a comment is never an error.
    mutating func readDescription(_ line: Substring) {
        let words = line.dropFirst().split(whereSeparator: \.isWhitespace)
        guard words.count >= 2 else { return }
        switch words[0] {
        case "Event" where words.count >= 3 && words[1] == "type":
            describedType = Int(words[2])
            describedCode = nil
        case "Event" where words.count >= 3 && words[1] == "code":
            describedCode = describedType == Int(EventType.abs.rawValue) ? UInt16(words[2]) : nil
        case "Resolution":
            if let code = describedCode, let resolution = Int32(words[1]), resolution > 0 {
                describedResolutions[code] = resolution
            }
        default:
            break
        }
    }

    mutating func parseID(_ body: Substring, _ line: Substring, _ number: Int) throws(EvdevError) {
        let fields = body.split(whereSeparator: \.isWhitespace)
        let values = fields.compactMap { UInt16($0, radix: 16) }
        guard fields.count == 4, values.count == 4 else {
            throw malformed(number, "\"I: <bus> <vendor> <product> <version>\" in hexadecimal", line)
        }
        (description.bus, description.vendor, description.product, description.version) =
            (values[0], values[1], values[2], values[3])
        sawID = true
    }

    func bytes(_ fields: ArraySlice<Substring>) -> [UInt8]? {
        var out: [UInt8] = []
        for f in fields {
            guard let b = UInt8(f, radix: 16) else { return nil }
            out.append(b)
        }
        return out
    }

    mutating func parseProperties(_ body: Substring, _ line: Substring, _ number: Int) throws(EvdevError) {
        let fields = body.split(whereSeparator: \.isWhitespace)
        guard !fields.isEmpty, let bytes = bytes(fields[...]) else {
            throw malformed(number, "\"P: <byte> …\" with hexadecimal bytes", line)
        }
        var props = description.properties ?? []
        for (i, byte) in bytes.enumerated() {
            let offset = (propertyBytes + i) * 8
            for bit in 0..<8 where byte & (1 << bit) != 0 && offset + bit < 32 {
                props.insert(InputProperties(rawValue: 1 << UInt32(offset + bit)))
            }
        }
        propertyBytes += bytes.count
        description.properties = props
    }

    mutating func parseBits(_ body: Substring, _ line: Substring, _ number: Int) throws(EvdevError) {
        let fields = body.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let rawType = UInt16(fields[0], radix: 16), let bytes = bytes(fields.dropFirst())
        else {
            throw malformed(number, "\"B: <type> <byte> …\" in hexadecimal", line)
        }
        let type = EventType(rawType)
        let start = maskBytes[rawType, default: 0]
        maskBytes[rawType] = start + bytes.count
        // evemu lists every type up to EV_MAX; a type is supported when any of its bits is set.
        guard bytes.contains(where: { $0 != 0 }) else { return }
        guard type.isKnown || rawType <= EventType.maximumRawValue else {
            throw error(number, .unknownEventType(rawType))
        }
        // Bits beyond the type's highest code are ignored (a newer kernel may define more); an
        // event using one is refused as an unknown code.
        guard let maximum = type.maximumCode else { return }
        for (i, byte) in bytes.enumerated() where byte != 0 {
            // `start + i` counts bytes of this file, so `* 8` cannot overflow; stop early anyway.
            let base = (start + i) * 8
            guard base <= Int(maximum) else { break }
            for bit in 0..<8 where byte & (1 << bit) != 0 && base + bit <= Int(maximum) {
                description.codes[type, default: []].insert(UInt16(base + bit))
            }
        }
    }

    mutating func parseAbs(_ body: Substring, _ line: Substring, _ number: Int) throws(EvdevError) {
        let fields = body.split(whereSeparator: \.isWhitespace)
        let expected = "\"A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]\""
        guard fields.count == 5 || fields.count == 6, let code = UInt16(fields[0], radix: 16) else {
            throw malformed(number, expected, line)
        }
        let values = fields.dropFirst().compactMap { Int32($0) }
        guard values.count == fields.count - 1 else { throw malformed(number, expected, line) }
        guard code <= EventType.abs.maximumCode ?? 0 else {
            throw error(number, .unknownEventCode(EventCode(.abs, code)))
        }
        let info = AbsInfo(
            minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
            resolution: values.count == 5 ? values[4] : 0)
        if values.count == 4 { axesWithoutResolution.insert(code) } else { axesWithoutResolution.remove(code) }
        if let problem = RecordingLimits.problem(withAxis: code, info) {
            throw error(number, .outOfRange(problem))
        }
        description.absInfo[code] = info
    }

    mutating func parseEvent(_ body: Substring, _ line: Substring, _ number: Int) throws(EvdevError) {
        let content = body.prefix { $0 != "#" }
        let fields = content.split(whereSeparator: \.isWhitespace)
        let expected = "\"E: <sec>.<usec> <type hex> <code hex> <value>\""
        guard fields.count == 4 else { throw malformed(number, expected, line) }
        let time = fields[0].split(separator: ".", omittingEmptySubsequences: false)
        guard time.count == 2, isDecimal(time[0]), isDecimal(time[1]), time[1].count <= 6,
            let rawType = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16),
            let value = Int32(fields[3])
        else {
            throw malformed(number, expected, line)
        }
        // Six digits at most: the fraction is below 10⁶ µs and fits Int64.
        let fraction = Int64(time[1]) ?? 0
        let scale: Int64 = [1, 100_000, 10_000, 1000, 100, 10, 1][time[1].count]
        guard let seconds = Int64(time[0]),
            let micros = RecordingLimits.microseconds(seconds: seconds, micros: fraction * scale)
        else {
            throw error(number, .outOfRange(
                "timestamp \(fields[0]) s is beyond the microsecond clock (at most \(RecordingLimits.largestTimestamp) s)"))
        }
        if events.isEmpty {
            guard sawName else { throw error(number, .truncated(expected: "an N: line before the events")) }
        }
        var event = EvdevEvent(time: .zero, type: EventType(rawType), code: code, value: value)
        if let problem = Recording.problem(with: event, in: description) {
            throw error(number, problem)
        }
        let origin = firstTime ?? micros
        if !events.isEmpty, micros < lastTime {
            throw malformed(number, "a timestamp no earlier than the previous event's", line)
        }
        // Both are at least zero and micros ≥ origin (times never go back), so this cannot overflow.
        let offset = micros - origin
        guard offset <= RecordingLimits.maximumDurationMicroseconds else {
            throw error(number, RecordingLimits.tooLong(offset))
        }
        event.time = Timestamp(microseconds: offset)
        firstTime = origin
        lastTime = micros
        events.append(event)
    }

    /// Whether `s` is one or more ASCII digits: no sign, no spaces.
    func isDecimal(_ s: Substring) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    func finish(lastLine: Int) throws(EvdevError) -> Recording {
        guard sawName else { throw error(lastLine, .truncated(expected: "an N: line")) }
        guard sawID else { throw error(lastLine, .truncated(expected: "an I: line")) }
        guard !description.codes.isEmpty else { throw error(lastLine, .truncated(expected: "B: lines")) }
        // An A: line for an axis the B: lines leave out describes no axis of the device (evemu
        // sets up only the axes its mask has): its range is dropped, as `absInfo(for:)` ignores
        // it, so that the description reads the same written as `libinput record` YAML.
        var description = description
        for code in axesWithoutResolution {
            if let resolution = describedResolutions[code] { description.absInfo[code]?.resolution = resolution }
        }
        description.absInfo = description.absInfo.filter { description.supports(EventCode(.abs, $0.key)) }
        return Recording(source: source, devices: [RecordedDevice(description: description, events: events)])
    }
}
