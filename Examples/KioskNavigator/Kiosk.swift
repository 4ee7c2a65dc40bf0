import ExampleSupport
import GestureKit

/// The kiosk's screen and its gestures, whatever feeds them (a script, a recording or libinput):
/// a sidebar and a map; a swipe in from the left edge goes back a page, two fingers pinch the
/// map to zoom it, and a long press on the map opens a context menu.
final class Kiosk {
    static let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
    let engine = GestureEngine(screen: Kiosk.screen)
    let map = Region(frame: Rect(x: 240, y: 80, width: 1040, height: 720), name: "map")
    private(set) var zoom = 1.0

    init() {
        engine.root.addChild(Region(frame: Rect(x: 0, y: 0, width: 240, height: 800), name: "sidebar"))
        engine.root.addChild(map)

        // On the root, the edge swipe sees every touch on the screen. It begins only for a finger
        // that lands within 6 mm of the left edge (GestureConfiguration.screenEdgeWidth) and moves
        // right; any other touch fails it at once.
        let back = ScreenEdgePanGestureRecognizer()
        back.edges = .left
        // A target gets the recognizer as its own class (here a ScreenEdgePanGestureRecognizer)
        // and needs nothing else.
        back.addTarget { pan in
            guard pan.state == .ended else { return }
            let distance = pan.translation(in: nil).x
            let verdict = distance > Kiosk.screen.width / 4 ? "back to the previous page" : "not far enough"
            print("  back: edge swipe of \(Int(distance)) points, \(verdict)")
        }
        engine.root.addGestureRecognizer(back)

        // A pinch needs two fingers; its scale is 1 when they land and follows their spread.
        // The kiosk owns the map, which owns the recognizers: they call the kiosk's methods
        // holding it weakly, as UIKit's target-action does, so there is no reference cycle.
        map.addGestureRecognizer(PinchGestureRecognizer(target: self, action: Kiosk.zoomMap))

        // A long press begins after 0.5 s at rest.
        let menu = LongPressGestureRecognizer()
        menu.addTarget(self, action: Kiosk.openMenu)
        map.addGestureRecognizer(menu)
    }

    private func zoomMap(_ pinch: PinchGestureRecognizer) {
        guard pinch.state == .ended else { return }
        zoom *= pinch.scale
        print("  map: zoomed ×\(fixed(pinch.scale)), zoom level ×\(fixed(zoom))")
    }

    /// Locations are asked for in the map's own coordinates: what the map would hand its context
    /// menu.
    private func openMenu(_ press: LongPressGestureRecognizer) {
        if press.state == .began { print("  map: context menu at \(press.location(in: map))") }
    }

    /// The built-in script: the three gestures, as a finger would make them.
    func playScript() {
        let screen = ScriptedTouchscreen(engine: engine, pointsPerMillimetre: 5)
        print("> long press on the map")
        screen.press([1: Point(x: 700, y: 400)]); screen.wait(700); screen.release([1])
        print("> pinch out on the map")
        screen.press([1: Point(x: 600, y: 400), 2: Point(x: 800, y: 400)])
        screen.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], steps: 10)
        screen.release([1, 2])
        print("> swipe in from the left edge")
        screen.press([1: Point(x: 5, y: 400)]); screen.drag([1: Point(x: 500, y: 0)], steps: 10); screen.release([1])
    }
}
