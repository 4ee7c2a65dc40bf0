extension GestureEngine {
    /// How many touches of `r` have ended or been cancelled, each read in place in its list.
    func liftedTouchCount(of r: GestureRecognizer) -> Int {
        var lifted = 0
        var k = 0
        while k < r.book.value.touches.count {
            if !r.book.value.touches[k].isActive { lifted += 1 }
            k += 1
        }
        return lifted
    }

    /// Whether `r`, ready for its input and with both landings and lifts queued (its caller
    /// checks), hears the lifts first: the landings are not lifts of the same fingers, and it
    /// asks for that order (``GestureRecognizer/hearsLiftsFirst(lifting:landing:)``).
    ///
    /// A panel reports a finger that lands within a frame interval of another's lift in the same
    /// frame as that lift, and one frame allows both orders. The engine's own order is landings
    /// first (a landing joins the fingers still down, as a two-finger tap whose second finger
    /// lands as the first lifts needs). A multi-tap drummed with two fingers needs the other
    /// order: with the landing first, its tap has one finger too many. See
    /// docs/architecture.md, "One frame, many things".
    func hearsLiftsFirst(_ r: GestureRecognizer) -> Bool {
        var landing = 0
        for t in r.book.value.beganBuffer where !r.book.value.endedBuffer.contains(identical: t) { landing += 1 }
        return landing == r.book.value.beganBuffer.count
            && r.hearsLiftsFirst(lifting: r.book.value.endedBuffer.count, landing: landing)
    }

    /// Takes this cycle's landings back from `r`, which hears its lifts first: until then it
    /// follows them no more than it would had they landed one frame later, so that neither its
    /// motion nor its lifts (nor a cycle nested in their hooks) hand them on. They are held in
    /// `landingsHeld`, with the sequence number of the last touch offered to it before. In a
    /// cycle nested in the hooks of one that holds landings for `r` already, those of the nested
    /// cycle join them: whichever cycle hands them back hands back all.
    func takeLandingsBack(from r: GestureRecognizer) {
        if r.book.value.landingsHeld.isEmpty {
            r.book.value.offeredBeforeLandingsHeld = r.book.value.lastOfferedSequence
            swap(&r.book.value.landingsHeld, &r.book.value.beganBuffer)
        } else {
            r.book.value.landingsHeld.append(contentsOf: r.book.value.beganBuffer)
            r.book.value.beganBuffer.empty()
        }
        takeBack(r.book.value.landingsHeld, from: r)
    }

    /// Takes `landings`, which `r` was offered in this cycle and has not heard, back from it: it
    /// no longer follows them, and they are offered to it again once it resets (or by
    /// `handLandingsBack(to:)`), as they would be had they landed one frame later. Until every
    /// cycle of the event is over, its recognizers reset and offered them again
    /// (`releaseLandingsApart()`, at the end of the outermost delivery batch), their regions'
    /// handlers are not told they began: had they landed one frame later, a recognizer that
    /// delays touches would have held them from the start.
    func takeBack(_ landings: [Touch], from r: GestureRecognizer) {
        r.book.value.retakes &+= 1
        for t in landings where r.book.value.touches.contains(identical: t) {
            r.ignore(t)
            r.book.value.lastOfferedSequence = min(r.book.value.lastOfferedSequence, t.sequence - 1)
            if t.delivery == .held {
                t.delivery = .offering
                book.value.landingsApart.append(t)
            }
        }
    }

    /// Once every cycle of the event that took landings back is over (its recognizers reset and
    /// offered the touches they missed), the landings' delivery is decided as any other's.
    /// Called as the outermost delivery batch closes (`endDeliveryBatch()`).
    @inline(never)
    func releaseLandingsApart() {
        for t in book.value.landingsApart where t.delivery == .offering { t.delivery = .held }
        book.value.landingsApart.empty()
        deliverTouches()
    }

    /// Hands `r` the landings taken back from it once it has heard its lifts. When the lifts
    /// decided its gesture (it finished, or waits on another's failure), the fingers take no part
    /// in that gesture: they stay apart, and are offered to it again once it resets, as they
    /// would be had they landed one frame later. Otherwise those still down, and not offered to
    /// it again meanwhile (by a cycle nested in its hooks, which may have reset it), join it
    /// again and are handed on.
    func handLandingsBack(to r: GestureRecognizer) {
        var landings: [Touch] = []
        swap(&landings, &r.book.value.landingsHeld)
        // Still taking part (not removed or disabled by its hooks), ready, and not finished.
        if isParticipant(r) && r.isEnabled && r.pendingState == nil && !r.committedState.isFinished {
            let lastOffered = r.book.value.lastOfferedSequence
            landings.removeAll { t in
                !(t.isActive && lastOffered < t.sequence && !r.book.value.touches.contains(identical: t) && attach(t, to: r))
            }
            if !landings.isEmpty {
                r.book.value.lastOfferedSequence = max(r.book.value.lastOfferedSequence, r.book.value.offeredBeforeLandingsHeld)
                r.runningLogic { r.touchesBegan(landings) }
            }
        }
        landings.putBack(into: &r.book.value.landingsHeld)
    }

    /// Whether `r`, whose begin waits on a failure requirement (and which hears its fingers move
    /// meanwhile), hears some of them lift while others stay down, as UIKit goes on delivering
    /// them: the set it measures changes (a pan's centroid, a pinch's spread), and its values stay
    /// continuous. The lift of its last finger it does not hear: its wait over, it begins and
    /// ends at once (`endAfterWaiting()`).
    func hearsLiftsWhileWaiting(_ r: GestureRecognizer) -> Bool {
        hearsMotionWhileWaiting(r) && r.activeTouchCount > 0
    }
}
