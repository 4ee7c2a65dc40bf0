/// Observes what an engine decides: every state change of every recognizer, failures included.
/// The demo host logs through it; tests record through it.
public protocol GestureEngineObserver: AnyObject {
    /// `recognizer` moved from `old` to `new` at the engine's ``GestureEngine/now``. For `failed`,
    /// ``GestureRecognizer/failureReason`` says why.
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState)
    /// `recognizer` moved from `old` to `new` at the engine's ``GestureEngine/now``, because of
    /// `cause`. This is the method the engine calls; by default it calls the one without the
    /// cause.
    func engine(
        _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState,
        because cause: TransitionCause)
}

extension GestureEngineObserver {
    /// Calls ``engine(_:recognizer:didChangeFrom:to:)``.
    public func engine(
        _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState,
        because cause: TransitionCause
    ) {
        self.engine(engine, recognizer: recognizer, didChangeFrom: old, to: new)
    }

    /// Does nothing: an observer that implements the method with the cause need not implement
    /// this one.
    public func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {}
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
///
/// A region tree can move between engines (a compositor moving a surface to another output's
/// engine), an engine's tree can be placed in another's (each engine still takes only its own
/// tree's recognizers), and an engine can be dropped while fingers are down: a gesture in
/// progress on a recognizer that outlives its engine is cancelled and the recognizer reset. Its
/// targets hear of the cancellation once its tree is in a living engine (at once for a tree left
/// to the engine further up, else when its region next joins an engine's tree), never while a
/// tree that goes with its engine is torn down; the observer, which the engine holds weakly, is
/// not told.
public final class GestureEngine {
    /// The tunables this engine's own decisions use (device scale, watchdog).
    public let configuration: GestureConfiguration
    /// The root of the region tree, normally the size of the screen in points.
    public let root: Region
    /// The devices that are plugged in, by id.
    public var devices: [DeviceID: InputDevice] { storedDevices }

    /// Plugs `device` in as `id`'s entry, or unplugs it (`nil`). The table is taken out, changed
    /// and put back, with no second reference: written through `devices` (a getter and a
    /// setter), each device plugged in copied the whole table, and 10,000 devices took seconds.
    func setDevice(_ device: InputDevice?, for id: DeviceID) {
        var table = storedDevices
        storedDevices = [:]
        table[id] = device
        storedDevices = table
    }
    /// The latest moment the engine has seen, from an event or from ``advance(to:)``.
    public internal(set) var now: Timestamp {
        get { book.value.now }
        set { book.value.now = newValue }
    }
    /// Told of every recognizer state change. Held weakly: the host keeps the observer alive.
    public var observer: (any GestureEngineObserver)? {
        get { book.value.observer }
        set {
            book.value.observer = newValue
            book.value.observerWasSet = newValue != nil || book.value.leadingObserver != nil
        }
    }
    /// Told of every change before ``observer``, and left in place when a host sets that: how the
    /// libinput backend's `gestures` sequence hears the engine it drives whatever observer the
    /// host sets, then or later. Held weakly.
    package var leadingObserver: (any GestureEngineObserver)? {
        get { book.value.leadingObserver }
        set {
            book.value.leadingObserver = newValue
            book.value.observerWasSet = newValue != nil || book.value.observer != nil
        }
    }
    /// The region whose recognizers (with its ancestors') receive touchpad gestures and indirect
    /// touches: the focused surface, for a compositor. `nil` (the default) means the root; so does
    /// a region that is not in the engine's tree (a surface closed before the focus moved on).
    /// A region that takes no input (``Region/isInteractionEnabled``), or whose ancestor takes
    /// none, passes them on as hit-testing does: to the parent of the outermost such region, and
    /// to no recognizer when it is the root.
    public var touchpadFocus: Region? {
        get { storedTouchpadFocus }
        set { storedTouchpadFocus = newValue }
    }
    /// Where touchpad gestures are located (the pointer, if the host knows it). `nil` (the
    /// default) means the centre of the focus region.
    public var touchpadPointerLocation: Point? {
        get { storedTouchpadPointerLocation }
        set { storedTouchpadPointerLocation = newValue }
    }
    /// Counts of what the engine dropped, for diagnosis.
    public internal(set) var statistics: Statistics {
        get { storedStatistics }
        set { storedStatistics = newValue }
    }

    // The storage of the public properties above, read and written whole, never across a call:
    // the compiler checks it (docs/architecture.md, "Checks the compiler removes").
    private var storedDevices: [DeviceID: InputDevice] = [:]
    private var storedTouchpadFocus: Region?
    private var storedTouchpadPointerLocation: Point?
    private var storedStatistics = Statistics()

    /// What the engine has dropped or repaired.
    public struct Statistics: Hashable, Sendable {
        /// Frames from a device that was never added.
        public var framesFromUnknownDevices = 0
        /// Contacts that moved or ended without having begun (e.g. already down at start-up),
        /// each counted once, and touchpad gestures updated or ended without having begun, each
        /// counted once. The fingers of touches the watchdog or ``cancelAllTouches()`` cancelled
        /// began, and are not counted as they go on moving and lift; nor are the updates and end
        /// of a touchpad gesture ``cancelAllTouches()`` cancelled.
        public var contactsWithoutBegin = 0
        /// Contacts the device marked as palms.
        public var palmsIgnored = 0
        /// Touchscreen contacts rejected for their size or pressure
        /// (``GestureConfiguration/largeContactMajorAxis``), on landing or later.
        public var largeContactsRejected = 0
        /// Touches and touchpad gestures cancelled by the stuck-touch watchdog.
        public var stuckTouchesCancelled = 0
    }

    let arbiter: Arbiter
    /// ``GestureConfiguration/stuckTouchTimeout`` in microseconds, converted once (it is added to a
    /// timestamp before every event).
    let stuckTouchTimeoutMicroseconds: Int64?
    /// What the engine reads and writes for every event: see `EngineBook`.
    let book = Unchecked(EngineBook())
    /// The engine's identity as a recognizer remembers it, even after the engine is gone (see
    /// `RecognizerBook.sequenceEngine`).
    let identity = EngineIdentity()
    /// The recognizers listed as taking part in the current sequence: the participants, and
    /// those released in a cycle still running or since the last time the list was pruned, each
    /// in the order it joined; and, once the engine has gone idle, those of the last sequence in
    /// the order they joined it, kept for the next (see `join(_:)`). Loops over it skip the
    /// released ones (`isParticipant(_:)`).
    var listed: [GestureRecognizer] { book.value.participants }
    var activeTouches: [Touch] { book.value.activeTouches }
    var deliveryTouches: [Touch] { book.value.deliveryTouches }
    var touchpad = TouchpadBook()
    var ignoredContacts: [(device: DeviceID, contact: Int)] { book.value.ignoredContacts }
    var deviceDensities: [DeviceID: PointDensity] = [:]
    /// The frame clocks of devices other than the one whose frames come now (`FrameClock`).
    var frameClocks: [DeviceID: FrameClock] = [:]
    var nextSequence = 0
    /// A touch or touchpad sequence ended or was cancelled since ``finishCycle()`` last looked:
    /// only then can a recognizer hold a finished touch (see there).
    var touchesLeft: Bool {
        get { book.value.touchesLeft }
        set { book.value.touchesLeft = newValue }
    }
    var isDeliveringTouches: Bool {
        get { book.value.isDeliveringTouches }
        set { book.value.isDeliveringTouches = newValue }
    }
    /// The device of the latest touch frame, with its touch type, density and large-contact limits.
    var frameDevice: (id: DeviceID, type: TouchType, density: PointDensity, limits: LargeContactLimits, output: Rect?)? {
        get { book.value.frameDevice }
        set { book.value.frameDevice = newValue }
    }
    var recognizersReset: Bool {
        get { book.value.recognizersReset }
        set { book.value.recognizersReset = newValue }
    }
    /// Counts touch frames; a touch that moves records the count (`TouchMotion.movedInFrame`).
    var frameSerial: Int {
        get { book.value.frameSerial }
        set { book.value.frameSerial = newValue }
    }
    /// A touch moved in the frame being handled and the recognizers have not heard of it yet.
    var movesPending: Bool {
        get { book.value.movesPending }
        set { book.value.movesPending = newValue }
    }
    /// Every touch down moved in the frame being handled and none lifted: each recognizer's
    /// touches all moved (the usual frame of a gesture in progress).
    var allTouchesMoved: Bool {
        get { book.value.allTouchesMoved }
        set { book.value.allTouchesMoved = newValue }
    }
    /// A recognizer left the participants since ``finishCycle()`` last removed them.
    var participantsReleased: Bool {
        get { book.value.participantsReleased }
        set { book.value.participantsReleased = newValue }
    }
    /// Loops over ``participants`` by index in progress (hooks and arbitration, which call out):
    /// released recognizers stay in the list until none is, so that no loop skips one.
    var participantLoops: Int {
        get { book.value.participantLoops }
        set { book.value.participantLoops = newValue }
    }
    /// The earliest ``GestureRecognizer/deadline`` of the participants, valid unless
    /// ``recognizerDeadlinesChanged``: a participant set its deadline or the participants changed.
    var earliestRecognizerDeadline: Timestamp? {
        get { book.value.earliestRecognizerDeadline }
        set { book.value.earliestRecognizerDeadline = newValue }
    }
    var recognizerDeadlinesChanged: Bool {
        get { book.value.recognizerDeadlinesChanged }
        set { book.value.recognizerDeadlinesChanged = newValue }
    }
    var deliveryRequested: Bool {
        get { book.value.deliveryRequested }
        set { book.value.deliveryRequested = newValue }
    }
    /// Delivery batches open (see TouchDelivery.swift): the outermost sends the frames.
    var deliveryBatches: Int {
        get { book.value.deliveryBatches }
        set { book.value.deliveryBatches = newValue }
    }
    /// The regions delivered to since the last frames, in order, each with the handler it was
    /// delivered to; those before ``framesSent`` have had their frame in the flush under way.
    var framedRegions: [(region: Region, handler: any TouchHandler)] { book.value.framedRegions }
    var framesSent: Int {
        get { book.value.framesSent }
        set { book.value.framesSent = newValue }
    }
    var isSendingTouchFrames: Bool {
        get { book.value.isSendingTouchFrames }
        set { book.value.isSendingTouchFrames = newValue }
    }
    /// Reused for the touches of a region-wide cancel.
    var regionCancelBuffer: [Touch] { book.value.regionCancelBuffer }

    /// An engine's identity, which lives as long as anything remembers it: its address is never
    /// another engine's while it is remembered (an engine's own address can be reused once it
    /// is gone).
    final class EngineIdentity {}

    deinit {
        // A touch and the recognizers following it hold each other (and the touch its region):
        // an engine dropped while fingers are down unties them, or the graph would outlive it.
        book.value.listeners.removeAll()
        var released: [GestureRecognizer] = []
        for r in listed {
            r.book.value.listings -= 1
            // Listed still, but taking part in another engine's sequence now: not this one's.
            guard isParticipant(r) else { continue }
            r.boundEngine = nil
            r.book.value.touches.removeAll()
            r.touchpadGestureSequence = nil
            r.book.value.dropQueuedInput()
            released.append(r)
        }
        for t in activeTouches { t.removeAllRecognizers() }
        for t in touchpadSequences { t.removeAllRecognizers() }
        // Nothing is called out until every recognizer released here is out of reach of offers
        // (finished, its end owed) and every recognizer of the tree knows the engine that numbers
        // its touches now (the one further up, if this root is in another engine's tree, or the
        // engine of a tree nested in this one): a target called below may send input anywhere.
        for r in released { r.engineWentAway() }
        var stack = [root]
        while let region = stack.popLast() {
            let engine = region.engine
            for g in region.gestureRecognizers { g.joinedTree(of: engine) }
            stack.append(contentsOf: region.children)
        }
        endDeliveriesAsEngineGoes()
        // A recognizer the host keeps must not stay in a gesture nothing will end. Those whose
        // tree lives on in another engine hear of the end now; the others when their region next
        // joins an engine's tree (`Region`), never from here, where the host may be tearing down
        // the objects their targets use.
        for r in released where r.region?.engine != nil { r.settleEngineLoss() }
        // A touch holds its region, whose recognizers may hold the touch until they reset (a
        // rotation's anchored fingers): the touches let go, or the tree would outlive the engine.
        for t in activeTouches { t.live.value.region = nil }
        for t in deliveryTouches { t.live.value.region = nil }
    }

    /// A contact the device reports with no touch (down before the device was added): counted in
    /// ``Statistics/contactsWithoutBegin`` once, then ignored until it lifts or lands again.
    func ignoreStrayContact(_ device: DeviceID, _ contact: Int) {
        statistics.contactsWithoutBegin += 1
        book.value.ignoredContacts.append((device, contact))
    }

    /// Cancels `t` for a cause of the engine's or the host's while its finger stays down: the
    /// device's further reports of the contact, up to its lift, are ignored, not stray.
    func ignoreContact(of t: Touch, cancelling reason: TouchCancellation) {
        guard t.isActive else { return }
        book.value.ignoredContacts.append((t.device, t.contactID))
        cancel(t, reason: reason)
    }

    /// The root's size changed: the densities derived from the screen's area are derived again.
    /// A touch down keeps the density it landed with.
    func screenDidResize() {
        var densities = deviceDensities
        for (id, device) in devices { densities[id] = density(for: device) }
        deviceDensities = densities
        frameDevice = nil
    }

    /// Creates an engine whose root region covers `screen` (in points).
    public init(screen: Rect, configuration: GestureConfiguration = .default) {
        self.configuration = configuration
        self.stuckTouchTimeoutMicroseconds = configuration.stuckTouchTimeout?.gestureMicroseconds
        self.root = Region(frame: screen, name: "root")
        self.arbiter = Arbiter()
        root.ownerEngine = self
        arbiter.link = EngineLink(self)
    }
}
