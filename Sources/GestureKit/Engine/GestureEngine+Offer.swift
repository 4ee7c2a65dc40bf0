extension GestureEngine {
    // MARK: Offering touches to recognizers

    /// Offers a touch to the recognizers of its region and the region's ancestors, deepest first.
    /// A recognizer busy with an outcome (finished or waiting on a failure requirement) is not
    /// asked, and may be offered the touch again once it resets in the same cycle. Returns whether
    /// any recognizer took it.
    /// With `onlyIdle`, only recognizers following no touch are asked: a touch that landed
    /// before joins no gesture already under way. `hitTested` says that the touch's region was
    /// just found by hit-testing this engine's root, with nothing run since: it and its
    /// ancestors are in the tree, and no weak load need say so.
    @discardableResult
    func offer(_ t: Touch, onlyIdle: Bool = false, hitTested: Bool = false) -> Bool {
        var took = false
        // Whether a region is in this engine's tree is looked up once for all its recognizers,
        // and stands while the tree does not change (a delegate's answer could change it).
        let tree = book.value.treeChanges
        // Fingers of one device down since it was the only one (the usual case): no recognizer
        // follows another device's, and the offer does not look (see `offer(_:to:)`).
        if book.value.activeTouches.count <= 1 {
            book.value.offerDevice = (t.device, false)
        } else if book.value.offerDevice.id != t.device {
            book.value.offerDevice.mixed = true
        }
        let devicesMixed = book.value.offerDevice.mixed
        var r = t.region
        while let region = r {
            let inTree = hitTested || region.engine === self
            // The ancestors as hit-testing found them, as UIKit fixes a touch's recognizers then:
            // a delegate asked below may take the region out of the tree (a popup closed as it
            // is touched), and the ancestors' recognizers are offered the touch still.
            let parent = region.parent
            // The list as the offer begins (a delegate may change it), each recognizer borrowed.
            // Two loops, so that the usual one, with fingers of one device, has no device check
            // at all (a test of the flag in each offer cost the 10-finger landing 1,169).
            if devicesMixed {
                region.gestureRecognizers.forEachUnretained { g in
                    if offer(t, to: g, onlyIdle: onlyIdle, inTree: book.value.treeChanges == tree ? inTree : nil,
                             devicesMixed: true) { took = true }
                }
            } else {
                region.gestureRecognizers.forEachUnretained { g in
                    if offer(t, to: g, onlyIdle: onlyIdle, inTree: book.value.treeChanges == tree ? inTree : nil,
                             devicesMixed: false) { took = true }
                }
            }
            // Above the engine's root (its tree placed in another engine's) is another engine's.
            if book.value.rootIsNested && region === root { break }
            r = parent
        }
        return took
    }

    /// Offers `t` to `g`; returns whether `g` took it.
    @inline(__always)
    private func offer(_ t: Touch, to g: GestureRecognizer, onlyIdle: Bool, inTree: Bool?, devicesMixed: Bool) -> Bool {
        guard g.book.value.lastOfferedSequence < t.sequence, !g.committedState.isFinished, g.pendingState == nil
        else { return false }
        if onlyIdle && !g.touches.isEmpty { return false }
        // Not in this engine's tree (a callback moved its region, or it is in another engine's
        // tree placed in this one's): the sequence number is not recorded, since it means
        // nothing to the engine the recognizer is in.
        guard inTree ?? (g.region?.engine === self) else { return false }
        assert(g.book.value.sequenceEngine === identity, "\(g.name) was not told that its region joined this engine's tree")
        g.book.value.lastOfferedSequence = t.sequence
        // A recognizer follows touchscreen fingers or a touchpad gesture, never both at once:
        // one following a touchpad gesture takes no finger that lands meanwhile, then or later.
        if g.touchpadGestureSequence != nil { return false }
        // A gesture is made on one surface: a recognizer following fingers of one touchscreen
        // takes none of another's (two people at two screens), then or once it resets, as it
        // takes no finger landing during a touchpad gesture.
        if devicesMixed && g.book.value.device != t.device && !g.book.value.touches.isEmpty { return false }
        guard accepts(g, t), attach(t, to: g) else { return false }
        queueBegan(t, for: g)
        book.value.inputQueued = true
        return true
    }

    /// After recognizers reset, the touches still down that they were never offered (they landed
    /// while the recognizer was busy with an outcome) are offered to them, while they follow no
    /// touch: a tap that lands while a double tap is failing starts the next tap instead of being
    /// lost. Whether the landing came in the frame of the reset or frames before it makes no
    /// difference; a touch that landed before never joins a gesture already under way.
    func offerTouchesMissed() -> Bool {
        var took = false
        var i = 0
        while i < activeTouches.count {
            let t = activeTouches[i]
            i += 1
            let landedNow = t.startTimestamp == now && t.sequence > book.value.landingsFrom
            if t.type != .touchpadGesture && offer(t, onlyIdle: !landedNow) { took = true }
        }
        return took
    }

    /// Whether `g`, whose region is in this engine's tree, takes `t`. Its caller has found it
    /// neither finished nor waiting, with nothing called since.
    @inline(__always)
    private func accepts(_ g: GestureRecognizer, _ t: Touch) -> Bool {
        let tree = book.value.treeChanges
        guard g.isEnabled,
              g.book.value.touchTypes.contains(t.type),
              // Placed as hit-testing placed it: a point on its output's far edge inside that output.
              !g.book.value.hasExclusionZones || t.type != .direct
                || !g.isExcluded(onScreen(t.startLocation, output: devices[t.device]?.outputFrame)),
              // A callback of the same offer may have cancelled the touch.
              t.isActive
        else { return false }
        if g.answersByDefault(.receiveTouch) { return true }
        return delegateAccepts(g, t, tree: tree)
    }

    /// Whether `g`'s delegate lets it receive `t`, and nothing it did meanwhile says otherwise.
    /// Apart from `accepts(_:_:)`, so that the offer's checks stay small where no delegate
    /// is asked: inlined, it costs the 10-finger landing 236 instructions more (it was 240
    /// retains and releases before the offer borrowed each recognizer unretained).
    @inline(never)
    private func delegateAccepts(_ g: GestureRecognizer, _ t: Touch, tree: Int) -> Bool {
        guard let delegate = g.delegate(asking: .receiveTouch) else { return true }
        book.value.offerCallouts &+= 1
        let retakes = g.book.value.retakes
        guard delegate.gestureRecognizer(g, shouldReceive: t) else { return false }
        // The delegate may have changed the graph, or cancelled the touch, before it answered;
        // or sent input in which the recognizer gave back landings of this frame (see
        // `takeBack(_:from:)`): it is offered them, and this one, again, once it resets (it may
        // have been already, in that input).
        return t.isActive && g.isEnabled && !g.committedState.isFinished && g.pendingState == nil
            && g.book.value.retakes == retakes && (book.value.treeChanges == tree || g.region?.engine === self)
    }

    /// A region joined or left the tree, or a recognizer its region (see `EngineBook.treeChanges`).
    func treeDidChange() {
        book.value.treeChanges &+= 1
    }

    /// Queues `t`, just attached to `g`, for `g.touchesBegan`: nothing to queue when every touch
    /// `g` follows is new (see `RecognizerBook.allTouchesBegan`).
    @inline(__always)
    private func queueBegan(_ t: Touch, for g: GestureRecognizer) {
        if g.book.value.allTouchesBegan || (g.book.value.touches.count == 1 && g.book.value.beganBuffer.isEmpty) {
            g.book.value.allTouchesBegan = true
        } else {
            g.book.value.beganBuffer.append(t)
            // A touch joins those it followed before this cycle: it may now follow enough of them to
            // hear their motion (see `dispatchMoves`). Otherwise it joined the participants in
            // this cycle, which marked the list stale already.
            book.value.listenersStale = true
        }
    }

    /// Attaches `t` to `g`, unless `g` takes part in another engine's sequence (an engine takes
    /// none of another's recognizers: the offer and the touchpad ask only those of regions in
    /// this engine's tree, so this is a last guard). Inlined: as a call, the offer retained and
    /// released the recognizer around it (5,200 instructions of the 10-finger landing).
    @inline(__always)
    func attach(_ t: Touch, to g: GestureRecognizer) -> Bool {
        let link = EngineLink(self)
        let part = g.book.value.partOf
        if part != link.address {
            if part != 0 { return false }
            g.boundEngine = link
            book.value.listenersStale = true
            join(g)
            recognizerDeadlinesChanged = true
        }
        if g.touches.isEmpty && g.touchpadGestureSequence == nil {
            g.book.value.failureReasonKept = false
            g.cancellationReason = nil
            // A participant that followed no touch (a double tap between its taps) was left out
            // of the list of those that hear motion when it was last rebuilt: it hears this
            // touch's motion only once the list is rebuilt (another hand's frames may have
            // rebuilt it meanwhile, and the landing marks nothing else stale).
            book.value.listenersStale = true
        }
        g.device = t.device
        g.isReleased = false
        t.join(g)
        g.book.value.touches.append(t)
        return true
    }

    /// Lists `g`, which begins to take part, among the participants. When the engine went idle,
    /// the list was kept (see `finishCycle`): the same fingers landing on the same regions join
    /// the same recognizers in the same order, and each takes its place in the kept order
    /// again, with one comparison where an append costs a retain and a copy check (a 1-finger
    /// landing on the 24-recognizer graph: 14,144 → 12,632 instructions; its lifting, which
    /// keeps the list instead of pruning it, 30,558 → 29,486). The first to join out of that
    /// order ends it: the rest of the kept order is dropped at once, even while loops over the
    /// participants run (each is then at a participant, which comes before the kept order:
    /// nothing before it moves), so that a recognizer of it that joins later is appended after
    /// those that joined first; the recognizer is appended, unless it is listed still (released
    /// earlier in a cycle that is still running).
    @inline(__always)
    private func join(_ g: GestureRecognizer) {
        let kept = book.value.keptOrder
        if kept < book.value.participants.count {
            if book.value.participants[kept] === g {
                book.value.keptOrder = kept + 1
                return
            }
            dropKeptOrder()
        }
        if g.book.value.listings == 0 || !listed.containsUnretained(where: { $0 === g }) {
            g.book.value.listings += 1
            book.value.participants.append(g)
        }
        book.value.keptOrder = book.value.participants.count
    }

    /// ``listed`` without the order kept from the last sequence: what an observer of the engine
    /// (a test) sees as taking part, or released and not yet pruned. Allocates while an order is
    /// kept; the engine itself reads ``listed``.
    var participants: [GestureRecognizer] {
        let kept = book.value.keptOrder
        let list = book.value.participants
        return kept < list.count ? Array(list[..<kept]) : list
    }

    /// Drops the entries of the kept order not joined again (see ``join(_:)``), if any. A loop
    /// over the participants may be running: it calls out only for a participant, listed before
    /// the kept order, and a recognizer it borrows from the kept order is not called out for.
    @inline(never)
    func dropKeptOrder() {
        let kept = book.value.keptOrder
        guard kept < book.value.participants.count else { return }
        var i = kept
        while i < book.value.participants.count {
            book.value.participants[i].book.value.listings -= 1
            i += 1
        }
        book.value.participants.removeSubrange(kept...)
        book.value.keptOrder = book.value.participants.count
    }

    /// Whether `r` takes part in this engine's sequence: it may be listed in ``participants``
    /// after it was released, or while it takes part in another engine's sequence.
    @inline(__always)
    func isParticipant(_ r: GestureRecognizer) -> Bool {
        r.takesPart(in: EngineLink(self))
    }
}
