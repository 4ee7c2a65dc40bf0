import ArgumentParser
import Foundation
import GestureKitEvdev

/// `gesture-demo make-tour OUT`: writes the tour recording the demo bundles.
struct MakeTour: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-tour",
        abstract: "Write the bundled tour recording (libinput record YAML) from its generator."
    )

    @Argument(help: "Where to write the YAML.")
    var output: String

    func run() throws {
        let yaml = LibinputRecordWriter.yaml(for: TourGenerator.tour())
        do {
            try yaml.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            Terminal.error("gesture-demo: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
