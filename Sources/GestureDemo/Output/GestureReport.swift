import GestureKit

/// One logged transition: what the demo prints, as text or as a JSON line.
/// The JSON schema is documented in docs/json-schema.md.
struct GestureReport: Encodable, Equatable {
    /// Always `gesture` (device lines have `device_added` / `device_removed`).
    var type = "gesture"
    /// Seconds since the first event of the run (device clock).
    var time: Double
    /// The device the gesture's input came from (its name).
    var device: String
    /// Its device node, when known (live, or a recording that names it).
    var node: String?
    /// The recognizer's name, e.g. `swipe-3f`.
    var recognizer: String
    /// The recognizer's kind, e.g. `swipe`.
    var kind: String
    /// `began`, `changed`, `ended` (`recognized` for discrete kinds), `cancelled` or `failed`.
    var state: String
    /// Fingers (or touchpad fingers) involved.
    var fingers: Int
    /// Where, in screen points.
    var location: XY
    var translation: XY?
    var velocity: XY?
    var scale: Double?
    var rotation: Double?
    var direction: String?
    /// Edge pans: the edge it started from, or
    var edge: String?
    /// the corner, for a corner pan (`top-left`, `top-right`, `bottom-left`, `bottom-right`).
    var corner: String?
    /// Why it failed (failures are printed with --verbose only), or why it was cancelled (`palm`,
    /// `device`, `deviceRemoved`, `stuck`, `host`).
    var reason: String?
    /// Live only: microseconds from the input event's timestamp to this callback.
    var latencyMicroseconds: Int64?

    struct XY: Encodable, Equatable {
        var x: Double
        var y: Double
        init(_ p: Point) {
            x = (p.x * 100).rounded() / 100
            y = (p.y * 100).rounded() / 100
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, time, device, node, recognizer, kind, state, fingers, location, translation, velocity, scale, rotation
        case direction, edge, corner, reason
        case latencyMicroseconds = "latency_us"
    }
}

private func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

extension GestureReport {
    /// Builds the report of `r`'s transition to `state` at `time` (already relative).
    init(_ r: GestureRecognizer, kind: DemoGraph.Kind, state: GestureState, time: Double, device: String, node: String?) {
        let discrete = kind == .tap || kind == .doubleTap || kind == .swipe
        self.time = round3(time)
        self.device = device
        self.node = node
        recognizer = r.name
        self.kind = kind.rawValue
        self.state = discrete && state == .ended ? "recognized" : state.rawValue
        // Discrete gestures are reported with the fingers they require: theirs have lifted.
        switch r {
        case let tap as TapGestureRecognizer: fingers = tap.numberOfTouchesRequired
        case let swipe as SwipeGestureRecognizer where state == .ended: fingers = swipe.numberOfTouchesRequired
        default: fingers = r.numberOfTouches
        }
        location = XY(r.location(in: nil))
        if state == .failed { reason = r.failureReason.map { "\($0)" } }
        if state == .cancelled { reason = r.cancellationReason?.rawValue }
        switch r {
        case let edge as ScreenEdgePanGestureRecognizer:
            translation = XY(edge.translation(in: nil))
            velocity = XY(edge.velocity(in: nil))
            self.edge = edge.edge.isEmpty ? nil : "\(edge.edge)"
            corner = edge.corner.map { "\($0)" }
            if !edge.direction.isEmpty { direction = "\(edge.direction)" }
        case let pan as PanGestureRecognizer:
            translation = XY(pan.translation(in: nil))
            velocity = XY(pan.velocity(in: nil))
        case let pinch as PinchGestureRecognizer:
            scale = round3(pinch.scale)
            velocity = nil
        case let rot as RotationGestureRecognizer:
            rotation = round3(rot.rotation)
        case let swipe as SwipeGestureRecognizer:
            if !swipe.recognizedDirection.isEmpty { direction = "\(swipe.recognizedDirection)" }
        default:
            break
        }
    }
}

/// A device line: `{"type":"device_added","device":NAME,"node":PATH,"kind":"touchscreen",…}`.
struct DeviceReport: Encodable, Equatable {
    var type: String
    var time: Double
    var device: String
    var node: String?
    var kind: String?
    var widthMm: Double?
    var heightMm: Double?
    var hasResolution: Bool?
    /// Where the device's millimetres come from: `resolution`, `output` or `fallback`.
    var mmSource: String?
    /// What the device tells of each contact's size: `major-axis`, `pressure` or `none`.
    var contactSize: String?

    enum CodingKeys: String, CodingKey {
        case type, time, device, node, kind
        case widthMm = "width_mm"
        case heightMm = "height_mm"
        case hasResolution = "has_resolution"
        case mmSource = "mm_source"
        case contactSize = "contact_size"
    }
}
