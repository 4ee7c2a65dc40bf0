// CompositorBridge: how a Wayland compositor embeds GestureKit. Each client surface is a region
// whose TouchHandler forwards raw touches to the client (wl_touch down/motion/up), closing each
// input event's batch with wl_touch.frame. System gestures sit on the root region, above every
// surface: when one claims the fingers, the client gets one wl_touch.cancel for all its touches,
// and a gesture that sets `delaysTouchesBegan` keeps the touches from the client until it has
// failed, so the client never sees the beginning of a system gesture.
//
// Run without arguments (or with --script) to play the built-in touch script.
import ExampleSupport
import Foundation
import GestureKit

guard CommandLine.arguments.dropFirst().allSatisfy({ $0 == "--script" }) else {
    print("usage: CompositorBridge [--script]")
    exit(2)
}

/// What the compositor knows of a client's surface: somewhere to send touch events.
protocol ClientSurface: AnyObject {
    func send(_ event: String)
}

/// A stand-in client that prints what it receives, stamped with the engine's time.
final class PrintingSurface: ClientSurface {
    let clock: () -> Timestamp
    init(clock: @escaping () -> Timestamp) { self.clock = clock }
    func send(_ event: String) { print("  [\(clock().microseconds / 1000) ms] client ← \(event)") }
}

/// Forwards the touches of a surface's region to the client, in surface-local coordinates. The
/// engine guarantees every touch that began here ends with exactly one `up` or `cancel`, and
/// closes each input event's calls to the region with one frame.
final class SurfaceForwarder: TouchHandler {
    let surface: any ClientSurface
    init(_ surface: any ClientSurface) { self.surface = surface }
    func touchBegan(_ t: Touch) { surface.send("down \(t.contactID) at \(t.location(in: t.region))") }
    func touchMoved(_ t: Touch) { surface.send("motion \(t.contactID) to \(t.location(in: t.region))") }
    func touchEnded(_ t: Touch) { surface.send("up \(t.contactID)") }
    func touchFrame(in region: Region) { surface.send("frame") }
    // wl_touch.cancel ends every touch point of the surface: one cancel for all of them, and
    // nothing more about any of them. (A compositor forgets these ids' client mapping here.)
    var cancellationScope: TouchCancellationScope { .region }
    func touchesCancelled(_ touches: [Touch], in region: Region) {
        surface.send("cancel (touches \(touches.map { String($0.contactID) }.joined(separator: ", ")))")
    }
    func touchCancelled(_ t: Touch) {}  // not called: the cancel scope is the region
}

// The output is the root region; a panel across the top and the client's window below it.
let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
let window = Region(frame: Rect(x: 0, y: 40, width: 1000, height: 560), name: "client window")
engine.root.addChild(Region(frame: Rect(x: 0, y: 0, width: 1000, height: 40), name: "panel"))
engine.root.addChild(window)
window.touchHandler = SurfaceForwarder(PrintingSurface(clock: { [engine] in engine.now }))

// A three-finger swipe up opens the overview. It does not delay touches: the client sees the
// fingers at once and gets a cancel if the swipe claims them (`cancelsTouchesInView`, on by
// default). Cheap for the client, at the price of a cancelled touch now and then.
let overview = SwipeGestureRecognizer()
overview.numberOfTouchesRequired = 3
overview.direction = .up
overview.addTarget { _ in print("  system: three-finger swipe up → overview") }
engine.root.addGestureRecognizer(overview)

// A swipe in from the left edge opens the app switcher. It delays touches: a finger that lands
// in the edge band reaches the client only once the edge swipe has failed. Elsewhere the edge
// swipe fails as the finger lands, so other touches are not held back at all.
let switcher = ScreenEdgePanGestureRecognizer()
switcher.edges = .left
switcher.delaysTouchesBegan = true
switcher.addTarget { r in
    if r.state == .began { print("  system: edge swipe → app switcher") }
    if r.state == .ended { print("  system: app switcher released") }
}
engine.root.addGestureRecognizer(switcher)

let screen = ScriptedTouchscreen(engine: engine)      // 4 points per millimetre; the edge band is 24 points
print("> tap in the window: delivered at once")
screen.tap(at: Point(x: 500, y: 300))
print("> tap in the edge band: held back until the edge swipe fails, when the finger lifts")
screen.tap(at: Point(x: 10, y: 300))
print("> swipe in from the left edge: the client sees nothing")
screen.press([1: Point(x: 5, y: 300)]); screen.drag([1: Point(x: 300, y: 0)], steps: 6); screen.release([1])
print("> three fingers swipe up in the window: the client sees them, then one cancel for all three")
screen.press([1: Point(x: 400, y: 400), 2: Point(x: 500, y: 400), 3: Point(x: 600, y: 400)])
screen.drag([1: Point(x: 0, y: -100), 2: Point(x: 0, y: -100), 3: Point(x: 0, y: -100)], steps: 5)
screen.release([1, 2, 3])
