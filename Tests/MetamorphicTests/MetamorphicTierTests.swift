import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// The outcome of one relation on one recording.
struct MetamorphicOutcome: Sendable {
    var file: String
    var relation: String
    /// The differences that no threshold moved by ``ThresholdSensitivity/margin`` explains, or
    /// why the transform or replay failed: each fails the tier.
    var differences: [String]
    /// Differences the original recording shows too once one threshold is moved by
    /// ``ThresholdSensitivity/margin``: a hand on a threshold. Each with the threshold moved.
    var onThreshold: [(line: String, threshold: String)] = []
    /// The same gestures as the original's.
    var identical: Bool { differences.isEmpty && onThreshold.isEmpty }
    /// The same gestures, but for thresholds crossed.
    var passes: Bool { differences.isEmpty }
}

/// Every touchscreen recording, replayed through the demo graph as recorded and after each
/// transform of ``MetamorphicRelation/all``, compared once for all the tests below.
enum MetamorphicTier {
    struct Results: Sendable {
        var files: [String]
        var outcomes: [MetamorphicOutcome]
        var seconds: [String: Double]  // replay and transform time per relation
        var originals: [String: [RecognizedGesture]]

        func outcomes(for relation: String) -> [MetamorphicOutcome] { outcomes.filter { $0.relation == relation } }
    }

    static let results: Result<Results, TransformError> = {
        do {
            return .success(try compute())
        } catch {
            return .failure(TransformError("\(error)"))
        }
    }()

    private static func compute() throws -> Results {
        let files = try SharedRecordings.touchscreenFiles()
        var results = Results(files: files, outcomes: [], seconds: [:], originals: [:])
        let clock = ContinuousClock()
        for file in files {
            let recording = try SharedRecordings.read(file)
            let original = try DemoReplay.run(recording).gestures
            results.originals[file] = original
            var variants: [ThresholdSensitivity.Variant]?  // computed for a recording that needs them
            for relation in MetamorphicRelation.all {
                let start = clock.now
                var outcome = MetamorphicOutcome(file: file, relation: relation.name, differences: [])
                do {
                    let transformed = try relation.transform(recording)
                    let got = try DemoReplay.run(transformed, arguments: relation.replayArguments).gestures
                    let found = GestureComparison.compare(expected: original.map(relation.expected), actual: got)
                    if !found.isEmpty && variants == nil {
                        variants = try ThresholdSensitivity.variants(of: recording, original: original)
                    }
                    for d in found {
                        if let v = ThresholdSensitivity.explanation(of: d, in: variants ?? []) {
                            outcome.onThreshold.append((d.text, v.description))
                        } else {
                            outcome.differences.append(d.text)
                        }
                    }
                } catch {
                    outcome.differences = ["transform or replay failed: \(error)"]
                }
                results.seconds[relation.name, default: 0] += (clock.now - start).gestureSeconds
                results.outcomes.append(outcome)
            }
        }
        return results
    }

    /// The table and every difference, for the test log.
    static func text(_ r: Results) -> String {
        var s = "Metamorphic tier: \(r.files.count) touchscreen recordings replayed through the demo graph (gesture-demo replay defaults: the sensor's aspect ratio, 1920 points on the long side)\n"
        s += "  transform               identical   same but for a threshold ±\(Int(ThresholdSensitivity.margin * 100)) %   time\n"
        for relation in MetamorphicRelation.all {
            let o = r.outcomes(for: relation.name)
            let name = relation.name.padding(toLength: 22, withPad: " ", startingAt: 0)
            let identical = String(format: "%2d/%-2d", o.filter(\.identical).count, o.count)
            let passing = String(format: "%2d/%-2d", o.filter(\.passes).count, o.count)
            s += "  \(name)  \(identical)      \(passing)                           \(String(format: "%5.2f s", r.seconds[relation.name] ?? 0))\n"
        }
        let silent = r.files.filter { r.originals[$0]?.isEmpty ?? true }
        if !silent.isEmpty {
            s += "  (recognizing nothing in the original, so compared only for extra gestures: \(silent.joined(separator: ", ")))\n"
        }
        s += "Differences (the original's gestures, transformed as the relation says ⇒ what the transformed recording gave):\n"
        for relation in MetamorphicRelation.all {
            for o in r.outcomes(for: relation.name) where !o.identical {
                s += "  [\(relation.name)] \(o.file)\n"
                for line in o.differences { s += "      \(line)\n" }
                for (line, threshold) in o.onThreshold { s += "      \(line)   (on a threshold: the original gives it too with \(threshold))\n" }
            }
        }
        return s
    }
}

@Suite(
    "Metamorphic tier: transformed recordings give the same gestures",
    .enabled(if: SharedRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct MetamorphicTierTests {
    @Test("the table of identical recordings per transform (printed)")
    func table() throws {
        let r = try MetamorphicTier.results.get()
        report(MetamorphicTier.text(r))
        #expect(r.files.count == 14, "touchscreen recordings: \(r.files)")
        // The control: replaying twice gives the same gestures, and every original recognizes something.
        for o in r.outcomes(for: MetamorphicRelation.identity.name) {
            #expect(o.identical, "\(o.file): the replay is not deterministic: \(o.differences)")
        }
    }

    /// A difference passes only when the original recording, with one threshold moved by 10 %,
    /// shows the same difference (a hand on that threshold); it is printed as ON A THRESHOLD.
    @Test("each transform gives the original's gestures, but for thresholds crossed", arguments: MetamorphicRelation.all.dropFirst().map(\.name))
    func identical(_ relation: String) throws {
        let r = try MetamorphicTier.results.get()
        for o in r.outcomes(for: relation) {
            if !o.onThreshold.isEmpty {
                let lines = o.onThreshold.map { "    \($0.line)  (the original with \($0.threshold) gives it too)" }
                report("ON A THRESHOLD [\(relation)] \(o.file):\n\(lines.joined(separator: "\n"))\n")
            }
            if !o.differences.isEmpty {
                Issue.record("\(relation): \(o.file) differs:\n\(o.differences.map { "    " + $0 }.joined(separator: "\n"))")
            }
        }
    }
}
