extension GestureRecognizer {
    // MARK: Relations

    /// Makes this recognizer wait in `possible` until `other` fails; if `other` recognizes, this
    /// one fails. Pay for it only where needed: a single tap that requires a double tap to fail
    /// waits up to ``GestureConfiguration/multiTapMaximumInterval`` after every tap.
    ///
    /// `other` is held strongly. Two recognizers that require each other keep
    /// each other alive; when they are decided, the one that would close the loop of waits does
    /// not wait.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot require its own failure")
        if !failureRequirements.contains(where: { $0 === other }) { failureRequirements = failureRequirements + [other] }
    }

    // MARK: Transitions

    /// Fails with a reason a host can log.
    public func fail(_ reason: FailureReason) {
        requestTransition(to: .failed, reason: reason)
    }

    func requestTransition(to new: GestureState, reason: FailureReason?) {
        if isReleased { return }
        // The commonest transition, a continuous gesture changing, has nothing to arbitrate.
        if new == .changed && pendingState == nil && (committedState == .began || committedState == .changed) {
            let old = committedState
            committedState = .changed
            return announce(from: old, to: .changed)
        }
        if withEngine({ $0.arbiter.request(self, to: new, reason: reason) }) == nil {
            // Detached: no arbitration, but the state machine still holds.
            guard Self.isLegal(from: committedState, to: new) else { return refuse(to: new) }
            commit(new, reason: reason)
        }
    }

    func refuse(to new: GestureState) {
        // Recorded unless 64 are. The list is taken out, changed and put back, with no second
        // reference: appended to through a getter and a setter, it was copied whole each time.
        if storedRefusedTransitions.count < 64 {
            var list = storedRefusedTransitions
            storedRefusedTransitions = []
            list.append((committedState, new))
            storedRefusedTransitions = list
        }
        if assertsOnRefusal { assertionFailure("\(name): illegal transition \(committedState) → \(new)") }
    }

    /// Sets the state for real, tells the engine's observer, and calls the targets (not for
    /// `failed` or `possible`). A transition committed while a round of target calls is under
    /// way (input sent from a target, or from the observer as it is told of the one before) waits
    /// its turn: each target hears every transition once, in order, reading its state.
    func commit(_ new: GestureState, reason: FailureReason?) {
        let old = committedState
        committedState = new
        pendingState = nil
        if new == .failed { failureReason = reason ?? .unspecified }
        if new == .failed || new == .possible { return tellEngine(from: old, to: new) }
        announceTransition(from: old, to: new)
    }

    /// `announce(from:to:)` as a call, for `commit(_:reason:)`: small, `commit` is inlined into
    /// the arbiter's loops, which fail many recognizers as a finger lifts (with the round
    /// inlined in it, it was not: the 1-finger lifting frame cost 2,000 instructions more).
    @inline(never)
    private func announceTransition(from old: GestureState, to new: GestureState) {
        announce(from: old, to: new)
    }

    /// Tells the observer, then the targets, of a transition to `new` just committed (not
    /// `failed` or `possible`), or queues it behind the round under way. Inlined into
    /// `requestTransition` for a continuous gesture changing, the commonest transition (a call
    /// cost a frame of motion through two recognizers 61 instructions; `commit` inlined into
    /// the arbiter's failures instead cost the 1-finger lifting frame 6,700).
    @inline(__always)
    private func announce(from old: GestureState, to new: GestureState) {
        if book.value.announcing {
            queue(new)
            return tellEngine(from: old, to: new)
        }
        book.value.announcing = true
        book.value.presented = new
        tellEngine(from: old, to: new)
        sendActions()
        if book.value.roundsPending { return announceRest() }
        book.value.presented = nil
        book.value.announcing = false
    }

    /// Queues `state` for a round of its own after the one under way.
    private func queue(_ state: GestureState) {
        book.value.queuedTransitions.append(state)
        book.value.roundsPending = true
    }

    @inline(__always)
    private func tellEngine(from old: GestureState, to new: GestureState) {
        // Spelled out rather than through withEngine: the closure would not be inlined, and this
        // runs on every state change.
        if let e = boundEngine {
            e.didTransition(self, from: old, to: new)
        } else {
            region?.engine?.didTransition(self, from: old, to: new)
        }
    }

    /// Once a round has reached every target, tells them of each transition queued meanwhile, in
    /// a round each, then resets the recognizer if its reset waited for them. Apart from
    /// `commit(_:reason:)`, whose usual round queues nothing: inlined there, this cost a frame of
    /// motion through two recognizers 52 instructions.
    @inline(never)
    private func announceRest() {
        while !book.value.queuedTransitions.isEmpty {
            book.value.presented = book.value.queuedTransitions.removeFirst()
            sendActions()
        }
        book.value.roundsPending = false
        book.value.presented = nil
        book.value.announcing = false
        if book.value.resetAfterRounds {
            book.value.resetAfterRounds = false
            withEngine { $0.resetAfterRounds(self) }
        }
    }

    /// Tells the targets of `state` as `commit(_:reason:)` does, without a transition (a
    /// cancellation owed to them): in turn, when a round is under way.
    private func announce(_ state: GestureState) {
        if book.value.announcing { return queue(state) }
        book.value.announcing = true
        book.value.presented = state
        sendActions()
        announceRest()
    }

    /// Runs the recognizer's own logic (a hook, its reset) from the engine: it reads the state
    /// committed, not the older transition a round of its targets may be telling of (input sent
    /// from a target runs the recognizer's hooks before that round is over).
    @inline(__always)
    func runningLogic(_ body: () -> Void) {
        let shown = hideRound()
        body()
        showRound(shown)
    }

    /// Hides the transition a round of targets tells of from the recognizer's logic, which is
    /// about to run: returns it, for `showRound(_:)` after.
    @inline(__always)
    func hideRound() -> GestureState? {
        guard let shown = book.value.presented else { return nil }
        book.value.presented = nil
        return shown
    }

    /// Shows again the transition `hideRound()` hid.
    @inline(__always)
    func showRound(_ shown: GestureState?) {
        if let shown { book.value.presented = shown }
    }

    /// Its engine is going (its `deinit`) while it took part in that engine's sequence, and has
    /// let go of it. Nothing is called here: the recognizer is left finished (cancelled if its
    /// gesture was under way, failed if it was still deciding), out of reach of every offer, with
    /// its end owed (`settleEngineLoss()`). Not arbitrated and not observed: there is no engine
    /// left to do either.
    func engineWentAway() {
        pendingState = nil
        deadline = nil
        isReleased = true
        book.value.cancelOwed = committedState.isActive
        if committedState.isActive { committedState = .cancelled }
        else if !committedState.isFinished { committedState = .failed }
        book.value.endOwed = true
    }

    /// Pays what `engineWentAway()` left owed, once the recognizer's tree is in a living engine:
    /// a gesture that was under way is reported cancelled to its targets, as when a recognizer is
    /// removed, and the recognizer is reset. Never called from the `deinit` of an engine whose
    /// whole tree goes with it: the objects its targets use may be gone already.
    func settleEngineLoss() {
        guard book.value.endOwed else { return }
        book.value.endOwed = false
        if book.value.cancelOwed {
            book.value.cancelOwed = false
            announce(.cancelled)
            runningLogic { cancelledWithoutTouches() }
        }
        committedState = .possible
        resets &+= 1
        runningLogic { reset() }
    }

    /// Its region is now in `engine`'s tree (or in none). Calls nothing. Touch sequence numbers
    /// and frame counts are an engine's own: the record of the last touch offered to it starts
    /// afresh if that engine is not the one that numbered it, and so does the frame it last
    /// heard motion in. A touch's recognizers are those it was offered to as it began (as in
    /// UIKit): the touches that began before the recognizer came (`arriving`: it was just
    /// attached, or its region just joined the tree; or it is new to this engine) count as
    /// offered, so that no later offer of the touches a recognizer missed (see
    /// `offerTouchesMissed`) hands it one of them.
    func joinedTree(of engine: GestureEngine?, arriving: Bool = false) {
        guard let engine else { return }
        if book.value.sequenceEngine !== engine.identity {
            book.value.sequenceEngine = engine.identity
            book.value.lastOfferedSequence = engine.nextSequence
            movesHeard = engine.frameSerial
        } else if arriving && book.value.lastOfferedSequence < engine.nextSequence {
            book.value.lastOfferedSequence = engine.nextSequence
        }
    }

    /// UIKit's state machine.
    static func isLegal(from old: GestureState, to new: GestureState) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        case (_, .possible): true
        default: false
        }
    }
}
