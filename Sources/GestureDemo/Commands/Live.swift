import ArgumentParser

/// `gesture-demo live`: gestures from hardware through libinput.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Log gestures live from touchscreens and touchpads (libinput).")
    @OptionGroup var graph: GraphOptions
    func run() throws { throw DemoError("live: not yet wired") }
}
