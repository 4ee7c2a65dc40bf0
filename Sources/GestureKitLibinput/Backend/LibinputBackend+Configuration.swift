import GestureKit
import Logging

extension LibinputBackend {
    /// Where the backend finds devices and how it maps and reports them.
    ///
    /// ```swift
    /// let backend = try LibinputBackend(configuration: .seat("seat0", outputSize: Size(width: 1280, height: 800)))
    /// let tablet = try LibinputBackend(configuration: .paths(["/dev/input/event5"], rotation: .clockwise90))
    /// ```
    public struct Configuration: Sendable {
        /// The output touchscreens cover unless ``outputAssignment`` names another:
        /// ``outputSize``, ``rotation`` and ``outputMillimetres`` as an `OutputMapping`.
        public var defaultOutput: OutputMapping {
            OutputMapping(size: outputSize, rotation: rotation, physicalSize: outputMillimetres)
        }

        /// Where devices come from.
        public enum Source: Hashable, Sendable {
            /// Every device of a udev seat, hot-plug included (`libinput_udev_assign_seat`).
            case seat(String)
            /// Exactly these device nodes (`libinput_path_add_device`), e.g. `/dev/input/event5`,
            /// or udev's links to them (`/dev/input/by-path/…`). A node named twice, by a link
            /// and by itself say, is opened once.
            case paths([String])
        }

        /// Where devices come from.
        public var source: Source
        /// The size, in points, of the output touchscreens cover. Default 1920×1080.
        public var outputSize: Size
        /// How touchscreens are turned relative to the output.
        public var rotation: OutputRotation
        /// The output's physical size in millimetres (from its EDID, or the kiosk's panel), or
        /// `nil`: where a touchscreen that reports no size of its own takes its millimetres
        /// (`DensitySource.outputSize` in GestureKit).
        public var outputMillimetres: Size?
        /// Which output each touchscreen maps onto, when there are several; `nil` maps every
        /// touchscreen onto the default output (``outputSize``, ``rotation``,
        /// ``outputMillimetres``), as does the assignment for a device it does not name.
        public var outputAssignment: OutputAssignment? = nil
        /// Where libinput's messages and the backend's own go.
        public var logger: Logger
        /// Which libinput messages to ask for; `nil` derives it from `logger.logLevel`.
        public var logPriority: LibinputLogPriority?
        /// Whether opening fails when no touchscreen or touchpad is found (with the devices that
        /// were seen, or with the permission fix when nodes could not be opened). Listings turn it off.
        public var requiresTouchDevice: Bool
        /// Makes the system the backend calls; ``LiveLibinputSystem`` unless a test supplies a
        /// ``ScriptedLibinputSystem``. Called once, on the thread that opens the backend.
        public var makeSystem: @Sendable () -> any LibinputSystem

        // Seat access: how device nodes are opened (LibinputBackend+Seat.swift).

        /// How the backend opens device nodes: through libseat when a seat session opens, else with
        /// `open(2)` (``SeatAccess/automatic``, the default); or through the host's own open/close
        /// pair (``SeatAccess/host(_:)``).
        public var seatAccess: SeatAccess = .automatic

        /// Creates a configuration.
        public init(
            source: Source = .seat("seat0"), outputSize: Size = Size(width: 1920, height: 1080),
            rotation: OutputRotation = .none, outputMillimetres: Size? = nil,
            logger: Logger = Logger(label: "GestureKitLibinput"),
            logPriority: LibinputLogPriority? = nil, requiresTouchDevice: Bool = true,
            makeSystem: @escaping @Sendable () -> any LibinputSystem = { LiveLibinputSystem() }
        ) {
            self.source = source
            self.outputSize = outputSize
            self.rotation = rotation
            self.outputMillimetres = outputMillimetres
            self.logger = logger
            self.logPriority = logPriority
            self.requiresTouchDevice = requiresTouchDevice
            self.makeSystem = makeSystem
        }

        /// Every device of a udev seat (default `"seat0"`).
        public static func seat(
            _ seat: String = "seat0", outputSize: Size = Size(width: 1920, height: 1080),
            rotation: OutputRotation = .none, outputMillimetres: Size? = nil,
            logger: Logger = Logger(label: "GestureKitLibinput")
        ) -> Configuration {
            Configuration(
                source: .seat(seat), outputSize: outputSize, rotation: rotation, outputMillimetres: outputMillimetres,
                logger: logger)
        }

        /// Exactly these device nodes.
        public static func paths(
            _ paths: [String], outputSize: Size = Size(width: 1920, height: 1080),
            rotation: OutputRotation = .none, outputMillimetres: Size? = nil,
            logger: Logger = Logger(label: "GestureKitLibinput")
        ) -> Configuration {
            Configuration(
                source: .paths(paths), outputSize: outputSize, rotation: rotation, outputMillimetres: outputMillimetres,
                logger: logger)
        }
    }
}
