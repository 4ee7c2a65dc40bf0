import Foundation
import GestureKit
import GestureKitEvdev
@testable import GestureDemo

/// One run of one recognizer of the demo graph that got somewhere: a continuous gesture from
/// `began` to `ended` or `cancelled`, or a discrete one's `recognized`.
struct RecognizedGesture: Sendable, Equatable, CustomStringConvertible {
    /// The recognizer's name in the demo graph (`tap`, `swipe-2f`, `pinch`, …).
    var recognizer: String
    /// Its kind (`tap`, `swipe`, `pinch`, …).
    var kind: String
    /// The states it went through, without `changed`: `["began", "ended"]`, `["recognized"]`, …
    var states: [String]
    /// Fingers: the most touches it followed during the run (continuous), or the number it
    /// requires (taps, swipes), as the demo reports them.
    var fingers: Int
    /// A swipe's recognized direction (empty otherwise).
    var direction: SwipeDirection = []
    /// An edge pan's edge (empty otherwise).
    var edge: ScreenEdges = []
    /// A pinch's scale when it ended or was cancelled.
    var scale: Double?
    /// A rotation's angle in radians when it ended or was cancelled.
    var rotation: Double?
    /// The smallest and largest angle a rotation reported while it ran (began, changed, ended).
    var rotationExtremes: ClosedRange<Double>?
    /// When it began (or was recognized), on the recording's clock.
    var start: Timestamp
    /// When it ended (or was recognized).
    var end: Timestamp
    /// Where it began, in screen points.
    var location: Point
    /// A pan's (or edge pan's) translation when it ended.
    var translation: Point?

    var isDiscrete: Bool { kind == "tap" || kind == "double-tap" || kind == "swipe" }

    /// `swipe-2f recognized 2f up @0.147s` or `pinch began→ended 5f scale 0.467 @12.579–13.016s`.
    var description: String {
        var s = "\(recognizer) \(states.joined(separator: "→")) \(fingers)f"
        if !direction.isEmpty { s += " \(direction)" }
        if !edge.isEmpty { s += " edge \(edge)" }
        if let scale { s += String(format: " scale %.3f", scale) }
        if let rotation { s += String(format: " rotation %.1f°", rotation * 180 / .pi) }
        s += start == end ? String(format: " @%.3fs", start.seconds) : String(format: " @%.3f–%.3fs", start.seconds, end.seconds)
        return s
    }
}

/// What a replay through the demo graph gave: every recognized gesture, in the order they began.
struct DemoReplayResult: Sendable {
    var gestures: [RecognizedGesture]
    /// The touch frames the replay sent (for episode splitting).
    var events: [InputEvent]
}

/// Replays recordings exactly as `gesture-demo replay` does — its `ReplaySession`, its default
/// options (the recorded touchscreen's aspect ratio, default thresholds) — and records each
/// recognizer's runs.
enum DemoReplay {
    /// Replays `recording`. `arguments` are `gesture-demo replay` options, e.g. `["--rotation", "90"]`;
    /// `configure`, when given, changes the configuration they describe.
    static func run(
        _ recording: Recording, arguments: [String] = [], configure: ((inout GestureConfiguration) -> Void)? = nil
    ) throws -> DemoReplayResult {
        let options = try GraphOptions.parse(arguments)
        var configuration = options.configuration
        configure?(&configuration)
        let session = ReplaySession(graph: options, touchpads: false, for: recording, configuration: configuration)
        let recorder = GestureRecorder(graph: session.graph)
        session.engine.observer = recorder  // instead of the session's log, which prints
        try session.play(recording, speed: nil)
        return DemoReplayResult(gestures: recorder.finished(), events: session.sent)
    }
}

/// Watches the demo graph's recognizers and turns their transitions into ``RecognizedGesture`` runs.
final class GestureRecorder: GestureEngineObserver {
    let graph: DemoGraph
    private var open: [ObjectIdentifier: RecognizedGesture] = [:]
    private var done: [RecognizedGesture] = []

    init(graph: DemoGraph) { self.graph = graph }

    func engine(_ engine: GestureEngine, recognizer r: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        guard let kind = graph.kind(of: r) else { return }
        let key = ObjectIdentifier(r)
        let discrete = kind == .tap || kind == .doubleTap || kind == .swipe
        switch new {
        case .possible, .failed:
            return
        case .began:
            open[key] = RecognizedGesture(
                recognizer: r.name, kind: kind.rawValue, states: ["began"], fingers: r.numberOfTouches,
                start: engine.now, end: engine.now, location: r.location(in: nil))
            capture(r, into: &open[key]!)
        case .changed:
            guard open[key] != nil else { return }
            open[key]!.fingers = max(open[key]!.fingers, r.numberOfTouches)
            capture(r, into: &open[key]!)
        case .ended, .cancelled:
            if discrete && new == .ended {
                var g = RecognizedGesture(
                    recognizer: r.name, kind: kind.rawValue, states: ["recognized"], fingers: 0,
                    start: engine.now, end: engine.now, location: r.location(in: nil))
                switch r {
                case let tap as TapGestureRecognizer: g.fingers = tap.numberOfTouchesRequired
                case let swipe as SwipeGestureRecognizer:
                    g.fingers = swipe.numberOfTouchesRequired
                    g.direction = swipe.recognizedDirection
                default: g.fingers = r.numberOfTouches
                }
                done.append(g)
                return
            }
            var g = open.removeValue(forKey: key) ?? RecognizedGesture(
                recognizer: r.name, kind: kind.rawValue, states: [], fingers: r.numberOfTouches,
                start: engine.now, end: engine.now, location: r.location(in: nil))
            g.states.append(new.rawValue)
            g.fingers = max(g.fingers, r.numberOfTouches)
            g.end = engine.now
            capture(r, into: &g)
            done.append(g)
        }
    }

    private func capture(_ r: GestureRecognizer, into g: inout RecognizedGesture) {
        switch r {
        case let edge as ScreenEdgePanGestureRecognizer:
            if !edge.edge.isEmpty { g.edge = edge.edge }
            g.translation = edge.translation(in: nil)
        case let pan as PanGestureRecognizer:
            g.translation = pan.translation(in: nil)
        case let pinch as PinchGestureRecognizer:
            g.scale = pinch.scale
        case let rotation as RotationGestureRecognizer:
            let a = rotation.rotation
            g.rotation = a
            g.rotationExtremes = g.rotationExtremes.map { min($0.lowerBound, a)...max($0.upperBound, a) } ?? a...a
        default:
            break
        }
    }

    /// Every run, finished or still open at the end of the replay, in the order they began.
    func finished() -> [RecognizedGesture] {
        let stillOpen = open.values.sorted { $0.recognizer < $1.recognizer }
        return (done + stillOpen).enumerated().sorted {
            ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
        }.map(\.element)
    }
}
