/// What the engine reads and writes for every event, kept in one `Unchecked` box: plain loads
/// and stores, or array mutations whose closures (if any) look at the elements alone, so no
/// access can overlap another. The fields are documented where the engine forwards to them.
struct EngineBook {
    var now: Timestamp = .zero
    /// ``GestureEngine/observer``, held weakly.
    weak var observer: (any GestureEngineObserver)?
    /// ``GestureEngine/leadingObserver``, held weakly.
    weak var leadingObserver: (any GestureEngineObserver)?
    /// Whether an observer was set (it may be gone): with none, a transition spares the weak loads.
    var observerWasSet = false
    var participants: [GestureRecognizer] = []
    /// Where in `participants` the order kept from the last sequence begins: the entries from
    /// here on are released recognizers, listed in the order they joined it, and the next
    /// recognizer to join in that order takes its place again (see `GestureEngine.join(_:)`).
    /// `participants.count` when no order is kept.
    var keptOrder = 0
    /// A recognizer was disabled or taken out of the tree since the list was last pruned: listed
    /// still, released, it is pruned when the engine goes idle, not kept (see `finishCycle`).
    var keepsNoOrder = false
    /// How many times a recognizer was disabled or taken out of the tree (see `KeptOrder`).
    var detachments = 0
    var activeTouches: [Touch] = []
    var deliveryTouches: [Touch] = []
    var ignoredContacts: [(device: DeviceID, contact: Int)] = []
    /// For `Touch.tapCount`: the fingers of the last tap.
    var tapCounter = TapCounter()
    var frameDevice: (id: DeviceID, type: TouchType, density: PointDensity, limits: LargeContactLimits, output: Rect?)?
    /// The clock of the device whose touch frames come now (see `GestureEngine.recordFrameTime`).
    var frameClock = FrameClock()
    var frameClockDevice: DeviceID?
    /// The device of the fingers offered since one was the only finger down, and whether another
    /// device's finger was offered since (see `GestureEngine.offer(_:onlyIdle:hitTested:)`).
    var offerDevice: (id: DeviceID, mixed: Bool) = (DeviceID(0), false)
    var earliestRecognizerDeadline: Timestamp?
    /// A time, in microseconds, no later than the last report of any active touch or the last
    /// event of any touchpad gesture: the stuck-touch watchdog cannot be due before it plus the
    /// timeout. Set to the oldest whenever they are scanned for it, and lowered by a frame or a
    /// touchpad event stamped earlier (a touch's report takes its frame's time). See
    /// `GestureEngine.advance(to:)`.
    var watchdogFloor = Int64.min
    /// How many touchpad gestures are under way (`GestureEngine.touchpad`'s sequences), read
    /// here so that the watchdog's checks on every frame do not reach the touchpad's book.
    var touchpadGesturesUnderWay = 0
    /// The sequence number of the touchpad gesture whose end (or cancel) is being handed to its
    /// recognizers, 0 when none: a cycle nested in that (input a recognizer's hook sent) keeps it
    /// for the recognizers that have not heard it yet (see `GestureEngine.keepsEndingSequence(_:)`).
    var touchpadEndHanded = 0
    var framedRegions: [(region: Region, handler: any TouchHandler)] = []
    var regionCancelBuffer: [Touch] = []
    var touchesLeft = false
    /// Landings taken back from a recognizer, held from their handlers until it is offered them
    /// again (see `GestureEngine.takeBack(_:from:)`).
    var landingsApart: [Touch] = []
    /// Rounds of `finishCycle` pruning finished touches: while one runs, a cycle nested in it may
    /// find recognizers it has not reached holding one, as though `touchesLeft` were set.
    var pruningRounds = 0
    var isDeliveringTouches = false
    var recognizersReset = false
    var frameSerial = 0
    /// The last touch sequence number before the event being handled (or the deadlines being
    /// fired): a touch numbered after it landed in this cycle, whatever its stamp (a device that
    /// repeats a stamp, a late frame heard at the engine's time), see `offerTouchesMissed()`.
    var landingsFrom = 0
    /// Touch frames handled so far: each frame's contacts mark the touches they report with it
    /// (`TouchMotion.reportMark`), and the fingers it leaves out are `stationary` in it.
    var reportMarks = 0
    /// Delegates asked `shouldReceive` so far: the one way an offer calls out, and input sent from
    /// there may end touches a frame has counted as reported.
    var offerCallouts = 0
    var movesPending = false
    var allTouchesMoved = false
    var participantsReleased = false
    var participantLoops = 0
    var recognizerDeadlinesChanged = false
    var deliveryRequested = false
    var deliveryBatches = 0
    var framesSent = 0
    var isSendingTouchFrames = false
    /// How many recognizers the last touch that began was attached to: a new touch's list is
    /// allocated at that size at once, rather than grown by doubling as recognizers take it.
    var recognizersPerTouch = 0
    /// Why the transitions being made now are made (see ``TransitionCause``).
    var cause: TransitionCause = .input
    /// Counts changes to the region tree and to its regions' recognizers: a decision about the
    /// tree taken before a call out stands if the count has not moved.
    var treeChanges = 0
    /// Whether the root has a parent: the engine's tree is placed in another engine's, whose
    /// regions above the root the engine's own offers must not reach.
    var rootIsNested = false
    /// Whether another engine's root has been placed in this engine's tree (it stays set): a
    /// region found by hit-testing, and some of its ancestors, may then be that engine's, and
    /// the offer asks each region whose it is.
    var holdsNestedRoots = false
    /// Touch input (began, ended, cancelled) is queued for some participant: the next dispatch
    /// looks at every participant.
    var inputQueued = false
    /// The participants still deciding or recognizing, for frames in which touches only move
    /// (`dispatchMoves`); rebuilt from the participants when `listenersStale`.
    var listeners: [GestureRecognizer] = []
    var listenersStale = true
    /// The touches that moved of the last recognizer handed only some of its touches' motion,
    /// shared by the next ones that follow the same, in this frame and the next ones (see
    /// `GestureEngine.deliverMoves`); emptied when a touch retires.
    var movedTouches: [Touch] = []
    /// Some participant may follow no touch: the end of a cycle looks at every participant.
    /// Counted by `emptyHandedMark`, which moves whenever a participant may have been left with
    /// no touch by something other than the loop that settles them.
    var emptyHanded = false
    var emptyHandedMark = 0
    /// Touches that ended, until nobody else holds them (see `recycleRetiredTouches`).
    var retiring: [Touch] = []
    /// Touches nobody holds, emptied, for the next touches that begin.
    var touchPool: [Touch] = []
}
