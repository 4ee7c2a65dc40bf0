import Foundation
import GestureKit
import GestureKitEvdev

/// A metamorphic relation: a transform of recordings, the replay options the transformed
/// recording is played with, and what the transform should do to each recognized gesture.
struct MetamorphicRelation: Sendable {
    /// The name in the table, e.g. `resample 60 Hz`.
    let name: String
    /// `gesture-demo replay` options for the transformed recording.
    let replayArguments: [String]
    /// The transform.
    let transform: @Sendable (Recording) throws -> Recording
    /// What a gesture recognized in the original should be in the transformed recording.
    let expected: @Sendable (RecognizedGesture) -> RecognizedGesture

    /// The transform that changes nothing: a control row (the replay is deterministic).
    static let identity = MetamorphicRelation(
        name: "none (control)", replayArguments: [], transform: { $0 }, expected: { $0 })

    static func resample(_ hz: Int) -> MetamorphicRelation {
        MetamorphicRelation(
            name: "resample \(hz) Hz", replayArguments: [],
            transform: { try RecordingTransforms.resampled($0, rate: Double(hz)) }, expected: { $0 })
    }

    /// Left and right swap; a rotation turns the other way.
    static let mirror = MetamorphicRelation(
        name: "mirror x", replayArguments: [],
        transform: { RecordingTransforms.mirroredHorizontally($0) },
        expected: { g in
            var g = g
            g.direction = g.direction.mirrored
            g.edge = g.edge.mirrored
            g.rotation = g.rotation.map { -$0 }
            return g
        })

    /// The sensor turned a quarter turn, the output turned back: the screen sees the same gesture.
    static let rotate = MetamorphicRelation(
        name: "rotate 90°", replayArguments: ["--rotation", "90"],
        transform: { RecordingTransforms.rotatedQuarterTurn($0) }, expected: { $0 })

    static func resolution(_ factor: Double) -> MetamorphicRelation {
        MetamorphicRelation(
            name: "resolution ×\(factor == 0.5 ? "0.5" : String(Int(factor)))", replayArguments: [],
            transform: { RecordingTransforms.resolutionScaled($0, by: factor) }, expected: { $0 })
    }

    static let split = MetamorphicRelation(
        name: "split mixed frames", replayArguments: [],
        transform: { try RecordingTransforms.splittingMixedFrames($0) }, expected: { $0 })

    /// Every relation of the tier, the control first.
    static let all: [MetamorphicRelation] = [
        .identity, .resample(60), .resample(120), .resample(240), .mirror, .rotate, .resolution(0.5), .resolution(2), .split,
    ]
}

extension SwipeDirection {
    /// Left and right exchanged.
    var mirrored: SwipeDirection {
        var d = self.subtracting(.horizontal)
        if contains(.left) { d.insert(.right) }
        if contains(.right) { d.insert(.left) }
        return d
    }
}

extension ScreenEdges {
    /// Left and right exchanged.
    var mirrored: ScreenEdges {
        var e = self.subtracting([.left, .right])
        if contains(.left) { e.insert(.right) }
        if contains(.right) { e.insert(.left) }
        return e
    }
}

/// Compares what two replays recognized.
enum GestureComparison {
    /// A pinch's final scale may differ by this fraction.
    static let scaleTolerance = 0.05
    /// A rotation's final angle may differ by this many radians (3°).
    static let rotationTolerance = 3 * Double.pi / 180
    /// Gestures of the same recognizer are paired when they start at most this far apart (a
    /// resampled frame moves an event by up to 17 ms at 60 Hz), or, for continuous gestures, when
    /// their spans overlap.
    static let pairingWindow: Duration = .milliseconds(150)

    /// Whether `a` and `b`, recognized by the same recognizer in two replays, started close enough
    /// to be the same gesture (within ``pairingWindow``).
    static func startTogether(_ a: RecognizedGesture, _ b: RecognizedGesture) -> Bool {
        abs(a.start.microseconds - b.start.microseconds) <= pairingWindow.gestureMicroseconds
    }

    /// Whether `a` and `b` are continuous gestures whose spans overlap: one recognizer follows one
    /// gesture at a time, so overlapping spans are the same touches, the threshold crossed a few
    /// frames earlier or later.
    static func overlap(_ a: RecognizedGesture, _ b: RecognizedGesture) -> Bool {
        guard a.end > a.start, b.end > b.start else { return false }
        return a.start <= b.end && b.start <= a.end
    }

    /// The differences between the gestures expected and those recognized, one line each, in time
    /// order; empty when they are the same. See ``compare(expected:actual:)``.
    static func differences(expected: [RecognizedGesture], actual: [RecognizedGesture]) -> [String] {
        compare(expected: expected, actual: actual).map(\.text)
    }

    /// The differences between the gestures expected and those recognized, in time order; empty
    /// when they are the same. Each gesture is paired with the unpaired gesture of the same
    /// recognizer that starts nearest in time within ``pairingWindow``; a continuous one left
    /// unpaired then with one whose span overlaps its own. Paired gestures' states, fingers,
    /// direction, edge, final scale (within 5 %) and final rotation (within 3°) must agree. Times
    /// and positions are not compared otherwise.
    static func compare(expected: [RecognizedGesture], actual: [RecognizedGesture]) -> [GestureDifference] {
        var pairs: [Int: Int] = [:]
        var used = Set<Int>()
        for rule in [startTogether, overlap] as [(RecognizedGesture, RecognizedGesture) -> Bool] {
            for (i, e) in expected.enumerated() where pairs[i] == nil {
                let candidates = actual.indices.filter {
                    !used.contains($0) && actual[$0].recognizer == e.recognizer && rule(e, actual[$0])
                }
                if let j = candidates.min(by: {
                    abs(actual[$0].start.microseconds - e.start.microseconds) < abs(actual[$1].start.microseconds - e.start.microseconds)
                }) {
                    pairs[i] = j
                    used.insert(j)
                }
            }
        }
        var found: [(order: Int, difference: GestureDifference)] = []
        for (i, e) in expected.enumerated() {
            guard let j = pairs[i] else {
                found.append((i, GestureDifference(kind: .missing, gesture: e)))
                continue
            }
            let fields = fieldDifferences(expected: e, actual: actual[j])
            if !fields.isEmpty {
                found.append((i, GestureDifference(kind: .changed, gesture: e, fields: fields)))
            }
        }
        for j in actual.indices where !used.contains(j) {
            found.append((expected.count + j, GestureDifference(kind: .extra, gesture: actual[j])))
        }
        return found.sorted { ($0.difference.gesture.start, $0.order) < ($1.difference.gesture.start, $1.order) }.map(\.difference)
    }

    /// What differs between two paired gestures, e.g. `direction right → up`.
    static func fieldDifferences(expected e: RecognizedGesture, actual a: RecognizedGesture) -> [String] {
        var d: [String] = []
        if e.states != a.states {
            d.append("states \(e.states.joined(separator: "→")) → \(a.states.joined(separator: "→"))")
        }
        if e.fingers != a.fingers { d.append("fingers \(e.fingers) → \(a.fingers)") }
        if e.direction != a.direction { d.append("direction \(e.direction) → \(a.direction)") }
        if e.edge != a.edge { d.append("edge \(e.edge) → \(a.edge)") }
        switch (e.scale, a.scale) {
        case (nil, nil): break
        case (let x?, let y?):
            if abs(y / x - 1) > scaleTolerance {
                d.append(String(format: "scale %.3f → %.3f (%+.1f %%)", x, y, (y / x - 1) * 100))
            }
        case (let x, let y):
            d.append("scale \(x.map { String(format: "%.3f", $0) } ?? "none") → \(y.map { String(format: "%.3f", $0) } ?? "none")")
        }
        switch (e.rotation, a.rotation) {
        case (nil, nil): break
        case (let x?, let y?):
            if abs(y - x) > rotationTolerance {
                d.append(String(format: "rotation %.1f° → %.1f°", x * 180 / .pi, y * 180 / .pi))
            }
        case (let x, let y):
            func deg(_ v: Double?) -> String { v.map { String(format: "%.1f°", $0 * 180 / .pi) } ?? "none" }
            d.append("rotation \(deg(x)) → \(deg(y))")
        }
        return d
    }
}

/// One difference between two replays' gestures.
struct GestureDifference: Sendable {
    enum Kind: String, Sendable {
        /// Expected, not recognized.
        case missing
        /// Recognized, not expected.
        case extra
        /// Paired, with fields that differ.
        case changed
    }

    var kind: Kind
    /// The expected gesture (missing, changed) or the recognized one (extra).
    var gesture: RecognizedGesture
    /// For `changed`, what differs, e.g. `direction up → right`.
    var fields: [String] = []

    /// `   3.367s  extra    pan began→ended 1f @3.367–3.383s`.
    var text: String {
        let kind = self.kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        let tail = fields.isEmpty ? "" : "  ⇒  " + fields.joined(separator: ", ")
        return String(format: "%8.3fs  ", gesture.start.seconds) + "\(kind)  \(gesture)" + tail
    }

    /// Whether `other` is the same difference seen in another replay: the same kind, a gesture of
    /// the same recognizer with the same states and fingers starting within
    /// ``GestureComparison/pairingWindow``, and for `changed` the same fields changed (their
    /// names, not their values).
    func isSame(as other: GestureDifference) -> Bool {
        func names(_ fields: [String]) -> [Substring] { fields.map { $0.prefix { $0 != " " } } }
        return kind == other.kind && gesture.recognizer == other.gesture.recognizer
            && gesture.states == other.gesture.states && gesture.fingers == other.gesture.fingers
            && GestureComparison.startTogether(gesture, other.gesture)
            && names(fields) == names(other.fields)
    }
}
