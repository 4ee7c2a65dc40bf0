import ExampleSupport
import GestureKit
import Testing

/// The tickle recognizer on its own: frames built by hand, fed to an engine on virtual time.
///
/// The screen is 1000 × 600 points over a 250 × 150 mm panel, so a millimetre is 4 points and
/// the 20 mm stroke is 80 points.
@Suite("TickleGestureRecognizer")
final class TickleGestureRecognizerTests: GestureEngineObserver {
    let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
    let tickle = TickleGestureRecognizer()
    let device = DeviceID(7)
    var time = Timestamp.zero
    /// Every outcome, as "recognized", "failed: reason".
    var outcomes: [String] = []

    init() {
        let panel = InputDevice(id: device, name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150))
        engine.send(.deviceAdded(panel, at: time))
        engine.root.addGestureRecognizer(tickle)
        engine.observer = self
    }

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        if new == .recognized { outcomes.append("recognized") }
        if new == .failed { outcomes.append("failed: \(recognizer.failureReason.map { "\($0)" } ?? "?")") }
    }

    /// Sends one frame, 10 ms after the previous one, with contacts `(id, phase, x)` at y = 300.
    func frame(_ contacts: [(Int, TouchPhase, Double)]) {
        time = time + .milliseconds(10)
        let list = contacts.map { id, phase, x in
            TouchContact(id: id, phase: phase, location: Point(x: x, y: 300), millimetres: Point(x: x / 4, y: 75))
        }
        engine.send(.touchFrame(TouchFrame(device: device, timestamp: time, contacts: list)))
    }

    /// One finger lands at `start`, visits each x in `turns` in 10-point steps, and lifts unless
    /// `lift` is false.
    func rub(from start: Double, through turns: [Double], lift: Bool = true) {
        frame([(1, .began, start)])
        var x = start
        for target in turns {
            while x != target {
                x += max(-10, min(10, target - x))
                frame([(1, .moved, x)])
            }
        }
        if lift { frame([(1, .ended, x)]) }
    }

    @Test("three strokes of 25 mm, left-right-left, are recognized when the finger lifts")
    func threeLongStrokes() {
        var states: [GestureState] = []
        tickle.addTarget { states.append($0.state) }
        rub(from: 500, through: [400, 500, 400])
        #expect(outcomes == ["recognized"])
        #expect(states == [.recognized])
        #expect(tickle.state == .possible, "reset once its touch has gone")
        #expect(tickle.strokes == 0)
    }

    @Test("right-left-right then turning again is recognized at the third turn, finger still down")
    func recognizedOnTheTurn() {
        rub(from: 300, through: [400, 300, 400, 380], lift: false)
        #expect(outcomes == ["recognized"])
        frame([(1, .ended, 380)])
        #expect(outcomes == ["recognized"])
    }

    @Test("exactly 20 mm a stroke is enough")
    func boundary() {
        rub(from: 500, through: [420, 500, 420])
        #expect(outcomes == ["recognized"])
    }

    @Test("two strokes are not a tickle")
    func twoStrokes() {
        rub(from: 500, through: [400, 500])
        #expect(outcomes == ["failed: 2 strokes of 3"])
    }

    @Test("short strokes are not a tickle, whatever their number")
    func shortStrokes() {
        rub(from: 500, through: [460, 500, 460, 500, 460])
        #expect(outcomes == ["failed: stroke 1 was 10 mm, shorter than 20 mm"])
    }

    @Test("a stroke of 19 mm fails the gesture as the finger turns")
    func nineteen() {
        rub(from: 500, through: [400, 500, 424, 500], lift: false)
        #expect(outcomes == ["failed: stroke 3 was 19 mm, shorter than 20 mm"])
        frame([(1, .ended, 500)])
        #expect(outcomes.count == 1, "one outcome per touch sequence")
    }

    @Test("a 2 mm tremble at the end of a stroke is not a turn")
    func trembleIsNotATurn() {
        rub(from: 500, through: [400, 408, 400, 500, 400])
        #expect(outcomes == ["recognized"])
    }

    @Test("a second finger fails it")
    func twoFingers() {
        frame([(1, .began, 500)])
        frame([(2, .began, 600)])
        #expect(outcomes == ["failed: 2 touches, expected 1"])
    }

    @Test("it works again after a failure")
    func afterFailure() {
        rub(from: 500, through: [400, 500])
        rub(from: 500, through: [400, 500, 400])
        #expect(outcomes == ["failed: 2 strokes of 3", "recognized"])
    }
}
