/// The engine: consumes ``InputEvent`` values, hit-tests touches into the ``Region`` tree, feeds
/// the attached recognizers, arbitrates between them and delivers raw touches to regions.
///
/// An engine is owned by one thread (or actor) at a time; it is not `Sendable`. It never reads the
/// wall clock: time moves only with the events it is sent and with ``advance(to:)``.
public final class GestureEngine {
    /// The tunables every recognizer created for this engine starts from.
    public let configuration: GestureConfiguration
    /// The root of the region tree, normally the size of the screen in points.
    public let root: Region
    /// The devices that are plugged in, by id.
    public private(set) var devices: [DeviceID: InputDevice] = [:]
    /// The latest moment the engine has seen, from an event or from ``advance(to:)``.
    public private(set) var now: Timestamp = .zero

    /// Creates an engine whose root region covers `screen` (in points).
    public init(screen: Rect, configuration: GestureConfiguration = .default) {
        self.configuration = configuration
        self.root = Region(frame: screen, name: "root")
    }

    /// Feeds one input event. Deadlines that fall before the event's timestamp fire first.
    public func send(_ event: InputEvent) {
        advance(to: event.timestamp)
        switch event {
        case .deviceAdded(let device, _): devices[device.id] = device
        case .deviceRemoved(let id, _): devices[id] = nil
        case .touchFrame: break
        case .touchpadGesture: break
        }
    }

    /// The earliest moment at which a recognizer wants to be woken without new input (a long press
    /// firing, a double tap timing out), or `nil`. Hosts use it as their poll timeout.
    public var nextDeadline: Timestamp? { nil }

    /// Moves virtual time forward to `time`, firing every deadline up to and including it.
    /// Time never goes backwards: an earlier `time` is ignored.
    public func advance(to time: Timestamp) {
        if time > now { now = time }
    }
}
