/// Observes what an engine decides: every state change of every recognizer, failures included.
/// The demo host logs through it; tests record through it.
public protocol GestureEngineObserver: AnyObject {
    /// `recognizer` moved from `old` to `new` at the engine's ``GestureEngine/now``. For `failed`,
    /// ``GestureRecognizer/failureReason`` says why.
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState)
}

/// The engine: consumes ``InputEvent`` values, hit-tests touches into the ``Region`` tree, feeds
/// the attached recognizers, arbitrates between them (``Arbiter``) and delivers raw touches to
/// regions.
///
/// An engine is owned by one thread (or actor) at a time; it is not `Sendable`. It never reads the
/// wall clock: time moves only with the events it is sent and with ``advance(to:)``.
///
/// One input event is one *cycle*: deadlines due by the event's timestamp fire first, then touches
/// are hit-tested and handed to recognizers (each recognizer's hooks see that event's touches
/// grouped by phase), transitions are arbitrated as they are requested, and at the end of the
/// cycle raw touches are delivered to regions and finished recognizers reset.
public final class GestureEngine {
    /// The tunables this engine's own decisions use (device scale, watchdog).
    public let configuration: GestureConfiguration
    /// The root of the region tree, normally the size of the screen in points.
    public let root: Region
    /// The devices that are plugged in, by id.
    public private(set) var devices: [DeviceID: InputDevice] = [:]
    /// The latest moment the engine has seen, from an event or from ``advance(to:)``.
    public private(set) var now: Timestamp = .zero
    /// Told of every recognizer state change.
    public weak var observer: (any GestureEngineObserver)?
    /// The region whose recognizers (with its ancestors') receive touchpad gestures and indirect
    /// touches: the focused surface, for a compositor. Defaults to the root.
    public var touchpadFocus: Region?
    /// Where touchpad gestures are located (the pointer, if the host knows it); defaults to the
    /// centre of the focus region.
    public var touchpadPointerLocation: Point?
    /// Counts of what the engine dropped, for diagnosis.
    public private(set) var statistics = Statistics()

    /// What the engine has dropped or repaired.
    public struct Statistics: Hashable, Sendable {
        /// Frames from a device that was never added.
        public var framesFromUnknownDevices = 0
        /// Contacts that moved or ended without having begun (e.g. already down at start-up).
        public var contactsWithoutBegin = 0
        /// Contacts the device marked as palms.
        public var palmsIgnored = 0
        /// Touches cancelled by the stuck-touch watchdog.
        public var stuckTouchesCancelled = 0
    }

    let arbiter: Arbiter
    // Read for every event; mutated only by appends and by removals whose predicates look at the
    // elements alone, so no access can overlap another: no run-time exclusivity check.
    @exclusivity(unchecked) var participants: [GestureRecognizer] = []
    @exclusivity(unchecked) var activeTouches: [Touch] = []
    @exclusivity(unchecked) var deliveryTouches: [Touch] = []
    var touchpadSequences: [Touch] = []
    var ignoredContacts: [(device: DeviceID, contact: Int)] = []
    var deviceScales: [DeviceID: Double] = [:]
    var nextSequence = 0
    /// A touch or touchpad sequence ended or was cancelled since ``finishCycle()`` last looked:
    /// only then can a recognizer hold a finished touch (see there).
    var touchesLeft = false
    var stateEpoch = 0
    var isDeliveringTouches = false
    /// The device of the latest touch frame, with its touch type and points per millimetre.
    var frameDevice: (id: DeviceID, type: TouchType, scale: Double)?
    var recognizersReset = false
    var deliveryRequested = false
    var lastTap: (device: DeviceID, location: Point, end: Timestamp, count: Int)?

    deinit {
        for r in participants { r.boundEngine = nil }
    }

    /// Creates an engine whose root region covers `screen` (in points).
    public init(screen: Rect, configuration: GestureConfiguration = .default) {
        self.configuration = configuration
        self.root = Region(frame: screen, name: "root")
        self.arbiter = Arbiter()
        root.ownerEngine = self
        arbiter.engine = self
    }

    // MARK: Input

    /// Feeds one input event. Deadlines that fall before the event's timestamp fire first.
    public func send(_ event: InputEvent) {
        advance(to: event.timestamp)
        switch event {
        case .deviceAdded(let device, _):
            if devices[device.id] != nil { removeDevice(device.id) }
            devices[device.id] = device
            deviceScales[device.id] = scale(for: device)
            frameDevice = nil
        case .deviceRemoved(let id, _):
            removeDevice(id)
        case .touchFrame(let frame):
            handle(frame)
        case .touchpadGesture(let gesture):
            handle(gesture)
        }
    }

    /// Cancels every touch and touchpad gesture in flight: the safe way out for a host that lost
    /// track of its input (a VT switch, a suspended seat).
    public func cancelAllTouches() {
        for t in activeTouches { cancel(t, reason: .host) }
        for s in touchpadSequences { cancelSequence(s) }
        dispatchAndFinishCycle()
    }

    // MARK: Time

    /// The earliest moment at which the engine wants to be woken without new input (a long press
    /// beginning, a double tap timing out, the stuck-touch watchdog), or `nil`. Hosts use it as
    /// their poll timeout and call ``advance(to:)`` when it passes.
    public var nextDeadline: Timestamp? {
        var best: Timestamp?
        for r in participants {
            if let d = r.deadline, best == nil || d < best! { best = d }
        }
        if let timeout = configuration.stuckTouchTimeout, var oldest = activeTouches.first?.timestamp {
            // The oldest touch is due first; the timeout is added once (converting a Duration is
            // not free, and this runs before every event).
            for t in activeTouches where t.timestamp < oldest { oldest = t.timestamp }
            let d = oldest + timeout
            if best == nil || d < best! { best = d }
        }
        return best
    }

    /// Moves virtual time forward to `time`, firing every deadline up to and including it, each
    /// at its own moment. Time never goes backwards: an earlier `time` is ignored.
    public func advance(to time: Timestamp) {
        // A subclass that keeps re-arming a deadline in the past must not hang the host.
        var rounds = 0
        while let due = nextDeadline, due <= time, rounds < 10_000 {
            rounds += 1
            if due > now { now = due }
            fireDeadlines(at: due)
        }
        if time > now { now = time }
    }

    private func fireDeadlines(at due: Timestamp) {
        if let timeout = configuration.stuckTouchTimeout {
            var any = false
            for t in activeTouches where t.timestamp + timeout <= due {
                statistics.stuckTouchesCancelled += 1
                cancel(t, reason: .stuck)
                any = true
            }
            if any { dispatchAndFinishCycle() }
        }
        var i = 0
        while i < participants.count {
            let r = participants[i]
            if let d = r.deadline, d <= due {
                r.deadline = nil
                if r.isEnabled && !r.committedState.isFinished && r.pendingState == nil {
                    r.deadlineReached(at: d)
                }
            }
            i += 1
        }
        finishCycle()
    }

    // MARK: Devices

    /// Points per millimetre for `device`: the screen's area in points over the sensor's area in
    /// millimetres (a touchscreen mapped onto the whole screen; invariant under rotation), or the
    /// fallback for a device that reports no resolution.
    func scale(for device: InputDevice) -> Double {
        guard device.hasResolution, let mm = device.sizeMillimetres, mm.width > 0, mm.height > 0,
              root.frame.width > 0, root.frame.height > 0
        else { return configuration.fallbackPointsPerMillimetre }
        return ((root.frame.width * root.frame.height) / (mm.width * mm.height)).squareRoot()
    }

    private func removeDevice(_ id: DeviceID) {
        for t in activeTouches where t.device == id { cancel(t, reason: .deviceRemoved) }
        for s in touchpadSequences where s.device == id { cancelSequence(s) }
        ignoredContacts.removeAll { $0.device == id }
        devices[id] = nil
        deviceScales[id] = nil
        frameDevice = nil
        dispatchAndFinishCycle()
    }

    // MARK: Touch frames

    private func handle(_ frame: TouchFrame) {
        // A stream comes from one device at a time: remember the last one's touch type and scale
        // rather than look both up (and copy the device's record) on every frame.
        let type: TouchType, scale: Double
        if let cached = frameDevice, cached.id == frame.device {
            (type, scale) = (cached.type, cached.scale)
        } else {
            guard let device = devices[frame.device], let s = deviceScales[frame.device] else {
                statistics.framesFromUnknownDevices += 1
                return
            }
            (type, scale) = (device.kind == .touchscreen ? .direct : .indirect, s)
            frameDevice = (frame.device, type, scale)
        }
        for c in frame.contacts {
            switch c.phase {
            case .began:
                if let old = activeTouch(frame.device, c.id) { cancel(old, reason: .device) }
                ignoredContacts.removeAll { $0.device == frame.device && $0.contact == c.id }
                if c.isPalm {
                    statistics.palmsIgnored += 1
                    ignoredContacts.append((frame.device, c.id))
                    continue
                }
                begin(c, device: frame.device, type: type, scale: scale, at: frame.timestamp)
            case .moved, .stationary:
                guard let t = activeTouch(frame.device, c.id) else {
                    if !isIgnored(frame.device, c.id) { statistics.contactsWithoutBegin += 1 }
                    continue
                }
                if c.isPalm {
                    // The device goes on reporting the palm until it lifts: ignore it from now on.
                    statistics.palmsIgnored += 1
                    ignoredContacts.append((frame.device, c.id))
                    cancel(t, reason: .palm)
                    continue
                }
                update(t, with: c, at: frame.timestamp)
                if c.phase == .moved && t.location != t.previousLocation {
                    t.phase = .moved
                    // A recognizer that has recognized or failed would not hear of the motion
                    // (dispatchAndFinishCycle skips it), so it is not queued: in a busy graph most
                    // recognizers have failed and only follow the touches until they lift.
                    // The hottest loop of a frame (every touch × every recognizer it feeds).
                    // `rs` holds every recognizer strongly and nothing here calls out, so the
                    // elements are borrowed without retaining and releasing each one.
                    let rs = t.gestureRecognizers
                    var k = 0
                    while k < rs.count {
                        unowned(unsafe) let r = rs[k]
                        k += 1
                        if !r.committedState.isFinished { r.movedBuffer.append(t) }
                    }
                } else {
                    t.phase = .stationary
                }
            case .ended, .cancelled:
                guard let t = activeTouch(frame.device, c.id) else {
                    if !isIgnored(frame.device, c.id) { statistics.contactsWithoutBegin += 1 }
                    ignoredContacts.removeAll { $0.device == frame.device && $0.contact == c.id }
                    continue
                }
                update(t, with: c, at: frame.timestamp)
                if c.phase == .ended && !c.isPalm {
                    t.phase = .ended
                    touchesLeft = true
                    removeActive(t)
                    for r in t.gestureRecognizers { r.endedBuffer.append(t) }
                    noteTapEnd(t)
                } else {
                    cancel(t, reason: c.isPalm ? .palm : .device)
                }
            }
        }
        dispatchAndFinishCycle()
    }

    /// The active touch of a contact. Indexing (rather than iterating, which retains each touch it
    /// passes) keeps this search free of reference counting: it runs for every contact of every frame.
    private func activeTouch(_ device: DeviceID, _ contact: Int) -> Touch? {
        var i = 0
        let n = activeTouches.count
        while i < n {
            if activeTouches[i].contactID == contact && activeTouches[i].device == device { return activeTouches[i] }
            i += 1
        }
        return nil
    }

    private func isIgnored(_ device: DeviceID, _ contact: Int) -> Bool {
        ignoredContacts.contains { $0.device == device && $0.contact == contact }
    }

    private func removeActive(_ t: Touch) {
        if let i = activeTouches.firstIndex(where: { $0 === t }) { activeTouches.remove(at: i) }
    }

    private func update(_ t: Touch, with c: TouchContact, at time: Timestamp) {
        t.previousLocation = t.location
        t.location = c.location
        t.millimetres = c.millimetres
        t.pressure = c.pressure
        t.majorAxisMillimetres = c.majorAxisMillimetres
        t.timestamp = time
    }

    private func begin(_ c: TouchContact, device: DeviceID, type: TouchType, scale: Double, at time: Timestamp) {
        nextSequence += 1
        let t = Touch(
            sequence: nextSequence, device: device, contactID: c.id, type: type, pointsPerMillimetre: scale,
            at: time, location: c.location, millimetres: c.millimetres, tapCount: tapCount(device, c.location, scale, time)
        )
        t.pressure = c.pressure
        t.majorAxisMillimetres = c.majorAxisMillimetres
        let hit: Region?
        if type == .direct {
            hit = root.hitTest(c.location) ?? root
        } else {
            hit = touchpadFocus ?? root
        }
        t.region = hit
        offer(t)
        activeTouches.append(t)
        deliveryTouches.append(t)
    }

    /// Offers a touch to the recognizers of its region and the region's ancestors, deepest first.
    /// A recognizer busy with an outcome (finished or waiting on a failure requirement) is not
    /// asked, and may be offered the touch again once it resets in the same cycle. Returns whether
    /// any recognizer took it.
    @discardableResult
    private func offer(_ t: Touch) -> Bool {
        var took = false
        var r = t.region
        while let region = r {
            for g in region.gestureRecognizers where g.lastOfferedSequence < t.sequence {
                if g.committedState.isFinished || g.pendingState != nil { continue }
                g.lastOfferedSequence = t.sequence
                if accepts(g, t) {
                    attach(t, to: g)
                    g.beganBuffer.append(t)
                    took = true
                }
            }
            r = region.parent
        }
        return took
    }

    /// After recognizers reset, the touches that began in this very cycle are offered to them: a
    /// tap that lands while a double tap is failing starts the next tap instead of being lost.
    private func offerTouchesBeganNow() -> Bool {
        var took = false
        var i = 0
        while i < activeTouches.count {
            let t = activeTouches[i]
            i += 1
            if t.startTimestamp == now && t.type != .touchpadGesture && offer(t) { took = true }
        }
        return took
    }

    private func accepts(_ g: GestureRecognizer, _ t: Touch) -> Bool {
        guard g.isEnabled, !g.committedState.isFinished, g.pendingState == nil,
              g.allowedTouchTypes.contains(t.type)
        else { return false }
        return g.delegate?.gestureRecognizer(g, shouldReceive: t) ?? true
    }

    private func attach(_ t: Touch, to g: GestureRecognizer) {
        if g.touches.isEmpty && g.touchpadGestureSequence == nil { g.failureReason = nil }
        g.device = t.device
        g.boundEngine = self
        t.gestureRecognizers.append(g)
        g.touches.append(t)
        if !g.isParticipant {
            g.isParticipant = true
            participants.append(g)
        }
    }

    private func tapCount(_ device: DeviceID, _ location: Point, _ scale: Double, _ time: Timestamp) -> Int {
        guard let last = lastTap, last.device == device,
              time - last.end <= configuration.multiTapMaximumInterval,
              location.distance(to: last.location) <= configuration.multiTapMaximumDistance.points(atPointsPerMillimetre: scale)
        else { return 1 }
        return last.count + 1
    }

    private func noteTapEnd(_ t: Touch) {
        let short = t.timestamp - t.startTimestamp <= configuration.tapMaximumDuration
        let still = t.distanceFromStart <= configuration.tapMaximumMovement.points(atPointsPerMillimetre: t.pointsPerMillimetre)
        lastTap = short && still ? (t.device, t.startLocation, t.timestamp, t.tapCount) : nil
    }

    /// Marks `t` cancelled and queues it for its recognizers' `touchesCancelled`.
    private func cancel(_ t: Touch, reason: TouchCancellation) {
        guard t.isActive else { return }
        t.phase = .cancelled
        touchesLeft = true
        t.cancellation = reason
        removeActive(t)
        for r in t.gestureRecognizers { r.cancelledBuffer.append(t) }
    }

    // MARK: Touchpad gestures

    private func handle(_ g: TouchpadGestureEvent) {
        guard devices[g.device] != nil else {
            statistics.framesFromUnknownDevices += 1
            return
        }
        if g.phase == .begin {
            if let old = touchpadSequence(g.device) { cancelSequence(old) }
            nextSequence += 1
            let location = touchpadPointerLocation ?? (touchpadFocus ?? root).screenFrame.center
            let seq = Touch(
                sequence: nextSequence, device: g.device, contactID: -1, type: .touchpadGesture,
                pointsPerMillimetre: configuration.fallbackPointsPerMillimetre, at: g.timestamp,
                location: location, millimetres: .zero, tapCount: 1
            )
            seq.region = touchpadFocus ?? root
            seq.delivery = .done
            var r = seq.region
            while let region = r {
                for rec in region.gestureRecognizers
                where rec.isEnabled && !rec.committedState.isFinished && rec.pendingState == nil && rec.accepts(g)
                    && (rec.delegate?.gestureRecognizer(rec, shouldReceive: g) ?? true) {
                    attach(seq, to: rec)
                    rec.touchpadGestureSequence = seq
                }
                r = region.parent
            }
            touchpadSequences.append(seq)
        }
        guard let seq = touchpadSequence(g.device) else {
            statistics.contactsWithoutBegin += 1
            return
        }
        seq.timestamp = g.timestamp
        switch g.phase {
        case .begin, .update: seq.phase = g.phase == .begin ? .began : .moved
        case .end: seq.phase = .ended
        case .cancel: seq.phase = .cancelled; seq.cancellation = .device
        }
        if !seq.isActive { touchesLeft = true }
        deliver(g, to: seq)
        if !seq.isActive { touchpadSequences.removeAll { $0 === seq } }
        finishCycle()
    }

    private func touchpadSequence(_ device: DeviceID) -> Touch? {
        for s in touchpadSequences where s.device == device { return s }
        return nil
    }

    private func deliver(_ g: TouchpadGestureEvent, to seq: Touch) {
        for r in seq.gestureRecognizers where r.isEnabled && !r.committedState.isFinished && r.pendingState == nil {
            r.lastFrameTime = g.timestamp
            r.touchpadFingerCount = g.fingerCount
            r.touchpadGesture(g)
        }
    }

    private func cancelSequence(_ seq: Touch) {
        guard seq.isActive else { return }
        seq.phase = .cancelled
        touchesLeft = true
        seq.cancellation = .deviceRemoved
        let event = TouchpadGestureEvent(
            device: seq.device, timestamp: now, kind: .hold, phase: .cancel, fingerCount: 0
        )
        deliver(event, to: seq)
        touchpadSequences.removeAll { $0 === seq }
    }

    // MARK: The cycle

    /// Calls every participant's hooks with the touches of this cycle, then finishes the cycle.
    private func dispatchAndFinishCycle() {
        recognizersReset = false
        dispatchHooks()
        finishCycle()
        var rounds = 0
        while recognizersReset && rounds < 4 && offerTouchesBeganNow() {
            recognizersReset = false
            rounds += 1
            dispatchHooks()
            finishCycle()
        }
    }

    /// Calls every participant's hooks with the touches queued for it in this cycle.
    private func dispatchHooks() {
        var i = 0
        while i < participants.count {
            let r = participants[i]
            i += 1
            r.lastFrameTime = now
            let ready = r.isEnabled && r.pendingState == nil
            if !r.beganBuffer.isEmpty {
                if ready && !r.committedState.isFinished { r.touchesBegan(r.beganBuffer) }
                r.beganBuffer.removeAll(keepingCapacity: true)
            }
            if !r.movedBuffer.isEmpty {
                if ready && !r.committedState.isFinished { r.touchesMoved(r.movedBuffer) }
                r.movedBuffer.removeAll(keepingCapacity: true)
            }
            if !r.endedBuffer.isEmpty {
                if ready && !r.committedState.isFinished { r.touchesEnded(r.endedBuffer) }
                r.endedBuffer.removeAll(keepingCapacity: true)
            }
            if !r.cancelledBuffer.isEmpty {
                if ready && !r.committedState.isFinished { r.touchesCancelled(r.cancelledBuffer) }
                else if r.pendingState != nil { arbiter.request(r, to: .failed, reason: .touchesCancelled(r.cancelledBuffer[0].cancellation ?? .device)) }
                r.cancelledBuffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Ends a cycle: delivers raw touches, drops finished touches from recognizers, fails
    /// recognizers left undecided with nothing to wait for, and resets finished ones.
    func finishCycle() {
        var settled = false
        var rounds = 0
        // Recognizers hold only active touches until one ends: scanning every recognizer's
        // touches for finished ones is needed only then (a steady stream of moving frames skips
        // it). The flag is taken before the scan, so a touch that ends during it (in a callback)
        // is found by the cycle its ending starts.
        var pruning = false
        while !settled && rounds < 8 {
            settled = true
            rounds += 1
            deliverTouches()
            if touchesLeft {
                pruning = true
                touchesLeft = false
            }
            var i = 0
            while i < participants.count {
                let r = participants[i]
                i += 1
                // Released this cycle (disabled or removed, and already reset): nothing to settle.
                guard r.isParticipant else { continue }
                if pruning && r.touches.contains(where: { !$0.isActive }) {
                    r.touches.removeAll { !$0.isActive }
                }
                if let s = r.touchpadGestureSequence, !s.isActive { r.touchpadGestureSequence = nil }
                guard r.touches.isEmpty else { continue }
                if r.committedState.isFinished {
                    resetRecognizer(r)
                } else if r.committedState == .possible && r.pendingState == nil && r.deadline == nil {
                    arbiter.request(r, to: .failed, reason: .undecided)
                    settled = false
                }
            }
        }
        participants.removeAll { !$0.isParticipant }
    }

    private func resetRecognizer(_ r: GestureRecognizer) {
        let old = r.committedState
        recognizersReset = true
        // Touches still being delivered stop consulting the recognizer, keeping its claim if it
        // made one: once reset it speaks for the next sequence, not for theirs.
        for t in deliveryTouches where t.delivery != .done {
            guard let i = t.gestureRecognizers.firstIndex(where: { $0 === r }) else { continue }
            if r.cancelsTouchesInView && old.hasRecognized { t.isClaimed = true }
            t.gestureRecognizers.remove(at: i)
        }
        r.committedState = .possible
        r.pendingState = nil
        r.deadline = nil
        r.isParticipant = false
        r.boundEngine = nil
        r.touchpadFingerCount = 0
        r.reset()
        stateEpoch += 1
        observer?.engine(self, recognizer: r, didChangeFrom: old, to: .possible)
    }

    func didTransition(_ r: GestureRecognizer, from old: GestureState, to new: GestureState) {
        stateEpoch += 1
        observer?.engine(self, recognizer: r, didChangeFrom: old, to: new)
    }

    // MARK: Detaching

    /// Releases a recognizer that is being disabled or removed: a gesture in progress is
    /// cancelled, a possible one fails, and its touches are let go.
    func recognizerWillDetach(_ r: GestureRecognizer) {
        guard r.isParticipant else { return }
        if r.committedState.isActive {
            r.pendingState = nil
            r.commit(.cancelled, reason: nil)
        } else if r.committedState == .possible {
            arbiter.request(r, to: .failed, reason: .disabled)
        }
        for t in r.touches { t.gestureRecognizers.removeAll { $0 === r } }
        r.touches.removeAll()
        r.touchpadGestureSequence = nil
        r.beganBuffer.removeAll(keepingCapacity: true)
        r.movedBuffer.removeAll(keepingCapacity: true)
        r.endedBuffer.removeAll(keepingCapacity: true)
        r.cancelledBuffer.removeAll(keepingCapacity: true)
        if r.committedState.isFinished { resetRecognizer(r) }
        finishCycle()
    }

    /// A region leaves the tree: its recognizers and those of its subtree let go of their touches.
    /// Touches delivered to a handler in the subtree are cancelled there (its surface is gone), and
    /// held ones are dropped: every touch a handler heard of still ends with exactly one word.
    func regionWillDetach(_ region: Region) {
        var stack = [region]
        while let r = stack.popLast() {
            for g in r.gestureRecognizers { recognizerWillDetach(g) }
            stack.append(contentsOf: r.children)
        }
        for t in deliveryTouches {
            guard t.delivery != .done, let hit = t.region, hit.isDescendant(of: region) else { continue }
            let wasDelivering = t.delivery == .delivering
            t.delivery = .done
            if wasDelivering { hit.touchHandler?.touchCancelled(t) }
        }
        // Finished touches leave the list at the end of the delivery pass.
        deliverTouches()
    }
}
