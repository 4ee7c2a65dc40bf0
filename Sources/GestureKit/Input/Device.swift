/// Identifies an input device for as long as it is plugged in.
///
/// Backends hand out ids; an id is not reused while the device it named may still have touches
/// in flight.
public struct DeviceID: Hashable, Sendable, CustomStringConvertible {
    /// The backend's number for the device.
    public var rawValue: Int
    /// Creates an id from the backend's number.
    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "device#\(rawValue)" }
}

/// What kind of touch surface a device is.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A direct-touch surface laid over a screen (`INPUT_PROP_DIRECT`): touches have screen positions.
    case touchscreen
    /// An indirect surface (`INPUT_PROP_POINTER`, clickpads, pen-tablet finger sensors): touches move
    /// a pointer or make touchpad gestures, and have no screen position of their own.
    case touchpad

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .touchscreen: 0
        case .touchpad: 1
        }
    }
}

/// A touch device as the engine knows it.
public struct InputDevice: Hashable, Sendable, CustomStringConvertible {
    /// The device's id, stable while it is plugged in.
    public var id: DeviceID
    /// The kernel's name for it, e.g. `"Atmel maXTouch Touchscreen"`.
    public var name: String
    /// Touchscreen or touchpad.
    public var kind: DeviceKind
    /// The physical size of the sensor in millimetres, when known.
    public var sizeMillimetres: Size?
    /// Whether the device reports a real resolution (units per millimetre). When it does not,
    /// millimetre figures are estimates and the engine measures distances in points instead
    /// (see ``GestureConfiguration/fallbackPointsPerMillimetre``).
    public var hasResolution: Bool
    /// The most contacts the device tracks at once (its slot count), when known.
    public var maximumContacts: Int?
    /// Screen points per millimetre of finger travel along the screen's axes, as the producer
    /// mapped the device (it knows the output, its rotation and physical size), or `nil` for the
    /// engine to derive: from ``sizeMillimetres`` and the root region when the device has a
    /// resolution, else ``GestureConfiguration/fallbackPointsPerMillimetre``.
    public var density: PointDensity?
    /// Where the device's millimetres come from.
    public var densitySource: DensitySource
    /// What the device tells of each contact's size.
    public var contactSize: ContactSize
    /// For a touchscreen, the rectangle of the shared space its output covers (``OutputMapping/frame``),
    /// or `nil` for the root region's. Its edges are the ones a ``ScreenEdgePanGestureRecognizer``
    /// measures the device's touches against (with outputs side by side, the root covers them
    /// all, and the edge between two outputs is an edge of each); and a touch on its far edge is
    /// hit-tested on this output (a mapping that flips, turns or calibrates the sensor puts the
    /// sensor's first row or column there, which is the near edge of an output beside it).
    public var outputFrame: Rect?

    /// Creates a device description; `hasResolution` is taken as false without a physical size, or
    /// with one that is not finite and positive on both axes (no sensor measures zero, less or
    /// infinitely many millimetres: its resolution was not real).
    /// `densitySource` defaults to the device's resolution when it has one, else the fallback;
    /// `contactSize` to none; `outputFrame` to none (the root's edges; the screen's own far edges
    /// are kept on it whatever the device).
    public init(
        id: DeviceID, name: String, kind: DeviceKind, sizeMillimetres: Size? = nil,
        hasResolution: Bool = true, maximumContacts: Int? = nil,
        density: PointDensity? = nil, densitySource: DensitySource? = nil, contactSize: ContactSize = .none,
        outputFrame: Rect? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.sizeMillimetres = sizeMillimetres
        self.hasResolution = hasResolution && sizeMillimetres.map(Self.isMeasurable) == true
        self.maximumContacts = maximumContacts
        self.density = density
        self.densitySource = densitySource ?? (self.hasResolution ? .deviceResolution : .fallback)
        self.contactSize = contactSize
        self.outputFrame = outputFrame
    }

    /// Whether `size` can be a sensor's size: finite and positive on both axes.
    static func isMeasurable(_ size: Size) -> Bool {
        size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite
    }

    public var description: String {
        var s = "\(id) \"\(name)\" \(kind.rawValue)"
        if let mm = sizeMillimetres { s += " \(mm) mm" }
        if !hasResolution { s += densitySource == .outputSize ? " (no resolution: output size)" : " (no resolution)" }
        return s
    }
}
