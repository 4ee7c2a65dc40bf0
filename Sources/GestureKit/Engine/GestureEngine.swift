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
    public internal(set) var devices: [DeviceID: InputDevice] = [:]
    /// The latest moment the engine has seen, from an event or from ``advance(to:)``.
    @exclusivity(unchecked) public internal(set) var now: Timestamp = .zero
    /// Told of every recognizer state change.
    @exclusivity(unchecked) public weak var observer: (any GestureEngineObserver)?
    /// The region whose recognizers (with its ancestors') receive touchpad gestures and indirect
    /// touches: the focused surface, for a compositor. Defaults to the root.
    public var touchpadFocus: Region?
    /// Where touchpad gestures are located (the pointer, if the host knows it); defaults to the
    /// centre of the focus region.
    public var touchpadPointerLocation: Point?
    /// Counts of what the engine dropped, for diagnosis.
    @exclusivity(unchecked) public internal(set) var statistics = Statistics()

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
}
