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

    /// The timestamp `d` later.
    @inlinable public static func + (t: Timestamp, d: Duration) -> Timestamp {
        Timestamp(microseconds: t.microseconds + d.gestureMicroseconds)
    }

    /// The timestamp `d` earlier.
    @inlinable public static func - (t: Timestamp, d: Duration) -> Timestamp {
        Timestamp(microseconds: t.microseconds - d.gestureMicroseconds)
    }

    /// The time between two timestamps.
    @inlinable public static func - (a: Timestamp, b: Timestamp) -> Duration {
        .microseconds(a.microseconds - b.microseconds)
    }

    public var description: String {
        let sign = microseconds < 0 ? "-" : ""
        let m = microseconds.magnitude
        let frac = String(m % 1_000_000)
        return "\(sign)\(m / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)s"
    }
}

extension Duration {
    /// This duration in whole microseconds (truncated), the resolution of device timestamps.
    @inlinable public var gestureMicroseconds: Int64 {
        let (s, atto) = components
        return s * 1_000_000 + atto / 1_000_000_000_000
    }

    /// This duration in seconds, as a `Double`.
    @inlinable public var gestureSeconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}
