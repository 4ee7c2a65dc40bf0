import Foundation
import GestureKit
import GestureKitEvdev

/// Whether the demo graph got an episode right, and what it recognized.
struct Verdict: Sendable {
    var right: Bool
    /// Why not (empty when right).
    var problem: String
    /// Everything recognized in the episode.
    var recognized: String
}

/// What a judge sees: the labelled episodes of a replay, the gestures attributed to them, and
/// the replay's frames (for measurements).
struct EpisodeContext {
    var episodes: [TouchEpisode]
    var gestures: [RecognizedGesture]
    var events: [InputEvent]
}

/// One labelled episode (or a group of alike episodes) of a shared recording.
struct LabelledEpisode: Sendable {
    /// The recording.
    var file: String
    /// What happened, as SOURCES.md measures it, and what the demo graph should make of it.
    var label: String
    /// Which episodes of the replay (``TouchEpisode/split(_:)`` of its frames, in order) it covers.
    var episodes: @Sendable ([TouchEpisode], [InputEvent]) -> [Int]
    /// The judge: right or wrong, and why.
    var judge: @Sendable (EpisodeContext) -> (right: Bool, problem: String)

    init(
        _ file: String, _ label: String, episodes: [Int] = [0],
        judge: @escaping @Sendable (EpisodeContext) -> (right: Bool, problem: String)
    ) {
        self.file = file
        self.label = label
        self.episodes = { _, _ in episodes }
        self.judge = judge
    }

    init(
        _ file: String, _ label: String, selecting: @escaping @Sendable ([TouchEpisode], [InputEvent]) -> [Int],
        judge: @escaping @Sendable (EpisodeContext) -> (right: Bool, problem: String)
    ) {
        self.file = file
        self.label = label
        self.episodes = selecting
        self.judge = judge
    }
}

/// The labelled episodes of the shared touchscreen recordings, and the scorer.
///
/// Labels come from the measured content in `SOURCES.md` and from measurements of the decoded
/// frames (``HandMeasurements``); what counts as right is written in each judge (``Judge``).
/// Directions are on the screen (y grows downwards): the EP0430M09 "drag-down" recordings move
/// toward y = 0, which is up.
enum LabelledEpisodes {
    static let all: [LabelledEpisode] = [
        LabelledEpisode(
            "ts-atmel-maxtouch-1finger-9taps.evemu", "9 one-finger taps, 82–110 ms, about 230 ms apart, no motion",
            episodes: Array(0..<9), judge: Judge.oneFingerTaps(9)),
        LabelledEpisode(
            "ts-atmel-maxtouch-2finger-touch-hold.evemu", "2-finger touch-hold, 0.82 s, second finger +55 ms",
            judge: Judge.holdOrTap(fingers: 2)),
        LabelledEpisode(
            "ts-atmel-maxtouch-4finger-drag-down.evemu", "4-finger drag down (+139…+180 units), 0.57 s",
            judge: Judge.pan(fingers: 4, direction: .down)),
        LabelledEpisode(
            "ts-dell-canvas-4finger-5finger-pinch.evemu", "2-finger tap, 362 ms", episodes: [0],
            judge: Judge.tap(fingers: 2)),
        LabelledEpisode(
            "ts-dell-canvas-4finger-5finger-pinch.evemu", "4-finger drag, 1.46 s, fingers landing over 274 ms",
            episodes: [1], judge: Judge.pan(fingers: 4, direction: nil)),
        LabelledEpisode(
            "ts-dell-canvas-4finger-5finger-pinch.evemu", "5-finger pinch-in, spread 67 → 39 mm: scale 0.58 ± 0.03",
            episodes: [2], judge: Judge.pinch(fingers: 5, scale: 0.55...0.61)),
        LabelledEpisode(
            "ts-dell-canvas-4finger-5finger-pinch.evemu",
            "1-finger flick, 115 mm in 0.33 s toward the upper right: a swipe right or up", episodes: [3],
            judge: Judge.swipe(fingers: 1, allowed: [.right, .up])),
        LabelledEpisode(
            "ts-ep0430m09-2finger-drag-down.evemu", "2-finger drag toward y = 0 (−300 units), 0.76 s: pan up",
            judge: Judge.pan(fingers: 2, direction: .up)),
        LabelledEpisode(
            "ts-ep0430m09-2finger-touch-hold.evemu", "2-finger touch-and-release, ≈ 0.5 s, < 3 units of motion",
            judge: Judge.holdOrTap(fingers: 2)),
        LabelledEpisode(
            "ts-ep0430m09-4finger-drag-down.evemu", "4-finger drag toward y = 0 (−171…−279 units), 1.17 s: pan up",
            judge: Judge.pan(fingers: 4, direction: .up)),
        LabelledEpisode(
            "ts-google-pixel-tablet-1finger-swipe.evemu", "1-finger flick (−49, −95) mm in 208 ms: swipe up, never right",
            judge: Judge.swipe(fingers: 1, allowed: [.up], forbidden: [.right])),
        LabelledEpisode(
            "ts-wacom-dth2242-taps-multifinger-10.evemu", "2-finger tap, 262 ms (episode 4 of 22)", episodes: [3],
            judge: Judge.tap(fingers: 2)),
        LabelledEpisode(
            "ts-wacom-dth2242-taps-multifinger-10.evemu",
            "2-finger hold, 966 ms, second finger +695 ms (episode 9 of 22): a long press or a 2-finger tap", episodes: [8],
            judge: Judge.holdOrTap(fingers: nil)),
        LabelledEpisode(
            "ts-wacom-dth2242-taps-multifinger-10.evemu", "2-finger tap, 236 ms (episode 13 of 22)", episodes: [12],
            judge: Judge.tap(fingers: 2)),
        LabelledEpisode(
            "ts-wacom-dth2242-taps-multifinger-10.evemu",
            "the one-finger episodes under 400 ms that never stray 2 mm from where they landed: one-finger taps",
            selecting: { episodes, _ in
                episodes.indices.filter {
                    episodes[$0].maximumContacts == 1 && episodes[$0].tracks.count == 1
                        && episodes[$0].duration < .milliseconds(400) && HandMeasurements.largestExcursion(episodes[$0]) <= 2
                }
            },
            judge: Judge.oneFingerTaps(nil)),
        LabelledEpisode(
            "ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu", "1-finger swipe in from the left edge (x = 120 of 2776)",
            judge: Judge.edgePan(.left, fingers: 1)),
        LabelledEpisode(
            "ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu", "2-finger swipe in from the left edge (x = 116 of 2776)",
            judge: Judge.edgePan(.left, fingers: 2)),
        LabelledEpisode(
            "ts-wacom-isdv4-2finger-circle.evemu", "2 fingers circling together, their line turning: a rotation",
            judge: Judge.rotation(fingers: 2)),
        LabelledEpisode(
            "ts-wacom-isdv4-2finger-drag-down.evemu", "2-finger drag down (+1170 units), 1.16 s",
            judge: Judge.pan(fingers: 2, direction: .down)),
        LabelledEpisode(
            "ts-wacom-isdv4-2finger-tap.evemu", "2-finger tap, 32 ms", judge: Judge.tap(fingers: 2)),
    ]

    /// The files the labels need, in order.
    static var files: [String] {
        var seen: [String] = []
        for l in all where !seen.contains(l.file) { seen.append(l.file) }
        return seen
    }

    /// Gives each gesture to one episode: a tap or double tap to the last episode that ended at or
    /// before it was recognized (a tap waiting for a double tap is recognized after its finger
    /// lifted, often as the next one lands); any other gesture to the episode it started in (or the
    /// last one that started before it).
    static func attribute(_ gestures: [RecognizedGesture], to episodes: [TouchEpisode]) -> [[RecognizedGesture]] {
        var result = Array(repeating: [RecognizedGesture](), count: episodes.count)
        guard !episodes.isEmpty else { return result }
        for g in gestures {
            let index: Int
            if g.kind == "tap" || g.kind == "double-tap" {
                index = episodes.lastIndex { $0.end <= g.start } ?? 0
            } else {
                index = episodes.firstIndex { $0.start <= g.start && g.start <= $0.end }
                    ?? episodes.lastIndex { $0.start <= g.start } ?? 0
            }
            result[index].append(g)
        }
        return result
    }

    /// One scored label.
    struct Score: Sendable {
        var label: LabelledEpisode
        var episodes: [Int]
        var verdict: Verdict
        /// How many episodes the replay of the file has.
        var episodeCount: Int
    }

    /// The physical size of the panels that report no resolution, as a host that knows its panel
    /// passes it (`--output-mm`): the active area of the panel the product name gives. The
    /// EP0430M09 is a 4.3-inch 16:9 panel, the ISDv4 E6 sits in 12.5-inch 16:9 tablet PCs, the
    /// DTH2242 is a 21.5-inch 16:9 pen display. The Atmel maXTouch's panel is not known, so it
    /// keeps the fallback.
    static let panelMillimetres: [String: String] = [
        "ts-ep0430m09-2finger-drag-down.evemu": "95x54", "ts-ep0430m09-2finger-touch-hold.evemu": "95x54",
        "ts-ep0430m09-4finger-drag-down.evemu": "95x54",
        "ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu": "277x156", "ts-wacom-isdv4-2finger-circle.evemu": "277x156",
        "ts-wacom-isdv4-2finger-drag-down.evemu": "277x156", "ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu": "277x156",
        "ts-wacom-isdv4-2finger-tap.evemu": "277x156",
        "ts-wacom-dth2242-taps-multifinger-10.evemu": "477x268",
    ]

    /// Replays each file once through the demo graph and judges every label: with the demo's
    /// defaults, as a new user runs it, or (`knownPanels`) with each panel's physical size where
    /// ``panelMillimetres`` knows it, as a kiosk or compositor that knows its output runs it.
    static func score(knownPanels: Bool = false) throws -> [Score] {
        var scores: [Score] = []
        for file in files {
            let arguments = knownPanels ? panelMillimetres[file].map { ["--output-mm", $0] } ?? [] : []
            let replay = try DemoReplay.run(try SharedRecordings.read(file), arguments: arguments)
            let episodes = TouchEpisode.split(replay.events)
            let attributed = attribute(replay.gestures, to: episodes)
            for label in all where label.file == file {
                let chosen = label.episodes(episodes, replay.events)
                let missing = chosen.filter { !episodes.indices.contains($0) }
                guard missing.isEmpty, !chosen.isEmpty else {
                    let verdict = Verdict(right: false, problem: "episodes \(chosen) not in the replay's \(episodes.count)", recognized: "")
                    scores.append(Score(label: label, episodes: chosen, verdict: verdict, episodeCount: episodes.count))
                    continue
                }
                let context = EpisodeContext(
                    episodes: chosen.map { episodes[$0] }, gestures: chosen.flatMap { attributed[$0] }, events: replay.events)
                let (right, problem) = label.judge(context)
                let recognized = context.gestures.isEmpty ? "nothing" : context.gestures.map(\.description).joined(separator: "; ")
                scores.append(Score(
                    label: label, episodes: chosen, verdict: Verdict(right: right, problem: problem, recognized: recognized),
                    episodeCount: episodes.count))
            }
        }
        return scores
    }

    /// `labelled episodes right: N of M` and one line per label.
    static func text(_ scores: [Score]) -> String {
        let right = scores.filter(\.verdict.right).count
        var s = "labelled episodes right: \(right) of \(scores.count)\n"
        for (i, score) in scores.enumerated() {
            let episodes = score.episodes.count == 1 ? "episode \(score.episodes[0] + 1)" : "episodes \(score.episodes.map { "\($0 + 1)" }.joined(separator: ","))"
            s += String(format: "%3d. ", i + 1) + (score.verdict.right ? "RIGHT " : "WRONG ")
            s += "\(score.label.file) (\(episodes)): \(score.label.label)\n"
            if !score.verdict.right { s += "        wrong: \(score.verdict.problem)\n" }
            s += "        recognized: \(score.verdict.recognized)\n"
        }
        return s
    }
}

/// The judges: what counts as the labelled gesture. Each also says what must not happen.
enum Judge {
    typealias Check = @Sendable (EpisodeContext) -> (right: Bool, problem: String)

    static let motionKinds: Set<String> = ["pan", "pinch", "rotation", "swipe", "edge-pan"]
    static let pressKinds: Set<String> = ["tap", "double-tap", "long-press", "hold"]

    /// Exactly one `tap` with `fingers`, and nothing else (no motion, no long press).
    static func tap(fingers: Int) -> Check {
        { c in
            let taps = c.gestures.filter { $0.kind == "tap" && $0.fingers == fingers }
            let others = c.gestures.filter { !($0.kind == "tap" && $0.fingers == fingers) }
            if taps.count != 1 { return (false, "\(taps.count) \(fingers)-finger taps, expected 1") }
            if !others.isEmpty { return (false, "also recognized \(names(others))") }
            return (true, "")
        }
    }

    /// One-finger taps (a double tap counts two), `count` of them when given (one per episode
    /// otherwise), and nothing else.
    static func oneFingerTaps(_ count: Int?) -> Check {
        { c in
            let expected = count ?? c.episodes.count
            var n = 0
            for g in c.gestures where g.fingers == 1 {
                if g.kind == "tap" { n += 1 }
                if g.kind == "double-tap" { n += 2 }
            }
            let others = c.gestures.filter { !($0.fingers == 1 && ($0.kind == "tap" || $0.kind == "double-tap")) }
            if n != expected { return (false, "\(n) one-finger taps (a double tap counts two), expected \(expected)") }
            if !others.isEmpty { return (false, "also recognized \(names(others))") }
            return (true, "")
        }
    }

    /// A tap with `fingers`, or a long press (`long-press`, `hold-…`) with `fingers` (any count
    /// when `nil`); no motion gesture.
    static func holdOrTap(fingers: Int?) -> Check {
        { c in
            let motion = c.gestures.filter { motionKinds.contains($0.kind) }
            if !motion.isEmpty { return (false, "a motion gesture: \(names(motion))") }
            let ok = c.gestures.contains { g in
                (g.kind == "tap" || g.kind == "long-press" || g.kind == "hold") && (fingers == nil || g.fingers == fingers)
            }
            let what = fingers.map { "\($0)-finger" } ?? "any"
            return ok ? (true, "") : (false, "no \(what) tap or long press")
        }
    }

    /// A `pan` with `fingers` at most, moving mostly in `direction` (when given); no tap or long
    /// press; any swipe has the same fingers and direction. Pinch and rotation may run with it.
    static func pan(fingers: Int, direction: SwipeDirection?) -> Check {
        { c in
            let pans = c.gestures.filter { $0.kind == "pan" }
            guard let pan = pans.first(where: { $0.fingers == fingers }) else {
                return (false, pans.isEmpty ? "no pan" : "pan with \(pans.map(\.fingers)) fingers, expected \(fingers)")
            }
            if let direction {
                let moved = SwipeDirection.dominant(pan.translation ?? .zero)
                if moved != direction {
                    return (false, "the pan went \(moved) (translation \(format(pan.translation))), expected \(direction)")
                }
            }
            let presses = c.gestures.filter { pressKinds.contains($0.kind) }
            if !presses.isEmpty { return (false, "also recognized \(names(presses))") }
            let badSwipes = c.gestures.filter { g in
                g.kind == "swipe" && (g.fingers != fingers || direction.map { g.direction != $0 } ?? false)
            }
            if !badSwipes.isEmpty { return (false, "a swipe that is not this pan: \(names(badSwipes))") }
            return (true, "")
        }
    }

    /// A `pinch` that reached `fingers` and ended with a scale in `scale`.
    static func pinch(fingers: Int, scale: ClosedRange<Double>) -> Check {
        { c in
            let pinches = c.gestures.filter { $0.kind == "pinch" }
            guard let pinch = pinches.first(where: { $0.fingers == fingers }) else {
                return (false, pinches.isEmpty ? "no pinch" : "pinch with \(pinches.map(\.fingers)) fingers, expected \(fingers)")
            }
            guard let s = pinch.scale, scale.contains(s) else {
                return (false, String(format: "the pinch ended at scale %.3f, expected %.2f…%.2f", pinch.scale ?? .nan, scale.lowerBound, scale.upperBound))
            }
            return (true, "")
        }
    }

    /// A `swipe` with `fingers` in one of the `allowed` directions; no swipe in a `forbidden`
    /// direction (any finger count).
    static func swipe(fingers: Int, allowed: SwipeDirection, forbidden: SwipeDirection = []) -> Check {
        { c in
            let swipes = c.gestures.filter { $0.kind == "swipe" }
            let bad = swipes.filter { !$0.direction.isDisjoint(with: forbidden) }
            if !bad.isEmpty { return (false, "swiped \(bad.map { "\($0.direction)" }.joined(separator: ", "))") }
            let good = swipes.filter { $0.fingers == fingers && allowed.contains($0.direction) && !$0.direction.isEmpty }
            if good.isEmpty {
                return (false, swipes.isEmpty ? "no swipe" : "swiped \(names(swipes)), expected \(fingers) finger(s) \(allowed)")
            }
            let presses = c.gestures.filter { pressKinds.contains($0.kind) }
            if !presses.isEmpty { return (false, "also recognized \(names(presses))") }
            return (true, "")
        }
    }

    /// An `edge-pan` from `edge` that reached `fingers`; no tap or long press.
    static func edgePan(_ edge: ScreenEdges, fingers: Int) -> Check {
        { c in
            let pans = c.gestures.filter { $0.kind == "edge-pan" }
            guard let pan = pans.first else { return (false, "no edge pan") }
            if pan.edge != edge { return (false, "edge pan from \(pan.edge), expected \(edge)") }
            if pan.fingers != fingers { return (false, "edge pan with \(pan.fingers) fingers, expected \(fingers)") }
            let presses = c.gestures.filter { pressKinds.contains($0.kind) }
            if !presses.isEmpty { return (false, "also recognized \(names(presses))") }
            return (true, "")
        }
    }

    /// A `rotation` with `fingers` ending within 5° of the turn of the line between the fingers
    /// (``HandMeasurements/twoFingerTurn(_:from:to:)``); no tap or long press.
    static func rotation(fingers: Int) -> Check {
        { c in
            let episode = c.episodes[0]
            let turn = HandMeasurements.twoFingerTurn(c.events, from: episode.start, to: episode.end) ?? 0
            let rotations = c.gestures.filter { $0.kind == "rotation" }
            let measured = String(format: "the fingers' line turned %+.1f°", turn * 180 / .pi)
            guard let r = rotations.first(where: { $0.fingers == fingers }) else {
                return (false, (rotations.isEmpty ? "no rotation" : "rotation with \(rotations.map(\.fingers)) fingers") + "; \(measured)")
            }
            let angle = r.rotation ?? 0
            if abs(angle - turn) > 5 * .pi / 180 {
                return (false, String(format: "the rotation ended at %+.1f°; %@", angle * 180 / .pi, measured))
            }
            let others = c.gestures.filter { pressKinds.contains($0.kind) }
            if !others.isEmpty { return (false, "also recognized \(names(others))") }
            return (true, "")
        }
    }

    private static func names(_ gestures: [RecognizedGesture]) -> String {
        gestures.map(\.description).joined(separator: "; ")
    }

    private static func format(_ p: Point?) -> String {
        guard let p else { return "none" }
        return String(format: "(%.0f, %.0f)", p.x, p.y)
    }
}
