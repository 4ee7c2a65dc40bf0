import GestureKit
import GestureKitEvdev
import Testing
@testable import GestureDemo

/// The shared touchscreen recordings, replayed as the decoder hands them on (every finger down in
/// every frame, `stationary` when it rested) and as a producer that reports only what changed
/// would (a compositor forwarding `wl_touch` motion): every resting finger left out. The demo
/// graph must recognize exactly the same gestures, at the same times, with the same values.
@Suite(
    "Real recordings, resting fingers re-sent or left out",
    .enabled(if: SharedRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct RestingFingersOnRecordingsTests {
    /// `events` with every contact that leaves its finger where it was taken out of its frame:
    /// `stationary` ones, and `moved` ones to where the finger already is. A frame left empty is
    /// still sent (its time passes as it did).
    static func omittingResting(_ events: [InputEvent]) -> (events: [InputEvent], left: Int) {
        var positions: [DeviceID: [Int: Point]] = [:]
        var left = 0
        let events = events.map { event -> InputEvent in
            guard case .touchFrame(var frame) = event else { return event }
            var places = positions[frame.device] ?? [:]
            frame.contacts = frame.contacts.filter { c in
                defer {
                    switch c.phase {
                    case .began, .moved, .stationary: places[c.id] = c.location
                    case .ended, .cancelled: places[c.id] = nil
                    }
                }
                let rests = c.phase == .stationary || (c.phase == .moved && places[c.id] == c.location)
                if rests { left += 1 }
                return !rests
            }
            positions[frame.device] = places
            return .touchFrame(frame)
        }
        return (events, left)
    }

    /// `events` sent to a fresh session of the demo graph for `recording` (as `gesture-demo
    /// replay` builds it), then a second of time: the gestures it recognized.
    static func replay(_ events: [InputEvent], for recording: Recording) throws -> [RecognizedGesture] {
        let session = ReplaySession(graph: try GraphOptions.parse([]), touchpads: false, for: recording)
        let recorder = GestureRecorder(graph: session.graph)
        session.engine.observer = recorder
        for event in events { session.engine.send(event) }
        session.engine.advance(to: (events.last?.timestamp ?? .zero) + .seconds(1))
        return recorder.finished()
    }

    @Test("the same gestures whether resting fingers are re-sent or left out")
    func sameGestures() throws {
        var leftOut = 0
        for file in try SharedRecordings.touchscreenFiles() {
            let recording = try SharedRecordings.read(file)
            let original = try DemoReplay.run(recording)
            // The control: the frames as sent, replayed this way, give the replay's gestures.
            let resent = try Self.replay(original.events, for: recording)
            #expect(resent == original.gestures, "\(file): the frames replayed as sent")
            let (quiet, left) = Self.omittingResting(original.events)
            leftOut += left
            let got = try Self.replay(quiet, for: recording)
            #expect(got.count == original.gestures.count, "\(file): \(got.count) gestures, \(original.gestures.count) re-sent")
            for (a, b) in zip(original.gestures, got) where a != b {
                Issue.record("\(file): re-sent \(a), left out \(b)")
            }
        }
        report("resting fingers: \(leftOut) resting contacts left out of the touchscreen recordings' frames; the same gestures")
        // The recordings rest fingers while others move: the relation is exercised.
        #expect(leftOut > 1_000, "\(leftOut) resting contacts left out")
    }
}
