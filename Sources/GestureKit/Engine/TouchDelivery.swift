/// Where a touch stands in its delivery to its region's ``TouchHandler``.
enum TouchDeliveryState {
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
    /// delivered twice and none is skipped.
    func deliverTouches() {
        guard !isDeliveringTouches else {
            deliveryRequested = true
            return
        }
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
            deliveryTouches.removeAll { $0.delivery == .done }
        }
    }

    private func updateDelivery(_ t: Touch) {
        guard t.delivery != .done else { return }
        let handler = t.region?.touchHandler
        var claimed = t.isClaimed
        var holdBegan = false
        var holdEnded = false
        for r in t.gestureRecognizers {
            let s = r.committedState
            if r.cancelsTouchesInView && s.hasRecognized { claimed = true; break }
            if s == .possible && r.isEnabled {
                if r.delaysTouchesBegan { holdBegan = true }
                if r.delaysTouchesEnded { holdEnded = true }
            }
        }
        if claimed || t.phase == .cancelled {
            // Marked done before the call: a handler that removes a region hears no second word.
            let wasDelivering = t.delivery == .delivering
            t.delivery = .done
            if wasDelivering { handler?.touchCancelled(t) }
            return
        }
        if t.delivery == .held {
            if holdBegan { return }
            t.delivery = .delivering
            t.deliveredLocation = t.location
            handler?.touchBegan(t)
            // The handler may have ended the delivery itself (it removed the touch's region).
            if t.delivery == .done { return }
        }
        if t.isActive {
            if t.location != t.deliveredLocation {
                t.deliveredLocation = t.location
                handler?.touchMoved(t)
            }
        } else if !holdEnded {
            if t.location != t.deliveredLocation {
                t.deliveredLocation = t.location
                handler?.touchMoved(t)
                if t.delivery == .done { return }
            }
            t.delivery = .done
            handler?.touchEnded(t)
        }
    }
}
