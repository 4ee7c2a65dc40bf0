// Tickle: a custom recognizer (TickleGestureRecognizer, in ExampleSupport) next to the built-in
// ones — pan, pinch, rotation, tap, long press and swipe — each on a region of its own.
//
// Run without arguments (or with --script) to play the built-in touch script.
import ExampleSupport
import Foundation
import GestureKit

guard CommandLine.arguments.dropFirst().allSatisfy({ $0 == "--script" }) else {
    print("usage: Tickle [--script]")
    exit(2)
}

// A 1000 × 600 point screen cut into a 4 × 2 grid of 250 × 300 regions. A touch goes to the
// recognizers of the region it lands in (and of that region's ancestors), so these recognizers
// never compete with one another.
let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
@MainActor func cell(_ column: Double, _ row: Double, _ recognizer: GestureRecognizer) {
    let region = Region(frame: Rect(x: column * 250, y: row * 300, width: 250, height: 300), name: recognizer.name)
    region.addGestureRecognizer(recognizer)
    engine.root.addChild(region)
}

// A target gets its recognizer as the recognizer's own class: here a TickleGestureRecognizer.
let tickle = TickleGestureRecognizer()
tickle.addTarget { tickle in print("  tickle: recognized at \(tickle.location(in: nil)) after \(tickle.strokes) strokes") }
cell(0, 0, tickle)

// Continuous recognizers report began, changed (many times), then ended or cancelled.
let pan = PanGestureRecognizer()
pan.addTarget { pan in
    if pan.state == .began { print("  pan: began") }
    if pan.state == .ended { print("  pan: ended, moved \(pan.translation(in: nil))") }
}
cell(1, 0, pan)
let pinch = PinchGestureRecognizer()
pinch.addTarget { pinch in
    if pinch.state == .ended { print("  pinch: ended, scale \(fixed(pinch.scale))") }
}
cell(2, 0, pinch)
let rotation = RotationGestureRecognizer()
rotation.addTarget { rotation in
    if rotation.state == .ended { print("  rotation: ended, \(degrees(rotation.rotation))°") }
}
cell(3, 0, rotation)

// Discrete recognizers call their targets once, recognized.
let tap = TapGestureRecognizer()
tap.addTarget { print("  tap: at \($0.location(in: nil))") }
cell(0, 1, tap)
// A long press is continuous: it begins once the finger has rested 0.5 s.
let longPress = LongPressGestureRecognizer()
longPress.addTarget { r in
    if r.state == .began { print("  long press: began at \(r.location(in: nil))") }
    if r.state == .ended { print("  long press: ended") }
}
cell(1, 1, longPress)
let swipe = SwipeGestureRecognizer()
swipe.direction = .all
swipe.addTarget { swipe in print("  swipe: \(swipe.recognizedDirection)") }
cell(2, 1, swipe)

/// Targets hear everything but failure; an engine observer hears every state change, and a
/// failed recognizer says why in `failureReason`.
final class FailureLog: GestureEngineObserver {
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        if new == .failed && recognizer is TickleGestureRecognizer {
            print("  \(recognizer.name): failed, \(recognizer.failureReason.map { "\($0)" } ?? "?")")
        }
    }
}
let failures = FailureLog()       // the engine holds its observer weakly
engine.observer = failures

let screen = ScriptedTouchscreen(engine: engine)     // 4 points per millimetre: 20 mm is 80 points
print("> tickle: left, right, left, 25 mm each")
screen.press([1: Point(x: 125, y: 150)])
for dx in [-100.0, 100, -100] { screen.drag([1: Point(x: dx, y: 0)], steps: 5) }
screen.release([1])
print("> tickle with 10 mm strokes")
screen.press([1: Point(x: 125, y: 150)])
for dx in [-40.0, 40, -40] { screen.drag([1: Point(x: dx, y: 0)], steps: 4) }
screen.release([1])
print("> tickle with two strokes")
screen.press([1: Point(x: 125, y: 150)])
for dx in [-100.0, 100] { screen.drag([1: Point(x: dx, y: 0)], steps: 5) }
screen.release([1])
print("> pan")
screen.press([1: Point(x: 300, y: 100)]); screen.drag([1: Point(x: 120, y: 40)], steps: 6); screen.release([1])
print("> pinch out")
screen.press([1: Point(x: 575, y: 150), 2: Point(x: 675, y: 150)])
screen.drag([1: Point(x: -50, y: 0), 2: Point(x: 50, y: 0)], steps: 5)
screen.release([1, 2])
print("> rotate 90° counter-clockwise")
screen.press([1: Point(x: 825, y: 150), 2: Point(x: 925, y: 150)])
screen.trace([1, 2], steps: 9) { id, f in
    let a = -Double.pi / 2 * f + (id == 1 ? Double.pi : 0)
    return Point(x: 875 + 50 * cos(a), y: 150 + 50 * sin(a))
}
screen.release([1, 2])
print("> tap")
screen.tap(at: Point(x: 125, y: 450))
print("> long press")
screen.press([1: Point(x: 375, y: 450)]); screen.wait(600); screen.release([1])
print("> swipe up")
screen.press([1: Point(x: 625, y: 500)]); screen.drag([1: Point(x: 0, y: -100)], steps: 5); screen.release([1])
