// EdgeZones: a compositor's touchscreen layout, fed by a script or by a recording.
//
//   EdgeZones                                   play the built-in script
//   EdgeZones --replay FILE [--output-mm WxH]   replay an evemu or libinput record file
//   EdgeZones --keyboard                        the same, with the on-screen keyboard shown
import ArgumentParser
import Foundation
import GestureKit
import GestureKitEvdev

@main
struct EdgeZones: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A compositor's edges: overview, notifications, launcher corner, back, workspaces, keyboard.")

    @Option(help: "Replay an evemu or libinput record file instead of the script.") var replay: String?
    @Option(help: "With --replay: the panel's physical size in millimetres, WIDTHxHEIGHT, for a touchscreen that reports no resolution.")
    var outputMm: String?
    @Flag(help: "Show the on-screen keyboard: its area starts no workspace swipe and no back swipe.") var keyboard = false

    func run() throws {
        let shell = Shell(keyboardShown: keyboard)
        if let replay {
            var physical: Size?
            if let outputMm {
                let parts = outputMm.split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else {
                    throw ValidationError("--output-mm takes WIDTHxHEIGHT in millimetres, e.g. 277x156")
                }
                physical = Size(width: parts[0], height: parts[1])
            }
            // The recording's touchscreen is mapped onto the whole output; its millimetres come
            // from its resolution, else from the panel size given here.
            let recording = try RecordingReader.read(contentsOf: replay)
            let mapping = OutputMapping(size: Shell.screen.size, physicalSize: physical)
            try Replayer(recording: recording, options: ReplayOptions(mapping: mapping)).run(on: shell.engine)
        } else {
            shell.playScript()
        }
    }
}
