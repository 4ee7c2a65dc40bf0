import ArgumentParser
import Foundation
import GestureKit

/// Options shared by `live` and `replay`: what to recognize, how to print it, and the thresholds.
struct GraphOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Screen size in points, WIDTHxHEIGHT, that touchscreen positions map onto.",
        discussion: "Default: live, 1920x1080; replay, the aspect ratio of --output-mm when given, else the recorded "
            + "touchscreen's (its size in millimetres, else its axis ranges, turned by --rotation) with 1920 points on the "
            + "long side, so a sensor is never stretched."))
    var outputSize: OutputSize?

    @Option(help: ArgumentHelp(
        "The output's physical size in millimetres, WIDTHxHEIGHT (as seen, after --rotation).",
        discussion: "Where a touchscreen that reports no resolution takes its millimetres: a compositor has it from the "
            + "output's EDID, a kiosk knows its panel. Without it such a device falls back to --fallback-points-per-mm."))
    var outputMm: OutputSize?

    @Option(help: "Screen rotation in degrees: 0, 90, 180 or 270.")
    var rotation: RotationDegrees = .init(degrees: 0)

    @Flag(help: "Print one JSON object per line (schema in docs/json-schema.md).")
    var json = false

    @Option(help: "Only these recognizers, comma-separated kinds: \(DemoGraph.Kind.allCases.map(\.rawValue).joined(separator: ",")).")
    var only: KindList?

    @Flag(name: .shortAndLong, help: "Also print failures with their reasons.")
    var verbose = false

    @Flag(help: "Also print every `changed` update of continuous gestures.")
    var changes = false

    @Option(help: "Tap: largest finger movement, millimetres.")
    var tapMovementMm: Double?
    @Option(help: "Long press: minimum duration, milliseconds.")
    var longPressMs: Double?
    @Option(help: "Pan: hysteresis, millimetres.")
    var panDistanceMm: Double?
    @Option(help: "Swipe: minimum travel, millimetres.")
    var swipeDistanceMm: Double?
    @Option(help: "Edge pans: width of the edge band, millimetres.")
    var edgeWidthMm: Double?
    @Option(help: ArgumentHelp(
        "Edge pans: also start from a square of this side at each corner, millimetres.",
        discussion: "A start in a corner square is a corner pan (JSON field `corner`) that may leave along either edge or "
            + "the diagonal; without it a corner is covered by its two edge bands, and the first motion picks the edge."))
    var cornerMm: Double?
    @Option(help: "Points per millimetre assumed for devices that report no resolution.")
    var fallbackPointsPerMm: Double?

    /// The corner squares of the edge pan, if `--corner-mm` asks for them.
    var cornerSize: Distance? { cornerMm.map { .millimetres($0) } }

    /// The configuration the flags describe.
    var configuration: GestureConfiguration {
        var c = GestureConfiguration.default
        if let v = tapMovementMm { c.tapMaximumMovement = .millimetres(v) }
        if let v = longPressMs { c.longPressMinimumDuration = .microseconds(Int64(v * 1000)) }
        if let v = panDistanceMm { c.panMinimumDistance = .millimetres(v) }
        if let v = swipeDistanceMm { c.swipeMinimumDistance = .millimetres(v) }
        if let v = edgeWidthMm { c.screenEdgeWidth = .millimetres(v) }
        if let v = fallbackPointsPerMm { c.fallbackPointsPerMillimetre = v }
        return c
    }

    func validate() throws {
        for (name, value) in [("--tap-movement-mm", tapMovementMm), ("--long-press-ms", longPressMs),
                              ("--pan-distance-mm", panDistanceMm), ("--swipe-distance-mm", swipeDistanceMm),
                              ("--edge-width-mm", edgeWidthMm), ("--corner-mm", cornerMm),
                              ("--fallback-points-per-mm", fallbackPointsPerMm)] {
            if let value, !(value > 0 && value.isFinite) {
                throw ValidationError("\(name) must be a positive number, got \(value)")
            }
        }
        // Converted to microseconds (an Int64): an hour is far beyond any press and far within.
        if let ms = longPressMs, ms > Self.longestPressMs {
            throw ValidationError("--long-press-ms must be at most \(Int(Self.longestPressMs)) (an hour), got \(ms)")
        }
    }

    /// The longest `--long-press-ms` taken, in milliseconds.
    static let longestPressMs = 3_600_000.0
}

/// `WIDTHxHEIGHT` in points.
struct OutputSize: ExpressibleByArgument, Hashable {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        // Positive and at most a million points: a larger (or infinite) size makes positions no
        // output has, which JSON cannot carry.
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w > 0, h > 0, w <= Self.largest, h <= Self.largest
        else { return nil }
        self.init(width: w, height: h)
    }

    /// The largest width or height taken, in points (or millimetres, for `--output-mm`).
    static let largest = 1_000_000.0

    var defaultValueDescription: String { "\(Int(width))x\(Int(height))" }
    var size: Size { Size(width: width, height: height) }
}

/// 0, 90, 180 or 270.
struct RotationDegrees: ExpressibleByArgument, Hashable {
    var degrees: Int
    init(degrees: Int) { self.degrees = degrees }
    init?(argument: String) {
        guard let d = Int(argument), [0, 90, 180, 270].contains(d) else { return nil }
        degrees = d
    }
    var defaultValueDescription: String { "\(degrees)" }
    static var allValueStrings: [String] { ["0", "90", "180", "270"] }
}

/// A comma-separated list of recognizer kinds.
struct KindList: ExpressibleByArgument, Hashable {
    var kinds: Set<DemoGraph.Kind>
    init?(argument: String) {
        var kinds = Set<DemoGraph.Kind>()
        for part in argument.split(separator: ",") {
            guard let k = DemoGraph.Kind(rawValue: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            kinds.insert(k)
        }
        guard !kinds.isEmpty else { return nil }
        self.kinds = kinds
    }
}
