/// How sensor positions become screen points: the output's size, a libinput-style calibration
/// matrix, flips and a rotation.
///
/// A raw value is first normalized to 0…1 on its axis, as libinput does
/// (`(value − minimum) / (maximum − minimum + 1)`). Then, in this order:
/// 1. the ``calibration`` matrix is applied to the normalized point (what
///    `LIBINPUT_CALIBRATION_MATRIX` and `libinput_device_config_calibration_set_matrix` do);
/// 2. ``flipsHorizontally`` and ``flipsVertically`` mirror it inside the unit square;
/// 3. ``rotation`` turns it clockwise inside the unit square;
/// 4. it is scaled to ``size``;
/// 5. it is moved by ``origin``, the output's place in a space several outputs share.
///
/// ``physicalSize``, when the host knows it, is where millimetres come from for a touchscreen that
/// reports no resolution: see ``density(sensorMillimetres:)``.
public struct OutputMapping: Hashable, Sendable {
    /// A clockwise rotation by a multiple of 90°: the core's `OutputRotation`, shared
    /// with the libinput backend.
    public typealias Rotation = OutputRotation

    /// A 3×2 affine matrix `[a b c; d e f]` mapping normalized `(x, y)` to
    /// `(a·x + b·y + c, d·x + e·y + f)`, in libinput's layout.
    public struct CalibrationMatrix: Hashable, Sendable {
        /// The six coefficients, row-major: `a b c d e f`.
        public var a, b, c, d, e, f: Double

        /// Creates a matrix from its six coefficients.
        public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
            (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
        }

        /// Creates a matrix from libinput's six-element array (e.g. a udev
        /// `LIBINPUT_CALIBRATION_MATRIX` value split into numbers).
        /// - Returns: `nil` unless `values` has exactly six elements.
        public init?(_ values: [Double]) {
            guard values.count == 6 else { return nil }
            self.init(values[0], values[1], values[2], values[3], values[4], values[5])
        }

        /// The identity: no change.
        public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

        /// Applies the matrix to a normalized point.
        @inlinable public func apply(_ p: Point) -> Point {
            Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
        }
    }

    /// The output's size in points.
    public var size: Size
    /// Where the output's top-left corner lies, in points, in the space all outputs share (a
    /// compositor's global layout: the right-hand one of two 1920-point-wide screens side by side
    /// is at `(1920, 0)`). `.zero` for a single output.
    public var origin: Point
    /// The rotation applied after calibration and flips.
    public var rotation: Rotation
    /// Mirrors x (left becomes right) before the rotation.
    public var flipsHorizontally: Bool
    /// Mirrors y (top becomes bottom) before the rotation.
    public var flipsVertically: Bool
    /// The calibration applied to normalized coordinates first.
    public var calibration: CalibrationMatrix
    /// The output's physical size in millimetres, as it is seen (its width along the points'
    /// x axis), when the host knows it: a compositor reads it from the output's EDID, a kiosk
    /// knows its panel. `nil` when unknown.
    public var physicalSize: Size?

    /// Creates a mapping.
    public init(
        size: Size, rotation: Rotation = .none, flipsHorizontally: Bool = false, flipsVertically: Bool = false,
        calibration: CalibrationMatrix = .identity, physicalSize: Size? = nil, origin: Point = .zero
    ) {
        self.size = size
        self.origin = origin
        self.rotation = rotation
        self.flipsHorizontally = flipsHorizontally
        self.flipsVertically = flipsVertically
        self.calibration = calibration
        self.physicalSize = physicalSize
    }

    /// Maps a normalized sensor point (0…1 on both axes) to points in the shared space: on the
    /// output, moved by ``origin``.
    @inlinable public func map(normalized point: Point) -> Point {
        var p = calibration.apply(point)
        if flipsHorizontally { p.x = 1 - p.x }
        if flipsVertically { p.y = 1 - p.y }
        let r = rotation.rotate((p.x, p.y))
        return Point(x: origin.x + r.x * size.width, y: origin.y + r.y * size.height)
    }

    /// The rectangle the output covers in the shared space: ``origin`` and ``size``.
    public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }

    /// Whether the mapping flips, turns or calibrates the sensor: then a sensor's first row or
    /// column may land on the output's far edge, one past the output, and the engine keeps such
    /// a touch on this output by the ``frame`` a producer announces with the device
    /// (``InputDevice/outputFrame``, announced for every touchscreen).
    public var reordersEdges: Bool {
        flipsHorizontally || flipsVertically || rotation != .none || calibration != .identity
    }
}

extension OutputMapping {
    /// The points per millimetre along the output's x and y axes for a touchscreen mapped this
    /// way, and where its millimetres come from:
    /// 1. the sensor's own size (`sensorMillimetres`, from its resolution), carried through the
    ///    calibration, flips and rotation, so that a sensor stretched onto an output of another
    ///    aspect ratio gets a density per axis;
    /// 2. else the output's ``physicalSize``: the touchscreen covers the output, so the output's
    ///    own density is the touch's;
    /// 3. else `nil`: the engine falls back to
    ///    ``GestureConfiguration/fallbackPointsPerMillimetre``.
    public func density(sensorMillimetres: Size?) -> (density: PointDensity, source: DensitySource)? {
        if let mm = sensorMillimetres, mm.width > 0, mm.height > 0, let d = sensorDensity(mm) {
            return (d, .deviceResolution)
        }
        if let phys = physicalSize, phys.width > 0, phys.height > 0, size.width > 0, size.height > 0 {
            let d = PointDensity(x: size.width / phys.width, y: size.height / phys.height)
            if d.isValid { return (d, .outputSize) }
        }
        return nil
    }

    /// The millimetres the sensor's whole x and y axes span on the output, from its
    /// ``physicalSize``: for a touchscreen that reports no resolution. `nil` without a physical
    /// size, or when the mapping flattens an axis.
    ///
    /// Each axis is measured through the mapping, as ``density(sensorMillimetres:)`` carries a
    /// sensor's own size: a quarter turn written as a calibration matrix lays the sensor's x axis
    /// along the output's height as ``rotation`` does, and a calibration that maps the sensor onto
    /// part of the output gives it that part's millimetres, not the whole output's.
    public var sensorMillimetresOnOutput: Size? {
        guard let phys = physicalSize, phys.width > 0, phys.height > 0, size.width > 0, size.height > 0 else {
            return nil
        }
        let o = map(normalized: .zero)
        func millimetres(_ p: Point) -> Double {
            let d = p - o
            return Point(x: d.x / size.width * phys.width, y: d.y / size.height * phys.height).length
        }
        let mm = Size(width: millimetres(map(normalized: Point(x: 1, y: 0))),
                      height: millimetres(map(normalized: Point(x: 0, y: 1))))
        guard mm.width > 0, mm.height > 0, mm.width.isFinite, mm.height.isFinite else { return nil }
        return mm
    }

    /// The density of a sensor of `mm` millimetres mapped this way. The mapping is affine: its
    /// Jacobian `J` takes a finger's travel in sensor millimetres to points; one point along the
    /// output's x axis is `|J⁻¹·(1, 0)|` millimetres of travel, and likewise for y.
    private func sensorDensity(_ mm: Size) -> PointDensity? {
        let o = map(normalized: .zero)
        let ex = map(normalized: Point(x: 1 / mm.width, y: 0)) - o
        let ey = map(normalized: Point(x: 0, y: 1 / mm.height)) - o
        let det = ex.x * ey.y - ey.x * ex.y
        guard det != 0, det.isFinite else { return nil }
        // The columns of J⁻¹ are the sensor millimetres for one point along x and along y.
        let perPointX = Point(x: ey.y / det, y: -ex.y / det)
        let perPointY = Point(x: -ey.x / det, y: ex.x / det)
        let d = PointDensity(x: 1 / perPointX.length, y: 1 / perPointY.length)
        return d.isValid ? d : nil
    }
}
