/// Counts taps for ``Touch/tapCount``: each finger that lands is counted from the tap that ended
/// lately nearest to it, on the same device, within the multi-tap interval and distance.
///
/// Every finger of the last tap is kept, not only the last to lift: the fingers of a two-finger
/// double tap's second tap each count from the finger of the first tap that landed where they
/// land, whatever order they lift in. A tap whose finger landed after every kept one had lifted
/// is a new tap and replaces them; one that overlapped them is a finger of the same tap and
/// joins them.
struct TapCounter {
    private struct Tap {
        var device: DeviceID
        var location: Point
        var end: Timestamp
        var count: Int
    }
    /// The fingers of the last tap (few: one per finger that took part), kept with their
    /// capacity, so that counting allocates nothing once a few taps have ended.
    private var fingers: [Tap] = []

    /// The tap count of a finger landing at `location` on `device` at `time`.
    func count(
        device: DeviceID, location: Point, density: PointDensity, time: Timestamp, configuration: GestureConfiguration
    ) -> Int {
        let distance = configuration.multiTapMaximumDistance
        var count = 0
        var nearest = Double.infinity
        for tap in fingers where tap.device == device && time - tap.end <= configuration.multiTapMaximumInterval {
            let d = distance.length(of: location - tap.location, density: density)
            if d <= distance.magnitude && d < nearest {
                nearest = d
                count = tap.count
            }
        }
        return count + 1
    }

    /// Notes that `t` lifted: as a finger of a tap if it was short and still, else as an end to
    /// the taps counted so far.
    mutating func noteEnd(of t: Touch, configuration: GestureConfiguration) {
        let short = t.timestamp - t.startTimestamp <= configuration.tapMaximumDuration
        let movement = configuration.tapMaximumMovement
        let still = movement.length(of: t.location - t.startLocation, density: t.density) <= movement.magnitude
        guard short && still else { return fingers.removeAll(keepingCapacity: true) }
        if fingers.allSatisfy({ $0.end < t.startTimestamp }) {
            fingers.removeAll(keepingCapacity: true)
        } else {
            let interval = configuration.multiTapMaximumInterval
            fingers.removeAll { t.timestamp - $0.end > interval }
        }
        fingers.append(Tap(device: t.device, location: t.startLocation, end: t.timestamp, count: t.tapCount))
    }
}
