import ArgumentParser
import Foundation
import GestureKit
import GestureKitLibinput

/// `gesture-demo devices`: what libinput sees, and whether it can be opened.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the input devices libinput sees, with kind, size and access.")

    @Option(help: "The udev seat to list (default: seat0).")
    var seat: String?

    @Option(name: .customLong("device"), help: "List these device nodes instead of a seat (repeatable).")
    var devices: [String] = []

    @Option(help: SeatAccessOption.help)
    var seatAccess: SeatAccessOption = .auto

    @Flag(help: "Print one JSON object per device.")
    var json = false

    func validate() throws {
        if let seat, !devices.isEmpty {
            throw ValidationError("--seat \(seat) and --device exclude each other: list a seat, or the nodes given")
        }
    }

    func run() throws {
        var configuration: LibinputBackend.Configuration = devices.isEmpty ? .seat(seat ?? "seat0") : .paths(devices)
        configuration.requiresTouchDevice = false
        configuration.seatAccess = seatAccess.seatAccess
        let summaries: [LibinputDeviceSummary]
        let access: DeviceAccessPath
        do {
            let backend = try LibinputBackend(configuration: configuration)
            summaries = backend.deviceSummaries
            access = backend.deviceAccess
            backend.close()
        } catch let error as LibinputBackendError {
            Terminal.error("gesture-demo: \(error)")
            throw ExitCode(Live.exitCode(for: error))
        }
        let terminal = Terminal.forStandardOutput()
        if !json { Terminal.error("gesture-demo: device nodes opened through \(access)") }
        if summaries.isEmpty {
            Terminal.error("gesture-demo: libinput sees no input devices on \(devices.isEmpty ? "seat \(seat ?? "seat0")" : devices.joined(separator: ", ")). Is /dev/input present, and is udev running?")
            throw ExitCode(4)
        }
        for s in summaries {
            if json {
                var o: [String: Any] = ["node": s.node ?? NSNull(), "name": s.name ?? NSNull(), "kind": s.kind?.rawValue ?? "other",
                                        "has_resolution": s.hasResolution, "access": s.access.name,
                                        "opened_through": access.name,
                                        "mm_source": s.hasResolution ? "resolution" : "fallback"]
                if let mm = s.sizeMillimetres { o["width_mm"] = mm.width; o["height_mm"] = mm.height }
                if let n = s.maximumContacts { o["max_contacts"] = n }
                if let h = s.hint { o["hint"] = h }
                if let e = s.access.errno { o["errno"] = Int(e) }
                // libinput passes no touchscreen contact size (see `ContactSize.none`).
                if s.kind == .touchscreen { o["contact_size"] = ContactSize.none.rawValue }
                let data = try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
                continue
            }
            var line = terminal.bold((s.node ?? "?").padding(toLength: 20, withPad: " ", startingAt: 0))
            line += (s.kind?.rawValue ?? "other").padding(toLength: 13, withPad: " ", startingAt: 0)
            line += (s.sizeMillimetres.map { String(format: "%.0f×%.0f mm", $0.width, $0.height) } ?? (s.kind == nil ? "" : "no size"))
                .padding(toLength: 14, withPad: " ", startingAt: 0)
            line += "\(s.name ?? "?")"
            if s.kind != nil && !s.hasResolution {
                line += terminal.paint("  (no resolution: give live --output-mm WxH, else thresholds in points)", "33")
            }
            if s.kind == .touchscreen {
                line += terminal.dim("  (libinput passes no contact size: large contacts are rejected only when the device marks them as palms)")
            }
            if let hint = s.hint { line += "\n" + String(repeating: " ", count: 20) + terminal.paint(hint, "31") }
            print(line)
        }
        if summaries.allSatisfy({ $0.kind == nil }) {
            // Only nodes that do not exist, or that libinput refused (not input devices): as
            // `live` says of them (exit status 5).
            let missing = summaries.filter { $0.access == .failed(errno: ENOENT) }.compactMap(\.node)
            let rejected = summaries.filter { $0.access == .failed(errno: 0) }.compactMap(\.node)
            if missing.count + rejected.count == summaries.count {
                if !missing.isEmpty { Terminal.error("gesture-demo: no such input device: \(missing.joined(separator: ", "))") }
                for path in rejected { Terminal.error("gesture-demo: \(LibinputBackendError.deviceRejected(path: path, errno: 0))") }
                throw ExitCode(5)
            }
            if summaries.contains(where: { if case .permissionDenied = $0.access { true } else { false } }) {
                Terminal.error("gesture-demo: no touchscreen or touchpad could be opened: permission denied through \(access)")
                throw ExitCode(3)
            }
            Terminal.error("gesture-demo: none of these is a touchscreen or touchpad")
            throw ExitCode(4)
        }
    }
}
