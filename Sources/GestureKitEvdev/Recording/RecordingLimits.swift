import GestureKit

/// The limits every recording is held to, so that a mangled or hostile file costs time and
/// memory in proportion to its size and ends in an ``EvdevError``, never in a trap.
///
/// Nothing else is capped: the number of devices, events and lines is bounded only by the file,
/// and reading and replaying take time and memory linear in its size. Every number read from a
/// file is parsed into the width the kernel gives it (`Int32` for values and axis ranges,
/// `UInt16` for types and codes) and every sum or product made from one is checked.
public enum RecordingLimits {
    /// The most slots a multitouch device may have: 1024, the kernel's own limit
    /// (`input_mt_init_slots` refuses more), so `ABS_MT_SLOT` ranges over at most `0…1023`.
    ///
    /// A description whose `ABS_MT_SLOT` maximum is negative or above 1023 is refused by the
    /// readers (``EvdevError/Reason/outOfRange(_:)``) and classified as unsupported
    /// (``DeviceClassification/unsupported(reason:)``) when built in code. The decoder grows its
    /// slot table as slots are used, so a device pays only for the slots its events select.
    public static let maximumSlotCount = 1024

    /// The longest a recording may span, from its earliest event to its latest: 10⁹ seconds
    /// (about 31.7 years).
    ///
    /// Timestamps themselves may lie anywhere from 0 to `Int64.max` microseconds (absolute epoch
    /// times are common); the readers rebase them so that the earliest event is at zero. The
    /// bound on the span leaves room below `Int64.max` for a replay's start time, its tail and
    /// the engine's timers, and keeps every rebased time exact as a `Double` (below 2⁵³ µs).
    public static let maximumDuration: Duration = .seconds(maximumDurationMicroseconds / 1_000_000)

    /// ``maximumDuration`` in microseconds.
    static let maximumDurationMicroseconds: Int64 = 1_000_000_000_000_000

    /// The largest timestamp the microsecond clock holds, as `seconds.micros`.
    static let largestTimestamp = "9223372036854.775807"

    /// Microseconds from seconds and microseconds, or `nil` when they overflow `Int64`.
    static func microseconds(seconds: Int64, micros: Int64) -> Int64? {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return nil }
        let (sum, overflow2) = scaled.addingReportingOverflow(micros)
        return overflow2 ? nil : sum
    }

    /// Why `info` cannot describe axis `code`, or `nil` when it can: a minimum above the maximum
    /// (the kernel refuses it), or an `ABS_MT_SLOT` maximum outside `0…1023`.
    static func problem(withAxis code: UInt16, _ info: AbsInfo) -> String? {
        let name = EventCode(.abs, code).name
        if info.minimum > info.maximum {
            return "\(name) minimum \(info.minimum) is greater than its maximum \(info.maximum)"
        }
        if code == EventCode.mtSlot.code, !(0..<Int32(maximumSlotCount)).contains(info.maximum) {
            return "ABS_MT_SLOT maximum \(info.maximum) is outside 0…\(maximumSlotCount - 1) "
                + "(the kernel allows at most \(maximumSlotCount) slots)"
        }
        return nil
    }

    /// The error for a recording that spans more than ``maximumDuration``.
    static func tooLong(_ span: Int64) -> EvdevError.Reason {
        .outOfRange("the recording spans \(Timestamp(microseconds: span)), more than the "
            + "\(maximumDurationMicroseconds / 1_000_000) s a recording may span")
    }
}
