extension GestureEngine {
    /// Cancels every touch and touchpad gesture in flight (the rest of a touchpad gesture, which
    /// libinput goes on sending, is ignored), and ends each recognizer still deciding with no touch
    /// (a double tap between its taps): the safe way out for a host that lost track of its input.
    public func cancelAllTouches() {
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        touchpad.deferred.removeAll() // sent before, still waiting their turn: they go too
        for t in activeTouches { ignoreContact(of: t, cancelling: .host) }
        for s in touchpadSequences {
            if !touchpad.ignored.contains(s.device) { touchpad.ignored.append(s.device) }
            cancelSequence(s, reason: .host)
        }
        cancelParticipantsFollowingNoTouch(.host)
        dispatchAndFinishCycle()
        drainTouchpadEvents()
    }

    // MARK: Detaching

    /// Releases a recognizer that is being disabled or removed: a gesture in progress is
    /// cancelled, a possible one fails, and its touches are let go.
    func recognizerWillDetach(_ r: GestureRecognizer) {
        // Nor may a pooled touch's list hold it, or one that retires later (see `KeptOrder`).
        book.value.detachments &+= 1
        for t in book.value.touchPool { t.dropKeptOrder() }
        guard isParticipant(r) else {
            // Released, it may be listed still (in the order kept from the last sequence, or
            // released in this one): the list lets go of it at once, or when the running loops
            // are done, and is pruned rather than kept when the engine next goes idle.
            if r.book.value.listings > 0 {
                book.value.keepsNoOrder = true
                participantsReleased = true
                if participantLoops == 0 { settleListed() }
            }
            return
        }
        // Taking part, it is released by the cycle below: the list is pruned, not kept.
        book.value.keepsNoOrder = true
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        // A gesture that recognized keeps the claim it made on its touches, which the delivery
        // pass has not seen yet if it recognized in this cycle (its target disabling it).
        let claims = r.cancelsTouchesInView && r.committedState.hasBegun
        with(cause: .detached) { arbiter.detach(r) }
        for t in r.touches {
            if claims { t.isClaimed = true }
            t.remove(r)
        }
        r.book.value.touches.removeAll()
        r.touchpadGestureSequence = nil
        r.book.value.dropQueuedInput()
        if r.committedState.isFinished { resetRecognizer(r) }
        r.isReleased = true
        finishOutsideCycle()
    }

    /// Ends the participants that follow no touch and have no outcome yet (a double tap between
    /// its taps; a custom recognizer left active with no finger down), those whose last touch came
    /// from `device` if one is given: a possible one fails, an active one is cancelled, each for
    /// `reason`. A recognizer waiting on one of them is then settled by the arbiter as that
    /// outcome says (a single tap waiting on the double tap is recognized at once, rather than
    /// when the double tap's interval would have run out).
    func cancelParticipantsFollowingNoTouch(_ reason: TouchCancellation, device: DeviceID? = nil) {
        for r in participants where isParticipant(r) && r.pendingState == nil && !r.committedState.isFinished
            && r.touchpadGestureSequence == nil && r.touches.isEmpty && (device == nil || r.device == device) {
            with(cause: .touchesCancelled(reason)) {
                if r.committedState.isActive { r.requestTransition(to: .cancelled, reason: nil) }
                else { r.fail(.touchesCancelled(reason)) }
            }
        }
    }

    /// `r` has left this engine's tree (its region taken out, or itself taken out of its region).
    /// A callback of its own detaching may have handed it a touch while it was still in the tree
    /// (a target or the observer landing a finger there): it is released now, and no kept order
    /// holds it (see `KeptOrder`). Otherwise there is nothing to do.
    func recognizerDidDetach(_ r: GestureRecognizer) {
        guard isParticipant(r) || r.book.value.listings > 0 else { return }
        recognizerWillDetach(r)
    }

    /// A region leaves the tree: its recognizers and those of its subtree let go of their touches.
    /// Touches delivered to a handler in the subtree are cancelled there (its surface is gone), and
    /// held ones are dropped: every touch a handler heard of still ends with exactly one word, and
    /// the regions told get their frame.
    func regionWillDetach(_ region: Region) {
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        // Held touches are dropped before the recognizers holding them let go: released, they
        // would be delivered (began) to a surface that is going, only to be cancelled there.
        dropHeldTouches(in: region)
        region.forEachRecognizerOfSubtree { recognizerWillDetach($0) }
        endDeliveries(in: region)
    }

    /// A region leaves the tree of an engine nested in this one's (or the nested tree leaves this
    /// one's): this engine's fingers delivered to its subtree are cancelled there and held ones
    /// dropped, as `regionWillDetach(_:)` does for the engine that holds the tree. The subtree's
    /// recognizers are that engine's, not this one's.
    func nestedRegionWillDetach(_ region: Region) {
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        dropHeldTouches(in: region)
        endDeliveries(in: region)
    }

    /// The engine is going (its `deinit`) with fingers down. Surfaces that live on in another
    /// engine's tree (this root is placed in it) hear the fingers delivered to them end, with a
    /// cancel (`host`: the host let the engine go); held ones are dropped. A tree no other engine
    /// holds hears nothing from a `deinit`, where the host may be tearing its surfaces down: each
    /// surface hears the cancel when it next joins an engine's tree (a compositor that rebuilds its
    /// engine and moves its surfaces over), as its recognizers hear of the end then.
    func endDeliveriesAsEngineGoes() {
        // This engine answers no more for its root: an engine found is one further up.
        guard root.engine != nil else { return oweCancels() }
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        for t in deliveryTouches where t.delivery != .done && t.region?.engine != nil {
            if t.isActive {
                t.live.value.phase = .cancelled
                t.live.value.cancellation = .host
            }
            if t.delivery == .delivering { cancelDelivery(of: t) } else { t.delivery = .done }
        }
    }

    /// The fingers delivered to surfaces of a tree no other engine holds are cancelled and their
    /// cancel owed to each surface with a handler (`Region.cancelsOwed`); held ones are dropped.
    /// Nothing is called out. An owed touch lets go of its region until the cancel is paid: the
    /// region holds it, and the two would otherwise hold each other for good.
    private func oweCancels() {
        for t in deliveryTouches where t.delivery != .done {
            if t.delivery == .delivering, let region = t.region, region.touchHandler != nil {
                if t.isActive {
                    t.live.value.phase = .cancelled
                    t.live.value.cancellation = .host
                }
                t.removeAllRecognizers()
                t.live.value.region = nil
                region.cancelsOwed.append(t)
            }
            t.delivery = .done
        }
    }

    private func dropHeldTouches(in region: Region) {
        for t in deliveryTouches where t.delivery != .delivering && t.delivery != .done {
            if let hit = t.region, hit.isDescendant(of: region) { t.delivery = .done }
        }
    }

    /// Cancels the touches delivered to `region`'s subtree and drops the held ones.
    private func endDeliveries(in region: Region) {
        // Until none is left: a handler told of a cancel may land a finger in the subtree, which
        // is still in the tree, and that touch is delivered there too.
        var again = true
        while again {
            again = false
            for t in deliveryTouches {
                guard t.delivery != .done, let hit = t.region, hit.isDescendant(of: region) else { continue }
                again = true
                if t.delivery == .delivering { cancelDelivery(of: t) } else { t.delivery = .done }
            }
        }
        // Finished touches leave the list at the end of the delivery pass.
        deliverTouches()
    }
}
