/// Counts taps for ``Touch/tapCount``: each finger that lands is counted from the tap that ended
/// lately nearest to it, on the same device, within the multi-tap interval and distance. The
/// distance runs from where the first tap of the run lifted to where the new finger lands, as the
/// tap recognizer measures it (from its first tap's lift to each following tap's landing): taps
/// that drift 8 mm each count 1, 2, then 1 again, as a triple tap fails on them.
///
/// Every finger of the last tap is kept, not only the last to lift: the fingers of a two-finger
/// double tap's second tap each count from the finger of the first tap that landed where they
/// land, whatever order they lift in. A tap whose finger landed after every kept one had lifted
/// (or as the last lifted) is a new tap and replaces them; one that overlapped them is a finger
/// of the same tap and joins them.
///
/// A landing compares itself with each kept finger (ten at most, for a ten-finger tap): a few
/// multiplications each, squared lengths compared, no square root.
///
/// Each device's taps are counted apart: a tap on another panel (two people at two screens)
/// neither ends nor joins this one's run.
struct TapCounter {
    /// The taps of each device that tapped and is still plugged in (few: one per device).
    private var devices: [DeviceTaps] = []

    /// The tap count of a finger landing at `location` on `device` at `time` (see
    /// ``DeviceTaps/count(location:density:time:interval:distance:)``).
    func count(
        device: DeviceID, location: Point, density: PointDensity, time: Timestamp, interval: Duration, distance: Distance
    ) -> Int {
        for taps in devices where taps.device == device {
            return taps.count(location: location, density: density, time: time, interval: interval, distance: distance)
        }
        return 1
    }

    /// Notes that `t` lifted (see ``DeviceTaps/noteEnd(of:longest:movement:interval:)``).
    mutating func noteEnd(of t: Touch, longest: Duration, movement: Distance, interval: Duration) {
        var i = 0
        while i < devices.count && devices[i].device != t.device { i += 1 }
        if i == devices.count {
            // The devices whose taps all ended longer ago than the interval count no more: they
            // go as another device taps, so that a replay of many devices does not pile them up.
            devices.removeAll { t.timestamp - $0.latestEnd >= interval }
            devices.append(DeviceTaps(device: t.device))
            i = devices.count - 1
        }
        devices[i].noteEnd(of: t, longest: longest, movement: movement, interval: interval)
    }

    /// Forgets the taps of a device that went away.
    mutating func forget(_ device: DeviceID) {
        devices.removeAll { $0.device == device }
    }
}

/// The taps of one device (see ``TapCounter``).
struct DeviceTaps {
    let device: DeviceID

    init(device: DeviceID) {
        self.device = device
    }

    private struct Tap {
        /// Where the first tap of its run lifted: the following taps are measured from there.
        var origin: Point
        var end: Timestamp
        var count: Int
    }
    /// The fingers of the last tap (few: one per finger that took part), kept with their
    /// capacity, so that counting allocates nothing once a few taps have ended.
    private var fingers: [Tap] = []
    /// The fingers of the tap before it, which the last tap's fingers counted from: where a
    /// finger of the last tap lifting after the first of them finds its run's origin.
    private var before: [Tap] = []
    /// When the last of them lifted, and the first.
    private(set) var latestEnd = Timestamp.zero
    private var earliestEnd = Timestamp.zero

    /// The tap count of a finger landing at `location` on the device at `time`, counting taps that
    /// ended less than `interval` before, within `distance`. (At `interval` exactly, the tap
    /// recognizer's deadline has fired first: its limits are the first times that fail.)
    func count(location: Point, density: PointDensity, time: Timestamp, interval: Duration, distance: Distance) -> Int {
        guard !fingers.isEmpty, time - latestEnd < interval else { return 1 }
        // The distance's unit along each axis: millimetres through the device's density, or points.
        let (sx, sy) = switch distance {
        case .millimetres: (1 / density.x, 1 / density.y)
        case .points: (1.0, 1.0)
        }
        let limit = distance.magnitude * distance.magnitude
        var count = 0
        var nearest = Double.infinity
        for tap in fingers where time - tap.end < interval {
            let d = Self.squaredDistance(location, tap.origin, sx, sy)
            if d <= limit && d < nearest {
                nearest = d
                count = tap.count
            }
        }
        return count + 1
    }

    private static func squaredDistance(_ a: Point, _ b: Point, _ sx: Double, _ sy: Double) -> Double {
        let dx = (a.x - b.x) * sx
        let dy = (a.y - b.y) * sy
        return dx * dx + dy * dy
    }

    /// Where the run of `t`, a finger that counted from a finger of `taps`, began: the origin of
    /// the finger of `taps` it counted from (the nearest to where it landed with the count
    /// before its own), or where it lifted for a first tap.
    private static func origin(of t: Touch, in taps: [Tap]) -> Point {
        guard t.tapCount > 1 else { return t.location }
        var origin = t.location
        var nearest = Double.infinity
        for tap in taps where tap.count == t.tapCount - 1 {
            let d = squaredDistance(t.startLocation, tap.origin, 1, 1)
            if d < nearest { (nearest, origin) = (d, tap.origin) }
        }
        return origin
    }

    /// Notes that `t` lifted: as a finger of a tap if it lasted less than `longest` and moved at
    /// most `movement`, else as an end to the taps counted so far; fingers that lifted more than
    /// `interval` before go.
    mutating func noteEnd(of t: Touch, longest: Duration, movement: Distance, interval: Duration) {
        let short = t.timestamp - t.startTimestamp < longest
        let still = movement.length(of: t.location - t.startLocation, density: t.density) <= movement.magnitude
        guard short && still else {
            before.removeAll(keepingCapacity: true)
            return fingers.removeAll(keepingCapacity: true)
        }
        // A finger that landed as the last one lifted (drummed) is the next tap.
        if fingers.isEmpty || latestEnd <= t.startTimestamp {
            swap(&before, &fingers)
            fingers.removeAll(keepingCapacity: true)
            earliestEnd = t.timestamp
        } else if t.timestamp - earliestEnd > interval {
            fingers.removeAll { t.timestamp - $0.end > interval }
            earliestEnd = fingers.first?.end ?? t.timestamp
        }
        latestEnd = t.timestamp
        fingers.append(Tap(origin: Self.origin(of: t, in: before), end: t.timestamp, count: t.tapCount))
    }
}
