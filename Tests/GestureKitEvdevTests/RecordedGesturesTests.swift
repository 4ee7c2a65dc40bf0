import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// The real-recordings tier, gesture level: each touchscreen capture in ../shared/recordings is
/// replayed through the engine and a graph of recognizers, and what they recognize is checked
/// against the content SOURCES.md describes. Skipped loudly when the recordings are absent.
@Suite(
    "Real recordings: recognized gestures",
    .enabled(if: RealRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct RecordedGesturesTests {
    /// What one recognizer did during a replay.
    struct Outcome {
        var states: [GestureState] = []
        var maxFingers = 0
        var beganLocation: Point?
        var endedTranslation: Point?
        var endedScale: Double?
        var direction: SwipeDirection = []
        var edge: ScreenEdges = []
        var recognizedAt: [Timestamp] = []
        /// Each began…ended run: the most fingers seen and the final scale (pinches).
        var sessions: [(maxFingers: Int, scale: Double?)] = []
    }

    /// Replays `file` on a 1920×1080 screen through a graph: tap, pan, swipes of 1–4 fingers in
    /// every direction, pinch, rotation, a left-edge pan with a 100-point band — pan, pinch,
    /// rotation and the swipes may recognize together, as in a map view.
    final class Harness: GestureEngineObserver, GestureRecognizerDelegate {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1920, height: 1080))
        var outcomes: [String: Outcome] = [:]
        private var names: [ObjectIdentifier: String] = [:]

        init(tapOnly: Bool = false) {
            engine.observer = self
            add(TapGestureRecognizer(), "tap")
            guard !tapOnly else { return }
            add(PanGestureRecognizer(), "pan")
            for n in 1...4 {
                let s = SwipeGestureRecognizer()
                s.direction = .all
                s.numberOfTouchesRequired = n
                add(s, "swipe-\(n)f")
            }
            add(PinchGestureRecognizer(), "pinch")
            add(RotationGestureRecognizer(), "rotation")
            let edge = ScreenEdgePanGestureRecognizer()
            edge.edges = .left
            edge.edgeWidth = .points(100)
            add(edge, "edge-pan")
        }

        private func add(_ r: GestureRecognizer, _ name: String) {
            r.name = name
            r.delegate = self
            names[ObjectIdentifier(r)] = name
            engine.root.addGestureRecognizer(r)
        }

        // Every motion recognizer may recognize with the others; a tap stands alone.
        func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            r.name != "tap" && other.name != "tap"
        }

        func engine(_ engine: GestureEngine, recognizer r: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
            guard new != .possible, new != .failed, let name = names[ObjectIdentifier(r)] else { return }
            var o = outcomes[name] ?? Outcome()
            if new != .changed { o.states.append(new) }
            o.maxFingers = max(o.maxFingers, r.numberOfTouches)
            if new == .began { o.sessions.append((r.numberOfTouches, nil)) }
            if !o.sessions.isEmpty {
                o.sessions[o.sessions.count - 1].maxFingers = max(o.sessions[o.sessions.count - 1].maxFingers, r.numberOfTouches)
                if new == .ended, let pinch = r as? PinchGestureRecognizer { o.sessions[o.sessions.count - 1].scale = pinch.scale }
            }
            if new == .began || (new == .ended && o.beganLocation == nil) { o.beganLocation = r.location(in: nil) }
            if new == .ended {
                o.recognizedAt.append(engine.now)
                if let pan = r as? PanGestureRecognizer { o.endedTranslation = pan.translation(in: nil) }
                if let pinch = r as? PinchGestureRecognizer { o.endedScale = pinch.scale }
                if let swipe = r as? SwipeGestureRecognizer { o.direction = swipe.recognizedDirection }
            }
            if let edge = r as? ScreenEdgePanGestureRecognizer, new == .began { o.edge = edge.edge }
            outcomes[name] = o
        }

        func replay(_ file: String) throws {
            let recording = try RealRecordings.read(file)
            let options = ReplayOptions(mapping: OutputMapping(size: Size(width: 1920, height: 1080)))
            try Replayer(recording: recording, options: options).run(on: engine)
        }

        subscript(_ name: String) -> Outcome { outcomes[name] ?? Outcome() }
    }

    @Test("the Atmel's 9 fast taps are 9 taps")
    func nineTaps() throws {
        let h = Harness(tapOnly: true)
        try h.replay("ts-atmel-maxtouch-1finger-9taps.evemu")
        #expect(h["tap"].states == Array(repeating: .ended, count: 9))
        // About 230 ms apart, as measured.
        let t = h["tap"].recognizedAt
        for (a, b) in zip(t, t.dropFirst()) {
            #expect((b - a) > .milliseconds(180) && (b - a) < .milliseconds(300), "\(a) → \(b)")
        }
    }

    @Test("the 2-finger left-edge swipe starts at the left edge and is a swipe right")
    func twoFingerEdgeSwipe() throws {
        let h = Harness()
        try h.replay("ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu")
        let swipe = h["swipe-2f"]
        #expect(swipe.states == [.ended])
        #expect(swipe.direction == .right)
        let start = try #require(swipe.beganLocation)
        #expect(start.x < 1920 * 0.05, "starts at x = \(start.x)")
        #expect(h["edge-pan"].states == [.began, .ended])
        #expect(h["edge-pan"].edge == .left)
        #expect(h["edge-pan"].maxFingers == 2)
        #expect(h["swipe-1f"].states.isEmpty)
    }

    @Test("the 1-finger left-edge swipe is an edge pan and a swipe right")
    func oneFingerEdgeSwipe() throws {
        let h = Harness()
        try h.replay("ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu")
        #expect(h["swipe-1f"].direction == .right)
        #expect(h["edge-pan"].states == [.began, .ended])
        let t = try #require(h["edge-pan"].endedTranslation)
        #expect(t.x > 1500, "travelled \(t.x) points right")
    }

    @Test("the 4-finger drags are 4-finger pans, down on the Atmel, toward y = 0 on the EP0430M09")
    func fourFingerDrags() throws {
        let atmel = Harness()
        try atmel.replay("ts-atmel-maxtouch-4finger-drag-down.evemu")
        #expect(atmel["pan"].states == [.began, .ended])
        #expect(atmel["pan"].maxFingers == 4)
        let down = try #require(atmel["pan"].endedTranslation)
        #expect(down.y > 4 * abs(down.x) && down.y > 200, "\(down)")
        #expect(atmel["swipe-4f"].direction == .down)

        // Named "drag-down" upstream, but the fingers move toward y = 0 (SOURCES.md measures −171…−279 units).
        let ep = Harness()
        try ep.replay("ts-ep0430m09-4finger-drag-down.evemu")
        #expect(ep["pan"].states == [.began, .ended])
        #expect(ep["pan"].maxFingers == 4)
        let up = try #require(ep["pan"].endedTranslation)
        #expect(-up.y > 3 * abs(up.x), "\(up)")
    }

    @Test("the Dell Canvas 5-finger pinch-in is a pinch with scale below 1")
    func fiveFingerPinch() throws {
        let h = Harness()
        try h.replay("ts-dell-canvas-4finger-5finger-pinch.evemu")
        let five = h["pinch"].sessions.filter { $0.maxFingers == 5 }
        #expect(five.count == 1, "\(h["pinch"].sessions)")
        let scale = try #require(five.first?.scale)
        // The spread went from 67 to 39 mm: about 0.58.
        #expect(scale > 0.4 && scale < 0.7, "scale \(scale)")
    }

    @Test("2-finger drags are 2-finger pans and swipes in their direction")
    func twoFingerDrags() throws {
        let wacom = Harness()
        try wacom.replay("ts-wacom-isdv4-2finger-drag-down.evemu")
        #expect(wacom["pan"].maxFingers == 2)
        #expect(wacom["swipe-2f"].direction == .down)
        let t = try #require(wacom["pan"].endedTranslation)
        #expect(t.y > 500)

        let ep = Harness()
        try ep.replay("ts-ep0430m09-2finger-drag-down.evemu")
        #expect(ep["pan"].maxFingers == 2)
        #expect(ep["swipe-2f"].direction == .up)  // −300 units in y, as measured
    }

    @Test("touch-and-hold and 2-finger taps recognize no motion gesture")
    func holdsAreNotMotion() throws {
        for file in ["ts-ep0430m09-2finger-touch-hold.evemu", "ts-wacom-isdv4-2finger-tap.evemu"] {
            let h = Harness()
            try h.replay(file)
            for name in ["pan", "swipe-1f", "swipe-2f", "pinch", "rotation", "edge-pan", "tap"] {
                #expect(h[name].states.isEmpty, "\(file): \(name) \(h[name].states)")
            }
        }
    }

    @Test("the Pixel Tablet flick is a one-finger swipe and a fast pan")
    func flick() throws {
        let h = Harness()
        try h.replay("ts-google-pixel-tablet-1finger-swipe.evemu")
        #expect(h["swipe-1f"].states == [.ended])
        #expect(h["pan"].states == [.began, .ended])
        let t = try #require(h["pan"].endedTranslation)
        #expect(t.length > 500)
    }

    @Test("the DTH2242 10-finger session reaches 10 fingers and its taps are taps")
    func tenFingers() throws {
        let h = Harness()
        try h.replay("ts-wacom-dth2242-taps-multifinger-10.evemu")
        #expect(h["pan"].maxFingers == 10 || h["pinch"].maxFingers == 10)
        #expect(h["tap"].states.count >= 4)
    }
}
