import Foundation
import GestureKit

/// Draws a replay: finger paths coloured by contact, the region layout, each gesture marked where
/// it began and ended, and a timeline strip of touches and gestures underneath.
struct SVGRenderer {
    let screen: Rect
    let events: [InputEvent]
    let reports: [GestureReport]
    let title: String
    let regions: [Region]
    /// Edge and corner zones to draw over the screen, named, in screen points.
    var zones: [(name: String, frame: Rect)] = []

    private static let palette = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#469990", "#808000"]
    private static let width = 1200.0

    private struct Path {
        var key: String
        var points: [Point] = []
        var start: Timestamp
        var end: Timestamp
        var cancelled = false
    }

    func render() -> String {
        let s = Self.width / max(screen.width, 1)
        let h = screen.height * s
        let paths = fingerPaths()
        let spans = gestureSpans()
        let rowHeight = 16.0
        let timelineTop = h + 40
        let rows = Double(1 + spans.map(\.row).count)
        let totalHeight = timelineTop + 30 + rows * rowHeight + 30
        let t0 = events.first?.timestamp ?? .zero
        let t1 = max(events.last?.timestamp ?? .zero, t0 + .milliseconds(1))
        let span = (t1 - t0).gestureSeconds
        func x(_ t: Timestamp) -> Double { 100 + (Self.width - 120) * ((t - t0).gestureSeconds / span) }

        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(fmt(Self.width))" height="\(fmt(totalHeight))" viewBox="0 0 \(fmt(Self.width)) \(fmt(totalHeight))" font-family="sans-serif" font-size="12">
        <title>\(escape(title))</title>
        <rect x="0" y="0" width="\(fmt(Self.width))" height="\(fmt(totalHeight))" fill="#ffffff"/>

        """
        // Regions.
        out += "<g id=\"regions\">\n"
        var stack = regions.map { ($0, Point.zero) }
        while let (r, _) = stack.popLast() {
            let f = r.screenFrame
            out += "<rect class=\"region\" x=\"\(fmt(f.minX * s))\" y=\"\(fmt(f.minY * s))\" width=\"\(fmt(f.width * s))\" height=\"\(fmt(f.height * s))\" fill=\"#f7f7f7\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n"
            out += "<text class=\"region-name\" x=\"\(fmt(f.minX * s + 4))\" y=\"\(fmt(f.minY * s + 14))\" fill=\"#999\">\(escape(r.name))</text>\n"
            stack.append(contentsOf: r.children.map { ($0, Point.zero) })
        }
        out += "</g>\n"

        // Zones.
        if !zones.isEmpty {
            out += "<g id=\"zones\">\n"
            for z in zones {
                let f = z.frame
                out += "<rect class=\"zone\" data-zone=\"\(escape(z.name))\" x=\"\(fmt(f.minX * s))\" y=\"\(fmt(f.minY * s))\" width=\"\(fmt(f.width * s))\" height=\"\(fmt(f.height * s))\" fill=\"#ffd24d\" fill-opacity=\"0.35\" stroke=\"#c9a000\"/>\n"
            }
            out += "</g>\n"
        }

        // Finger paths.
        out += "<g id=\"fingers\" fill=\"none\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for (i, p) in paths.enumerated() {
            let colour = Self.palette[i % Self.palette.count]
            let pts = p.points.map { "\(fmt($0.x * s)),\(fmt($0.y * s))" }.joined(separator: " ")
            out += "<polyline class=\"finger\" data-touch=\"\(escape(p.key))\" points=\"\(pts)\" stroke=\"\(colour)\"/>\n"
            if let first = p.points.first {
                out += "<circle class=\"finger-start\" cx=\"\(fmt(first.x * s))\" cy=\"\(fmt(first.y * s))\" r=\"4\" fill=\"\(colour)\"/>\n"
            }
            if let last = p.points.last {
                out += "<rect class=\"finger-end\" x=\"\(fmt(last.x * s - 3))\" y=\"\(fmt(last.y * s - 3))\" width=\"6\" height=\"6\" fill=\"\(p.cancelled ? "#000" : colour)\"/>\n"
            }
        }
        out += "</g>\n"

        // Gestures where they began and ended.
        out += "<g id=\"gestures\">\n"
        var placed: [Rect] = []
        for r in reports where r.state != "changed" && r.state != "failed" {
            let px = r.location.x * s, py = r.location.y * s
            // Labels of marks at the same place stack downwards instead of overprinting.
            let text = "\(r.recognizer) \(r.state)\(r.direction.map { " " + $0 } ?? "")"
            var label = Rect(x: px + 11, y: py - 17, width: Double(text.count) * 6.5, height: 14)
            while placed.contains(where: { overlaps($0, label) }) { label.origin.y += 14 }
            placed.append(label)
            let start = r.state == "began" || r.state == "recognized"
            let colour = r.state == "cancelled" ? "#c77c00" : (start ? "#1565c0" : "#2e7d32")
            out += "<g class=\"gesture\" data-recognizer=\"\(escape(r.recognizer))\" data-state=\"\(r.state)\">"
            out += start
                ? "<circle cx=\"\(fmt(px))\" cy=\"\(fmt(py))\" r=\"9\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
                : "<rect x=\"\(fmt(px - 7))\" y=\"\(fmt(py - 7))\" width=\"14\" height=\"14\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
            out += "<text x=\"\(fmt(label.minX))\" y=\"\(fmt(label.maxY - 3))\" fill=\"\(colour)\">\(escape(text))</text></g>\n"
        }
        out += "</g>\n"

        // Timeline: touches on the first row, then one row per recognizer.
        out += "<g id=\"timeline\">\n"
        out += "<text x=\"10\" y=\"\(fmt(timelineTop - 12))\" font-weight=\"bold\">timeline (\(String(format: "%.2f", span)) s)</text>\n"
        out += "<line x1=\"100\" y1=\"\(fmt(timelineTop))\" x2=\"\(fmt(Self.width - 20))\" y2=\"\(fmt(timelineTop))\" stroke=\"#333\"/>\n"
        var tick = 0.0
        let step = Self.tickStep(span)
        while tick <= span + 1e-9 {
            let tx = 100 + (Self.width - 120) * tick / span
            out += "<line x1=\"\(fmt(tx))\" y1=\"\(fmt(timelineTop - 4))\" x2=\"\(fmt(tx))\" y2=\"\(fmt(timelineTop + 4))\" stroke=\"#333\"/>"
            out += "<text x=\"\(fmt(tx))\" y=\"\(fmt(timelineTop + 16))\" text-anchor=\"middle\" fill=\"#333\">\(String(format: "%g", tick))s</text>\n"
            tick += step
        }
        var y = timelineTop + 24
        out += "<text x=\"10\" y=\"\(fmt(y + 11))\">touches</text>\n"
        for (i, p) in paths.enumerated() {
            out += "<rect class=\"touch-span\" x=\"\(fmt(x(p.start)))\" y=\"\(fmt(y + 2))\" width=\"\(fmt(max(2, x(p.end) - x(p.start))))\" height=\"10\" fill=\"\(Self.palette[i % Self.palette.count])\" opacity=\"0.6\"/>\n"
        }
        for row in spans.map(\.row) {
            y += rowHeight
            out += "<text x=\"10\" y=\"\(fmt(y + 11))\">\(escape(row.name))</text>\n"
            for bar in row.bars {
                let x0 = x(t0 + .microseconds(Int64(bar.start * 1_000_000)))
                let x1 = x(t0 + .microseconds(Int64(bar.end * 1_000_000)))
                let colour = bar.state == "cancelled" ? "#c77c00" : (bar.state == "recognized" ? "#1565c0" : "#2e7d32")
                out += "<rect class=\"gesture-span\" data-recognizer=\"\(escape(row.name))\" x=\"\(fmt(x0))\" y=\"\(fmt(y + 2))\" width=\"\(fmt(max(3, x1 - x0)))\" height=\"10\" fill=\"\(colour)\"/>\n"
            }
        }
        out += "</g>\n</svg>\n"
        return out
    }

    private func fingerPaths() -> [Path] {
        var open: [String: Int] = [:]
        var paths: [Path] = []
        for e in events {
            guard case .touchFrame(let f) = e else { continue }
            for c in f.contacts {
                let key = "\(f.device.rawValue).\(c.id)"
                switch c.phase {
                case .began:
                    open[key] = paths.count
                    paths.append(Path(key: key, points: [c.location], start: f.timestamp, end: f.timestamp))
                case .moved, .stationary, .ended, .cancelled:
                    guard let i = open[key] else { continue }
                    if paths[i].points.last != c.location { paths[i].points.append(c.location) }
                    paths[i].end = f.timestamp
                    if c.phase == .cancelled { paths[i].cancelled = true }
                    if !c.phase.isActive { open[key] = nil }
                }
            }
        }
        return paths
    }

    private struct Row {
        var name: String
        var bars: [(start: Double, end: Double, state: String)] = []
    }

    private func gestureSpans() -> [(order: Int, row: Row)] {
        var rows: [String: (Int, Row)] = [:]
        var openStart: [String: Double] = [:]
        for r in reports {
            var entry = rows[r.recognizer] ?? (rows.count, Row(name: r.recognizer))
            switch r.state {
            case "began": openStart[r.recognizer] = r.time
            case "recognized": entry.1.bars.append((r.time, r.time, "recognized"))
            case "ended", "cancelled":
                entry.1.bars.append((openStart[r.recognizer] ?? r.time, r.time, r.state))
                openStart[r.recognizer] = nil
            default: break
            }
            rows[r.recognizer] = entry
        }
        return rows.values.sorted { $0.0 < $1.0 }.map { (order: $0.0, row: $0.1) }
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    private func fmt(_ v: Double) -> String { String(format: "%.1f", v) }

    private func escape(_ s: String) -> String {
        var o = ""
        for ch in s {
            switch ch {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            default: o.append(ch)
            }
        }
        return o
    }

    /// The timeline's step between ticks, in seconds: 0.5, 1 or 5 for recordings up to 200 s,
    /// then 10, 20, 50, 100, … so that a timeline never has more than 40 ticks, however long the
    /// recording (a file may span 10⁹ s).
    static func tickStep(_ span: Double) -> Double {
        if span <= 5 { return 0.5 }
        if span <= 20 { return 1 }
        var step = 5.0
        var decade = 10.0
        while span / step > 40 {
            // 5 → 10 → 20 → 50 → 100 → …
            if step < decade { step = decade } else if step < 2 * decade { step = 2 * decade } else { step = 5 * decade; decade *= 10 }
        }
        return step
    }
}
