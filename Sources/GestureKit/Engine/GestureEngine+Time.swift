extension GestureEngine {
    // MARK: Time

    /// The earliest moment at which the engine wants to be woken without new input (a long press
    /// beginning, a double tap timing out, the stuck-touch watchdog), or `nil`. Hosts use it as
    /// their poll timeout and call ``advance(to:)`` when it passes.
    public var nextDeadline: Timestamp? {
        if recognizerDeadlinesChanged {
            recognizerDeadlinesChanged = false
            var earliest: Timestamp?
            var k = 0
            while k < listed.count {
                let r = listed[k]
                k += 1
                if let d = r.deadline, earliest == nil || d < earliest!, isParticipant(r) { earliest = d }
            }
            earliestRecognizerDeadline = earliest
        }
        var best = earliestRecognizerDeadline
        if let timeout = stuckTouchTimeoutMicroseconds, !activeTouches.isEmpty || book.value.touchpadGesturesUnderWay > 0 {
            // The touch the device has been silent about longest is due first, or the touchpad
            // gesture it has sent nothing of for longest.
            var oldest = Int64.max
            var i = 0
            while i < activeTouches.count {
                oldest = min(oldest, activeTouches[i].lastReport.microseconds)
                i += 1
            }
            if book.value.touchpadGesturesUnderWay > 0 { oldest = min(oldest, oldestTouchpadEvent()) }
            book.value.watchdogFloor = oldest
            let d = Timestamp(microseconds: oldest.saturatingAdding(timeout))
            if best == nil || d < best! { best = d }
        }
        return best
    }

    /// Moves virtual time forward to `time`, firing every deadline up to and including it, each
    /// at its own moment. Time never goes backwards: an earlier `time` is ignored.
    public func advance(to time: Timestamp) {
        // A subclass that keeps re-arming a deadline in the past must not hang the host.
        var rounds = 0
        while mayBeDue(by: time), let due = nextDeadline, due <= time, rounds < 10_000 {
            rounds += 1
            if due > now { now = due }
            beginDeliveryBatch()
            fireDeadlines(at: due)
            endDeliveryBatch()
        }
        if time > now { now = time }
    }

    /// Whether a deadline may fall by `time`: `false` when none can, found without scanning the
    /// touches (every frame asks, and the watchdog's deadline is rarely near).
    @inline(__always)
    private func mayBeDue(by time: Timestamp) -> Bool {
        if recognizerDeadlinesChanged { return true }
        if let d = earliestRecognizerDeadline, d <= time { return true }
        guard let timeout = stuckTouchTimeoutMicroseconds,
              !book.value.activeTouches.isEmpty || book.value.touchpadGesturesUnderWay > 0 else { return false }
        return book.value.watchdogFloor <= time.microseconds &- timeout
    }

    private func fireDeadlines(at due: Timestamp) {
        book.value.landingsFrom = nextSequence
        if let timeout = configuration.stuckTouchTimeout {
            var any = false
            for t in activeTouches where t.lastReport + timeout <= due {
                statistics.stuckTouchesCancelled += 1
                ignoreContact(of: t, cancelling: .stuck)
                any = true
            }
            if book.value.touchpadGesturesUnderWay > 0 && cancelStuckTouchpadGestures(at: due, timeout: timeout) { any = true }
            if any { dispatchAndFinishCycle() }
        }
        participantLoops += 1
        var i = 0
        while i < listed.count {
            let r = listed[i]
            if let d = r.deadline, d <= due, isParticipant(r) {
                r.deadline = nil
                if r.isEnabled && !r.committedState.isFinished && r.pendingState == nil {
                    with(cause: .deadline) { r.runningLogic { r.deadlineReached(at: d) } }
                }
            }
            i += 1
        }
        participantLoops -= 1
        finishOutsideCycle()
    }

    /// The time of the touchpad gesture event that came longest ago, among the gestures under
    /// way. Apart, so that the frames' deadline checks, which call it only while a touchpad
    /// gesture is under way, do not reach the touchpad's book (a checked access) otherwise.
    @inline(never)
    private func oldestTouchpadEvent() -> Int64 {
        var oldest = Int64.max
        for s in touchpad.sequences { oldest = min(oldest, s.timestamp.microseconds) }
        return oldest
    }

    /// Cancels, as stuck, the touchpad gestures that sent nothing for `timeout` by `due` (their
    /// end lost): the rest of each, should it come, is ignored. Returns whether it cancelled any.
    @inline(never)
    private func cancelStuckTouchpadGestures(at due: Timestamp, timeout: Duration) -> Bool {
        var any = false
        for s in touchpad.sequences where s.timestamp + timeout <= due {
            statistics.stuckTouchesCancelled += 1
            if !touchpad.ignored.contains(s.device) { touchpad.ignored.append(s.device) }
            cancelSequence(s, reason: .stuck)
            any = true
        }
        return any
    }

    /// Ends a cycle run for something other than a frame's contacts (deadlines, a touchpad
    /// event, a recognizer detached). Run from inside a loop over the participants (input a
    /// hook sent), or with a frame's motion not handed out yet, it first hands out what that
    /// loop has not, as a nested frame's cycle does: the end of the cycle prunes the touches
    /// that lifted, and a recognizer not reached yet would hear a lift without its motion.
    func finishOutsideCycle() {
        if movesPending || participantLoops > 0 { dispatchAndFinishCycle() } else { finishCycle() }
    }
}
