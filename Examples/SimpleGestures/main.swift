// SimpleGestures: four recognizers on one region — a tap, a right swipe, a left swipe and a
// rotation — each of which "shows an image" where it happened (here: prints it). A small
// "segmented control" on top switches the left swipe on and off at run time, and the tap's
// delegate keeps the tap away from that control.
//
// Run without arguments (or with --script) to play the built-in touch script.
import ExampleSupport
import Foundation
import GestureKit

guard CommandLine.arguments.dropFirst().allSatisfy({ $0 == "--script" }) else {
    print("usage: SimpleGestures [--script]")
    exit(2)
}

// The engine owns the region tree. Its root is the screen, in points; regions are GestureKit's
// views: rectangles that touches are hit-tested into.
let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
let canvas = Region(frame: engine.root.bounds, name: "canvas")
let control = Region(frame: Rect(x: 400, y: 20, width: 200, height: 60), name: "segmented control")
engine.root.addChild(canvas)
canvas.addChild(control)

/// Shows an image: a target action shared by all four recognizers.
@MainActor func showImage(_ what: String, _ recognizer: GestureRecognizer) {
    print("  image: \(what) at \(recognizer.location(in: canvas))")
}

// Discrete recognizers (tap, swipe) call their targets once, in state `recognized`.
let tap = TapGestureRecognizer()
tap.addTarget { showImage("tap", $0) }
let rightSwipe = SwipeGestureRecognizer()            // direction defaults to .right
rightSwipe.addTarget { showImage("swipe right", $0) }
let leftSwipe = SwipeGestureRecognizer()
leftSwipe.direction = .left
leftSwipe.addTarget { showImage("swipe left", $0) }
// A continuous recognizer calls its targets on began, every change, and ended or cancelled.
let rotation = RotationGestureRecognizer()
rotation.addTarget { rotation in                     // a target gets its recognizer's own class
    guard rotation.state == .ended else { return }
    showImage("rotated by \(degrees(rotation.rotation))°", rotation)
}
for r in [tap, rightSwipe, rotation] { canvas.addGestureRecognizer(r) }

/// The tap's delegate: a touch that lands in the control is not the tap's business. The engine
/// asks once per touch, as it begins; a refused touch never reaches the recognizer.
final class TapDelegate: GestureRecognizerDelegate {
    let control: Region
    init(control: Region) { self.control = control }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        !(touch.region?.isDescendant(of: control) ?? false)
    }
}
let tapDelegate = TapDelegate(control: control)    // delegates are held weakly: keep it alive
tap.delegate = tapDelegate

/// The control itself takes raw touches, as a UIKit control would: a TouchHandler on its region.
/// A touch lifting inside it (UIKit's "touch up inside") toggles the left swipe, which is added
/// to or removed from the canvas at run time.
final class Toggle: TouchHandler {
    let onTap: () -> Void
    init(_ onTap: @escaping () -> Void) { self.onTap = onTap }
    func touchBegan(_ touch: Touch) {}
    func touchMoved(_ touch: Touch) {}
    func touchEnded(_ touch: Touch) {
        guard touch.region?.screenFrame.contains(touch.location) == true else { return }
        onTap()
    }
    func touchCancelled(_ touch: Touch) {}
}
control.touchHandler = Toggle {
    if leftSwipe.region == nil {
        canvas.addGestureRecognizer(leftSwipe)
        print("  control: left swipe on")
    } else {
        canvas.removeGestureRecognizer(leftSwipe)
        print("  control: left swipe off")
    }
}

// The script: what a finger would do on a real screen.
let screen = ScriptedTouchscreen(engine: engine)
print("> tap")
screen.tap(at: Point(x: 300, y: 400))
print("> swipe right")
screen.press([1: Point(x: 200, y: 300)]); screen.drag([1: Point(x: 200, y: 0)], steps: 10); screen.release([1])
print("> swipe left (no left swipe yet: nothing)")
screen.press([1: Point(x: 800, y: 300)]); screen.drag([1: Point(x: -200, y: 0)], steps: 10); screen.release([1])
print("> tap the control")
screen.tap(at: Point(x: 500, y: 50))
print("> swipe left")
screen.press([1: Point(x: 800, y: 300)]); screen.drag([1: Point(x: -200, y: 0)], steps: 10); screen.release([1])
print("> two fingers turn 45° clockwise around (500, 300)")
screen.press([1: Point(x: 400, y: 300), 2: Point(x: 600, y: 300)])
screen.trace([1, 2], steps: 9) { id, f in
    let a = Double.pi / 4 * f + (id == 1 ? Double.pi : 0)   // clockwise on screen: y grows downwards
    return Point(x: 500 + 100 * cos(a), y: 300 + 100 * sin(a))
}
screen.release([1, 2])
print("> tap the control again, then swipe left")
screen.tap(at: Point(x: 500, y: 50))
screen.press([1: Point(x: 800, y: 300)]); screen.drag([1: Point(x: -200, y: 0)], steps: 10); screen.release([1])
