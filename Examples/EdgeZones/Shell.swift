import ExampleSupport
import GestureKit

/// The gestures of a tablet compositor's shell, on a 1920×1200-point screen (a 10″ panel of
/// 217×136 mm, about 8.8 points per millimetre):
///
/// - **overview**: one finger up from the middle 60 % of the bottom edge, in an 8 mm band;
/// - **notifications**: one finger down from the top edge, in a 6 mm band;
/// - **launcher**: one finger out of the top-left corner, from a 12 mm square, any direction;
/// - **back**: one or two fingers in from the left or right edge, in a 12 mm band (the ISDv4
///   tablet's recorded edge swipes start 11 mm in); the launcher's corner wins over it;
/// - **workspaces**: three fingers sideways anywhere, except over the on-screen keyboard.
///
/// The keyboard, when shown, covers the bottom 40 % of the screen: its area is an exclusion zone
/// of the workspace swipe and of the back swipe (a thumb typing near an edge is not "back"). The
/// overview stays reachable: it starts in the band below the keyboard's keys.
final class Shell: GestureEngineObserver {
    static let screen = Rect(x: 0, y: 0, width: 1920, height: 1200)
    static let panelMillimetres = Size(width: 217, height: 136)
    let engine = GestureEngine(screen: Shell.screen)

    init(keyboardShown: Bool) {
        let overview = ScreenEdgePanGestureRecognizer()
        overview.zones = [.edge(EdgeZone(.bottom, depth: .millimetres(8), from: .fraction(0.2), to: .fraction(0.8)))]
        let notifications = ScreenEdgePanGestureRecognizer()
        notifications.zones = [.edge(EdgeZone(.top, depth: .millimetres(6)))]
        let launcher = ScreenEdgePanGestureRecognizer()
        launcher.zones = [.corner(CornerZone(.topLeft, size: .millimetres(12)))]
        launcher.maximumNumberOfTouches = 1
        let back = ScreenEdgePanGestureRecognizer()
        back.zones = [.edge(EdgeZone(.left, depth: .millimetres(12))), .edge(EdgeZone(.right, depth: .millimetres(12)))]
        back.maximumNumberOfTouches = 2
        back.require(toFail: launcher)
        let workspaces = SwipeGestureRecognizer()
        workspaces.numberOfTouchesRequired = 3
        workspaces.direction = .horizontal
        if keyboardShown {
            let keys = Rect(x: 0, y: Shell.screen.height * 0.6, width: Shell.screen.width, height: Shell.screen.height * 0.4 - 80)
            workspaces.exclusionZones = [.screen(keys)]
            back.exclusionZones = [.screen(keys)]
        }
        // The corner is the launcher's: the notifications band does not start there.
        let corner = 12 * Shell.screen.width / Shell.panelMillimetres.width
        notifications.exclusionZones = [.screen(Rect(x: 0, y: 0, width: corner, height: corner))]
        for (r, name) in [(overview, "overview"), (notifications, "notifications"), (launcher, "launcher"), (back, "back")] as [(GestureRecognizer, String)] {
            r.name = name
            engine.root.addGestureRecognizer(r)
        }
        workspaces.name = "workspaces"
        engine.root.addGestureRecognizer(workspaces)
        engine.observer = self
    }

    func engine(_ engine: GestureEngine, recognizer r: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        guard new == .began || new == .ended, !(new == .ended && r is ScreenEdgePanGestureRecognizer) else { return }
        let time = String(format: "%6.3f s", Double(engine.now.microseconds) / 1_000_000)
        switch r {
        case let edge as ScreenEdgePanGestureRecognizer:
            let from = edge.corner.map { "the \($0) corner" } ?? "the \(edge.edge) edge"
            let n = edge.numberOfTouches
            print("\(time)  \(r.name): \(n) finger\(n == 1 ? "" : "s") from \(from), going \(edge.direction)")
        case let swipe as SwipeGestureRecognizer:
            print("\(time)  \(r.name): \(swipe.numberOfTouchesRequired) fingers \(swipe.recognizedDirection)")
        default:
            break
        }
    }

    /// The script: each gesture of the layout once, then a thumb on the keyboard near the left edge
    /// and three fingers sliding over the keyboard.
    func playScript() {
        let panel = ScriptedTouchscreen(engine: engine, pointsPerMillimetre: Shell.screen.width / Shell.panelMillimetres.width)
        let mm = panel.pointsPerMillimetre
        // Overview: up from the bottom edge, mid-screen.
        panel.press([1: Point(x: 960, y: 1200 - 3 * mm)])
        panel.drag([1: Point(x: 0, y: -60 * mm)], steps: 12)
        panel.release([1])
        panel.wait(300)
        // Notifications: down from the top edge.
        panel.press([1: Point(x: 1200, y: 2 * mm)])
        panel.drag([1: Point(x: 0, y: 50 * mm)], steps: 10)
        panel.release([1])
        panel.wait(300)
        // Launcher: out of the top-left corner along the diagonal.
        panel.press([1: Point(x: 5 * mm, y: 5 * mm)])
        panel.drag([1: Point(x: 40 * mm, y: 40 * mm)], steps: 10)
        panel.release([1])
        panel.wait(300)
        // Back: two fingers in from the right edge.
        panel.press([1: Point(x: 1920 - 4 * mm, y: 400), 2: Point(x: 1920 - 6 * mm, y: 520)])
        panel.drag([1: Point(x: -50 * mm, y: 0), 2: Point(x: -50 * mm, y: 0)], steps: 10)
        panel.release([1, 2])
        panel.wait(300)
        // Workspaces: three fingers flick left, mid-screen.
        let three = [1: Point(x: 900, y: 500), 2: Point(x: 1000, y: 480), 3: Point(x: 1100, y: 500)]
        panel.press(three)
        panel.drag([1: Point(x: -40 * mm, y: 0), 2: Point(x: -40 * mm, y: 0), 3: Point(x: -40 * mm, y: 0)], steps: 8)
        panel.release([1, 2, 3])
        panel.wait(300)
        // A thumb typing at the keyboard's left end, sliding right: back only without the keyboard.
        panel.press([1: Point(x: 3 * mm, y: 900)])
        panel.drag([1: Point(x: 30 * mm, y: 0)], steps: 8)
        panel.release([1])
        panel.wait(300)
        // Three fingers sliding over the keyboard: workspaces only without the keyboard.
        panel.press([1: Point(x: 700, y: 850), 2: Point(x: 800, y: 830), 3: Point(x: 900, y: 850)])
        panel.drag([1: Point(x: 40 * mm, y: 0), 2: Point(x: 40 * mm, y: 0), 3: Point(x: 40 * mm, y: 0)], steps: 8)
        panel.release([1, 2, 3])
    }
}
