import ArgumentParser

/// `gesture-demo devices`: what libinput sees.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the input devices libinput sees.")
    func run() throws { throw DemoError("devices: not yet wired") }
}
