extension GestureEngine {
    // MARK: Input

    /// Feeds one input event. Deadlines due at or before the event's timestamp fire first.
    ///
    /// Input may be sent from the engine's own callbacks (a delegate, a target, a touch handler,
    /// the observer): it is handled there and then, but a touchpad gesture event sent while
    /// another is handed out (or waits) is handled in turn, after this call returns.
    public func send(_ event: InputEvent) {
        if book.value.cause.kind != .input { return sendAsInput(event) }
        advance(to: event.timestamp)
        let landings = book.value.landingsFrom
        book.value.landingsFrom = nextSequence
        beginDeliveryBatch()
        defer {
            book.value.landingsFrom = landings
            endDeliveryBatch()
        }
        switch event {
        case .deviceAdded(let device, _):
            if devices[device.id] != nil && hasInputUnderWay(from: device.id) { removeDevice(device.id) }
            setDevice(device, for: device.id)
            deviceDensities[device.id] = density(for: device)
            frameDevice = nil
        case .deviceRemoved(let id, _):
            removeDevice(id)
        case .touchFrame(let frame):
            handle(frame)
        case .touchpadGesture(let gesture):
            handle(gesture)
        }
    }

    /// An event sent from a callback made for another cause (a deadline's target, say): input all
    /// the same, for the transitions it makes.
    @inline(never)
    private func sendAsInput(_ event: InputEvent) {
        let outer = book.value.cause
        book.value.cause = .input
        defer { book.value.cause = outer }
        send(event)
    }

    // MARK: Touch frames

    private func handle(_ frame: TouchFrame) {
        frameSerial &+= 1
        var serial = frameSerial
        var nested = false
        // The touches' reports take this frame's time (see `EngineBook.watchdogFloor`).
        if frame.timestamp.microseconds < book.value.watchdogFloor { book.value.watchdogFloor = frame.timestamp.microseconds }
        // The touches change at the engine's time, which a frame stamped before it (a host that
        // advanced the engine on its own clock reads it late) does not take back: a finger that
        // lands or lifts in the frame does so in the cycle the recognizers hear it in.
        let time = frame.timestamp < now ? now : frame.timestamp
        var moved = 0
        // The touches this frame reports still down (each once, however often it is listed): fewer
        // than the touches down means some rest unreported (see `markUnreportedStationary`).
        book.value.reportMarks &+= 1
        let mark = book.value.reportMarks
        var reported = 0
        let callouts = book.value.offerCallouts
        var hint = 0
        // A stream comes from one device at a time: remember the last one's touch type and scale
        // rather than look both up (and copy the device's record) on every frame.
        let type: TouchType, density: PointDensity, limits: LargeContactLimits, output: Rect?
        if let cached = frameDevice, cached.id == frame.device {
            (type, density, limits, output) = (cached.type, cached.density, cached.limits, cached.output)
        } else {
            guard let device = devices[frame.device], let d = deviceDensities[frame.device] else {
                statistics.framesFromUnknownDevices += 1
                return
            }
            (type, density) = (device.kind == .touchscreen ? .direct : .indirect, d)
            limits = LargeContactLimits(for: device, density: d, configuration: configuration)
            output = device.outputFrame
            frameDevice = (frame.device, type, density, limits, output)
        }
        recordFrameTime(frame.timestamp, of: frame.device)
        for c in frame.contacts {
            switch c.phase {
            case .began:
                if let old = activeTouch(frame.device, c.id) {
                    // Reported earlier in this frame, and counted then: it is down no more.
                    if old.live.value.reportMark == mark { reported -= 1 }
                    cancel(old, reason: .device)
                }
                // Mostly empty: the test spares `removeAll(where:)`'s general path on every landing.
                if !book.value.ignoredContacts.isEmpty {
                    book.value.ignoredContacts.removeAll { $0.device == frame.device && $0.contact == c.id }
                }
                if c.isPalm || limits.rejects(c) {
                    if c.isPalm { statistics.palmsIgnored += 1 } else { statistics.largeContactsRejected += 1 }
                    book.value.ignoredContacts.append((frame.device, c.id))
                    continue
                }
                begin(c, device: frame.device, type: type, density: density, output: output, at: time,
                      reported: frame.timestamp, mark: mark)
                reported += 1
                // A delegate asked as the finger was offered sent a frame: that frame's cycle handed
                // out the motion so far, and its recognizers heard up to its serial. What moves from
                // here on takes a serial of its own, so that they hear it too, and no recognizer is
                // handed its whole list as if every touch moved in this frame (some it heard then).
                if frameSerial != serial {
                    frameSerial &+= 1
                    serial = frameSerial
                    nested = true
                }
            case .moved, .stationary:
                guard let index = activeTouchIndex(frame.device, c.id, from: hint) else {
                    if !isIgnored(frame.device, c.id) { ignoreStrayContact(frame.device, c.id) }
                    continue
                }
                if c.isPalm || limits.rejects(c) {
                    // The device goes on reporting the palm until it lifts: ignore it from now on.
                    if c.isPalm { statistics.palmsIgnored += 1 } else { statistics.largeContactsRejected += 1 }
                    book.value.ignoredContacts.append((frame.device, c.id))
                    cancel(activeTouches[index], reason: .palm)
                    continue
                }
                // Contacts usually come in the order their touches began: look there first.
                hint = index + 1
                // Stamped rather than queued per recognizer: dispatch hands each recognizer still
                // deciding or recognizing the touches it tracks that carry this frame's stamp; one
                // that recognized or failed, and only follows them until they lift, is not looked
                // at. Reached in place in the engine's list, neither retained nor released.
                let motion = book.value.activeTouches[index].move(
                    with: c, at: time, reported: frame.timestamp, frame: frameSerial, mark: mark)
                // A resting contact at a new position is the finger placed anew (a mapping changed).
                if let shift = motion.placed { touchPlaced(activeTouches[index], by: shift) }
                if motion.moved { movesPending = true }
                if motion.first { moved += 1 }
                if motion.firstReport { reported += 1 }
            case .ended, .cancelled:
                guard let t = activeTouch(frame.device, c.id) else {
                    if !isIgnored(frame.device, c.id) { statistics.contactsWithoutBegin += 1 }
                    book.value.ignoredContacts.removeAll { $0.device == frame.device && $0.contact == c.id }
                    continue
                }
                // Reported earlier in this frame (listed twice), and counted then: it is down no more.
                if t.live.value.reportMark == mark { reported -= 1 }
                let carried = t.take(c, at: time, reported: frame.timestamp).moved
                let large = !c.isPalm && limits.rejects(c)
                if large { statistics.largeContactsRejected += 1 } else if c.isPalm { statistics.palmsIgnored += 1 }
                if c.phase == .ended && !c.isPalm && !large {
                    t.live.value.phase = .ended
                    if carried {
                        // The lift carries the finger's last motion: its recognizers hear it as a
                        // move before the lift, as they would had it come in a frame of its own.
                        t.live.value.movedInFrame = frameSerial
                        movesPending = true
                    } else {
                        // An ended touch is heard as moving only for the motion its lift carried.
                        t.live.value.movedInFrame = 0
                    }
                    touchesLeft = true
                    removeActive(t)
                    // Borrowed, not retained; two loops (a test per recognizer cost 10-finger lifts 970).
                    if carried {
                        t.gestureRecognizers.forEachUnretained { $0.book.value.endedBuffer.append(t) }
                    } else {
                        let frame = frameSerial
                        t.gestureRecognizers.forEachUnretained {
                            $0.book.value.endedBuffer.append(t)
                            $0.book.value.stillLiftFrame = frame
                        }
                    }
                    book.value.inputQueued = true
                    book.value.tapCounter.noteEnd(
                        of: t, longest: configuration.tapMaximumDuration, movement: configuration.tapMaximumMovement,
                        interval: configuration.multiTapMaximumInterval)
                } else {
                    cancel(t, reason: c.isPalm || large ? .palm : .device)
                }
            }
        }
        allTouchesMoved = moved == activeTouches.count && !touchesLeft && !nested
        // Only a frame of the host's own (not one sent from a callback of another event, which
        // may hand out motion read before it) says which fingers rest. A delegate asked as a
        // finger landed may have sent input that ended touches this frame counted: then every
        // touch down is looked at.
        if (reported != activeTouches.count || book.value.offerCallouts != callouts) && deliveryBatches == 1 {
            markUnreportedStationary(of: frame.device, before: mark)
        }
        dispatchAndFinishCycle()
    }

    /// A producer that reports only the contacts that changed (a compositor forwarding
    /// `wl_touch` motion, say) leaves resting fingers out of a frame: those of the frame's device
    /// are `stationary` in it, as they are when a panel re-sends them unchanged, rather than
    /// keeping the phase (`began`, `moved`) of the frame that last reported them. A touch that a
    /// frame sent meanwhile reported (a delegate asked as a finger landed sent it) keeps the phase
    /// that frame gave it. Only a touch's phase changes: its motion, and what its recognizers
    /// hear, are the same either way.
    @inline(never)
    private func markUnreportedStationary(of device: DeviceID, before mark: Int) {
        var i = 0
        while i < book.value.activeTouches.count {
            // Read in place in the engine's list: no touch is retained.
            if book.value.activeTouches[i].device == device && book.value.activeTouches[i].live.value.reportMark < mark {
                let phase = book.value.activeTouches[i].phase
                if phase == .began || phase == .moved { book.value.activeTouches[i].live.value.phase = .stationary }
            }
            i += 1
        }
    }

    /// The active touch of a contact. Indexing (rather than iterating, which retains each touch it
    /// passes) keeps this search free of reference counting: it runs for every contact of every frame.
    private func activeTouch(_ device: DeviceID, _ contact: Int) -> Touch? {
        activeTouchIndex(device, contact).map { activeTouches[$0] }
    }

    /// The index in ``activeTouches`` of a contact's touch, searched from `start` round to it.
    private func activeTouchIndex(_ device: DeviceID, _ contact: Int, from start: Int = 0) -> Int? {
        let n = book.value.activeTouches.count
        var i = start < n ? start : 0
        var left = n
        while left > 0 {
            // Read in place in the engine's list: no touch, and no copy of the list, is retained.
            if book.value.activeTouches[i].contactID == contact && book.value.activeTouches[i].device == device { return i }
            i += 1
            if i == n { i = 0 }
            left -= 1
        }
        return nil
    }

    private func isIgnored(_ device: DeviceID, _ contact: Int) -> Bool {
        ignoredContacts.contains { $0.device == device && $0.contact == contact }
    }

    private func removeActive(_ t: Touch) {
        if let i = activeTouches.firstIndex(where: { $0 === t }) {
            book.value.activeTouches.remove(at: i)
            book.value.retiring.append(t)
        }
    }

    /// How many ended touches the engine keeps, waiting to be let go or ready for reuse: two hands.
    private static let touchPoolLimit = 20

    /// Moves the touches that ended and that nobody holds any more (no recognizer, no touch
    /// delivery, no host or handler: the engine's list is their only reference) to the pool,
    /// emptied; the next touches to begin reuse them, with their storage, so that landing frames
    /// allocate nothing once a few sequences have passed. Called as the outermost delivery batch
    /// closes (`endDeliveryBatch()`). A touch someone still holds is looked at again after the
    /// next event; beyond ``touchPoolLimit`` the oldest is let go.
    func recycleRetiredTouches() {
        // The list of moved touches `deliverMoves` shares may hold one.
        if !book.value.movedTouches.isEmpty { book.value.movedTouches.empty() }
        var i = 0
        while i < book.value.retiring.count {
            guard isKnownUniquelyReferenced(&book.value.retiring[i]) else {
                i += 1
                continue
            }
            let t = book.value.retiring.remove(at: i)
            if book.value.touchPool.count < Self.touchPoolLimit {
                // A recognizer detached while the touch was down may be in its list: not kept.
                t.retire(keepingOrder: t.order.value.detachments == book.value.detachments)
                book.value.touchPool.append(t)
            }
        }
        let excess = book.value.retiring.count - Self.touchPoolLimit
        if excess > 0 { book.value.retiring.removeFirst(excess) }
    }

    private func begin(
        _ c: TouchContact, device: DeviceID, type: TouchType, density: PointDensity, output: Rect?, at time: Timestamp,
        reported: Timestamp, mark: Int
    ) {
        nextSequence += 1
        let taps = book.value.tapCounter.count(
            device: device, location: c.location, density: density, time: time,
            interval: configuration.multiTapMaximumInterval, distance: configuration.multiTapMaximumDistance)
        let t: Touch
        if let pooled = book.value.touchPool.popLast() {
            pooled.reuse(
                sequence: nextSequence, device: device, contactID: c.id, type: type, density: density,
                at: time, location: c.location, millimetres: c.millimetres, tapCount: taps)
            t = pooled
        } else {
            t = Touch(
                sequence: nextSequence, device: device, contactID: c.id, type: type, density: density,
                at: time, location: c.location, millimetres: c.millimetres, tapCount: taps)
        }
        t.order.value.detachments = book.value.detachments
        t.live.value.lastReport = reported
        t.live.value.reportMark = mark
        t.live.value.pressure = c.pressure
        t.live.value.majorAxisMillimetres = c.majorAxisMillimetres
        let hit: Region?
        if type == .direct {
            // Off the screen, the root; nowhere when the root takes no touches.
            hit = root.hitTest(onScreen(c.location, output: output)) ?? (root.isInteractionEnabled ? root : nil)
        } else {
            hit = touchpadTarget
        }
        t.live.value.region = hit
        t.live.value.gestureRecognizers.reserveCapacity(book.value.recognizersPerTouch)
        // Active and in delivery before it is offered: input a delegate sends meanwhile (its
        // lift, a cancel of every touch, its device removed) reaches it, the offer asks no
        // recognizer more, and a recognizer that resets meanwhile lets go of it.
        t.live.value.delivery = .offering
        book.value.activeTouches.append(t)
        book.value.deliveryTouches.append(t)
        // With another engine's tree placed in this one's, the regions found by hit-testing are
        // not all this engine's: the offer asks each.
        offer(t, hitTested: type == .direct && !book.value.holdsNestedRoots)
        t.dropKeptOrder()
        if t.live.value.delivery == .offering { t.live.value.delivery = .held }
        book.value.recognizersPerTouch = t.live.value.gestureRecognizers.count
    }

    /// `p`, or, when it lies on the screen's right or bottom edge, the last point inside it: a
    /// mapping that mirrors the sensor (a flip, a half or quarter turn) puts its first row or
    /// column there, which a rectangle leaves out, and the regions along that edge must still
    /// take the touch, as they take the unmirrored last row or column (and an exclusion zone
    /// along that edge keeps out recognizers).
    /// On a screen of several outputs, the far edge of the device's `output` is the near edge of
    /// the one beside it: a point there is kept on the last point of its own output first.
    func onScreen(_ p: Point, output: Rect? = nil) -> Point {
        let frame = root.frame
        var q = p
        if let output {
            if q.x == output.maxX && output.size.width > 0 { q.x = q.x.nextDown }
            if q.y == output.maxY && output.size.height > 0 { q.y = q.y.nextDown }
        }
        if q.x == frame.maxX && frame.size.width > 0 { q.x = q.x.nextDown }
        if q.y == frame.maxY && frame.size.height > 0 { q.y = q.y.nextDown }
        return q
    }

    /// Marks `t` cancelled and queues it for its recognizers' `touchesCancelled`.
    func cancel(_ t: Touch, reason: TouchCancellation) {
        guard t.isActive else { return }
        t.live.value.phase = .cancelled
        // Changed now, as UIKit stamps a touch: its recognizers count it among the fingers of the
        // cycle they hear the cancel in (their location and finger count are where it was).
        if now > t.timestamp { t.live.value.timestamp = now }
        touchesLeft = true
        t.live.value.cancellation = reason
        removeActive(t)
        let recognizers = t.gestureRecognizers
        let span = recognizers.span
        for i in span.indices { span[i].book.value.cancelledBuffer.append(t) }
        book.value.inputQueued = true
    }
}
