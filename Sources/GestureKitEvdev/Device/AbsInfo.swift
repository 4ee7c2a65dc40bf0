/// The range and resolution of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable, CustomStringConvertible {
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// The kernel's noise filter width.
    public var fuzz: Int32
    /// The dead zone (joysticks).
    public var flat: Int32
    /// Units per millimetre for position axes (units per radian for orientation); 0 when the
    /// device does not say.
    public var resolution: Int32

    /// Creates an axis description.
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// Whether the axis has a resolution (units per millimetre).
    @inlinable public var hasResolution: Bool { resolution > 0 }

    /// `maximum - minimum`, as a `Double`.
    @inlinable public var span: Double { Double(maximum) - Double(minimum) }

    public var description: String {
        "[\(minimum)…\(maximum) fuzz \(fuzz) flat \(flat) res \(resolution)]"
    }
}
