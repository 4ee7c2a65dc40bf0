import Glibc
import GestureKit

/// The clock of libinput's timestamps, `CLOCK_MONOTONIC`, read as a GestureKit `Timestamp` in
/// microseconds.
///
/// libinput stamps every event with `CLOCK_MONOTONIC` (`libinput_event_*_get_time_usec`), so a
/// reading of this clock and an event's `Timestamp` are on the same time base: a host that runs
/// its own timer turns "now" into a time the engine understands with it.
///
/// ```swift
/// if let deadline = engine.nextDeadline, MonotonicClock.now >= deadline {
///     engine.advance(to: MonotonicClock.now)
/// }
/// ```
///
/// The clock never jumps with the wall clock (NTP, the user setting the date) and does not count
/// time the machine was suspended. Recognition never reads it: the backend's event loops read it
/// only to turn the engine's next deadline into a poll timeout and to say when a timeout passed.
public enum MonotonicClock {
    /// The present moment, in whole microseconds (`clock_gettime(CLOCK_MONOTONIC)`).
    public static var now: Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Timestamp(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000)
    }
}
