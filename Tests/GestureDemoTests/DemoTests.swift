import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("gesture-demo, run as a user runs it")
struct DemoTests {
    @Test("replaying the bundled tour as JSON prints exactly the expected gestures")
    func tourJSON() throws {
        let run = try DemoRun.run(["replay", "--json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let expected = try String(
            contentsOf: DemoRun.packageRoot.appendingPathComponent("Tests/GestureDemoTests/Expected/tour.jsonl"), encoding: .utf8)
        let got = run.stdout.split(separator: "\n").map(String.init)
        let want = expected.split(separator: "\n").map(String.init)
        #expect(got.count == want.count)
        for (i, (g, w)) in zip(got, want).enumerated() {
            #expect(g == w, "line \(i + 1)")
        }
        // Every line is a JSON object with the documented fields.
        for line in got {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in ["time", "device", "recognizer", "kind", "state", "fingers", "location"] {
                #expect(object[key] != nil, "\(key) missing in \(line)")
            }
        }
    }

    @Test("the tour shows every gesture kind of the demo graph")
    func tourCoversTheGraph() throws {
        let run = try DemoRun.run(["replay", "--json"])
        let outcomes = Set(run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let r = o["recognizer"] as? String, let s = o["state"] as? String,
                  s == "recognized" || s == "began" else { return nil }
            return r
        })
        #expect(outcomes == ["tap", "double-tap", "long-press", "pan", "swipe", "pinch", "rotation", "edge-pan", "swipe-3f"])
    }

    @Test("--svg draws finger paths, gesture marks, regions and the timeline as valid SVG")
    func svg() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoRun.run(["replay", "--svg", path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let data = try #require(FileManager.default.contents(atPath: path))
        let counter = ElementCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        #expect(counter.root == "svg")
        #expect(counter.count(of: "polyline", class: "finger") == 15)  // 15 touches in the tour
        #expect(counter.count(of: "rect", class: "region") == 1)
        #expect(counter.count(of: "g", class: "gesture") >= 14)
        #expect(counter.ids.contains("timeline"))
        #expect(counter.count(of: "rect", class: "gesture-span") >= 9)
    }

    @Test("--edges draws the edge pan's zones: four bands, and four corner squares with --corner-mm")
    func edgesInSVG() throws {
        for (arguments, zones) in [([String](), 4), (["--corner-mm", "12"], 8)] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString).svg").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let run = try DemoRun.run(["replay", "--json", "--svg", path, "--edges"] + arguments)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let data = try #require(FileManager.default.contents(atPath: path))
            let counter = ElementCounter()
            let parser = XMLParser(data: data)
            parser.delegate = counter
            #expect(parser.parse())
            #expect(counter.count(of: "rect", class: "zone") == zones, "\(arguments)")
            // The tour's edge swipe starts 2 mm from the left edge, mid-height: an edge pan either way.
            #expect(run.stdout.contains(#""edge":"left""#), "\(arguments)")
        }
        let usage = try DemoRun.run(["replay", "--edges"])
        #expect(usage.status == 64, "--edges without --svg: \(usage.stderr)")
    }

    @Test("human output is aligned, uncoloured when NO_COLOR is set, and ends with a summary")
    func humanOutput() throws {
        let run = try DemoRun.run(["replay"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("\u{1B}["))
        let first = try #require(run.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix("   0.390s  tap           recognized 1 finger  at (400.0, 300.0)"))
        #expect(run.stderr.contains("14 gestures from 15 touches"))
    }

    @Test("--only keeps the log to the kinds asked for")
    func only() throws {
        let run = try DemoRun.run(["replay", "--json", "--only", "pinch,rotation"])
        let kinds = Set(run.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        })
        #expect(kinds == ["pinch", "rotation"])
    }

    @Test("a missing file is a clear error with exit status 1")
    func missingFile() throws {
        let run = try DemoRun.run(["replay", "/nonexistent/recording.evemu"])
        #expect(run.status == 1)
        #expect(run.stderr == "gesture-demo: /nonexistent/recording.evemu: cannot read: no such file\n")
    }

    @Test("a malformed recording names its file and line")
    func malformed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).evemu").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "N: panel\nI: 0003 0001 0002 0003\nP: 02 00 00 00 00 00 00 00\nE: 0.1 0003\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try DemoRun.run(["replay", path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("gesture-demo: \(path):4: expected"))
    }

    @Test("a hostile recording is exit status 1 with the file, the line and what is wrong, not a crash", arguments: [
        // A timestamp one microsecond beyond Int64.max (it trapped), then 2³¹ slots (the decoder
        // asked for hundreds of gigabytes and aborted).
        ("E: 9223372036854.775808 0000 0000 0000", 9,
         "out of range: timestamp 9223372036854.775808 s is beyond the microsecond clock (at most 9223372036854.775807 s)"),
        ("A: 2f 0 2147483647 0 0 0", 7,
         "out of range: ABS_MT_SLOT maximum 2147483647 is outside 0…1023 (the kernel allows at most 1024 slots)"),
    ])
    func hostile(line: String, number: Int, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).evemu").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = [
            "N: panel", "I: 0003 0001 0002 0003", "P: 02 00 00 00 00 00 00 00", "B: 01 00 04", "B: 03 03 00 00 00 00 80 60 02",
            "A: 35 0 799 0 0 10", line.hasPrefix("A:") ? line : "A: 2f 0 9 0 0 0", "E: 1.000000 0000 0000 0000",
            line.hasPrefix("E:") ? line : "E: 2.000000 0000 0000 0000",
        ].joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try DemoRun.run(["replay", path])
        #expect(run.status == 1)
        #expect(run.stderr == "gesture-demo: \(path):\(number): \(message)\n")
    }

    @Test("an unknown flag value is a usage error (exit 64)")
    func badFlag() throws {
        let run = try DemoRun.run(["replay", "--rotation", "45"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'45' is invalid for '--rotation"))
        let size = try DemoRun.run(["replay", "--output-size", "wide"])
        #expect(size.status == 64)
    }
}

/// Counts elements by name and class in an XML document.
final class ElementCounter: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var ids: Set<String> = []
    private var counts: [String: Int] = [:]

    func count(of element: String, class cls: String) -> Int { counts["\(element).\(cls)"] ?? 0 }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = name }
        if let id = attributes["id"] { ids.insert(id) }
        if let cls = attributes["class"] { counts["\(name).\(cls)", default: 0] += 1 }
    }
}
