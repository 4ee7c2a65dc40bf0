import ArgumentParser

/// `gesture-demo`: logs gestures live from touch hardware, replays recordings, and draws them.
@main
struct GestureDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-demo",
        abstract: "Log touchscreen and touchpad gestures live, replay recordings, and draw them.",
        discussion: """
            Exit codes: 0 success; 1 bad input (unreadable or malformed recording); 64 usage error; \
            3 no permission to open input devices; 4 no touch devices found; 5 libinput could not start.
            """,
        subcommands: [Live.self, Replay.self, Devices.self, MakeTour.self],
        defaultSubcommand: Live.self
    )
}
