import GestureKit

/// Which output each touchscreen maps onto, chosen by the host per device.
///
/// A compositor or a kiosk with several screens says, for each touchscreen libinput adds, which
/// `OutputMapping` it covers: the output's place in the shared space (`origin`), its size in
/// points, its physical size in millimetres, its rotation and a calibration. A device the host
/// does not name gets the backend's default output (``LibinputBackend/Configuration/outputSize``,
/// ``LibinputBackend/Configuration/rotation``, ``LibinputBackend/Configuration/outputMillimetres``).
///
/// The choice is made when the device is added — at start and on every hot-plug — and again for
/// every touchscreen when the host sets a new assignment while the backend runs.
///
/// ```swift
/// let left = OutputMapping(size: Size(width: 1920, height: 1080), physicalSize: Size(width: 527, height: 296))
/// let right = OutputMapping(
///     size: Size(width: 1080, height: 1920), rotation: .clockwise90, origin: Point(x: 1920, y: 0))
/// var configuration = LibinputBackend.Configuration.seat()
/// configuration.outputAssignment = OutputAssignment([
///     (.outputName("DP-1"), left),             // a udev rule set WL_OUTPUT=DP-1 on it
///     (.name("ILITEK ILITEK-TP"), right),
/// ])
/// ```
///
/// Touchpads are not mapped: their positions are not on any output.
public struct OutputAssignment: Sendable {
    /// A way to recognize a device, from what libinput and udev say about it.
    public enum Match: Hashable, Sendable {
        /// The device's name (``RawDeviceInfo/name``), exactly.
        case name(String)
        /// The kernel's name for the node (``RawDeviceInfo/sysname``), e.g. `"event5"`.
        case sysname(String)
        /// The device node (``RawDeviceInfo/devnode``), e.g. `"/dev/input/event5"`.
        case devnode(String)
        /// The output udev assigns (``RawDeviceInfo/outputName``, the `WL_OUTPUT` property).
        case outputName(String)
        /// A udev property with this value, e.g. `("ID_PATH", "pci-0000:00:14.0-usb-0:2:1.0")`.
        case udevProperty(String, String)

        /// Whether `device` is the one this match names.
        public func matches(_ device: RawDeviceInfo) -> Bool {
            switch self {
            case .name(let name): device.name == name
            case .sysname(let sysname): device.sysname == sysname
            case .devnode(let devnode): device.devnode == devnode
            case .outputName(let output): device.outputName == output
            case .udevProperty(let key, let value): device.udevProperties[key] == value
            }
        }
    }

    private let choose: @Sendable (RawDeviceInfo) -> OutputMapping?

    /// An assignment decided by `choose`, called on the backend's thread for each touchscreen
    /// when it is added; `nil` gives the device the default output.
    public init(_ choose: @escaping @Sendable (RawDeviceInfo) -> OutputMapping?) {
        self.choose = choose
    }

    /// An assignment from a table: the first row whose match names the device gives its
    /// mapping; a device no row names gets the default output.
    public init(_ table: [(Match, OutputMapping)]) {
        self.init { device in table.first { $0.0.matches(device) }?.1 }
    }

    /// The mapping the host chose for `device`, or `nil` for the default output.
    public func mapping(for device: RawDeviceInfo) -> OutputMapping? {
        choose(device)
    }
}
