/// Writes a ``Recording`` as `libinput record` YAML (`version: 1`), which ``LibinputRecordReader``
/// and libinput's own tools read back.
///
/// Each device gets its `node` (left out when unknown), its `evdev` description and its `events`,
/// one `evdev:` item per frame (events up to and including each `SYN_REPORT`). Comments name the
/// types and codes for human readers.
public enum LibinputRecordWriter {
    /// The YAML text of a recording.
    public static func yaml(for recording: Recording) -> String {
        var out = "# libinput record\nversion: 1\nndevices: \(recording.devices.count)\n"
        out += "devices:\n"
        for device in recording.devices {
            write(device, to: &out)
        }
        return out
    }

    private static func write(_ device: RecordedDevice, to out: inout String) {
        let d = device.description
        if let node = device.node {
            out += "- node: \(quoted(node))\n  evdev:\n"
        } else {
            out += "- evdev:\n"
        }
        out += "    name: \(quoted(d.name))\n"
        out += "    id: [\(d.bus), \(d.vendor), \(d.product), \(d.version)]\n"
        out += "    codes:\n"
        for type in d.codes.keys.sorted() {
            let codes = d.codes[type, default: []].sorted().map(String.init).joined(separator: ", ")
            out += "      \(type.rawValue): [\(codes)] # \(type.name)\n"
        }
        if !d.absInfo.isEmpty {
            out += "    absinfo:\n"
            for code in d.absInfo.keys.sorted() {
                let a = d.absInfo[code]!
                out += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]"
                out += " # \(EventCode(.abs, code).name)\n"
            }
        }
        if let properties = d.properties {
            out += "    properties: [\(properties.numbers.map(String.init).joined(separator: ", "))]\n"
        }
        guard !device.events.isEmpty else {
            out += "  events: []\n"
            return
        }
        out += "  events:\n"
        var frameOpen = false
        for event in device.events {
            if !frameOpen {
                out += "  - evdev:\n"
                frameOpen = true
            }
            let us = event.time.microseconds
            out += "    - [\(pad(us / 1_000_000, 3)), \(pad(us % 1_000_000, 6)), \(pad(event.type.rawValue, 3)), "
            out += "\(pad(event.code, 3)), \(pad(event.value, 7))] # \(event.eventCode)\n"
            if event.is(.synReport) { frameOpen = false }
        }
    }

    private static func pad<T: BinaryInteger>(_ value: T, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// A YAML double-quoted scalar.
    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                // Escaped: what YAML does not print raw (C0 and C1 controls, DEL, the byte order
                // mark, U+FFFE and U+FFFF), and what it reads as a line break inside quotes (NEL,
                // the line and paragraph separators), which would fold to a space.
                let v = scalar.value
                if v < 0x20 || (0x7f...0x9f).contains(v) {
                    out += "\\x" + (v < 0x10 ? "0" : "") + String(v, radix: 16)
                } else if v == 0x2028 || v == 0x2029 || v == 0xfeff || v == 0xfffe || v == 0xffff {
                    out += "\\u" + String(v, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
