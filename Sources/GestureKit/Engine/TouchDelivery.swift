/// Where a touch stands in its delivery to its region's ``TouchHandler``.
enum TouchDeliveryState {
    /// It is being offered to the recognizers: not looked at until the offer is over, when it is
    /// ``held``. (It is among the touches in delivery already, so that a recognizer reset by
    /// input a delegate sends meanwhile lets go of it, as of every touch in delivery.) A landing
    /// taken back from a recognizer that hears a frame's lifts first is so again until the
    /// recognizer is offered it again (see `GestureEngine.takeBack(_:from:)`).
    case offering
    /// Its beginning is held back (``GestureRecognizer/delaysTouchesBegan``) or not yet decided.
    case held
    /// The handler has it.
    case delivering
    /// The handler has heard its last word of it (ended or cancelled), or never will.
    case done
}

extension GestureEngine {
    /// Delivers raw touches to their regions' handlers as the recognizers' delivery flags allow
    /// (UIKit's `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`).
    ///
    /// A handler may change the graph from inside a call (remove a recognizer, a region): the
    /// delivery that this triggers is folded into the pass already running, so no touch is
    /// delivered twice and none is skipped. Outside a delivery batch (see
    /// ``beginDeliveryBatch()``) the pass ends with the frames of the regions it delivered to.
    func deliverTouches() {
        guard !isDeliveringTouches else {
            deliveryRequested = true
            return
        }
        deliveryPass()
        if deliveryBatches == 0 && framedRegions.count > framesSent { sendTouchFrames() }
    }

    /// Delivers what the recognizers' flags no longer hold back (one was turned off), framed as
    /// one input event's delivery, or folded into the pass or batch under way.
    func deliverHeldTouches() {
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        deliverTouches()
    }

    private func deliveryPass() {
        isDeliveringTouches = true
        defer { isDeliveringTouches = false }
        repeat {
            deliveryRequested = false
            var i = 0
            while i < deliveryTouches.count {
                updateDelivery(deliveryTouches[i])
                i += 1
            }
        } while deliveryRequested
        if deliveryTouches.contains(where: { $0.delivery == .done }) {
            book.value.deliveryTouches.prune { $0.delivery == .done }
        }
    }

    private func updateDelivery(_ t: Touch) {
        guard t.delivery != .done && t.delivery != .offering else { return }
        let handler = t.region?.touchHandler
        var claimed = t.isClaimed
        var holdBegan = false
        var holdEnded = false
        // Read through a span of the list: each recognizer is borrowed from it, not retained
        // and released (a 10-finger landing 199,021 → 187,599 instructions, lifting 130,713 →
        // 119,453).
        // The list itself: a touch in delivery is past its offer, so no order kept from its last
        // use is left in it (see `Touch.join(_:)`).
        assert(t.order.value.joined >= t.live.value.gestureRecognizers.count)
        let recognizers = t.live.value.gestureRecognizers
        let span = recognizers.span
        for i in span.indices {
            let s = span[i].committedState
            if span[i].cancelsTouchesInView && s.hasBegun { claimed = true; break }
            if s == .possible && span[i].isEnabled {
                if span[i].delaysTouchesBegan { holdBegan = true }
                if span[i].delaysTouchesEnded { holdEnded = true }
            }
        }
        if claimed || t.phase == .cancelled {
            if t.delivery == .delivering { cancelDelivery(of: t) }
            t.delivery = .done
            return
        }
        guard let handler, let region = t.region else {
            // Nobody to tell: the touch is followed as if delivered, so that it is finished alike.
            if t.delivery == .held && !holdBegan { t.delivery = .delivering }
            if t.delivery == .delivering && !t.isActive && !holdEnded { t.delivery = .done }
            return
        }
        if t.delivery == .held {
            if holdBegan { return }
            t.delivery = .delivering
            t.live.value.deliveredLocation = t.location
            noteDelivery(to: region, handler)
            handler.touchBegan(t)
            // The call may have cancelled the touch (the host, its device, its region removed),
            // or sent input a recognizer claimed it on: what follows is decided afresh.
            return updateDelivery(t)
        }
        if t.isActive {
            if t.location != t.live.value.deliveredLocation {
                t.live.value.deliveredLocation = t.location
                noteDelivery(to: region, handler)
                handler.touchMoved(t)
            }
        } else if !holdEnded {
            if t.location != t.live.value.deliveredLocation {
                t.live.value.deliveredLocation = t.location
                noteDelivery(to: region, handler)
                handler.touchMoved(t)
                // As after `touchBegan`: the call may have claimed or cancelled the touch.
                return updateDelivery(t)
            }
            t.delivery = .done
            noteDelivery(to: region, handler)
            handler.touchEnded(t)
        }
    }

    /// Ends the delivery of `t`, which its region's handler has, with a cancel: of `t` alone, or,
    /// for a handler whose ``TouchHandler/cancellationScope`` is the region, of every touch the
    /// region has been delivered and not yet ended, in one call.
    func cancelDelivery(of t: Touch) {
        guard t.delivery == .delivering else { return }
        t.delivery = .done
        guard let region = t.region, let handler = region.touchHandler else { return }
        noteDelivery(to: region, handler)
        switch handler.cancellationScope {
        case .touch:
            handler.touchCancelled(t)
        case .region:
            // The buffer is taken for the call and put back after: a cancel that the handler
            // causes from inside it gathers its own touches.
            var touches = regionCancelBuffer
            book.value.regionCancelBuffer = []
            for u in deliveryTouches where u === t || (u.delivery == .delivering && u.region === region) {
                u.delivery = .done
                touches.append(u)
            }
            takeOtherEnginesDeliveries(to: region, into: &touches)
            handler.touchesCancelled(touches, in: region)
            touches.empty()
            book.value.regionCancelBuffer = touches
        }
    }

    /// The fingers of the other engines that deliver to `region` (its tree placed in another's,
    /// or another's placed in it), ended with this engine's in one region-wide cancel: the
    /// surface heard that every touch on it ended. The engines are the one holding `region` and
    /// those whose trees hold that engine's root.
    private func takeOtherEnginesDeliveries(to region: Region, into touches: inout [Touch]) {
        var engine = region.engine
        while let e = engine {
            if e !== self {
                for u in e.deliveryTouches where u.delivery == .delivering && u.region === region {
                    u.delivery = .done
                    touches.append(u)
                }
            }
            engine = e.book.value.rootIsNested ? e.root.parent?.engine : nil
        }
    }

    /// `region`'s handler, `old`, is about to be replaced or taken away: the touches it was
    /// delivered end there with a cancel, and it gets the frame of its calls in this event at
    /// once (the handler that follows gets a frame of its own for what it is delivered).
    func touchHandlerWillChange(in region: Region, from old: any TouchHandler) {
        var i = 0
        while i < deliveryTouches.count {
            let t = deliveryTouches[i]
            i += 1
            if t.delivery == .delivering && t.region === region { cancelDelivery(of: t) }
        }
        if let k = framedRegions[framesSent...].firstIndex(where: { $0.region === region && $0.handler === old }) {
            book.value.framedRegions.remove(at: k)
            old.touchFrame(in: region)
        }
    }

    /// `region`, which had no handler, is given one: the touches followed there as if delivered
    /// (to nobody) are done, so that the new handler, which never heard them begin, hears neither
    /// their motion nor their end. Touches held back (a recognizer delays their beginning) are
    /// still to begin: the new handler hears them whole.
    func touchHandlerWillArrive(in region: Region) {
        var i = 0
        while i < deliveryTouches.count {
            let t = deliveryTouches[i]
            i += 1
            if t.delivery == .delivering && t.region === region { t.delivery = .done }
        }
    }

    // MARK: Frames

    /// Notes that `handler` is being delivered something for `region` in the current batch: it
    /// gets the region's frame when the batch ends, whatever handler the region has by then (a
    /// target may take the region out of the tree, then replace its handler or let it go: the
    /// handler that heard the cancel still hears the frame that ends it).
    @inline(__always)
    private func noteDelivery(to region: Region, _ handler: any TouchHandler) {
        // Regions already sent their frame in this flush are listed before `framesSent`: one
        // delivered to again is listed again, to get a frame after the new calls.
        var k = framesSent
        let n = framedRegions.count
        while k < n {
            if framedRegions[k].region === region && framedRegions[k].handler === handler { return }
            k += 1
        }
        book.value.framedRegions.append((region, handler))
    }

    /// Opens a delivery batch: what the engine delivers until the matching ``endDeliveryBatch()``
    /// belongs to one input event, and each region delivered to gets one frame at its end.
    /// Batches nest; the outermost one sends the frames.
    @inline(__always)
    func beginDeliveryBatch() {
        deliveryBatches += 1
    }

    /// Closes a delivery batch; the outermost sends the frames of the regions delivered to, then
    /// recycles the touches that ended and that nobody holds. Whatever event let go of a touch
    /// (a frame, a deadline that released its held end, a region removed), its region and
    /// handler are not kept alive by the engine's list until the next input event.
    @inline(__always)
    func endDeliveryBatch() {
        // Landings held apart (see `takeBack(_:from:)`) are released once every cycle of the
        // event is over, whichever cycle took them back (one nested in a hook, in an offer's
        // delegate, in a deadline's target); still inside the batch, so that what their handlers
        // hear is framed with the rest. A handler that sends input meanwhile may hold more apart.
        while deliveryBatches == 1 && !book.value.landingsApart.isEmpty { releaseLandingsApart() }
        deliveryBatches -= 1
        if deliveryBatches == 0 && framedRegions.count > framesSent { sendTouchFrames() }
        if deliveryBatches == 0 && !book.value.retiring.isEmpty { recycleRetiredTouches() }
    }

    /// Calls ``TouchHandler/touchFrame(in:)`` for each region delivered to since the last frames,
    /// in the order each was first delivered to, on the handler that was delivered to. A handler
    /// that delivers more from inside the call (it removes a region, say) has those regions
    /// framed in this same loop.
    private func sendTouchFrames() {
        guard !isSendingTouchFrames else { return }
        isSendingTouchFrames = true
        defer { isSendingTouchFrames = false }
        while framesSent < framedRegions.count {
            let framed = framedRegions[framesSent]
            framesSent += 1
            framed.handler.touchFrame(in: framed.region)
        }
        book.value.framedRegions.empty()
        framesSent = 0
    }
}
