import ArgumentParser
import Foundation
import GestureKit
import GestureKitLibinput
import Logging

/// `gesture-demo live`: gestures from hardware through libinput.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log gestures live from touchscreens and touchpads (libinput).",
        discussion: "Stops on Ctrl-C (SIGINT) or SIGTERM, releasing every device."
    )

    @Option(help: "The udev seat to read (default seat0).")
    var seat: String?

    @Option(name: .customLong("device"), help: "Read this device node instead of a seat (repeatable), e.g. /dev/input/event5.")
    var devices: [String] = []

    @Option(help: SeatAccessOption.help)
    var seatAccess: SeatAccessOption = .auto

    @Flag(help: "Keep running on a seat when no touch device is present yet (hotplug).")
    var waitForDevices = false

    @Flag(help: "Print libinput's own log messages (debug level) to standard error.")
    var libinputLog = false

    @OptionGroup var graph: GraphOptions

    func validate() throws {
        guard !devices.isEmpty else { return }
        if let seat {
            throw ValidationError("--seat \(seat) and --device exclude each other: read a seat, or the nodes given")
        }
        if waitForDevices {
            // libinput's path backend opens the nodes given once: nothing is added later.
            throw ValidationError("--wait-for-devices waits for devices plugged into a seat; the nodes --device gives are opened once, as they are now")
        }
    }

    /// The seat read when no `--device` is given.
    var seatName: String { seat ?? "seat0" }

    func run() throws {
        var logger = Logger(label: "gesture-demo.libinput")
        logger.logLevel = libinputLog ? .debug : .error
        let rotation = OutputRotation(degrees: graph.rotation.degrees) ?? .none
        let output = graph.outputSize ?? OutputSize(width: 1920, height: 1080)
        let outputMm = graph.outputMm?.size
        var configuration: LibinputBackend.Configuration = devices.isEmpty
            ? .seat(seatName, outputSize: output.size, rotation: rotation, outputMillimetres: outputMm, logger: logger)
            : .paths(devices, outputSize: output.size, rotation: rotation, outputMillimetres: outputMm, logger: logger)
        configuration.requiresTouchDevice = !waitForDevices
        configuration.seatAccess = seatAccess.seatAccess

        let backend: LibinputBackend
        do {
            backend = try LibinputBackend(configuration: configuration)
        } catch let error as LibinputBackendError {
            Terminal.error("gesture-demo: \(error)")
            throw ExitCode(Self.exitCode(for: error))
        }
        defer { backend.close() }

        let screen = Rect(x: 0, y: 0, width: output.width, height: output.height)
        let engine = GestureEngine(screen: screen, configuration: graph.configuration)
        let demo = DemoGraph(engine: engine, only: graph.only?.kinds, corners: graph.cornerSize)
        let log = GestureLog(graph: demo, json: graph.json, verbose: graph.verbose, changes: graph.changes, terminal: .forStandardOutput())
        log.logsDevices = true
        // Latency: from the event's own timestamp (CLOCK_MONOTONIC, as libinput stamps it) to the
        // callback. Only the log reads the clock; recognition never does.
        let clock = LiveLibinputSystem()
        log.latency = { eventTime in clock.monotonicNow().microseconds - eventTime.microseconds }
        engine.observer = log

        if !graph.json {
            let touch = backend.deviceSummaries.filter { $0.kind != nil }
            Terminal.error("gesture-demo: listening on \(devices.isEmpty ? "seat \(seatName)" : devices.joined(separator: ", ")), \(touch.count) touch device\(touch.count == 1 ? "" : "s") opened through \(backend.deviceAccess); Ctrl-C to stop")
        }
        // Waiting for devices, the run goes on whatever could not be opened now: say what and why.
        if waitForDevices {
            for line in Self.unopenedNotes(backend.deviceSummaries) { Terminal.error(line) }
        }
        let reason: LibinputStopReason
        do {
            reason = try backend.run(engine: engine, handlingSignals: true) { event in
                if case .deviceAdded(let d, _) = event {
                    log.deviceNodes[d.id] = backend.deviceSummaries.first { $0.id == d.id }?.node
                }
                log.note(event)
            }
        } catch let error as LibinputBackendError {
            Terminal.error("gesture-demo: \(error)")
            throw ExitCode(Self.exitCode(for: error))
        }
        fflush(nil)
        if !graph.json { Terminal.error("gesture-demo: stopped (\(reason))") }
    }

    /// One line per node of `summaries` that could not be opened, with what to do about it.
    static func unopenedNotes(_ summaries: [LibinputDeviceSummary]) -> [String] {
        summaries.filter { $0.access != .opened }.map { s in
            "gesture-demo: not opened: \(s)" + (s.hint.map { " (\($0))" } ?? "")
        }
    }

    /// 3 permission (or no usable seat session), 4 no touch devices, 5 anything else libinput refused.
    static func exitCode(for error: LibinputBackendError) -> Int32 {
        switch error {
        case .permissionDenied, .libseatUnavailable, .seatInactive: 3
        case .noTouchDevices: 4
        default: 5
        }
    }
}
