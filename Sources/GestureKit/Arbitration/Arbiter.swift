/// Decides who wins: every transition a recognizer asks for goes through here, separately from
/// recognition itself.
///
/// The rules are UIKit's:
/// - A recognizer leaving `possible` (to begin or to recognize) is **prevented** — it fails — if
///   another recognizer that shares one of its touches has already begun or recognized and the two
///   may not recognize simultaneously.
/// - It **waits** in `possible` while any recognizer it requires to fail (``GestureRecognizer/require(toFail:)``,
///   the delegate's `shouldRequireFailureOf` / `shouldBeRequiredToFailBy`, or the subclass hooks)
///   is still undecided on the same input. When that one fails, the waiting recognizer proceeds;
///   when it recognizes, the waiting one fails.
/// - Then the delegate's `gestureRecognizerShouldBegin` is asked.
/// - When it begins or recognizes, every other undecided recognizer that shares its touches and
///   may not be simultaneous **fails** (excluded), and so does every recognizer that required it
///   to fail.
///
/// Each recognizer therefore hears exactly one outcome per touch sequence. No rule counts events,
/// so the winner does not depend on the device's event rate.
public final class Arbiter {
    /// The engine that owns the arbiter, and so outlives it, reached through the link the
    /// recognizers use: a use costs a retain and a release, where an `unowned` stored property
    /// costs a run-time exclusivity check and a count, and a weak one a side-table load. Set once,
    /// by the engine's initializer. The loops below keep one reference for their whole run.
    var link: EngineLink?
    var engine: GestureEngine { link!.with { $0 } }

    /// The recognizers that began waiting on a failure requirement, in the order they began. The
    /// list may still hold some whose wait ended elsewhere (released, failed, reset): they leave
    /// it whenever it is read, and when recognizers are released. A failure, the commonest outcome,
    /// looks for waiters among the participants only while someone waits.
    private var waiting: [GestureRecognizer] = []
    /// The recognizers whose targets are being told they won, with their touches as they won
    /// (innermost last): see `attempt(_:to:)`.
    var winning: [Win] = []
    /// While a winner's exclusion runs with recognizers waiting, those it failed: their waiters are
    /// released once every loser failed, so that a waiter the winner beats too fails as excluded
    /// by it whatever the listing order (released first, it was prevented). Capacity kept.
    private var excludedNow: [GestureRecognizer]?
    private var excludedBuffer: [GestureRecognizer] = []

    init() {}

    /// Whether `f` has not decided yet on the input it is following in the engine `link` leads
    /// to (the caller reads the arbiter's `link` once: each read is checked at run time).
    func isUndecided(_ f: GestureRecognizer, in link: EngineLink) -> Bool {
        f.takesPart(in: link) && f.isEnabled && f.committedState == .possible
    }

    // MARK: Requests

    func request(_ r: GestureRecognizer, to new: GestureState, reason: FailureReason?) {
        let old = r.committedState
        if let pending = r.pendingState {
            switch new {
            case .failed, .cancelled:
                r.pendingState = nil
                fail(r, reason)
            case .ended:
                r.pendingState = .ended
                if pending == .began { r.pendingBeganBeforeEnd = true }
            case .began, .changed, .possible:
                break
            }
            return
        }
        guard GestureRecognizer.isLegal(from: old, to: new), new != .possible else {
            if !(old == new && old == .failed) { r.refuse(to: new) }
            return
        }
        if old == .possible && (new == .began || new == .ended) {
            r.pendingBeganBeforeEnd = false
            attempt(r, to: new)
        } else if new == .failed {
            fail(r, reason)
        } else {
            // Changed, ended or cancelled from an active state.
            r.commit(new, reason: nil)
        }
    }

    // MARK: Outcomes the engine reports

    /// `r` is left with no touch: if it is still `possible` with no transition waiting and no
    /// deadline, nothing more can make it decide, so it fails as `undecided`. Returns whether it
    /// did (the engine then looks at the participants once more).
    func touchesGone(from r: GestureRecognizer) -> Bool {
        guard r.committedState == .possible && r.pendingState == nil && r.deadline == nil else { return false }
        request(r, to: .failed, reason: .undecided)
        return true
    }

    /// Touches of `r` were cancelled while it could not hear of it: disabled, or its transition
    /// waiting on a require-to-fail relation. A waiting transition fails, with the cancellation's
    /// cause.
    func touchesCancelled(_ cancellation: TouchCancellation, whileWaiting r: GestureRecognizer) {
        guard r.pendingState != nil else { return }
        request(r, to: .failed, reason: .touchesCancelled(cancellation))
    }

    /// `r` is being disabled or removed: a gesture in progress is cancelled (a transition it was
    /// waiting for is dropped), a possible one fails as `disabled`.
    func detach(_ r: GestureRecognizer) {
        if r.committedState.isActive {
            r.pendingState = nil
            r.commit(.cancelled, reason: nil)
            r.runningLogic { r.cancelledWithoutTouches() }
        } else if r.committedState == .possible {
            request(r, to: .failed, reason: .disabled)
        }
    }

    // MARK: Arbitration

    /// Tries to take `r` out of `possible` into `target` (began, or ended for a discrete gesture).
    private func attempt(_ r: GestureRecognizer, to target: GestureState) {
        let resets = r.resets
        // The list as the attempt begins, each participant borrowed from it rather than retained.
        var preventer: String?
        _ = engine.listed.containsUnretained { o in
            guard o !== r && o.committedState.hasRecognized && shareTouches(r, o) && prevents(o, r) else { return false }
            preventer = o.name
            return true
        }
        if preventer == nil && !winning.isEmpty { preventer = wonBefore(r) }
        guard stillDeciding(r, since: resets) else { return }
        if let name = preventer {
            return engine.with(cause: .otherRecognizer(name)) { fail(r, .preventedBy(name)) }
        }
        let wait = mustWait(r)
        guard stillDeciding(r, since: resets) else { return }
        if wait {
            r.pendingState = target
            if !waiting.contains(where: { $0 === r }) {
                var list = waiting
                waiting = []
                list.append(r)
                waiting = list
            }
            return
        }
        let shouldBegin = r.delegate(asking: .shouldBegin)?.gestureRecognizerShouldBegin(r) ?? true
        guard stillDeciding(r, since: resets), r.isEnabled else { return }
        if !shouldBegin {
            return fail(r, .delegateRefusedBegin)
        }
        // Its targets hear it win before those it beats fail; they, or the delegates asked as
        // those fail, may let it go (disable or remove it, or send input that resets it). It
        // beats them still: until they have failed, a recognizer sharing its touches as it won
        // is prevented from winning in a cycle those calls run, and they fail even if the winner
        // has let go of the touches meanwhile.
        // (The list is read and written whole, never changed in place: the compiler then
        // checks none of its accesses, where an append is checked at run time.)
        let touches = r.touches
        var list = winning
        winning = []
        list.append(Win(recognizer: r, touches: touches))
        winning = list
        r.commit(target, reason: nil)
        exclude(others: r, sharing: r.resets == resets ? nil : touches)
        list = winning
        winning = []
        list.removeLast()
        winning = list
    }

    /// Whether `r`, reset `resets` times when delegates were asked about it, is still the
    /// recognizer they were asked about. A delegate may change the graph or send input before it
    /// answers: `r` may have been released, or decided, in a nested cycle — or decided, reset
    /// and handed the touches of a new sequence, to which the question does not belong.
    private func stillDeciding(_ r: GestureRecognizer, since resets: Int) -> Bool {
        r.resets == resets && r.takesPart(in: link!) && r.committedState == .possible && r.pendingState == nil
    }

    /// Whether `w`, reset `resets` times when delegates were asked about it, still waits to
    /// become `target` in this engine's sequence.
    private func stillWaits(_ w: GestureRecognizer, for target: GestureState, since resets: Int) -> Bool {
        w.resets == resets && w.pendingState == target && w.takesPart(in: link!)
    }

    /// Whether `r` must wait for an undecided recognizer it requires to fail (the first found is
    /// recorded: `RecognizerBook.waitingOn`).
    private func mustWait(_ r: GestureRecognizer) -> Bool {
        let link = self.link!
        for f in r.failureRequirements where isUndecided(f, in: link) && f !== r && !waitChain(of: f, reaches: r) {
            r.book.value.waitingOn = ObjectIdentifier(f)
            return true
        }
        // `r`'s delegate is loaded once for the whole decision (each other's, once per pair).
        let rd = r.delegate(asking: .requireFailure)
        // Undecided still once the delegates have answered: input they sent may have decided it,
        // and a wait for a recognizer that failed already would never end.
        var found: ObjectIdentifier?
        _ = engine.listed.containsUnretained { o in
            guard o !== r && isUndecided(o, in: link) && requiresFailure(r, rd, of: o, o.delegate(asking: .requiredToFail))
                && isUndecided(o, in: link) && !waitChain(of: o, reaches: r) else { return false }
            found = ObjectIdentifier(o)
            return true
        }
        r.book.value.waitingOn = found
        return found != nil
    }

    /// Whether `w`'s pending transition was last found waiting on `f` (see `mustWait(_:)`).
    @inline(__always) private func waits(_ w: GestureRecognizer, on f: GestureRecognizer) -> Bool {
        w.pendingState != nil && w.book.value.waitingOn == ObjectIdentifier(f)
    }

    /// `winner` began or recognized: the undecided recognizers it beats fail. `touches` are the
    /// winner's as it won, when it has let go of them since (`nil`: its own).
    private func exclude(others winner: GestureRecognizer, sharing touches: [Touch]?) {
        let engine = self.engine
        let outer = excludedNow
        if someoneWaits() {
            excludedNow = excludedBuffer
            excludedBuffer = []
        } else {
            excludedNow = nil
        }
        engine.participantLoops += 1
        var i = 0
        while i < engine.listed.count {
            engine.withParticipant(at: i) { o in exclude(o, by: winner, sharing: touches, engine) }
            i += 1
        }
        engine.participantLoops -= 1
        guard var failed = excludedNow else { return excludedNow = outer }
        excludedNow = outer
        for f in failed { releaseWaiters(of: f) }
        failed.removeAll(keepingCapacity: true)
        excludedBuffer = failed
    }

    /// `o` fails if `winner` beats it.
    @inline(__always)
    private func exclude(
        _ o: GestureRecognizer, by winner: GestureRecognizer, sharing touches: [Touch]?, _ engine: GestureEngine
    ) {
        // A recognizer released in this cycle (still listed) has no part in the outcome.
        guard o !== winner, engine.isParticipant(o), o.committedState == .possible else { return }
        let resets = o.resets
        // Each pair is decided with the two delegates as they are when its questions begin:
        // two weak loads per pair, not one per question.
        // A delegate known to answer its questions with the defaults is not loaded at all.
        let od = o.delegate(asking: [.requireFailure, .simultaneous])
        let wd = winner.delegate(asking: [.requiredToFail, .simultaneous])
        // The delegates may have sent input: `o` reset meanwhile belongs to another sequence
        // (one decided meanwhile is not failed: `fail` asks that it be possible).
        // A waiter on the winner fails whatever its delegate answers now (see `waits(_:on:)`).
        if requiresFailure(o, od, of: winner, wd) || waits(o, on: winner) {
            guard o.resets == resets else { return }
            o.pendingState = nil
            engine.with(cause: .otherRecognizer(winner.name)) { fail(o, .requiredRecognizerSucceeded(winner.name), excluding: true) }
        } else if (touches.map { Self.share($0, o) } ?? shareTouches(winner, o)) && !mayRecognizeSimultaneously(winner, wd, o, od)
            && winner.canPrevent(o) && o.canBePrevented(by: winner) {
            guard o.resets == resets else { return }
            o.pendingState = nil
            engine.with(cause: .otherRecognizer(winner.name)) { fail(o, .excludedBy(winner.name), excluding: true) }
        }
    }

    /// `r` fails, for `reason` (`unspecified` when `nil`: the recognizer stores it, so that the
    /// reason is copied once, into its place).
    /// An exclusion's failure (`excluding`) releases the waiters once the exclusion is over.
    private func fail(_ r: GestureRecognizer, _ reason: FailureReason?, excluding: Bool = false) {
        guard r.committedState == .possible else { return }
        r.commit(.failed, reason: reason)
        if excluding && excludedNow != nil { excludedNow!.append(r) } else { releaseWaiters(of: r) }
    }

    /// `failed` failed: recognizers that were waiting for it may proceed if nothing else holds
    /// them.
    ///
    /// When `failed` failed because a recognizer *it* required to fail recognized, the waiters fail
    /// too, naming that winner: requirement chains are transitive on success. (With single, double
    /// and triple taps chained, a triple tap makes the double tap fail; the single tap, which
    /// waited only on the double, must not then be recognized for the first of the three taps.)
    ///
    /// A continuous waiter released after its fingers lifted heard no end while it waited: it
    /// begins and ends at once, rather than staying `began` with no touches.
    private func releaseWaiters(of failed: GestureRecognizer) {
        guard someoneWaits() else { return }
        var chainWinner: String?
        if case .requiredRecognizerSucceeded(let winner) = failed.failureReason { chainWinner = winner }
        let engine = self.engine
        engine.participantLoops += 1
        defer { engine.participantLoops -= 1 }
        var i = 0
        while i < engine.listed.count {
            let w = engine.listed[i]
            i += 1
            guard let target = w.pendingState, engine.isParticipant(w) else { continue }
            // The delegates asked may send input: `w` acted on only if it still waits as it did.
            let resets = w.resets
            // Waiting on `failed` (UIKit settles requirements once per attempt), or requiring it now.
            guard requiresFailure(w, of: failed) || waits(w, on: failed), stillWaits(w, for: target, since: resets)
            else { continue }
            if let chainWinner {
                w.pendingState = nil
                engine.with(cause: .otherRecognizer(chainWinner)) { fail(w, .requiredRecognizerSucceeded(chainWinner)) }
                continue
            }
            guard !mustWait(w), stillWaits(w, for: target, since: resets) else { continue }
            engine.with(cause: .otherRecognizer(failed.name)) { release(w, to: target) }
        }
    }

    /// Whether any recognizer is waiting on a failure requirement; those whose wait ended leave
    /// the list.
    private func someoneWaits() -> Bool {
        if waiting.isEmpty { return false }
        // Taken out, pruned and put back: no access to the list stays open across a call.
        var list = waiting
        waiting = []
        let link = self.link!
        list.removeAll { $0.pendingState == nil || !$0.takesPart(in: link) }
        waiting = list
        return !list.isEmpty
    }

    /// Recognizers were reset or let go: those whose wait ended leave the list, which holds them.
    func participantsReleased() {
        _ = someoneWaits()
    }

    /// Makes the transition `w` was waiting to make, now that nothing holds it.
    private func release(_ w: GestureRecognizer, to target: GestureState) {
        w.pendingState = nil
        // A touch of its own was cancelled in this cycle before it heard so (the cancel failed
        // the recognizer it waited on first): it fails for it, as it would have heard it first.
        for t in w.touches where t.phase == .cancelled {
            let reason = t.cancellation ?? .device
            return engine.with(cause: .touchesCancelled(reason)) { fail(w, .touchesCancelled(reason)) }
        }
        // A target called for `began` may already have moved the gesture on (a frame sent from
        // it): active, it still ends.
        // Begun here, outside its hooks: it says what it says as it begins, and ends as it would
        // have in its hooks (`beganAfterWaiting()`, `endAfterWaiting()`).
        if target == .ended && w.pendingBeganBeforeEnd {
            attempt(w, to: .began)
            if w.committedState.isActive { w.beganAfterWaiting() }
            if w.committedState.isActive { w.endAfterWaiting() }
        } else {
            attempt(w, to: target)
            if target == .began && w.committedState.isActive { w.beganAfterWaiting() }
            if target == .began && w.committedState.isActive && !w.touches.contains(where: { $0.isActive }) {
                w.endAfterWaiting()
            }
        }
    }
}
