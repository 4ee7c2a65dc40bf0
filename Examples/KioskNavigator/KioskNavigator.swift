// KioskNavigator: the skeleton of a kiosk app (see Kiosk.swift for its gestures), fed by a
// script, by a recording (evemu or `libinput record`) or live by libinput.
//
//   KioskNavigator                     play the built-in script (also: --script)
//   KioskNavigator --replay FILE       replay a recording on virtual time
//   KioskNavigator --live [--device /dev/input/eventN]
import ArgumentParser
import Foundation
import GestureKit
import GestureKitEvdev
import GestureKitLibinput

@main
struct KioskNavigator: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "A kiosk: edge swipe back, pinch zoom, long-press menu.")

    @Flag(help: "Play the built-in touch script (the default).") var script = false
    @Option(help: "Replay an evemu or libinput record file.") var replay: String?
    @Flag(help: "Read touchscreens through libinput until Ctrl-C.") var live = false
    @Option(help: "With --live: open this device node instead of the whole seat.") var device: String?

    func validate() throws {
        if [script, replay != nil, live].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --script, --replay and --live")
        }
    }

    func run() throws {
        let kiosk = Kiosk()
        if let replay {
            // A recording holds raw evdev events. The replayer decodes them (protocol B slots),
            // maps positions onto the screen, and feeds the engine on the recording's own
            // timestamps: virtual time, so a replay prints the same thing every time.
            let recording = try RecordingReader.read(contentsOf: replay)  // evemu or libinput record
            let mapping = OutputMapping(size: Kiosk.screen.size)
            try Replayer(recording: recording, options: ReplayOptions(mapping: mapping)).run(on: kiosk.engine)
        } else if live {
            // libinput opens the seat (or one node), maps touchscreens onto an output of this size,
            // and `run` feeds the engine until SIGINT or SIGTERM, waking it for its deadlines.
            let size = Kiosk.screen.size
            let backend = try LibinputBackend(
                configuration: device.map { .paths([$0], outputSize: size) } ?? .seat(outputSize: size))
            print("listening on \(backend.touchDevices.map(\.name).joined(separator: ", ")); Ctrl-C stops")
            try backend.run(engine: kiosk.engine)
        } else {
            kiosk.playScript()
        }
    }
}
