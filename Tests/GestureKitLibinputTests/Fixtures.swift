import Glibc
import GestureKit
import Logging
@testable import GestureKitLibinput

/// Scripted devices and helpers shared by the tests.
enum Fixture {
    static let touchscreen = RawDeviceHandle(0x10)
    static let touchpad = RawDeviceHandle(0x20)
    static let keyboard = RawDeviceHandle(0x30)

    static let touchscreenInfo = RawDeviceInfo(
        handle: touchscreen, name: "Test Touchscreen", sysname: "event3", devnode: "/dev/input/event3",
        capabilities: [.touch], sizeMillimetres: Size(width: 240, height: 135), touchCount: 10,
        hasCalibrationMatrix: true)
    static let touchpadInfo = RawDeviceInfo(
        handle: touchpad, name: "Test Touchpad", sysname: "event4", devnode: "/dev/input/event4",
        capabilities: [.pointer, .gesture], sizeMillimetres: Size(width: 100, height: 66))
    static let keyboardInfo = RawDeviceInfo(
        handle: keyboard, name: "Test Keyboard", sysname: "event5", devnode: "/dev/input/event5",
        capabilities: [.keyboard])

    static func node(_ info: RawDeviceInfo, openErrno: Int32 = 0) -> ScriptedLibinputSystem.Node {
        ScriptedLibinputSystem.Node(path: info.devnode!, info: info, openErrno: openErrno)
    }

    /// A logger that only prints errors, so test output stays readable.
    static var quietLogger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return logger
    }

    static let allNodes = [node(touchscreenInfo), node(touchpadInfo), node(keyboardInfo)]

    /// A configuration whose system is a fresh scripted system with `nodes`.
    static func configuration(
        _ source: LibinputBackend.Configuration.Source = .seat("seat0"),
        nodes: [ScriptedLibinputSystem.Node] = allNodes, outputSize: Size = Size(width: 1000, height: 500),
        rotation: OutputRotation = .none, logger: Logger = quietLogger
    ) -> LibinputBackend.Configuration {
        LibinputBackend.Configuration(
            source: source, outputSize: outputSize, rotation: rotation, logger: logger,
            makeSystem: { ScriptedLibinputSystem(nodes: nodes) })
    }

    /// Opens a backend on scripted devices and hands back the script.
    static func backend(
        _ source: LibinputBackend.Configuration.Source = .seat("seat0"),
        nodes: [ScriptedLibinputSystem.Node] = allNodes, outputSize: Size = Size(width: 1000, height: 500),
        rotation: OutputRotation = .none, logger: Logger = quietLogger
    ) throws -> (LibinputBackend, ScriptedLibinputSystem) {
        let backend = try LibinputBackend(
            configuration: configuration(source, nodes: nodes, outputSize: outputSize, rotation: rotation, logger: logger))
        return (backend, backend.system as! ScriptedLibinputSystem)
    }

    /// Dispatches once and returns everything the backend produced.
    static func drain(_ backend: LibinputBackend) throws -> [InputEvent] {
        var events: [InputEvent] = []
        try backend.dispatch { events.append($0) }
        return events
    }

    static func touch(
        _ kind: RawTouchEvent.Kind, _ seatSlot: Int32, at ms: UInt64, normalized: (Double, Double)? = nil,
        device: RawDeviceHandle = touchscreen
    ) -> RawLibinputEvent {
        .touch(RawTouchEvent(
            kind: kind, device: device, timeMicroseconds: ms * 1000, slot: seatSlot, seatSlot: seatSlot,
            position: normalized.map {
                RawTouchEvent.Position(
                    millimetres: Point(x: $0.0 * 240, y: $0.1 * 135), normalized: Point(x: $0.0, y: $0.1))
            }))
    }

    static func frame(at ms: UInt64, device: RawDeviceHandle = touchscreen) -> RawLibinputEvent {
        .touch(RawTouchEvent(kind: .frame, device: device, timeMicroseconds: ms * 1000))
    }

    static func frames(_ events: [InputEvent]) -> [TouchFrame] {
        events.compactMap { if case .touchFrame(let f) = $0 { f } else { nil } }
    }

    static func gestures(_ events: [InputEvent]) -> [TouchpadGestureEvent] {
        events.compactMap { if case .touchpadGesture(let g) = $0 { g } else { nil } }
    }
}

/// A swift-log handler that keeps what it is given.
struct CapturingLogHandler: LogHandler {
    final class Store: Sendable {
        let entries = ThreadLock<[(Logger.Level, String, String)]>([])
        var all: [(level: Logger.Level, message: String, source: String)] {
            entries.withLock { $0.map { (level: $0.0, message: $0.1, source: $0.2) } }
        }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.entries.withLock { $0.append((event.level, "\(event.message)", event.source)) }
    }

    static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "capture") { _ in CapturingLogHandler(store: store) }, store)
    }
}
