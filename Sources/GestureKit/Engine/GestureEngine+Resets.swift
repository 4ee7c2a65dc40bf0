extension GestureEngine {
    // MARK: Transitions and resets

    /// Resets `r`, finished (or released): it lets go of the touches still being delivered, leaves
    /// the participants, and is `possible` again for the next sequence.
    func resetRecognizer(_ r: GestureRecognizer) {
        let old = r.committedState
        recognizersReset = true
        // Touches still being delivered stop consulting the recognizer, keeping its claim if it
        // made one: once reset it speaks for the next sequence, not for theirs.
        for t in deliveryTouches where t.delivery != .done {
            guard t.gestureRecognizers.contains(where: { $0 === r }) else { continue }
            if r.cancelsTouchesInView && old.hasBegun { t.isClaimed = true }
            t.remove(r)
        }
        r.committedState = .possible
        r.resets &+= 1
        r.pendingState = nil
        r.deadline = nil
        participantsReleased = true
        // Input queued for the sequence it leaves is not for the next one.
        r.book.value.dropQueuedInput()
        r.boundEngine = nil // no longer a participant
        r.touchpadFingerCount = 0
        r.book.value.liftLocation = nil
        r.runningLogic { r.reset() }
        if book.value.observerWasSet { tellObservers(r, from: old, to: .possible, because: .reset) }
    }

    /// The rounds of `r`'s targets are over, and its reset waited for them: it is reset now if it
    /// still takes part, finished and following no touch.
    func resetAfterRounds(_ r: GestureRecognizer) {
        guard isParticipant(r), r.committedState.isFinished, r.book.value.touches.isEmpty,
              r.touchpadGestureSequence == nil else { return }
        resetRecognizer(r)
        if participantsReleased && participantLoops == 0 { settleListed() }
    }

    func didTransition(_ r: GestureRecognizer, from old: GestureState, to new: GestureState) {
        // It no longer hears motion (`dispatchMoves`).
        if new.isFinished { book.value.listenersStale = true }
        if book.value.observerWasSet { tellObservers(r, from: old, to: new, because: book.value.cause) }
    }

    /// Tells the leading observer, then the host's, of a change. Apart, so that a transition with
    /// no observer stays a test of a flag where it is inlined.
    @inline(never)
    private func tellObservers(_ r: GestureRecognizer, from old: GestureState, to new: GestureState, because cause: TransitionCause) {
        leadingObserver?.engine(self, recognizer: r, didChangeFrom: old, to: new, because: cause)
        observer?.engine(self, recognizer: r, didChangeFrom: old, to: new, because: cause)
    }
}
