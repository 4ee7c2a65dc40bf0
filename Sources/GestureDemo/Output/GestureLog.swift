import Foundation
import GestureKit

/// Observes the engine and prints each transition, as aligned text or as JSON lines.
final class GestureLog: GestureEngineObserver {
    let graph: DemoGraph
    let json: Bool
    let verbose: Bool
    let changes: Bool
    let terminal: Terminal
    /// Device names by id, for the report's `device` field.
    var deviceNames: [DeviceID: String] = [:]
    /// Device nodes by id, when known.
    var deviceNodes: [DeviceID: String] = [:]
    /// Whether device lines are printed (live mode).
    var logsDevices = false
    /// The device whose input drove the latest event.
    var currentDevice: DeviceID?
    /// Time zero of the run (first event).
    var origin: Timestamp?
    /// Live: measures the latency of a callback after the event that caused it.
    var latency: ((Timestamp) -> Int64)?
    /// Every report, for the SVG.
    private(set) var reports: [GestureReport] = []
    /// Called with each printed line (standard output by default).
    var write: (String) -> Void = { print($0) }
    private let encoder: JSONEncoder

    init(graph: DemoGraph, json: Bool, verbose: Bool, changes: Bool, terminal: Terminal) {
        self.graph = graph
        self.json = json
        self.verbose = verbose
        self.changes = changes
        self.terminal = terminal
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Notes what the engine is about to receive (device and time), before it is sent.
    func note(_ event: InputEvent) {
        if origin == nil { origin = event.timestamp }
        switch event {
        case .deviceAdded(let d, let t):
            deviceNames[d.id] = d.name
            currentDevice = d.id
            if logsDevices {
                let report = DeviceReport(
                    type: "device_added", time: seconds(t), device: d.name, node: deviceNodes[d.id], kind: d.kind.rawValue,
                    widthMm: d.sizeMillimetres.map { ($0.width * 10).rounded() / 10 },
                    heightMm: d.sizeMillimetres.map { ($0.height * 10).rounded() / 10 }, hasResolution: d.hasResolution,
                    mmSource: d.densitySource.rawValue, contactSize: d.contactSize.rawValue)
                emit(json ? encode(report) : deviceText(report))
            }
        case .deviceRemoved(let id, let t):
            currentDevice = id
            if logsDevices {
                let report = DeviceReport(type: "device_removed", time: seconds(t), device: deviceNames[id] ?? "-", node: deviceNodes[id])
                emit(json ? encode(report) : deviceText(report))
            }
        case .touchFrame(let f): currentDevice = f.device
        case .touchpadGesture(let g): currentDevice = g.device
        }
    }

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        guard new != .possible, let kind = graph.kind(of: recognizer) else { return }
        if new == .failed && !verbose { return }
        if new == .changed && !changes { return }
        // The recognizer knows whose input it followed; the last event's device may be another's
        // (a deadline, or a second screen that spoke in between).
        let id = recognizer.device ?? currentDevice
        var report = GestureReport(
            recognizer, kind: kind, state: new, time: seconds(engine.now), device: id.flatMap { deviceNames[$0] } ?? "-",
            node: id.flatMap { deviceNodes[$0] })
        report.latencyMicroseconds = latency?(engine.now)
        reports.append(report)
        emit(json ? encode(report) : text(report))
    }

    /// Writes a line; JSON lines are flushed at once, for readers that follow the output live.
    private func emit(_ line: String) {
        write(line)
        if json { fflush(nil) }
    }

    private func seconds(_ t: Timestamp) -> Double {
        ((t - (origin ?? t)).gestureSeconds * 1000).rounded() / 1000
    }

    private func deviceText(_ r: DeviceReport) -> String {
        var line = terminal.dim(String(format: "%8.3fs  ", r.time))
        line += terminal.bold(r.type == "device_added" ? "+ device" : "- device") + "  \(r.device)"
        if let n = r.node { line += "  \(n)" }
        if let k = r.kind { line += "  \(k)" }
        if let w = r.widthMm, let h = r.heightMm { line += String(format: "  %.0f×%.0f mm", w, h) }
        if r.hasResolution == false {
            line += r.mmSource == DensitySource.outputSize.rawValue
                ? "  (no resolution: millimetres from the output's size)" : "  (no resolution: thresholds in points)"
        }
        if r.kind == DeviceKind.touchscreen.rawValue && r.contactSize == ContactSize.none.rawValue {
            line += "  (no contact size: only contacts marked as palms are rejected)"
        }
        return line
    }

    private func encode(_ r: some Encodable) -> String {
        (try? encoder.encode(r)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    /// `  1.234s  swipe-3f    recognized  3 fingers  at (100, 200)  direction right`
    private func text(_ r: GestureReport) -> String {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
        // A space after the time whatever its width (past 100,000 s it fills the column).
        var line = terminal.dim(pad(String(format: "%8.3fs", r.time) + " ", 11))
        line += terminal.bold(pad(r.recognizer, 14))
        line += terminal.state(pad(r.state, 11))
        line += pad("\(r.fingers) finger\(r.fingers == 1 ? "" : "s")", 10)
        line += "at (\(fmt(r.location.x)), \(fmt(r.location.y)))"
        if let t = r.translation { line += "  translation (\(fmt(t.x)), \(fmt(t.y)))" }
        if let v = r.velocity, r.state != "began" { line += "  velocity (\(fmt(v.x)), \(fmt(v.y)))/s" }
        if let s = r.scale { line += "  scale \(String(format: "%.3f", s))" }
        if let a = r.rotation { line += "  rotation \(String(format: "%.3f", a)) rad" }
        if let d = r.direction { line += "  direction \(d)" }
        if let e = r.edge { line += "  edge \(e)" }
        if let c = r.corner { line += "  corner \(c)" }
        if let why = r.reason { line += "  " + terminal.dim("(\(why))") }
        if let l = r.latencyMicroseconds { line += terminal.dim("  [\(l) µs]") }
        line += terminal.dim("  \(r.device)")
        return line
    }
}
