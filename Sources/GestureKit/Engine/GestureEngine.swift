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
/// cycle raw touches are delivered to regions and finished recognizers reset. Each region whose
/// ``TouchHandler`` was delivered something then gets one ``TouchHandler/touchFrame(in:)``.
public final class GestureEngine {
    /// The tunables this engine's own decisions use (device scale, watchdog).
    public let configuration: GestureConfiguration
    /// The root of the region tree, normally the size of the screen in points.
    public let root: Region
    /// The devices that are plugged in, by id.
    public private(set) var devices: [DeviceID: InputDevice] = [:]
    /// The latest moment the engine has seen, from an event or from ``advance(to:)``.
    @exclusivity(unchecked) public private(set) var now: Timestamp = .zero
    /// Told of every recognizer state change.
    @exclusivity(unchecked) public weak var observer: (any GestureEngineObserver)?
    /// The region whose recognizers (with its ancestors') receive touchpad gestures and indirect
    /// touches: the focused surface, for a compositor. Defaults to the root.
    public var touchpadFocus: Region?
    /// Where touchpad gestures are located (the pointer, if the host knows it); defaults to the
    /// centre of the focus region.
    public var touchpadPointerLocation: Point?
    /// Counts of what the engine dropped, for diagnosis.
    @exclusivity(unchecked) public private(set) var statistics = Statistics()

    /// What the engine has dropped or repaired.
    public struct Statistics: Hashable, Sendable {
        /// Frames from a device that was never added.
        public var framesFromUnknownDevices = 0
        /// Contacts that moved or ended without having begun (e.g. already down at start-up).
        public var contactsWithoutBegin = 0
        /// Contacts the device marked as palms.
        public var palmsIgnored = 0
        /// Touchscreen contacts rejected for their size or pressure
        /// (``GestureConfiguration/largeContactMajorAxis``), on landing or later.
        public var largeContactsRejected = 0
        /// Touches cancelled by the stuck-touch watchdog.
        public var stuckTouchesCancelled = 0
    }

    let arbiter: Arbiter
    /// ``GestureConfiguration/stuckTouchTimeout`` in microseconds, converted once (it is added to a
    /// timestamp before every event).
    let stuckTouchTimeoutMicroseconds: Int64?
    // The state below is read and written for every event, by plain loads and stores or by array
    // mutations whose closures (if any) look at the elements alone, so no access can overlap
    // another: no run-time exclusivity check.
    @exclusivity(unchecked) var participants: [GestureRecognizer] = []
    @exclusivity(unchecked) var activeTouches: [Touch] = []
    @exclusivity(unchecked) var deliveryTouches: [Touch] = []
    var touchpadSequences: [Touch] = []
    @exclusivity(unchecked) var ignoredContacts: [(device: DeviceID, contact: Int)] = []
    var deviceDensities: [DeviceID: PointDensity] = [:]
    var nextSequence = 0
    /// A touch or touchpad sequence ended or was cancelled since ``finishCycle()`` last looked:
    /// only then can a recognizer hold a finished touch (see there).
    @exclusivity(unchecked) var touchesLeft = false
    @exclusivity(unchecked) var isDeliveringTouches = false
    /// The device of the latest touch frame, with its touch type, density and large-contact limits.
    @exclusivity(unchecked) var frameDevice: (id: DeviceID, type: TouchType, density: PointDensity, limits: LargeContactLimits)?
    @exclusivity(unchecked) var recognizersReset = false
    /// Counts touch frames; a touch that moves records the count (``Touch/movedInFrame``).
    @exclusivity(unchecked) var frameSerial = 0
    /// A touch moved in the frame being handled and the recognizers have not heard of it yet.
    @exclusivity(unchecked) var movesPending = false
    /// Every touch down moved in the frame being handled and none lifted: each recognizer's
    /// touches all moved (the usual frame of a gesture in progress).
    @exclusivity(unchecked) var allTouchesMoved = false
    /// A recognizer left the participants since ``finishCycle()`` last removed them.
    @exclusivity(unchecked) var participantsReleased = false
    /// Loops over ``participants`` by index in progress (hooks and arbitration, which call out):
    /// released recognizers stay in the list until none is, so that no loop skips one.
    @exclusivity(unchecked) var participantLoops = 0
    /// The earliest ``GestureRecognizer/deadline`` of the participants, valid unless
    /// ``recognizerDeadlinesChanged``: a participant set its deadline or the participants changed.
    @exclusivity(unchecked) var earliestRecognizerDeadline: Timestamp?
    @exclusivity(unchecked) var recognizerDeadlinesChanged = false
    @exclusivity(unchecked) var deliveryRequested = false
    /// Delivery batches open (see TouchDelivery.swift): the outermost sends the frames.
    @exclusivity(unchecked) var deliveryBatches = 0
    /// The regions delivered to since the last frames, in order; those before ``framesSent``
    /// have had their frame in the flush under way.
    @exclusivity(unchecked) var framedRegions: [Region] = []
    @exclusivity(unchecked) var framesSent = 0
    @exclusivity(unchecked) var isSendingTouchFrames = false
    /// Reused for the touches of a region-wide cancel.
    @exclusivity(unchecked) var regionCancelBuffer: [Touch] = []
    var lastTap: (device: DeviceID, location: Point, end: Timestamp, count: Int)?

    deinit {
        // A touch and the recognizers following it hold each other (and the touch its region):
        // an engine dropped while fingers are down unties them, or the graph would outlive it.
        for r in participants {
            r.boundEngine = nil
            r.touches.removeAll()
            r.touchpadGestureSequence = nil
            r.beganBuffer.removeAll()
            r.movedBuffer.removeAll()
            r.endedBuffer.removeAll()
            r.cancelledBuffer.removeAll()
        }
        for t in activeTouches { t._gestureRecognizers.removeAll() }
        for t in touchpadSequences { t._gestureRecognizers.removeAll() }
    }

    /// Creates an engine whose root region covers `screen` (in points).
    public init(screen: Rect, configuration: GestureConfiguration = .default) {
        self.configuration = configuration
        self.stuckTouchTimeoutMicroseconds = configuration.stuckTouchTimeout?.gestureMicroseconds
        self.root = Region(frame: screen, name: "root")
        self.arbiter = Arbiter()
        root.ownerEngine = self
        arbiter.engine = self
    }

    // MARK: Input

    /// Feeds one input event. Deadlines that fall before the event's timestamp fire first.
    public func send(_ event: InputEvent) {
        advance(to: event.timestamp)
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        switch event {
        case .deviceAdded(let device, _):
            if devices[device.id] != nil { removeDevice(device.id) }
            devices[device.id] = device
            deviceDensities[device.id] = density(for: device)
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
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        for t in activeTouches { cancel(t, reason: .host) }
        for s in touchpadSequences { cancelSequence(s) }
        dispatchAndFinishCycle()
    }

    // MARK: Time

    /// The earliest moment at which the engine wants to be woken without new input (a long press
    /// beginning, a double tap timing out, the stuck-touch watchdog), or `nil`. Hosts use it as
    /// their poll timeout and call ``advance(to:)`` when it passes.
    public var nextDeadline: Timestamp? {
        if recognizerDeadlinesChanged {
            recognizerDeadlinesChanged = false
            var earliest: Timestamp?
            var k = 0
            while k < participants.count {
                // Nothing here calls out, so the recognizers are not retained.
                unowned(unsafe) let r = participants[k]
                k += 1
                if let d = r.deadline, earliest == nil || d < earliest! { earliest = d }
            }
            earliestRecognizerDeadline = earliest
        }
        var best = earliestRecognizerDeadline
        if let timeout = stuckTouchTimeoutMicroseconds, !activeTouches.isEmpty {
            // The touch the device has been silent about longest is due first.
            var oldest = Int64.max
            var i = 0
            while i < activeTouches.count {
                oldest = min(oldest, activeTouches[i].lastReport.microseconds)
                i += 1
            }
            let d = Timestamp(microseconds: oldest + timeout)
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
            beginDeliveryBatch()
            fireDeadlines(at: due)
            endDeliveryBatch()
        }
        if time > now { now = time }
    }

    private func fireDeadlines(at due: Timestamp) {
        if let timeout = configuration.stuckTouchTimeout {
            var any = false
            for t in activeTouches where t.lastReport + timeout <= due {
                statistics.stuckTouchesCancelled += 1
                cancel(t, reason: .stuck)
                any = true
            }
            if any { dispatchAndFinishCycle() }
        }
        participantLoops += 1
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
        participantLoops -= 1
        finishCycle()
    }

    // MARK: Devices

    /// Points per millimetre along each screen axis for `device`: the density its producer gave
    /// (``InputDevice/density``), else the screen's area in points over the sensor's area in
    /// millimetres on both axes (a touchscreen mapped onto the whole screen; invariant under
    /// rotation), else the fallback for a device that reports no resolution.
    func density(for device: InputDevice) -> PointDensity {
        if let d = device.density, d.isValid { return d }
        guard device.hasResolution, let mm = device.sizeMillimetres, mm.width > 0, mm.height > 0,
              root.frame.width > 0, root.frame.height > 0
        else { return PointDensity(uniform: configuration.fallbackPointsPerMillimetre) }
        return PointDensity(uniform: ((root.frame.width * root.frame.height) / (mm.width * mm.height)).squareRoot())
    }

    /// Points per millimetre along each screen axis for the touches of device `id`, as the engine
    /// judges them, or `nil` for a device that is not plugged in.
    public func density(of id: DeviceID) -> PointDensity? { deviceDensities[id] }

    private func removeDevice(_ id: DeviceID) {
        for t in activeTouches where t.device == id { cancel(t, reason: .deviceRemoved) }
        for s in touchpadSequences where s.device == id { cancelSequence(s) }
        ignoredContacts.removeAll { $0.device == id }
        devices[id] = nil
        deviceDensities[id] = nil
        frameDevice = nil
        dispatchAndFinishCycle()
    }

    // MARK: Touch frames

    private func handle(_ frame: TouchFrame) {
        frameSerial &+= 1
        var moved = 0
        var hint = 0
        // A stream comes from one device at a time: remember the last one's touch type and scale
        // rather than look both up (and copy the device's record) on every frame.
        let type: TouchType, density: PointDensity, limits: LargeContactLimits
        if let cached = frameDevice, cached.id == frame.device {
            (type, density, limits) = (cached.type, cached.density, cached.limits)
        } else {
            guard let device = devices[frame.device], let d = deviceDensities[frame.device] else {
                statistics.framesFromUnknownDevices += 1
                return
            }
            (type, density) = (device.kind == .touchscreen ? .direct : .indirect, d)
            limits = LargeContactLimits(for: device, density: d, configuration: configuration)
            frameDevice = (frame.device, type, density, limits)
        }
        for c in frame.contacts {
            switch c.phase {
            case .began:
                if let old = activeTouch(frame.device, c.id) { cancel(old, reason: .device) }
                ignoredContacts.removeAll { $0.device == frame.device && $0.contact == c.id }
                if c.isPalm || limits.rejects(c) {
                    if c.isPalm { statistics.palmsIgnored += 1 } else { statistics.largeContactsRejected += 1 }
                    ignoredContacts.append((frame.device, c.id))
                    continue
                }
                begin(c, device: frame.device, type: type, density: density, at: frame.timestamp)
            case .moved, .stationary:
                guard let index = activeTouchIndex(frame.device, c.id, from: hint) else {
                    if !isIgnored(frame.device, c.id) { statistics.contactsWithoutBegin += 1 }
                    continue
                }
                if c.isPalm || limits.rejects(c) {
                    // The device goes on reporting the palm until it lifts: ignore it from now on.
                    if c.isPalm { statistics.palmsIgnored += 1 } else { statistics.largeContactsRejected += 1 }
                    ignoredContacts.append((frame.device, c.id))
                    cancel(activeTouches[index], reason: .palm)
                    continue
                }
                // The common case, every contact of every frame: `activeTouches` holds the touch
                // and nothing below calls out, so it is not retained.
                unowned(unsafe) let t = activeTouches[index]
                // Contacts usually come in the order their touches began: look there first.
                hint = index + 1
                update(t, with: c, at: frame.timestamp)
                if c.phase == .moved && t.location != t.previousLocation {
                    t._phase = .moved
                    // Stamped rather than queued per recognizer: dispatchHooks hands each
                    // recognizer that is still deciding or recognizing the touches it tracks that
                    // carry this frame's stamp. In a busy graph most recognizers have recognized
                    // or failed and only follow the touches until they lift; they cost nothing here.
                    // (A contact listed twice in one frame counts once.)
                    if t.movedInFrame != frameSerial { moved += 1 }
                    t.movedInFrame = frameSerial
                    movesPending = true
                } else {
                    t._phase = .stationary
                }
            case .ended, .cancelled:
                guard let t = activeTouch(frame.device, c.id) else {
                    if !isIgnored(frame.device, c.id) { statistics.contactsWithoutBegin += 1 }
                    ignoredContacts.removeAll { $0.device == frame.device && $0.contact == c.id }
                    continue
                }
                update(t, with: c, at: frame.timestamp)
                let large = !c.isPalm && limits.rejects(c)
                if large { statistics.largeContactsRejected += 1 }
                if c.phase == .ended && !c.isPalm && !large {
                    t._phase = .ended
                    touchesLeft = true
                    removeActive(t)
                    for r in t.gestureRecognizers { r.endedBuffer.append(t) }
                    noteTapEnd(t)
                } else {
                    cancel(t, reason: c.isPalm || large ? .palm : .device)
                }
            }
        }
        allTouchesMoved = moved == activeTouches.count && !touchesLeft
        dispatchAndFinishCycle()
    }

    /// The active touch of a contact. Indexing (rather than iterating, which retains each touch it
    /// passes) keeps this search free of reference counting: it runs for every contact of every frame.
    private func activeTouch(_ device: DeviceID, _ contact: Int) -> Touch? {
        activeTouchIndex(device, contact).map { activeTouches[$0] }
    }

    /// The index in ``activeTouches`` of a contact's touch, searched from `start` round to it.
    private func activeTouchIndex(_ device: DeviceID, _ contact: Int, from start: Int = 0) -> Int? {
        let n = activeTouches.count
        var i = start < n ? start : 0
        var left = n
        while left > 0 {
            if activeTouches[i].contactID == contact && activeTouches[i].device == device { return i }
            i += 1
            if i == n { i = 0 }
            left -= 1
        }
        return nil
    }

    private func isIgnored(_ device: DeviceID, _ contact: Int) -> Bool {
        ignoredContacts.contains { $0.device == device && $0.contact == contact }
    }

    private func removeActive(_ t: Touch) {
        if let i = activeTouches.firstIndex(where: { $0 === t }) { activeTouches.remove(at: i) }
    }

    @inline(__always)
    private func update(_ t: Touch, with c: TouchContact, at time: Timestamp) {
        // A contact the producer merely repeats (a resting finger re-sent every frame) is not news:
        // only a change keeps the watchdog away.
        if c.location != t.location || c.pressure != t.pressure || c.majorAxisMillimetres != t.majorAxisMillimetres
            || !c.phase.isActive {
            t.lastReport = time
        }
        t._previousLocation = t.location
        t._location = c.location
        t._millimetres = c.millimetres
        t._pressure = c.pressure
        t._majorAxisMillimetres = c.majorAxisMillimetres
        t._timestamp = time
    }

    private func begin(_ c: TouchContact, device: DeviceID, type: TouchType, density: PointDensity, at time: Timestamp) {
        nextSequence += 1
        let t = Touch(
            sequence: nextSequence, device: device, contactID: c.id, type: type, density: density,
            at: time, location: c.location, millimetres: c.millimetres, tapCount: tapCount(device, c.location, density, time)
        )
        t._pressure = c.pressure
        t._majorAxisMillimetres = c.majorAxisMillimetres
        let hit: Region?
        if type == .direct {
            hit = root.hitTest(c.location) ?? root
        } else {
            hit = touchpadFocus ?? root
        }
        t._region = hit
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
              g.allowedTouchTypes.contains(t.type),
              g.exclusionZones.isEmpty || t.type != .direct || !g.isExcluded(t.startLocation),
              // A callback of the same offer may have cancelled the touch, or taken the region
              // out of the tree.
              t.isActive, g.region?.engine === self
        else { return false }
        guard let delegate = g.delegate else { return true }
        guard delegate.gestureRecognizer(g, shouldReceive: t) else { return false }
        // The delegate may have changed the graph, or cancelled the touch, before it answered.
        return t.isActive && g.isEnabled && !g.committedState.isFinished && g.pendingState == nil && g.region?.engine === self
    }

    private func attach(_ t: Touch, to g: GestureRecognizer) {
        if g.touches.isEmpty && g.touchpadGestureSequence == nil {
            g.failureReason = nil
            g.cancellationReason = nil
        }
        g.device = t.device
        g.isReleased = false
        g.boundEngine = Unmanaged.passUnretained(self)
        t._gestureRecognizers.append(g)
        g.touches.append(t)
        if !g.isParticipant {
            g.isParticipant = true
            // Released earlier in a cycle that is still running, it may still be listed.
            if !participants.contains(where: { $0 === g }) { participants.append(g) }
            recognizerDeadlinesChanged = true
        }
    }

    private func tapCount(_ device: DeviceID, _ location: Point, _ density: PointDensity, _ time: Timestamp) -> Int {
        guard let last = lastTap, last.device == device,
              time - last.end <= configuration.multiTapMaximumInterval,
              configuration.multiTapMaximumDistance.length(of: location - last.location, density: density)
                <= configuration.multiTapMaximumDistance.magnitude
        else { return 1 }
        return last.count + 1
    }

    private func noteTapEnd(_ t: Touch) {
        let short = t.timestamp - t.startTimestamp <= configuration.tapMaximumDuration
        let movement = configuration.tapMaximumMovement
        let still = movement.length(of: t.location - t.startLocation, density: t.density) <= movement.magnitude
        lastTap = short && still ? (t.device, t.startLocation, t.timestamp, t.tapCount) : nil
    }

    /// Marks `t` cancelled and queues it for its recognizers' `touchesCancelled`.
    private func cancel(_ t: Touch, reason: TouchCancellation) {
        guard t.isActive else { return }
        t._phase = .cancelled
        touchesLeft = true
        t._cancellation = reason
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
                density: PointDensity(uniform: configuration.fallbackPointsPerMillimetre), at: g.timestamp,
                location: location, millimetres: .zero, tapCount: 1
            )
            seq._region = touchpadFocus ?? root
            seq.delivery = .done
            var r = seq.region
            while let region = r {
                for rec in region.gestureRecognizers
                where rec.isEnabled && rec.committedState == .possible && rec.pendingState == nil && rec.accepts(g)
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
        seq._timestamp = g.timestamp
        switch g.phase {
        case .begin, .update: seq._phase = g.phase == .begin ? .began : .moved
        case .end: seq._phase = .ended
        case .cancel: seq._phase = .cancelled; seq._cancellation = .device
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
        // A recognizer reset by a nested cycle (a callback's input) no longer follows the sequence.
        for r in seq.gestureRecognizers where r.isEnabled && !r.committedState.isFinished && r.pendingState == nil
            && r.touchpadGestureSequence === seq {
            r.lastFrameTime = g.timestamp
            r.touchpadFingerCount = g.fingerCount
            r.touchpadGesture(g)
        }
    }

    private func cancelSequence(_ seq: Touch) {
        guard seq.isActive else { return }
        seq._phase = .cancelled
        touchesLeft = true
        seq._cancellation = .deviceRemoved
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

    /// Calls every participant's hooks with the touches of this cycle: those queued for it (began,
    /// ended, cancelled) and those of its touches that moved in the frame being handled.
    ///
    /// Runs for every participant on every frame, and in a busy graph most have recognized or
    /// failed and hear nothing: they are looked at through unretained references, and only a
    /// recognizer that is called is retained for the call (a hook may remove it from the graph).
    private func dispatchHooks() {
        let moves = movesPending
        let allMoved = moves && allTouchesMoved
        movesPending = false
        allTouchesMoved = false
        let frame = frameSerial
        participantLoops += 1
        defer { participantLoops -= 1 }
        var i = 0
        while i < participants.count {
            unowned(unsafe) let u = participants[i]
            i += 1
            // Released in this cycle and still listed (see finishCycle): it has nothing to hear.
            guard u.isParticipant else { continue }
            u.lastFrameTime = now
            let queued = !u.beganBuffer.isEmpty || !u.endedBuffer.isEmpty || !u.cancelledBuffer.isEmpty
            guard queued || (moves && !u.committedState.isFinished && !u.touches.isEmpty) else { continue }
            let r = participants[i - 1]
            let ready = r.isEnabled && r.pendingState == nil
            if !r.beganBuffer.isEmpty {
                if ready && !r.committedState.isFinished { r.touchesBegan(r.beganBuffer) }
                r.beganBuffer.removeAll(keepingCapacity: true)
            }
            if moves && !r.committedState.isFinished {
                // Marked before the call: a frame sent from inside a hook (a nested cycle) hands
                // the recognizer only the motion it has not heard yet, and so does this loop after.
                let heard = r.movesHeard
                r.movesHeard = frameSerial
                if ready {
                    if allMoved && frameSerial == frame && r.touchpadGestureSequence == nil {
                        if !r.touches.isEmpty { r.touchesMoved(r.touches) }
                    } else {
                        deliverMoves(to: r, after: heard)
                    }
                }
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

    /// Calls `r.touchesMoved` with its touches still down that moved after frame `heard`, if any.
    /// When all of them did, the recognizer's own list is passed, with nothing copied.
    private func deliverMoves(to r: GestureRecognizer, after heard: Int) {
        var moved = 0
        var k = 0
        let n = r.touches.count
        while k < n {
            unowned(unsafe) let t = r.touches[k]
            if t.movedInFrame > heard && t.isActive { moved += 1 }
            k += 1
        }
        if moved == 0 { return }
        if moved == n { return r.touchesMoved(r.touches) }
        k = 0
        while k < n {
            let t = r.touches[k]
            if t.movedInFrame > heard && t.isActive { r.movedBuffer.append(t) }
            k += 1
        }
        r.touchesMoved(r.movedBuffer)
        r.movedBuffer.removeAll(keepingCapacity: true)
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
        participantLoops += 1
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
                // Unretained until the recognizer is settled (a call out), as in dispatchHooks.
                unowned(unsafe) let u = participants[i]
                i += 1
                // Released this cycle (disabled or removed, and already reset): nothing to settle.
                guard u.isParticipant else { continue }
                if pruning {
                    if u.touches.contains(where: { !$0.isActive }) { u.touches.removeAll { !$0.isActive } }
                    if let s = u.touchpadGestureSequence, !s.isActive { u.touchpadGestureSequence = nil }
                }
                guard u.touches.isEmpty else { continue }
                let r = participants[i - 1]
                if r.committedState.isFinished {
                    resetRecognizer(r)
                } else if r.committedState == .possible && r.pendingState == nil && r.deadline == nil {
                    arbiter.request(r, to: .failed, reason: .undecided)
                    settled = false
                }
            }
        }
        participantLoops -= 1
        if participantsReleased && participantLoops == 0 {
            participantsReleased = false
            participants.removeAll { !$0.isParticipant }
            recognizerDeadlinesChanged = true
        }
    }

    private func resetRecognizer(_ r: GestureRecognizer) {
        let old = r.committedState
        recognizersReset = true
        // Touches still being delivered stop consulting the recognizer, keeping its claim if it
        // made one: once reset it speaks for the next sequence, not for theirs.
        for t in deliveryTouches where t.delivery != .done {
            guard let i = t.gestureRecognizers.firstIndex(where: { $0 === r }) else { continue }
            if r.cancelsTouchesInView && old.hasRecognized { t.isClaimed = true }
            t._gestureRecognizers.remove(at: i)
        }
        r.committedState = .possible
        r.pendingState = nil
        r.deadline = nil
        r.isParticipant = false
        participantsReleased = true
        // Input queued for the sequence it leaves is not for the next one.
        r.beganBuffer.removeAll(keepingCapacity: true)
        r.endedBuffer.removeAll(keepingCapacity: true)
        r.cancelledBuffer.removeAll(keepingCapacity: true)
        r.boundEngine = nil
        r.touchpadFingerCount = 0
        r.reset()
        observer?.engine(self, recognizer: r, didChangeFrom: old, to: .possible)
    }

    func didTransition(_ r: GestureRecognizer, from old: GestureState, to new: GestureState) {
        observer?.engine(self, recognizer: r, didChangeFrom: old, to: new)
    }

    // MARK: Detaching

    /// Releases a recognizer that is being disabled or removed: a gesture in progress is
    /// cancelled, a possible one fails, and its touches are let go.
    func recognizerWillDetach(_ r: GestureRecognizer) {
        guard r.isParticipant else { return }
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        if r.committedState.isActive {
            r.pendingState = nil
            r.commit(.cancelled, reason: nil)
        } else if r.committedState == .possible {
            arbiter.request(r, to: .failed, reason: .disabled)
        }
        for t in r.touches { t._gestureRecognizers.removeAll { $0 === r } }
        r.touches.removeAll()
        r.touchpadGestureSequence = nil
        r.beganBuffer.removeAll(keepingCapacity: true)
        r.movedBuffer.removeAll(keepingCapacity: true)
        r.endedBuffer.removeAll(keepingCapacity: true)
        r.cancelledBuffer.removeAll(keepingCapacity: true)
        if r.committedState.isFinished { resetRecognizer(r) }
        r.isReleased = true
        finishCycle()
    }

    /// A region leaves the tree: its recognizers and those of its subtree let go of their touches.
    /// Touches delivered to a handler in the subtree are cancelled there (its surface is gone), and
    /// held ones are dropped: every touch a handler heard of still ends with exactly one word, and
    /// the regions told get their frame.
    func regionWillDetach(_ region: Region) {
        beginDeliveryBatch()
        defer { endDeliveryBatch() }
        var stack = [region]
        while let r = stack.popLast() {
            for g in r.gestureRecognizers { recognizerWillDetach(g) }
            stack.append(contentsOf: r.children)
        }
        for t in deliveryTouches {
            guard t.delivery != .done, let hit = t.region, hit.isDescendant(of: region) else { continue }
            if t.delivery == .delivering { cancelDelivery(of: t) } else { t.delivery = .done }
        }
        // Finished touches leave the list at the end of the delivery pass.
        deliverTouches()
    }
}

/// The size and pressure at which a device's contacts are rejected as large, worked out once per
/// device (``GestureConfiguration/largeContactMajorAxis``, ``GestureConfiguration/largeContactPressure``).
struct LargeContactLimits {
    /// The major axis in millimetres, for a touchscreen whose sizes and millimetres are real.
    var majorAxisMillimetres: Double?
    /// The pressure, for a touchscreen contact that reports no size.
    var pressure: Double?

    init(for device: InputDevice, density: PointDensity, configuration: GestureConfiguration) {
        guard device.kind == .touchscreen else { return }
        if device.contactSize == .majorAxis, device.densitySource != .fallback {
            switch configuration.largeContactMajorAxis {
            case .millimetres(let mm)?: majorAxisMillimetres = mm
            case .points(let pt)?: majorAxisMillimetres = pt / density.mean
            case nil: break
            }
        }
        pressure = configuration.largeContactPressure
    }

    /// Whether `c` is too large (or, with no size, presses too hard) to be a finger.
    @inline(__always)
    func rejects(_ c: TouchContact) -> Bool {
        if let major = c.majorAxisMillimetres { return majorAxisMillimetres.map { major >= $0 } ?? false }
        if let p = c.pressure, let limit = pressure { return p >= limit }
        return false
    }
}
