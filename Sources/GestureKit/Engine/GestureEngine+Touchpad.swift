extension GestureEngine {
    // MARK: Touchpad gestures

    func handle(_ g: TouchpadGestureEvent) {
        guard devices[g.device] != nil else {
            statistics.framesFromUnknownDevices += 1
            return
        }
        if g.phase == .begin {
            if let old = touchpadSequence(g.device) { cancelSequence(old) }
            nextSequence += 1
            let location = touchpadPointerLocation ?? (touchpadFocus ?? root).screenFrame.center
            let seq = Touch(
                sequence: nextSequence, device: g.device, contactID: -1, type: .touchpadGesture,
                density: PointDensity(uniform: configuration.fallbackPointsPerMillimetre), at: g.timestamp,
                location: location, millimetres: .zero, tapCount: 1
            )
            seq.live.value.region = touchpadFocus ?? root
            seq.delivery = .done
            var r = seq.region
            while let region = r {
                // The focus may have moved into another engine's tree: its recognizers are not
                // this engine's to offer the gesture to.
                for rec in region.gestureRecognizers
                where rec.isEnabled && rec.committedState == .possible && rec.pendingState == nil && rec.accepts(g)
                    && region.engine === self
                    && (rec.delegate?.gestureRecognizer(rec, shouldReceive: g) ?? true) {
                    // Fingers that landed in this cycle, not yet handed to its touchesBegan as its
                    // own list (a hook of another recognizer sent this gesture), are queued one by
                    // one instead: the list is about to hold the sequence, which is no touch of the
                    // hooks.
                    if rec.book.value.allTouchesBegan {
                        rec.book.value.allTouchesBegan = false
                        rec.book.value.beganBuffer.append(contentsOf: rec.book.value.touches)
                    }
                    if attach(seq, to: rec) { rec.touchpadGestureSequence = seq }
                }
                if book.value.rootIsNested && region === root { break }
                r = region.parent
            }
            touchpadSequences.append(seq)
        }
        guard let seq = touchpadSequence(g.device) else {
            statistics.contactsWithoutBegin += 1
            return
        }
        seq.live.value.timestamp = g.timestamp
        switch g.phase {
        case .begin, .update: seq.live.value.phase = g.phase == .begin ? .began : .moved
        case .end: seq.live.value.phase = .ended
        case .cancel: seq.live.value.phase = .cancelled; seq.live.value.cancellation = .device
        }
        if !seq.isActive { touchesLeft = true }
        deliver(g, to: seq)
        if !seq.isActive { touchpadSequences.removeAll { $0 === seq } }
        finishCycle()
    }

    private func touchpadSequence(_ device: DeviceID) -> Touch? {
        for s in touchpadSequences where s.device == device { return s }
        return nil
    }

    private func deliver(_ g: TouchpadGestureEvent, to seq: Touch) {
        // A recognizer reset by a nested cycle (a callback's input) no longer follows the sequence.
        for r in seq.gestureRecognizers where r.isEnabled && !r.committedState.isFinished && r.pendingState == nil
            && r.touchpadGestureSequence === seq {
            r.lastFrameTime = g.timestamp
            r.touchpadFingerCount = g.fingerCount
            r.touchpadGesture(g)
        }
    }

    func cancelSequence(_ seq: Touch) {
        guard seq.isActive else { return }
        seq.live.value.phase = .cancelled
        touchesLeft = true
        seq.live.value.cancellation = .deviceRemoved
        let event = TouchpadGestureEvent(
            device: seq.device, timestamp: now, kind: .hold, phase: .cancel, fingerCount: 0
        )
        deliver(event, to: seq)
        touchpadSequences.removeAll { $0 === seq }
    }
}
