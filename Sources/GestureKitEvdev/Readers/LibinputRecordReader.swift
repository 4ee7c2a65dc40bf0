import Foundation
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
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
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

    func required(_ mapping: Node.Mapping, _ key: String, in parent: Node) throws(EvdevError) -> Node {
        guard let value = mapping[key] else {
            throw error(parent, .truncated(expected: "a \"\(key)\" key"))
        }
        return value
    }

    func integer<T: FixedWidthInteger>(_ node: Node, _ what: String, as: T.Type = T.self) throws(EvdevError) -> T {
        guard let s = node.scalar?.string else { throw malformed(node, what) }
        let trimmed = s.trimmingCharacters(in: .whitespaces)
        let value: T? =
            trimmed.hasPrefix("0x") ? T(trimmed.dropFirst(2), radix: 16) : T(trimmed)
        guard let value else { throw malformed(node, what) }
        return value
    }

    func recording(_ root: Node) throws(EvdevError) -> Recording {
        let top = try mapping(root, "a mapping with version and devices")
        let versionNode = try required(top, "version", in: root)
        let version: Int = try integer(versionNode, "version 1")
        guard version == 1 else { throw malformed(versionNode, "version 1") }
        let devicesNode = try required(top, "devices", in: root)
        var devices: [RecordedDevice] = []
        var times: [[Int64]] = []
        for deviceNode in try sequence(devicesNode, "a list of devices") {
            let (device, deviceTimes) = try self.device(deviceNode)
            devices.append(device)
            times.append(deviceTimes)
        }
        let origin = times.compactMap(\.first).min() ?? 0
        for d in devices.indices {
            for e in devices[d].events.indices {
                devices[d].events[e].time = Timestamp(microseconds: times[d][e] - origin)
            }
        }
        return Recording(source: source, devices: devices)
    }

    func device(_ node: Node) throws(EvdevError) -> (RecordedDevice, [Int64]) {
        let map = try mapping(node, "a device mapping with node, evdev and events")
        let evdevNode = try required(map, "evdev", in: node)
        let description = try self.description(evdevNode)
        var device = RecordedDevice(node: map["node"]?.scalar?.string, description: description)
        var times: [Int64] = []
        if let eventsNode = map["events"], eventsNode.scalar?.string != "" {
            for item in try sequence(eventsNode, "a list of events") {
                let itemMap = try mapping(item, "an event item such as \"evdev: [...]\"")
                guard let frameNode = itemMap["evdev"] else { continue }
                for eventNode in try sequence(frameNode, "a list of [sec, usec, type, code, value]") {
                    let (event, micros) = try self.event(eventNode, description)
                    if let last = times.last, micros < last {
                        throw malformed(eventNode, "a timestamp no earlier than the previous event's")
                    }
                    device.events.append(event)
                    times.append(micros)
                }
            }
        }
        return (device, times)
    }

    func event(_ node: Node, _ description: DeviceDescription) throws(EvdevError) -> (EvdevEvent, Int64) {
        let expected = "[sec, usec, type, code, value]"
        let fields = try sequence(node, expected)
        guard fields.count == 5 else { throw malformed(node, expected) }
        let sec: Int64 = try integer(fields[0], "seconds")
        let usec: Int64 = try integer(fields[1], "microseconds")
        guard sec >= 0, (0..<1_000_000).contains(usec) else { throw malformed(node, expected) }
        let type: UInt16 = try integer(fields[2], "an event type")
        let code: UInt16 = try integer(fields[3], "an event code")
        let value: Int32 = try integer(fields[4], "an event value")
        let event = EvdevEvent(time: .zero, type: EventType(type), code: code, value: value)
        if let problem = Recording.problem(with: event, in: description) { throw error(node, problem) }
        return (event, sec * 1_000_000 + usec)
    }

    func description(_ node: Node) throws(EvdevError) -> DeviceDescription {
        let map = try mapping(node, "an evdev mapping with name, id, codes, absinfo and properties")
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
                d.absInfo[code] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
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
