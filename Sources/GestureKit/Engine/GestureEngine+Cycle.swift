extension GestureEngine {
    // MARK: The cycle

    /// Calls every participant's hooks with the touches of this cycle, then finishes the cycle.
    func dispatchAndFinishCycle() {
        recognizersReset = false
        dispatchHooks()
        finishCycle()
        var rounds = 0
        while recognizersReset && rounds < 4 && offerTouchesMissed() {
            recognizersReset = false
            rounds += 1
            dispatchHooks()
            finishCycle()
        }
    }

    /// Calls every participant's hooks with the touches of this cycle: those queued for it (began,
    /// ended, cancelled) and those of its touches that moved in the frame being handled. When
    /// touches only moved, only the participants still deciding or recognizing hear of it
    /// (``dispatchMoves(allMoved:)``); otherwise (a touch began, ended or was cancelled, or in a
    /// nested cycle) every participant is looked at.
    private func dispatchHooks() {
        // A cycle nested in a loop over the participants (input a target sent) hands out the
        // motion the outer loop has not reached yet, before the lifts it hands out: each
        // recognizer hears only what it has not (`deliverMoves` compares frame serials).
        let moves = movesPending || participantLoops > 0
        var allMoved = movesPending && allTouchesMoved
        movesPending = false
        allTouchesMoved = false
        if !book.value.inputQueued && participantLoops == 0 {
            if moves { dispatchMoves(allMoved: allMoved) }
            return
        }
        if book.value.pruningRounds > 0 { allMoved = false } // a recognizer may hold a lifted touch
        book.value.inputQueued = false
        let frame = frameSerial
        participantLoops += 1
        defer { participantLoops -= 1 }
        var shared: [Touch]? = nil
        var i = 0
        while i < listed.count {
            withParticipant(at: i) { r in
                // Its hooks read the state committed (see `GestureRecognizer.runningLogic(_:)`),
                // spelled out: through the closure, the call was not inlined here.
                let shown = r.hideRound()
                hearInput(r, moves: moves, allMoved: allMoved, frame: frame, shared: &shared)
                r.showRound(shown)
            }
            i += 1
        }
    }

    /// Hands `r` the input queued for it, and the motion of the frame. `shared` is a list of
    /// touches the loop handed a recognizer, held by the loop: recognizers that follow the same
    /// one or two touches (a graph's recognizers as a finger lands) are all handed that one list,
    /// which costs a comparison where a list read from each recognizer costs a retain and a
    /// release (see ``withTouches(of:shared:_:)``).
    @inline(__always)
    private func hearInput(_ r: GestureRecognizer, moves: Bool, allMoved: Bool, frame: Int, shared: inout [Touch]?) {
        // Released in this cycle and still listed (see finishCycle): it has nothing to hear.
        guard isParticipant(r) else { return }
        r.lastFrameTime = now
        let allBegan = r.book.value.allTouchesBegan
        let queued = allBegan || !r.book.value.beganBuffer.isEmpty || !r.book.value.endedBuffer.isEmpty
            || !r.book.value.cancelledBuffer.isEmpty
        guard queued || (moves && !r.committedState.isFinished && !r.touches.isEmpty) else { return }
        let ready = r.isEnabled && r.pendingState == nil
        // Its landings taken back until it has heard its lifts (see `hearsLiftsFirst(_:)`).
        let liftsFirst = !allBegan && !r.book.value.endedBuffer.isEmpty && !r.book.value.beganBuffer.isEmpty
            && ready && !r.committedState.isFinished && hearsLiftsFirst(r)
        if liftsFirst { takeLandingsBack(from: r) }
        if allBegan {
            // Its own list (or the loop's list of the same touches): every touch in it is new.
            r.book.value.allTouchesBegan = false
            if ready && !r.committedState.isFinished && !r.book.value.touches.isEmpty {
                withTouches(of: r, shared: &shared) { r.touchesBegan($0) }
            }
        } else if !r.book.value.beganBuffer.isEmpty {
            // Taken out before the call: a cycle nested in it (input a delegate or target sent)
            // hands out only what is queued meanwhile, not these again.
            var began: [Touch] = []
            swap(&began, &r.book.value.beganBuffer)
            // Finished before it heard them (excluded by a recognizer that heard a lift first,
            // say): they take no part in its gesture, and are offered to it once it resets.
            if ready && !r.committedState.isFinished { r.touchesBegan(began) }
            else if r.committedState.isFinished { takeBack(began, from: r) }
            began.putBack(into: &r.book.value.beganBuffer)
        }
        if moves && !r.committedState.isFinished {
            hearMoves(r, ready: ready || hearsMotionWhileWaiting(r), allMoved: allMoved, frame: frame, shared: &shared)
        }
        if !r.book.value.endedBuffer.isEmpty {
            var ended: [Touch] = []
            swap(&ended, &r.book.value.endedBuffer)
            if (ready || hearsLiftsWhileWaiting(r)) && !r.committedState.isFinished { r.touchesEnded(ended) }
            ended.putBack(into: &r.book.value.endedBuffer)
        }
        if liftsFirst { handLandingsBack(to: r) }
        if !r.book.value.cancelledBuffer.isEmpty {
            var cancelled: [Touch] = []
            swap(&cancelled, &r.book.value.cancelledBuffer)
            let reason = cancelled[0].cancellation ?? .device
            with(cause: .touchesCancelled(reason)) {
                if ready && !r.committedState.isFinished { r.touchesCancelled(cancelled) }
                else { arbiter.touchesCancelled(reason, whileWaiting: r) }
            }
            cancelled.putBack(into: &r.book.value.cancelledBuffer)
        }
    }

    /// A frame in which touches only moved (no touch began, ended or was cancelled): the
    /// participants still deciding or recognizing hear of it, those that recognized or failed are
    /// not looked at. The list of those participants is rebuilt only when it may have changed: a recognizer
    /// joined, or one finished. It holds its recognizers, and it is not rebuilt or emptied while
    /// it is being walked (only the outermost cycle rebuilds it), so it is walked as it is.
    private func dispatchMoves(allMoved: Bool) {
        if book.value.listenersStale {
            book.value.listenersStale = false
            book.value.listeners.empty()
            for p in listed where isParticipant(p) && !p.committedState.isFinished
                && p.book.value.touches.count >= p.book.value.touchesToHearMotion {
                book.value.listeners.append(p)
            }
        }
        let frame = frameSerial
        participantLoops += 1
        defer { participantLoops -= 1 }
        let listeners = book.value.listeners
        var shared: [Touch]? = nil
        listeners.forEachUnretained { r in
            // Finished, or released, in a hook of this loop (or in a cycle one of them started).
            guard isParticipant(r), !r.committedState.isFinished, !r.book.value.touches.isEmpty else { return }
            r.lastFrameTime = now
            let ready = r.isEnabled && (r.pendingState == nil || hearsMotionWhileWaiting(r))
            let shown = r.hideRound()
            hearMoves(r, ready: ready, allMoved: allMoved, frame: frame, shared: &shared)
            r.showRound(shown)
        }
    }

    /// Whether `r`, whose begin waits on a failure requirement, hears its touches move (as UIKit
    /// goes on delivering them): see docs/architecture.md, "A frame's way through".
    @inline(__always)
    func hearsMotionWhileWaiting(_ r: GestureRecognizer) -> Bool {
        r.isEnabled && r.pendingState == .began
    }

    /// Calls `body` with the list of touches `r` follows. A list of one or two touches is handed
    /// as `shared`, the loop's copy: kept when it holds them already (each compared in place in
    /// `r`'s list), else made a copy of `r`'s list (which shares its storage). The loop's copy
    /// is gone before `r`'s list next changes in the usual run (pruned at the end of the cycle);
    /// a hook of the same loop that changes it copies that storage first. A longer list is
    /// handed as a copy of its own: comparing it would cost more than the copy.
    @inline(__always)
    private func withTouches(of r: GestureRecognizer, shared: inout [Touch]?, _ body: ([Touch]) -> Void) {
        let n = r.book.value.touches.count
        guard n <= 2 else { return body(r.touches) }
        if shared?.count != n || shared![0] !== r.book.value.touches[0]
            || (n == 2 && shared![1] !== r.book.value.touches[1]) {
            shared = r.touches
        }
        body(shared!)
    }

    /// Hands `r` the motion of this frame it has not heard yet, if it is `ready` (enabled, and
    /// not waiting on a failure requirement). When every touch moved in frame `frame` and no
    /// nested cycle came since, its own list is passed (or the loop's `shared` list of the same
    /// touches, see ``withTouches(of:shared:_:)``), with nothing copied.
    @inline(__always)
    private func hearMoves(_ r: GestureRecognizer, ready: Bool, allMoved: Bool, frame: Int, shared: inout [Touch]?) {
        // Marked before the call: a frame sent from inside a hook (a nested cycle) hands the
        // recognizer only the motion it has not heard yet, and so does the loop after; one that
        // heard this frame's motion already (in a cycle nested before the loop reached it) is not
        // handed its whole list again.
        let heard = r.movesHeard
        r.movesHeard = frameSerial
        guard ready, r.book.value.touches.count >= r.book.value.touchesToHearMotion else { return }
        if allMoved && frameSerial == frame && heard != frame && r.touchpadGestureSequence == nil {
            let n = r.book.value.touches.count
            if n > 2 {
                let touches = r.touches
                r.touchesMoved(touches)
            } else if n > 0 {
                withTouches(of: r, shared: &shared) { r.touchesMoved($0) }
            }
        } else {
            deliverMoves(to: r, after: heard, shared: &shared)
        }
    }

    /// Calls `r.touchesMoved` with its touches that moved after frame `heard` (those still down, and
    /// those whose lift in this frame carried motion), if any.
    /// When all of them did, the recognizer's own list is passed, with nothing copied. Otherwise
    /// the engine's list of moved touches is passed, rebuilt only when it is not already the one
    /// `r` needs: recognizers that follow the same fingers (most of a graph) share it, and the
    /// scan that counts `r`'s moved touches also compares them with it. The list stays from frame
    /// to frame while the same fingers move (a panel that re-sends resting fingers moves the same
    /// ones frame after frame), and is emptied when a touch retires, before the engine looks
    /// for touches nobody holds (`recycleRetiredTouches`).
    private func deliverMoves(to r: GestureRecognizer, after heard: Int, shared: inout [Touch]?) {
        var moved = 0
        var same = true
        var k = 0
        while k < r.book.value.touches.count {
            if r.book.value.touches[k].hasMoved(after: heard) {
                if same && (moved == book.value.movedTouches.count
                    || book.value.movedTouches[moved] !== r.book.value.touches[k]) {
                    same = false
                }
                moved += 1
            }
            k += 1
        }
        if moved == 0 { return }
        if moved == r.book.value.touches.count { return withTouches(of: r, shared: &shared) { r.touchesMoved($0) } }
        if !same || moved != book.value.movedTouches.count {
            book.value.movedTouches.empty()
            // Each touch read in place; only those that go into the shared list are retained.
            var k = 0
            while k < r.book.value.touches.count {
                if r.book.value.touches[k].hasMoved(after: heard) { book.value.movedTouches.append(r.book.value.touches[k]) }
                k += 1
            }
        }
        r.touchesMoved(book.value.movedTouches)
    }

    /// Ends a cycle: delivers raw touches, drops finished touches from recognizers, fails
    /// recognizers left undecided with nothing to wait for, and resets finished ones.
    func finishCycle() {
        var settled = false
        var rounds = 0
        // Recognizers hold only active touches until one ends: scanning every recognizer's touches
        // for finished ones is needed only then (a steady stream of moving frames skips it). The
        // flag is taken before the scan, so a touch that ends during it (in a callback) is found
        // by the cycle its ending starts; a cycle nested in the scan prunes too.
        var pruning = false
        participantLoops += 1
        while !settled && rounds < 8 {
            settled = true
            rounds += 1
            deliverTouches()
            if touchesLeft || book.value.pruningRounds > 0 {
                pruning = true
                touchesLeft = false
            }
            // A participant has something to settle only once it follows no touch: with no touch
            // gone and every participant following one, there is nothing to look at.
            guard pruning || book.value.emptyHanded else { break }
            book.value.emptyHandedMark &+= 1
            let mark = book.value.emptyHandedMark
            var emptyHanded = false
            var i = 0
            if pruning { book.value.pruningRounds += 1 }
            let ending = pruning && book.value.touchpadEndHanded != 0 // once, not per recognizer
            while i < listed.count {
                withParticipant(at: i) { r in
                    if ending && keepsEndingSequence(r) { return }
                    let (empty, unsettled) = settle(r, pruning: pruning)
                    if empty { emptyHanded = true }
                    if unsettled { settled = false }
                }
                i += 1
            }
            if pruning { book.value.pruningRounds -= 1 }
            // What this round saw stands unless something else (a nested cycle, a recognizer
            // letting go of a touch) happened meanwhile: then the next cycle looks again.
            book.value.emptyHanded = book.value.emptyHandedMark == mark ? emptyHanded : true
        }
        participantLoops -= 1
        if participantsReleased && participantLoops == 0 { settleListed() }
    }

    /// Recognizers were released (or a listed one detached), and no loop over the list runs: the
    /// released ones leave it, or, when the engine has gone idle, the list stays, released, as the
    /// order the next sequence may join in (see `join(_:)`).
    func settleListed() {
        participantsReleased = false
        arbiter.participantsReleased()
        book.value.listeners.empty()
        book.value.listenersStale = true
        if book.value.keepsNoOrder || listed.containsUnretained(where: { isParticipant($0) }) {
            book.value.keepsNoOrder = false
            book.value.participants.prune { r in
                if isParticipant(r) { return false }
                r.book.value.listings -= 1
                return true
            }
            book.value.keptOrder = book.value.participants.count
        } else {
            book.value.keptOrder = 0
        }
        recognizerDeadlinesChanged = true
    }

    /// Settles `r` at the end of a round of `finishCycle`: prunes its lifted touches (when `pruning`),
    /// and resets it when finished with no touch left, or tells the arbiter that it follows none.
    /// Returns whether it is left following no touch, not finished (`emptyHanded`), and whether
    /// the arbiter failed it then as undecided (`unsettled`: the cycle takes another round).
    @inline(__always)
    private func settle(_ r: GestureRecognizer, pruning: Bool) -> (emptyHanded: Bool, unsettled: Bool) {
        // Released this cycle (disabled or removed, and already reset): nothing to settle.
        guard isParticipant(r) else { return (false, false) }
        if pruning {
            let lifted = liftedTouchCount(of: r)
            if lifted == r.book.value.touches.count {
                if !r.committedState.isFinished { r.keepLiftLocation() }
                r.book.value.touches.empty()
            } else if lifted > 0 {
                r.book.value.touches.prune { !$0.isActive }
            }
            if let s = r.touchpadGestureSequence, !s.isActive { r.touchpadGestureSequence = nil }
        }
        guard r.touches.isEmpty else { return (false, false) }
        if r.committedState.isFinished {
            // While a round of its targets is under way, once every round is over (see
            // `RecognizerBook.resetAfterRounds`).
            if r.book.value.announcing {
                r.book.value.resetAfterRounds = true
                r.book.value.roundsPending = true
            } else {
                resetRecognizer(r)
            }
            return (false, false)
        }
        // Still listed with no touch: waiting on a requirement or a deadline (a double
        // tap between its taps), or failed just now and reset next round.
        return (true, with(cause: .touchesGone, { arbiter.touchesGone(from: r) }))
    }
}
