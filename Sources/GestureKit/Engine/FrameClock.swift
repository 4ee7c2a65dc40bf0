/// How often a device reports: the median of its last few intervals between frames (a
/// touchpad's, between its gesture events), for the velocity of a finger that moves after a rest.
///
/// A panel that reports only what changed sends nothing while its fingers rest; the first frame
/// of motion after the rest then has a single sample inside a velocity window. Scanning every
/// period, the panel saw the finger still at its old place one period before that frame: that
/// moment, not the rest's first report, is where the motion began (see
/// `VelocityTracker.add(_:at:scanPeriod:)`). Intervals outside 2–50 ms (a frame split in two, a
/// pause, a clock stepping back) say nothing of the period and are not kept.
struct FrameClock {
    private var last = Int64.min
    private var intervals = InlineArray<5, Int64>(repeating: 0)
    private var next = 0
    private var count = 0

    /// Notes a frame reported at `t` (microseconds).
    mutating func record(_ t: Int64) {
        if last != .min {
            let interval = t &- last
            if interval >= 2_000 && interval <= 50_000 {
                intervals[next] = interval
                next = next == intervals.count - 1 ? 0 : next + 1
                if count < intervals.count { count += 1 }
            }
        }
        last = t
    }

    /// The period in microseconds, or 0 while no interval is known: the median of those kept,
    /// sorted in a copy held inline (no allocation).
    var period: Int64 {
        guard count > 0 else { return 0 }
        var sorted = intervals
        for i in 1..<count {
            let v = sorted[i]
            var j = i
            while j > 0 && sorted[j - 1] > v {
                sorted[j] = sorted[j - 1]
                j -= 1
            }
            sorted[j] = v
        }
        return sorted[count / 2]
    }
}

extension GestureEngine {
    /// Notes the time of a touch frame of `device` on its clock. The clock of the device whose
    /// frames come now is kept in the engine's book; another's waits in `frameClocks`.
    @inline(__always)
    func recordFrameTime(_ t: Timestamp, of device: DeviceID) {
        if book.value.frameClockDevice != device { switchFrameClock(to: device) }
        book.value.frameClock.record(t.microseconds)
    }

    @inline(never)
    private func switchFrameClock(to device: DeviceID?) {
        if let old = book.value.frameClockDevice { frameClocks[old] = book.value.frameClock }
        book.value.frameClockDevice = device
        book.value.frameClock = device.flatMap { frameClocks.removeValue(forKey: $0) } ?? FrameClock()
    }

    /// Forgets the clock of `device`, which is gone.
    func forgetFrameClock(of device: DeviceID) {
        frameClocks[device] = nil
        if book.value.frameClockDevice == device {
            book.value.frameClockDevice = nil
            book.value.frameClock = FrameClock()
        }
    }

    /// How often `device` reports, in microseconds (0 while unknown).
    func scanPeriod(of device: DeviceID) -> Int64 {
        book.value.frameClockDevice == device ? book.value.frameClock.period : frameClocks[device]?.period ?? 0
    }
}
