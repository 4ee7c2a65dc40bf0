// A program that uses the core alone, as an embedder without libinput would: it imports nothing
// but GestureKit (not Glibc, not Foundation, which would link the C maths library themselves), so
// it only links if GestureKit brings what it needs.
//
// It feeds hand-made events — a touchscreen, a one-finger tap, a two-finger pinch spreading to
// twice its width — prints every gesture it hears, and stops with a failure (a trap: the standard
// library has no exit status) unless the tap was recognized once and the pinch began, changed and
// ended at a scale of 2.
import GestureKit

// A 250 × 150 mm panel under a 1000 × 600 point screen: 4 points per millimetre.
let screen = Rect(x: 0, y: 0, width: 1000, height: 600)
let engine = GestureEngine(screen: screen)
let canvas = Region(frame: screen, name: "canvas")
engine.root.addChild(canvas)

var heard: [String] = []

let tap = TapGestureRecognizer()
tap.addTarget { g in
    // A discrete gesture's target hears one state: recognized (which is `ended`).
    let name = g.state == .recognized ? "recognized" : "\(g.state)"
    heard.append("tap \(name)")
    print("tap \(name) at \(g.location(in: canvas))")
}
let pinch = PinchGestureRecognizer()
var finalScale = 0.0
pinch.addTarget { p in
    heard.append("pinch \(p.state)")
    if p.state != .changed { print("pinch \(p.state) scale \(p.scale)") }
    if p.state == .ended { finalScale = p.scale }
}
canvas.addGestureRecognizer(tap)
canvas.addGestureRecognizer(pinch)

let panel = InputDevice(
    id: DeviceID(1), name: "hand-made panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150))
engine.send(.deviceAdded(panel, at: .zero))

func contact(_ id: Int, _ phase: TouchPhase, x: Double, y: Double) -> TouchContact {
    TouchContact(id: id, phase: phase, location: Point(x: x, y: y), millimetres: Point(x: x / 4, y: y / 4))
}
@MainActor func frame(at ms: Int64, _ contacts: TouchContact...) {
    engine.send(.touchFrame(TouchFrame(device: panel.id, timestamp: .milliseconds(ms), contacts: contacts)))
}

// A tap: down and up 60 ms later, without moving.
frame(at: 10, contact(0, .began, x: 500, y: 300))
frame(at: 70, contact(0, .ended, x: 500, y: 300))

// A pinch, one second later: two fingers 200 points apart spread to 400 points in 10 steps.
frame(at: 1000, contact(1, .began, x: 400, y: 300), contact(2, .began, x: 600, y: 300))
for step in 1...10 {
    let half = 100 + 10 * Double(step)
    frame(at: 1000 + 16 * Int64(step), contact(1, .moved, x: 500 - half, y: 300), contact(2, .moved, x: 500 + half, y: 300))
}
frame(at: 1200, contact(1, .ended, x: 300, y: 300), contact(2, .ended, x: 700, y: 300))
engine.advance(to: .milliseconds(3000))

let taps = heard.filter { $0 == "tap recognized" }.count
let pinchStates = heard.filter { $0.hasPrefix("pinch") }
var problems: [String] = []
if taps != 1 { problems.append("expected 1 tap, heard \(taps)") }
if pinchStates.first != "pinch began" || !pinchStates.contains("pinch changed") || pinchStates.last != "pinch ended" {
    problems.append("expected the pinch to begin, change and end, heard \(pinchStates)")
}
if abs(finalScale - 2) > 0.01 { problems.append("expected the pinch to end at scale 2, it ended at \(finalScale)") }

if problems.isEmpty {
    print("CoreOnly: OK (1 tap, a pinch to scale \(finalScale))")
} else {
    // A trap does not flush standard output, so the message carries everything.
    fatalError("CoreOnly: FAILED: \(problems.joined(separator: "; ")) (heard: \(heard))")
}
