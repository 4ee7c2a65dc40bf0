extension Arbiter {
    // MARK: Relations

    /// Whether `a` and `b` may recognize at the same time: either delegate says so.
    public func mayRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        mayRecognizeSimultaneously(a, a.delegate(asking: .simultaneous), b, b.delegate(asking: .simultaneous))
    }

    /// Whether `r` must wait for `f` to fail.
    public func requiresFailure(_ r: GestureRecognizer, of f: GestureRecognizer) -> Bool {
        requiresFailure(r, r.delegate(asking: .requireFailure), of: f, f.delegate(asking: .requiredToFail))
    }

    // The same questions with the delegates already loaded: a loop over the participants loads
    // the delegate of the recognizer it asks about once, not once per pair and question (each
    // load of a weak reference costs about 50 instructions).
    typealias Delegate = any GestureRecognizerDelegate

    func mayRecognizeSimultaneously(
        _ a: GestureRecognizer, _ ad: Delegate?, _ b: GestureRecognizer, _ bd: Delegate?
    ) -> Bool {
        // Written as two `map`s on purpose: the same test as two `if let`s cost the 1-finger
        // lifting frame 7,000 instructions more (35,361 → 42,315).
        (ad.map { a.answersByDefault(.simultaneous) ? false : $0.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) } ?? false)
            || (bd.map { b.answersByDefault(.simultaneous) ? false : $0.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) } ?? false)
    }

    func requiresFailure(_ r: GestureRecognizer, _ rd: Delegate?, of f: GestureRecognizer, _ fd: Delegate?) -> Bool {
        if r === f { return false }
        if r.failureRequirements.contains(where: { $0 === f }) { return true }
        if r.shouldRequireFailure(of: f) || f.shouldBeRequiredToFail(by: r) { return true }
        if let rd, !r.answersByDefault(.requireFailure), rd.gestureRecognizer(r, shouldRequireFailureOf: f) { return true }
        guard let fd, !f.answersByDefault(.requiredToFail) else { return false }
        return fd.gestureRecognizer(f, shouldBeRequiredToFailBy: r)
    }

    /// Whether two recognizers follow a common touch or touchpad gesture sequence.
    public func shareTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        Self.share(a.touches, b)
    }

    /// Whether `o`, which has begun or recognized (or is being told it won) on touches `r`
    /// shares, keeps `r` from doing the same: they may not recognize together, and neither
    /// subclass says otherwise.
    func prevents(_ o: GestureRecognizer, _ r: GestureRecognizer) -> Bool {
        !mayRecognizeSimultaneously(r, o) && o.canPrevent(r) && r.canBePrevented(by: o)
    }

    // MARK: Winners and waits

    /// A recognizer that won (began or recognized) while its targets are told so.
    struct Win {
        let recognizer: GestureRecognizer
        /// Its touches as it won.
        let touches: [Touch]
    }

    /// The recognizer whose targets are being told it won, sharing `r`'s touches as it won and
    /// not recognizing with it, that keeps `r` from winning, if any: a target that let its winner
    /// go (disabled or removed it) must not leave the touches it won to another in a cycle the
    /// target runs.
    func wonBefore(_ r: GestureRecognizer) -> String? {
        let list = winning
        for w in list where w.recognizer !== r && Self.share(w.touches, r) && prevents(w.recognizer, r) {
            return w.recognizer.name
        }
        return nil
    }

    /// Whether `r` follows one of `touches`.
    static func share(_ touches: [Touch], _ r: GestureRecognizer) -> Bool {
        for t in touches where r.touches.contains(where: { $0 === t }) { return true }
        return false
    }

    /// Whether `f` waits, itself or through those it waits on, on `r`: `r` waiting on it would
    /// close a loop of waits that nothing ends (requirements that came to form a cycle, one of
    /// them added while the other waited). `r` then decides without waiting, and those waiting
    /// on it are settled by its outcome.
    func waitChain(of f: GestureRecognizer, reaches r: GestureRecognizer) -> Bool {
        guard f.pendingState != nil else { return false }
        let target = ObjectIdentifier(r)
        var next = f.book.value.waitingOn
        var steps = 0
        let participants = engine.listed
        while let id = next, steps <= participants.count {
            if id == target { return true }
            guard let w = participants.first(where: { ObjectIdentifier($0) == id }), w.pendingState != nil else { return false }
            next = w.book.value.waitingOn
            steps += 1
        }
        return false
    }
}
