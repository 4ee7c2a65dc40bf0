import GestureKit
import Yams

/// Reads `libinput record` files (YAML, `version: 1`).
///
/// What is read, per item of the top-level `devices:` list:
/// * `node:` the device node;
/// * `evdev:` with `name`, `id: [bus, vendor, product, version]`, `codes: {type: [code, …]}`,
///   `absinfo: {code: [min, max, fuzz, flat, resolution]}` and `properties: [number, …]`;
/// * `events:` a list whose `evdev:` items are lists of `[sec, usec, type, code, value]`. Other
///   items (`libinput:` events from `--with-libinput`) are skipped.
///
/// Unknown keys are ignored. Timestamps are rebased so that the earliest event of all devices is
/// at zero. Every event is checked against its device's description.
///
/// ## Limits
///
/// A file of any size is read in time and memory linear in its size (the YAML is composed into
/// a tree once, without resolving tags, and each mapping is looked through once), and anything
/// wrong with it is an ``EvdevError`` naming the file and the 1-based line of the offending
/// node, never a trap:
/// * numbers must fit the kernel's fields: ids, types and codes 16 bits, axis ranges and event
///   values 32 bits, seconds and microseconds 64 bits
///   (``EvdevError/Reason/malformed(expected:found:)`` otherwise); a type or code the kernel
///   does not define is ``EvdevError/Reason/unknownEventType(_:)`` or
///   ``EvdevError/Reason/unknownEventCode(_:)``;
/// * an `absinfo` entry whose minimum exceeds its maximum, or an `ABS_MT_SLOT` maximum outside
///   `0…1023` (``RecordingLimits/maximumSlotCount``), is ``EvdevError/Reason/outOfRange(_:)``;
///   a resolution of zero or less means the axis has none;
/// * YAML aliases (`*name`) are refused (``EvdevError/Reason/malformed(expected:found:)``):
///   `libinput record` never writes them, and a few nested ones stand for billions of nodes;
///   libyaml refuses nesting deeper than 1000 levels;
/// * negative seconds, microseconds outside `0…999999`, a time beyond `Int64.max` microseconds,
///   or a recording spanning more than ``RecordingLimits/maximumDuration`` (over all its
///   devices) is ``EvdevError/Reason/outOfRange(_:)``; an event earlier than the one before it
///   on the same device is ``EvdevError/Reason/malformed(expected:found:)``.
public enum LibinputRecordReader {
    /// Reads a `libinput record` file.
    /// - Parameter path: The file's path; errors name it as given.
    /// - Throws: ``EvdevError``.
    public static func read(contentsOf path: String) throws(EvdevError) -> Recording {
        try parse(RecordingReader.text(contentsOf: path), source: path)
    }

    /// Parses `libinput record` YAML.
    /// - Parameters:
    ///   - text: The recording.
    ///   - source: A name for error messages (a file name).
    /// - Throws: ``EvdevError`` naming `source` and the 1-based line of the offending node.
    public static func parse(_ text: String, source: String? = nil) throws(EvdevError) -> Recording {
        let reader = NodeReader(source: source)
        if let (line, alias) = YAMLAliasScan.firstAlias(in: text) {
            throw EvdevError(file: source, line: line, .malformed(
                expected: "YAML without aliases, as libinput record writes it", found: alias))
        }
        let root: Node
        do {
            // Only the scalars' text is used: the basic resolver leaves tags unresolved, where the
            // default one runs a regular expression on every scalar.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw EvdevError(file: source, line: 1, .truncated(expected: "a libinput record document"))
            }
            root = node
        } catch let error as EvdevError {
            throw error
        } catch let error as YamlError {
            throw reader.yamlError(error)
        } catch {
            throw EvdevError(file: source, .malformed(expected: "YAML", found: String(describing: error)))
        }
        return try reader.recording(root)
    }
}

private struct NodeReader {
    let source: String?

    func error(_ node: Node?, _ reason: EvdevError.Reason) -> EvdevError {
        EvdevError(file: source, line: node?.mark?.line, reason)
    }

    func malformed(_ node: Node, _ expected: String) -> EvdevError {
        error(node, .malformed(expected: expected, found: summary(node)))
    }

    func summary(_ node: Node) -> String {
        switch node {
        case .scalar(let s): s.string
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    func yamlError(_ error: YamlError) -> EvdevError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return EvdevError(file: source, line: mark.line, .malformed(expected: "valid YAML", found: problem))
        default:
            return EvdevError(file: source, .malformed(expected: "valid YAML", found: String(describing: error)))
        }
    }

    func mapping(_ node: Node, _ what: String) throws(EvdevError) -> Node.Mapping {
        guard let m = node.mapping else { throw malformed(node, what) }
        return m
    }

    func sequence(_ node: Node, _ what: String) throws(EvdevError) -> Node.Sequence {
        guard let s = node.sequence else { throw malformed(node, what) }
        return s
    }

    /// The values of a mapping by their keys' text, in one pass. (Yams's own `mapping["key"]`
    /// builds a node and compares it with every key, on every lookup.)
    func fields(_ mapping: Node.Mapping) -> [String: Node] {
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            if let name = key.scalar?.string { fields[name] = value }
        }
        return fields
    }

    func required(_ fields: [String: Node], _ key: String, in parent: Node) throws(EvdevError) -> Node {
        guard let value = fields[key] else {
            throw error(parent, .truncated(expected: "a \"\(key)\" key"))
        }
        return value
    }

    /// A scalar as a decimal (or `0x` hexadecimal) integer of type `T`; one that does not fit `T`
    /// is malformed, as is anything else.
    func integer<T: FixedWidthInteger>(_ node: Node, _ what: String, as: T.Type = T.self) throws(EvdevError) -> T {
        guard let s = node.scalar?.string, let wide = Self.int64(s), let value = T(exactly: wide) else {
            throw malformed(node, what)
        }
        return value
    }

    /// A decimal integer with an optional `-` or `+`, or `0x` and hexadecimal digits, between
    /// optional spaces; `nil` for anything else or beyond `Int64`. One pass over the bytes and
    /// not generic, so that it is quick unoptimized too: a recording has five numbers an event.
    static func int64(_ text: String) -> Int64? {
        var negative = false
        var signed = false
        var radix: Int64 = 10
        var value: Int64 = 0  // accumulated negatively, so that Int64.min parses too
        var digits = 0
        var started = false
        var ended = false
        for c in text.utf8 {
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                if started { ended = true }
                continue
            }
            if ended { return nil }
            if !started {
                started = true
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                    negative = c == UInt8(ascii: "-")
                    signed = true
                    continue
                }
            }
            if c == UInt8(ascii: "x"), digits == 1, value == 0, radix == 10, !signed {
                radix = 16
                digits = 0
                continue
            }
            let digit: Int64
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int64(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = Int64(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = Int64(c - UInt8(ascii: "A")) + 10
            default: return nil
            }
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            let (next, o2) = shifted.subtractingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = next
            digits += 1
        }
        guard digits > 0 else { return nil }
        if negative { return value }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    func recording(_ root: Node) throws(EvdevError) -> Recording {
        let top = fields(try mapping(root, "a mapping with version and devices"))
        let versionNode = try required(top, "version", in: root)
        let version: Int = try integer(versionNode, "version 1")
        guard version == 1 else { throw malformed(versionNode, "version 1") }
        let devicesNode = try required(top, "devices", in: root)
        var devices: [RecordedDevice] = []
        // Each device's events carry their times on the file's clock until all are read.
        var origin = Int64.max
        var latest: (micros: Int64, node: Node)?
        for deviceNode in try sequence(devicesNode, "a list of devices") {
            let (device, last) = try self.device(deviceNode)
            if let first = device.events.first { origin = min(origin, first.time.microseconds) }
            if let last, last.micros > latest?.micros ?? -1 { latest = last }
            devices.append(device)
        }
        guard let latest else { return Recording(source: source, devices: devices) }
        // Both are at least zero, so the span cannot overflow.
        let span = latest.micros - origin
        guard span <= RecordingLimits.maximumDurationMicroseconds else {
            throw error(latest.node, RecordingLimits.tooLong(span))
        }
        for d in devices.indices {
            for e in devices[d].events.indices {
                devices[d].events[e].time.microseconds -= origin
            }
        }
        return Recording(source: source, devices: devices)
    }

    /// A device, its events timed on the file's clock, and its last event's time and node.
    func device(_ node: Node) throws(EvdevError) -> (RecordedDevice, (micros: Int64, node: Node)?) {
        let map = fields(try mapping(node, "a device mapping with node, evdev and events"))
        let evdevNode = try required(map, "evdev", in: node)
        let description = try self.description(evdevNode)
        var device = RecordedDevice(node: map["node"]?.scalar?.string, description: description)
        var last: (micros: Int64, node: Node)?
        if let eventsNode = map["events"], eventsNode.scalar?.string != "" {
            for item in try sequence(eventsNode, "a list of events") {
                let itemMap = try mapping(item, "an event item such as \"evdev: [...]\"")
                // One key in each item (`evdev:` or `libinput:`): a search, not a dictionary.
                guard let frameNode = itemMap.first(where: { $0.key.scalar?.string == "evdev" })?.value else { continue }
                for eventNode in try sequence(frameNode, "a list of [sec, usec, type, code, value]") {
                    let event = try self.event(eventNode, description)
                    if let last, event.time.microseconds < last.micros {
                        throw malformed(eventNode, "a timestamp no earlier than the previous event's")
                    }
                    device.events.append(event)
                    last = (event.time.microseconds, eventNode)
                }
            }
        }
        return (device, last)
    }

    /// An event, its time on the file's clock.
    func event(_ node: Node, _ description: DeviceDescription) throws(EvdevError) -> EvdevEvent {
        let expected = "[sec, usec, type, code, value]"
        let fields = try sequence(node, expected)
        guard fields.count == 5 else { throw malformed(node, expected) }
        let sec: Int64 = try integer(fields[0], "seconds")
        let usec: Int64 = try integer(fields[1], "microseconds")
        guard sec >= 0 else { throw error(fields[0], .outOfRange("negative seconds \(sec) in a timestamp")) }
        guard (0..<1_000_000).contains(usec) else {
            throw error(fields[1], .outOfRange("microseconds \(usec) outside 0…999999 in a timestamp"))
        }
        guard let micros = RecordingLimits.microseconds(seconds: sec, micros: usec) else {
            let fraction = String(usec)
            let time = "\(sec)." + String(repeating: "0", count: 6 - fraction.count) + fraction
            throw error(node, .outOfRange(
                "timestamp \(time) s is beyond the microsecond clock (at most \(RecordingLimits.largestTimestamp) s)"))
        }
        let type: UInt16 = try integer(fields[2], "an event type")
        let code: UInt16 = try integer(fields[3], "an event code")
        let value: Int32 = try integer(fields[4], "an event value")
        let event = EvdevEvent(time: Timestamp(microseconds: micros), type: EventType(type), code: code, value: value)
        if let problem = Recording.problem(with: event, in: description) { throw error(node, problem) }
        return event
    }

    func description(_ node: Node) throws(EvdevError) -> DeviceDescription {
        let map = fields(try mapping(node, "an evdev mapping with name, id, codes, absinfo and properties"))
        let nameNode = try required(map, "name", in: node)
        guard let name = nameNode.scalar?.string else { throw malformed(nameNode, "a device name") }
        var d = DeviceDescription(name: name, properties: nil)
        if let idNode = map["id"] {
            let ids = try sequence(idNode, "[bus, vendor, product, version]")
            guard ids.count == 4 else { throw malformed(idNode, "[bus, vendor, product, version]") }
            d.bus = try integer(ids[0], "a bus number")
            d.vendor = try integer(ids[1], "a vendor id")
            d.product = try integer(ids[2], "a product id")
            d.version = try integer(ids[3], "a version")
        }
        let codesNode = try required(map, "codes", in: node)
        for (typeNode, listNode) in try mapping(codesNode, "a mapping of type: [codes]") {
            let rawType: UInt16 = try integer(typeNode, "an event type number")
            let type = EventType(rawType)
            guard type.isKnown else { throw error(typeNode, .unknownEventType(rawType)) }
            var set: Set<UInt16> = []
            for codeNode in try sequence(listNode, "a list of event codes") {
                let code: UInt16 = try integer(codeNode, "an event code")
                guard EventCode(type, code).isKnown else { throw error(codeNode, .unknownEventCode(EventCode(type, code))) }
                set.insert(code)
            }
            d.codes[type] = set
        }
        if let absNode = map["absinfo"] {
            for (codeNode, valuesNode) in try mapping(absNode, "a mapping of code: [min, max, fuzz, flat, res]") {
                let code: UInt16 = try integer(codeNode, "an ABS_ code")
                let values = try sequence(valuesNode, "[min, max, fuzz, flat, resolution]")
                guard values.count == 5 else { throw malformed(valuesNode, "[min, max, fuzz, flat, resolution]") }
                var v: [Int32] = []
                for n in values { v.append(try integer(n, "an integer")) }
                guard d.supports(EventCode(.abs, code)) else {
                    throw error(codeNode, .undeclaredCode(EventCode(.abs, code)))
                }
                let info = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
                if let problem = RecordingLimits.problem(withAxis: code, info) {
                    throw error(valuesNode, .outOfRange(problem))
                }
                d.absInfo[code] = info
            }
        }
        if let propsNode = map["properties"] {
            var numbers: [Int] = []
            for n in try sequence(propsNode, "a list of property numbers") {
                numbers.append(try integer(n, "a property number"))
            }
            d.properties = InputProperties(numbers: numbers)
        }
        return d
    }
}
