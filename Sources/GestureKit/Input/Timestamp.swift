/// A moment on the input device's monotonic clock, in microseconds.
///
/// Every decision GestureKit makes is taken on these timestamps: the time an event carries, never
/// the wall clock. libinput's `libinput_event_*_get_time_usec` and evdev's `input_event.time` both
/// convert to a `Timestamp` without loss.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since an arbitrary origin (the device clock's epoch or a recording's start).
    public var microseconds: Int64

    /// Creates a timestamp from microseconds on the device clock.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The origin of a virtual clock.
    public static let zero = Timestamp(microseconds: 0)

    /// Creates a timestamp from milliseconds (handy in tests).
    @inlinable public static func milliseconds(_ ms: Int64) -> Timestamp { Timestamp(microseconds: ms * 1000) }

    /// Creates a timestamp from seconds, rounded to the nearest microsecond.
    @inlinable public static func seconds(_ s: Double) -> Timestamp {
        Timestamp(microseconds: Int64((s * 1_000_000).rounded()))
    }

    /// Seconds since the origin.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    @inlinable public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

    /// The timestamp `d` later, or the last (first) timestamp there is when that lies beyond it:
    /// a deadline at the end of time never comes, rather than trapping.
    @inlinable public static func + (t: Timestamp, d: Duration) -> Timestamp {
        Timestamp(microseconds: t.microseconds.saturatingAdding(d.gestureMicroseconds))
    }

    /// The timestamp `d` earlier, saturating as ``+(_:_:)`` does.
    @inlinable public static func - (t: Timestamp, d: Duration) -> Timestamp {
        Timestamp(microseconds: t.microseconds.saturatingSubtracting(d.gestureMicroseconds))
    }

    /// The time between two timestamps (saturating at `Int64`'s range of microseconds).
    @inlinable public static func - (a: Timestamp, b: Timestamp) -> Duration {
        .microseconds(a.microseconds.saturatingSubtracting(b.microseconds))
    }

    public var description: String {
        let sign = microseconds < 0 ? "-" : ""
        let m = microseconds.magnitude
        let frac = String(m % 1_000_000)
        return "\(sign)\(m / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)s"
    }
}

extension Duration {
    /// This duration in whole microseconds (truncated toward zero), the resolution of device
    /// timestamps; clamped to `Int64`'s range.
    ///
    /// Recognizers convert their `Duration` tunables when fingers land. Where the standard library
    /// has `attoseconds`, one division does it; `components` cost a 1-finger landing frame through
    /// the 24-recognizer benchmark graph about 1,900 instructions more.
    @inlinable public var gestureMicroseconds: Int64 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let atto = attoseconds
            // Up to about 9.2 s (every tunable) the attoseconds fit 64 bits, and a 64-bit division
            // by a constant is a multiplication; a 128-bit one is a call of some 70 instructions.
            if let short = Int64(exactly: atto) { return short / 1_000_000_000_000 }
            return Int64(clamping: atto / 1_000_000_000_000)
        }
        let (s, atto) = components
        let (whole, overflow) = s.multipliedReportingOverflow(by: 1_000_000)
        if overflow { return s < 0 ? .min : .max }
        let (sum, overflowAgain) = whole.addingReportingOverflow(atto / 1_000_000_000_000)
        return overflowAgain ? (whole < 0 ? .min : .max) : sum
    }

    /// This duration in seconds, as a `Double`.
    @inlinable public var gestureSeconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}

/// A recognizer's time limit: a `Duration` kept with its length in microseconds, worked out once
/// when the limit is set rather than each time a finger lands. Adding a `Duration` to a
/// timestamp converts it (``Duration/gestureMicroseconds``), about 23 instructions: the taps,
/// swipes and long presses of the 24-recognizer benchmark graph did it 11 times per landing.
struct TimeLimit: Sendable {
    /// The limit as set.
    let duration: Duration
    /// ``duration`` in whole microseconds, as ``Duration/gestureMicroseconds`` gives it.
    let microseconds: Int64

    init(_ duration: Duration) {
        self.duration = duration
        microseconds = duration.gestureMicroseconds
    }

    /// The timestamp `limit` after `t` (saturating, as `Timestamp + Duration`).
    static func + (t: Timestamp, limit: TimeLimit) -> Timestamp {
        Timestamp(microseconds: t.microseconds.saturatingAdding(limit.microseconds))
    }
}

extension Int64 {
    /// `self + other`, or `Int64.max` (`.min`) when the sum lies beyond: times near the ends of
    /// the clock (a libinput time clamped to `Int64.max`, a host that advances to the end of
    /// time, a limit of `.seconds(Int64.max)`) give deadlines that never come instead of a trap.
    @inlinable func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }

    /// `self - other`, saturating as ``saturatingAdding(_:)``.
    @inlinable func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
