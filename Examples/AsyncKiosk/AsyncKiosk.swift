// AsyncKiosk: a kiosk whose app code lives on the main actor and hears gestures as values from
// an AsyncSequence. libinput's devices and the gesture engine share a thread of their own; long
// presses and double-tap timeouts fire there on their own, with no timer in the app.
//
//   AsyncKiosk           play a built-in script through the scripted libinput seam (also: --script)
//   AsyncKiosk --live    read the seat's touchscreens through libinput (Ctrl-C quits)
import Glibc
import GestureKit
import GestureKitLibinput

let screen = Rect(x: 0, y: 0, width: 1280, height: 800)

/// The app's state, confined to the main actor. It never sees a recognizer: only `GestureUpdate`s.
@MainActor final class KioskModel {
    var zoom = 1.0

    func apply(_ update: GestureUpdate) {
        let at = "(\(Int(update.location.x)), \(Int(update.location.y)))"
        switch (update.name, update.state) {
        case ("menu", .began): print("menu: open at \(at), \(update.timestamp)")
        case ("menu", .ended): print("menu: closed")
        case ("tap", .ended): print("tap at \(at), \(update.timestamp), once the double tap timed out")
        case ("double tap", .ended): print("double tap at \(at)")
        case ("zoom", .ended):
            zoom *= update.scale ?? 1
            print("zoom: \(String(format2: zoom))×")
        default: break
        }
    }
}

/// Builds the engine and its recognizers. It runs on the backend's thread, which owns them.
@Sendable func makeEngine() -> GestureEngine {
    let engine = GestureEngine(screen: screen)
    let menu = LongPressGestureRecognizer()
    menu.name = "menu"
    let double = TapGestureRecognizer()
    double.name = "double tap"
    double.numberOfTapsRequired = 2
    let tap = TapGestureRecognizer()
    tap.name = "tap"
    tap.require(toFail: double)
    let zoom = PinchGestureRecognizer()
    zoom.name = "zoom"
    for recognizer in [menu, double, tap, zoom] { engine.root.addGestureRecognizer(recognizer) }
    return engine
}

@main struct AsyncKiosk {
    @MainActor static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count <= 1, arguments.allSatisfy({ $0 == "--script" || $0 == "--live" }) else {
            print("usage: AsyncKiosk [--script | --live]")
            exit(2)
        }
        var configuration = LibinputBackend.Configuration.seat(outputSize: screen.size)
        if arguments.first != "--live" { configuration.makeSystem = { Script.system() } }
        let model = KioskModel()
        for try await update in LibinputBackend.gestures(configuration: configuration, engine: makeEngine) {
            model.apply(update)  // on the main actor: the loop runs here
        }
    }
}
