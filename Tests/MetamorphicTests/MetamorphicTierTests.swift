import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// The outcome of one relation on one recording.
struct MetamorphicOutcome: Sendable {
    var file: String
    var relation: String
    /// The differences (``GestureComparison/differences(expected:actual:)``), or why the
    /// transform or replay failed.
    var differences: [String]
    var identical: Bool { differences.isEmpty }
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
            for relation in MetamorphicRelation.all {
                let start = clock.now
                var differences: [String]
                do {
                    let transformed = try relation.transform(recording)
                    let got = try DemoReplay.run(transformed, arguments: relation.replayArguments).gestures
                    differences = GestureComparison.differences(expected: original.map(relation.expected), actual: got)
                } catch {
                    differences = ["transform or replay failed: \(error)"]
                }
                results.seconds[relation.name, default: 0] += (clock.now - start).gestureSeconds
                results.outcomes.append(MetamorphicOutcome(file: file, relation: relation.name, differences: differences))
            }
        }
        return results
    }

    /// The table and every difference, for the test log.
    static func text(_ r: Results) -> String {
        var s = "Metamorphic tier: \(r.files.count) touchscreen recordings replayed through the demo graph (gesture-demo replay defaults: the sensor's aspect ratio, 1920 points on the long side)\n"
        s += "  transform               identical   time\n"
        for relation in MetamorphicRelation.all {
            let o = r.outcomes(for: relation.name)
            let name = relation.name.padding(toLength: 22, withPad: " ", startingAt: 0)
            s += "  \(name)  \(String(format: "%2d/%-2d", o.filter(\.identical).count, o.count))     \(String(format: "%5.2f s", r.seconds[relation.name] ?? 0))\n"
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

    @Test("each transform gives the original's gestures", arguments: MetamorphicRelation.all.dropFirst().map(\.name))
    func identical(_ relation: String) throws {
        let r = try MetamorphicTier.results.get()
        let known = KnownDifference.all.filter { $0.relation == relation }
        for o in r.outcomes(for: relation) where !o.identical {
            let lines: [String] = o.differences.map { "    " + $0 }
            if let k = known.first(where: { $0.file == o.file }), k.differences == o.differences {
                report("KNOWN DIFFERENCE [\(relation)] \(o.file) (\(k.reason)):\n\(lines.joined(separator: "\n"))\n")
                continue
            }
            Issue.record("\(relation): \(o.file) differs:\n\(lines.joined(separator: "\n"))")
        }
        // A known difference that no longer occurs is taken off the list, so that the list stays true.
        for k in known where r.outcomes(for: relation).first(where: { $0.file == k.file })?.differences != k.differences {
            Issue.record("\(relation): \(k.file) no longer differs as listed in KnownDifference.all: update the list")
        }
    }
}

/// Differences between a recording and its transform that are not the engine's to remove, each
/// with the reason, printed as KNOWN DIFFERENCE. Each must match the comparison's lines exactly:
/// any other difference, or a listed one that changes or disappears, fails the tier.
struct KnownDifference: Sendable {
    var relation: String
    var file: String
    var differences: [String]
    var reason: String

    static let all: [KnownDifference] = [
        KnownDifference(
            relation: "resample 60 Hz", file: "ts-wacom-dth2242-taps-multifinger-10.evemu",
            differences: [
                "  15.702s  changed  pinch began→ended 6f scale 0.961 @15.702–16.388s  ⇒  scale 0.961 → 1.017 (+5.8 %)",
                "  16.126s  missing  rotation began→ended 6f rotation 7.5° @16.126–16.388s",
                "  20.606s  changed  pinch began→ended 2f scale 0.945 @20.606–20.640s  ⇒  fingers 2 → 6",
            ],
            reason: "the 6- and 9-finger sessions land and lift fingers every few frames with turns and spreads near the 7° and 2 mm thresholds; at 60 Hz landings and lifts merge into fewer frames: the 6-finger turn stays under 6.9°, its spread ends 5.8 % apart, and a 2-finger pinch begins once 6 fingers are down"),
        KnownDifference(
            relation: "resample 120 Hz", file: "ts-wacom-dth2242-taps-multifinger-10.evemu",
            differences: [
                "  16.126s  missing  rotation began→ended 6f rotation 7.5° @16.126–16.388s",
            ],
            reason: "the 6-finger session turns 7.5° in all, against the 6.9° threshold: resampled, it stays just under"),
        KnownDifference(
            relation: "resolution ×0.5", file: "ts-wacom-dth2242-taps-multifinger-10.evemu",
            differences: [
                "   3.362s  extra    pan began→ended 1f @3.362–3.370s",
                "   3.670s  missing  tap recognized 1f @3.670s",
            ],
            reason: "a tap whose finger moves 1.9 mm against the 2 mm pan threshold: rounding to the coarser sensor units tips it over"),
        KnownDifference(
            relation: "split mixed frames", file: "ts-wacom-dth2242-taps-multifinger-10.evemu",
            differences: [
                "  10.172s  extra    swipe recognized 1f down @10.172s",
            ],
            reason: "a finger landing in the frame in which another makes a short stroke: in frames of their own, the stroke is a swipe on its own before the second finger joins"),
    ]
}
