import ArgumentParser
import Foundation
import GestureKit
import GestureKitEvdev

/// `gesture-demo replay [FILE]`: the live log, from a recording, on a virtual clock.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay an evemu or `libinput record` recording through the gesture engine.",
        discussion: "With no FILE, plays the bundled tour: tap, double tap, long press, pan, swipes, pinch, rotation and an edge swipe."
    )

    @Argument(help: "An evemu (.evemu) or libinput record (.yaml) file. Default: the bundled tour.")
    var file: String?

    @OptionGroup var graph: GraphOptions

    @Option(help: "Also draw the recording and its gestures into this SVG file.")
    var svg: String?

    @Flag(help: "With --svg, also draw the edge pan's zones (edge bands and --corner-mm squares), sized for the first touchscreen.")
    var edges = false

    @Option(help: "Play in real time scaled by this factor (1 = as recorded) instead of as fast as possible.")
    var speed: Double?

    @Flag(help: "Replay touchpads' raw touches too, recognized as a touchscreen's are (libinput's own touchpad gestures come only from `live`).")
    var touchpads = false

    func validate() throws {
        if edges && svg == nil { throw ValidationError("--edges draws into the SVG: give --svg FILE too") }
        if let speed, !(speed > 0) { throw ValidationError("--speed must be a positive number, got \(speed)") }
    }

    func run() throws {
        guard let path = file ?? RecordingLoader.tourPath else {
            Terminal.error("gesture-demo: the bundled tour recording is missing from this build")
            throw ExitCode(1)
        }
        let session: ReplaySession
        do {
            let recording = try RecordingLoader.load(path)
            session = ReplaySession(graph: graph, touchpads: touchpads, for: recording)
            try session.play(recording, speed: speed)
        } catch {
            Terminal.error("gesture-demo: \(error)")
            throw ExitCode(1)
        }
        if let svg {
            let drawing = SVGRenderer(
                screen: session.engine.root.frame, events: session.sent, reports: session.log.reports,
                title: (path as NSString).lastPathComponent, regions: [session.engine.root],
                zones: edges ? session.zoneFrames() : []
            )
            do {
                try drawing.render().write(toFile: svg, atomically: true, encoding: .utf8)
            } catch {
                Terminal.error("gesture-demo: cannot write \(svg): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
        if !graph.json {
            fflush(nil)  // the log first, then the summary
            let recognized = session.log.reports.filter { $0.state == "recognized" || $0.state == "began" }.count
            Terminal.error("\(recognized) gesture\(recognized == 1 ? "" : "s") from \(session.touchCount) touch\(session.touchCount == 1 ? "" : "es") in \(String(format: "%.2f", session.duration)) s")
        }
    }
}

/// One replay: the engine, the demo graph, the log, and everything sent (for drawing).
final class ReplaySession {
    let engine: GestureEngine
    let graph: DemoGraph
    let log: GestureLog
    let options: GraphOptions
    let touchpads: Bool
    /// The output the touchscreens map onto, in points.
    let output: Size
    private(set) var sent: [InputEvent] = []

    /// A session on `output`, with the thresholds `options` give, or `configuration` when given.
    init(graph options: GraphOptions, touchpads: Bool, output: Size, configuration: GestureConfiguration? = nil) {
        self.options = options
        self.touchpads = touchpads
        self.output = output
        let screen = Rect(x: 0, y: 0, width: output.width, height: output.height)
        engine = GestureEngine(screen: screen, configuration: configuration ?? options.configuration)
        graph = DemoGraph(engine: engine, only: options.only?.kinds, touchpadTouches: touchpads, corners: options.cornerSize)
        log = GestureLog(graph: graph, json: options.json, verbose: options.verbose, changes: options.changes, terminal: .forStandardOutput())
        engine.observer = log
    }

    /// The edge pan's zones as drawn on the output, named, for the first touchscreen the session
    /// saw (its density as the engine judged it).
    func zoneFrames() -> [(name: String, frame: Rect)] {
        guard let edgePan = graph.recognizers.lazy.compactMap({ $0 as? ScreenEdgePanGestureRecognizer }).first else { return [] }
        var density = PointDensity(uniform: engine.configuration.fallbackPointsPerMillimetre)
        for case .deviceAdded(let d, _) in sent where d.kind == .touchscreen {
            density = engine.density(of: d.id) ?? d.density ?? density
            break
        }
        return edgePan.effectiveZones.map { ("\($0)", $0.frame(on: engine.root.frame, density: density)) }
    }

    /// A session for `recording`: on `--output-size`, else on ``defaultOutput(for:rotation:outputMillimetres:)``.
    convenience init(graph options: GraphOptions, touchpads: Bool, for recording: Recording, configuration: GestureConfiguration? = nil) {
        let output = options.outputSize?.size ?? Self.defaultOutput(
            for: recording, rotation: OutputRotation(degrees: options.rotation.degrees) ?? .none,
            outputMillimetres: options.outputMm?.size)
        self.init(graph: options, touchpads: touchpads, output: output, configuration: configuration)
    }

    /// The output a recording replays onto when none is given: the aspect ratio of its first
    /// touchscreen (of its first device when it has none) as the output sees it — the output's
    /// physical size when given, else the sensor's size in millimetres, else its axis ranges,
    /// turned by `rotation` — with 1920 points on the long side (and at least one on the short
    /// side). A sensor is never stretched.
    static func defaultOutput(for recording: Recording, rotation: OutputRotation, outputMillimetres: Size?) -> Size {
        let longSide = 1920.0
        var aspect: Size?
        if let mm = outputMillimetres, mm.width > 0, mm.height > 0 {
            aspect = mm
        } else {
            let devices = recording.devices.map(\.description)
            if let d = devices.first(where: { $0.classification.kind == .touchscreen }) ?? devices.first,
               let x = d.absInfo(for: .mtPositionX) ?? d.absInfo(for: .absX),
               let y = d.absInfo(for: .mtPositionY) ?? d.absInfo(for: .absY) {
                let resolved = x.hasResolution && y.hasResolution
                let w = resolved ? x.span / Double(x.resolution) : x.span
                let h = resolved ? y.span / Double(y.resolution) : y.span
                let quarterTurn = rotation == .clockwise90 || rotation == .clockwise270
                if w > 0 && h > 0 { aspect = quarterTurn ? Size(width: h, height: w) : Size(width: w, height: h) }
            }
        }
        guard let a = aspect else { return Size(width: longSide, height: 1080) }
        // At least one point across: a sensor of absurd proportions must not make an empty output.
        return a.width >= a.height
            ? Size(width: longSide, height: max((longSide * a.height / a.width).rounded(), 1))
            : Size(width: max((longSide * a.width / a.height).rounded(), 1), height: longSide)
    }

    /// Touches that began in the replay.
    var touchCount: Int {
        sent.reduce(0) { n, e in
            guard case .touchFrame(let f) = e else { return n }
            return n + f.contacts.filter { $0.phase == .began }.count
        }
    }

    /// Seconds from the first to the last event.
    var duration: Double {
        guard let a = sent.first?.timestamp, let b = sent.last?.timestamp else { return 0 }
        return (b - a).gestureSeconds
    }

    func play(_ recording: Recording, speed: Double?) throws {
        let mapping = OutputMapping(
            size: output,
            rotation: OutputRotation(degrees: options.rotation.degrees) ?? .none,
            physicalSize: options.outputMm?.size
        )
        // `libinput record` takes any nodes: a power button or a pen recorded beside the
        // touchscreen is left out, and said so, as a touchpad is without --touchpads.
        let replayer = Replayer(
            recording: recording,
            options: ReplayOptions(mapping: mapping, includesTouchpads: touchpads, skipsUnsupportedDevices: true))
        for device in recording.devices {
            if case .unsupported(let reason) = device.description.classification {
                Terminal.error("gesture-demo: leaving out \"\(device.description.name)\": \(reason)")
            }
        }
        for (index, device) in recording.devices.enumerated() {
            if let node = device.node { log.deviceNodes[DeviceID(1 + index)] = node }
        }
        let events = try replayer.inputEvents()
        if !events.contains(where: { if case .touchFrame = $0 { true } else { false } }) {
            let kinds = recording.devices.map { "\"\($0.description.name)\" (\($0.description.classification))" }
            throw DemoError("\(recording.source ?? "recording"): no touchscreen touches to replay; devices: \(kinds.joined(separator: ", "))" +
                (touchpads ? "" : ". Touchpad recordings replay with --touchpads (raw touches) or live through libinput."))
        }
        var clock = events.first?.timestamp ?? .zero
        func wait(until t: Timestamp) {
            guard let speed, t > clock else { return }
            let micros = Double(t.microseconds - clock.microseconds) / speed
            clock = t
            if micros > 0 { Thread.sleep(forTimeInterval: micros / 1_000_000) }
        }
        for event in events {
            while speed != nil, let d = engine.nextDeadline, d < event.timestamp {
                wait(until: d)
                engine.advance(to: d)
            }
            wait(until: event.timestamp)
            log.note(event)
            sent.append(event)
            engine.send(event)
        }
        let end = (events.last?.timestamp ?? .zero) + .seconds(1)
        wait(until: end)
        engine.advance(to: end)
    }
}

/// An error with a message for the user.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
