/// The engine's touchpad gestures in flight, and the events sent while one is being handed out.
struct TouchpadBook {
    /// One sequence per device whose gesture is under way.
    var sequences: [Touch] = []
    /// The latest event of each sequence, by its place in ``sequences``: what a cancel the engine
    /// makes (the host's, a device's removal) says of the gesture it ends.
    var latest: [TouchpadGestureEvent] = []
    /// Whether an event is being handed to the recognizers.
    var delivering = false
    /// Events sent from a callback meanwhile (a target ending the gesture, say): handled in
    /// order once the event being handed out has reached every recognizer, so that none hears
    /// the later event first.
    var deferred: [TouchpadGestureEvent] = []
    /// Devices whose gesture under way in libinput the engine ignores up to its end: one the
    /// host cancelled (``GestureEngine/cancelAllTouches()``), or one heard without its begin.
    var ignored: [DeviceID] = []
}

extension GestureEngine {
    // MARK: Touchpad gestures

    /// The touchpad gestures under way, one sequence per device.
    var touchpadSequences: [Touch] { touchpad.sequences }

    func handle(_ g: TouchpadGestureEvent) {
        // While one is handed out, or others wait their turn (sent from a cycle its end ran), it
        // waits its turn too.
        if touchpad.delivering || !touchpad.deferred.isEmpty { return touchpad.deferred.append(g) }
        handleNow(g)
        drainTouchpadEvents()
    }

    /// Handles the touchpad events that wait, in order, unless one is being handed out (the
    /// handling of that one drains them when it is done).
    func drainTouchpadEvents() {
        while !touchpad.delivering, !touchpad.deferred.isEmpty {
            handleNow(touchpad.deferred.removeFirst())
        }
    }

    private func handleNow(_ g: TouchpadGestureEvent) {
        guard devices[g.device] != nil else {
            statistics.framesFromUnknownDevices += 1
            return
        }
        // Its sequence's last event is this one (see `EngineBook.watchdogFloor`).
        if g.timestamp.microseconds < book.value.watchdogFloor { book.value.watchdogFloor = g.timestamp.microseconds }
        // A touchpad's updates come at its scan rate, as a touchscreen's frames do: its period
        // gives a velocity after a rest (see `FrameClock`).
        recordFrameTime(g.timestamp, of: g.device)
        if g.phase == .begin {
            if !touchpad.ignored.isEmpty { touchpad.ignored.removeAll { $0 == g.device } }
            if let old = touchpadSequence(g.device) {
                cancelSequence(old, reason: .device)
                // Settle (and reset) the recognizers that followed it, so that they are offered
                // the gesture that begins now.
                finishOutsideCycle()
            }
            nextSequence += 1
            let focus = touchpadTarget
            let location = touchpadPointerLocation ?? (focus ?? root).screenFrame.center
            let seq = Touch(
                sequence: nextSequence, device: g.device, contactID: -1, type: .touchpadGesture,
                density: PointDensity(uniform: configuration.fallbackPointsPerMillimetre), at: g.timestamp,
                location: location, millimetres: .zero, tapCount: 1
            )
            seq.live.value.region = focus
            seq.delivery = .done
            // Under way, and its events held back, before it is offered: a delegate asked
            // meanwhile may end it (handled once this begin has reached every recognizer) or
            // unplug its device (which cancels it, and the offer stops).
            touchpad.sequences.append(seq)
            book.value.touchpadGesturesUnderWay += 1
            touchpad.latest.append(g)
            let outer = touchpad.delivering
            touchpad.delivering = true
            var r = seq.region
            while let region = r {
                // The focus may have moved into another engine's tree: its recognizers are not
                // this engine's to offer the gesture to.
                // A recognizer following touchscreen fingers is not offered the gesture: it
                // follows one or the other, never both at once (see `offer(_:to:onlyIdle:inTree:)`).
                // Nor is one following another touchpad's gesture: it follows one at a time.
                for rec in region.gestureRecognizers
                where rec.isEnabled && rec.committedState == .possible && rec.pendingState == nil
                    && rec.touchpadGestureSequence == nil
                    && !followsFingers(rec) && rec.accepts(g) && region.engine === self
                    && (rec.delegate?.gestureRecognizer(rec, shouldReceive: g) ?? true) && seq.isActive
                    && !followsFingers(rec) /* the delegate may have sent a finger it took */ {
                    if attach(seq, to: rec) { rec.touchpadGestureSequence = seq }
                }
                if book.value.rootIsNested && region === root { break }
                r = region.parent
            }
            touchpad.delivering = outer
            if !seq.isActive { return finishOutsideCycle() }
        }
        guard let place = touchpadSequencePlace(g.device) else { return ignoreStray(g) }
        let seq = touchpad.sequences[place]
        touchpad.latest[place] = g
        seq.live.value.timestamp = g.timestamp
        switch g.phase {
        case .begin, .update: seq.live.value.phase = g.phase == .begin ? .began : .moved
        case .end: seq.live.value.phase = .ended
        case .cancel: seq.live.value.phase = .cancelled; seq.live.value.cancellation = .device
        }
        if !seq.isActive { touchesLeft = true }
        deliver(g, to: seq)
        if !seq.isActive { removeSequence(seq) }
        finishOutsideCycle()
    }

    /// An update or end of a gesture the engine has no sequence for: one the host cancelled, ignored
    /// silently, or one that began before the engine heard of it, counted in
    /// ``Statistics/contactsWithoutBegin`` once. Either way its later events are ignored up to
    /// its end.
    private func ignoreStray(_ g: TouchpadGestureEvent) {
        let ignored = touchpad.ignored.contains(g.device)
        if !ignored { statistics.contactsWithoutBegin += 1 }
        if g.phase == .update {
            if !ignored { touchpad.ignored.append(g.device) }
        } else if ignored {
            touchpad.ignored.removeAll { $0 == g.device }
        }
    }

    /// The region touchpad input goes to: ``touchpadFocus`` while it is in this engine's tree,
    /// else the root (a focused surface that left the tree before the host moved the focus
    /// takes nothing, and leaves the root's recognizers reachable). As hit-testing skips a region
    /// that takes no input (``Region/isInteractionEnabled``) with its subtree, input for one in
    /// such a subtree goes to the parent of the outermost region that takes none; to no region
    /// when the root takes none.
    var touchpadTarget: Region? {
        var target: Region? = root
        if let focus = touchpadFocus, focus.isDescendant(of: root) { target = focus }
        var r = target
        while let region = r {
            if !region.isInteractionEnabled { target = region === root ? nil : region.parent }
            if region === root { break }
            r = region.parent
        }
        return target
    }

    /// Whether `r` follows a touchscreen (or raw touchpad) finger.
    private func followsFingers(_ r: GestureRecognizer) -> Bool {
        r.touches.contains { $0.type != .touchpadGesture }
    }

    private func touchpadSequence(_ device: DeviceID) -> Touch? {
        touchpadSequencePlace(device).map { touchpad.sequences[$0] }
    }

    private func touchpadSequencePlace(_ device: DeviceID) -> Int? {
        var i = 0
        while i < touchpad.sequences.count {
            if touchpad.sequences[i].device == device { return i }
            i += 1
        }
        return nil
    }

    private func removeSequence(_ seq: Touch) {
        guard let i = touchpad.sequences.firstIndex(where: { $0 === seq }) else { return }
        touchpad.sequences.remove(at: i)
        book.value.touchpadGesturesUnderWay -= 1
        touchpad.latest.remove(at: i)
    }

    private func deliver(_ g: TouchpadGestureEvent, to seq: Touch) {
        let outer = touchpad.delivering
        let outerEnd = book.value.touchpadEndHanded
        touchpad.delivering = true
        if !seq.isActive { book.value.touchpadEndHanded = seq.sequence }
        defer {
            touchpad.delivering = outer
            book.value.touchpadEndHanded = outerEnd
        }
        // A recognizer reset by a nested cycle (a callback's input) no longer follows the sequence.
        // One whose begin waits on a failure requirement hears the motion, as it hears its
        // touches move, and fails on a cancel, as when its touches are cancelled.
        for r in seq.gestureRecognizers where r.isEnabled && !r.committedState.isFinished
            && r.touchpadGestureSequence === seq {
            if let pending = r.pendingState, !(pending == .began && g.phase == .update) {
                if g.phase == .cancel {
                    let reason = seq.cancellation ?? .device
                    with(cause: .touchesCancelled(reason)) { arbiter.touchesCancelled(reason, whileWaiting: r) }
                }
                continue
            }
            r.lastFrameTime = g.timestamp
            // The engine's own cancel names no fingers: the gesture keeps the count it had.
            if g.fingerCount != 0 { r.touchpadFingerCount = g.fingerCount }
            r.runningLogic { r.touchpadGesture(g) }
        }
    }

    /// Whether `r` follows the touchpad gesture whose end (or cancel) is being handed out: a
    /// cycle nested in that (input a recognizer's hook sent) must not settle it, pruning the ended
    /// sequence from a recognizer that may not have heard the end yet, which would then never
    /// hear it and stay under way. Its other lifted touches are pruned; it is settled by the
    /// cycle that follows the handing out (`touchesLeft`: that cycle prunes).
    @inline(never)
    func keepsEndingSequence(_ r: GestureRecognizer) -> Bool {
        guard let s = r.touchpadGestureSequence, s.sequence == book.value.touchpadEndHanded else { return false }
        r.book.value.touches.prune { !$0.isActive && $0 !== s }
        touchesLeft = true
        return true
    }

    func cancelSequence(_ seq: Touch, reason: TouchCancellation) {
        guard seq.isActive else { return }
        seq.live.value.phase = .cancelled
        touchesLeft = true
        seq.live.value.cancellation = reason
        // The cancel is the sequence's latest event: recognizers count its fingers at it.
        seq.live.value.timestamp = now
        // The gesture as its latest event left it: its kind and spread. It names no fingers
        // (``TouchpadGestureEvent/fingerCount``): the recognizers keep the count they had.
        let latest = touchpad.sequences.firstIndex { $0 === seq }.map { touchpad.latest[$0] }
        let event = TouchpadGestureEvent(
            device: seq.device, timestamp: now, kind: latest?.kind ?? .hold, phase: .cancel,
            fingerCount: 0, scale: latest?.scale ?? 1
        )
        deliver(event, to: seq)
        removeSequence(seq)
    }
}
