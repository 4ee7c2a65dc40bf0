/// The size and pressure at which a device's contacts are rejected as large, worked out once per
/// device (``GestureConfiguration/largeContactMajorAxis``, ``GestureConfiguration/largeContactPressure``).
struct LargeContactLimits {
    /// The major axis in millimetres, for a touchscreen whose sizes and millimetres are real.
    var majorAxisMillimetres: Double?
    /// The pressure, for a touchscreen contact that reports no size.
    var pressure: Double?

    init(for device: InputDevice, density: PointDensity, configuration: GestureConfiguration) {
        guard device.kind == .touchscreen else { return }
        if device.contactSize == .majorAxis, device.densitySource != .fallback {
            switch configuration.largeContactMajorAxis {
            case .millimetres(let mm)?: majorAxisMillimetres = mm
            case .points(let pt)?: majorAxisMillimetres = pt / density.mean
            case nil: break
            }
        }
        pressure = configuration.largeContactPressure
    }

    /// Whether `c` is too large (or, with no size, presses too hard) to be a finger.
    @inline(__always)
    func rejects(_ c: TouchContact) -> Bool {
        if let major = c.majorAxisMillimetres { return majorAxisMillimetres.map { major >= $0 } ?? false }
        if let p = c.pressure, let limit = pressure { return p >= limit }
        return false
    }
}
