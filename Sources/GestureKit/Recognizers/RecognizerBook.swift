/// What the engine reads and writes on a recognizer for every participant in every cycle, kept in
/// one `Unchecked` box: plain assignments and array mutations that never call out.
struct RecognizerBook {
    /// ``GestureRecognizer/region``: unowned, not weak, and cleared by the region's deinit (see
    /// `Region.links`).
    unowned var region: Region?
    var isEnabled = true
    var cancelsTouchesInView = true
    var delaysTouchesBegan = false
    var delaysTouchesEnded = true
    var committedState: GestureState = .possible
    var pendingState: GestureState?
    var pendingBeganBeforeEnd = false
    /// The requirement the recognizer's pending transition was last found waiting on (see
    /// `Arbiter.mustWait(_:)`), by identity alone: a requirement is settled once per attempt, as
    /// in UIKit, so this one's failure releases the waiter, and its success fails it, even if the
    /// delegate's answer has changed since. A stale identity only costs a second look.
    var waitingOn: ObjectIdentifier?
    var failureReason: FailureReason?
    /// Whether `failureReason` still stands: a new touch sets this false rather than destroying
    /// the reason there and then (the value goes when the next one is stored; destroying it cost a
    /// 1-finger landing about 1,500 instructions, one call per recognizer that had failed).
    var failureReasonKept = true
    var cancellationReason: TouchCancellation?
    var device: DeviceID?
    /// The sequence number of the last touch offered to the recognizer, as numbered by
    /// `sequenceEngine`: the engine whose tree it was last found in. Sequence numbers are an
    /// engine's own, so the record starts afresh when the recognizer is found in another
    /// engine's tree (`GestureRecognizer.joinedTree(of:)`).
    var lastOfferedSequence = 0
    var sequenceEngine: GestureEngine.EngineIdentity?
    var resets = 0
    /// A round of target calls is under way (or the observer is told of the transition that
    /// begins one): a transition committed meanwhile, by input sent from a target or the
    /// observer, waits in `queuedTransitions` for its own round, after this one.
    var announcing = false
    /// The transition the round under way tells the targets of: what ``GestureRecognizer/state``
    /// reads while it runs, except in the recognizer's own logic (its hooks and its reset, see
    /// `GestureRecognizer.runningLogic(_:)`), which reads the state committed since.
    var presented: GestureState?
    /// Transitions committed during a round, each waiting for a round of its own, in order.
    var queuedTransitions: [GestureState] = []
    /// Its reset came while a round of its targets was under way (input sent from a target
    /// ended the gesture, and its fingers lifted): it waits until every round is over, so that
    /// the targets read the gesture's values, not a reset recognizer's.
    var resetAfterRounds = false
    /// Whether a round under way has more to do once it is over: transitions queued, or the reset.
    var roundsPending = false
    /// ``GestureRecognizer/allowedTouchTypes`` as bits, and whether it has exclusion zones: what
    /// the engine asks of every recognizer for every touch that lands.
    var touchTypes = TouchTypeMask([.direct])
    var hasExclusionZones = false
    /// ``GestureRecognizer/delegate``, held weakly: asked for every touch offered and in every
    /// arbitration.
    weak var delegate: (any GestureRecognizerDelegate)?
    /// The questions `delegate` is known to answer with the protocol's defaults, which the engine
    /// does not ask it (see `DelegateQuestions`). Emptied when the delegate is set.
    var delegateDefaults: DelegateQuestions = []
    /// The touches of the current sequence the recognizer tracks.
    var touches: [Touch] = []
    /// How many touches the recognizer must follow for their motion to be handed to it: 1, or 2
    /// for the library's own pinch and rotation, which measure nothing with one finger (not for
    /// their subclasses, which may override `touchesMoved`). With one finger down, a frame of
    /// motion then pays nothing for them.
    var touchesToHearMotion = 1
    var touchpadGestureSequence: Touch?
    var touchpadFingerCount = 0
    /// The fingers of the taps a tap recognized with, up to its reset: what ``numberOfTouches``
    /// says once they lifted (a single tap recognized when the double tap it waited on failed).
    var fingersOfTaps = 0
    /// Where the fingers of the tap under way lifted, in the order they lifted: once the tap
    /// recognized, what ``GestureRecognizer/location(ofTouch:in:)`` reports for its fingers,
    /// which lifted frames apart. Emptied (keeping its storage) as each tap begins.
    var tapLifts: [Point] = []
    /// Where its fingers were as the last of them lifted before it finished (see
    /// `GestureRecognizer.keepLiftLocation()`); `nil` once it resets.
    var liftLocation: Point?
    var lastFrameTime: Timestamp = .zero
    var deadline: Timestamp?
    /// Targets, in the order they were added. Read once per call of a target (an access that
    /// ends before the call), so a target that adds or removes targets cannot overlap it.
    var targets: [GestureRecognizer.TargetEntry] = []
    /// How many engines' `participants` lists hold the recognizer. It joins an engine's list when
    /// it begins to take part there, and leaves it when that list is pruned, which can come a
    /// while after it was released: a recognizer moved between engines from inside a cycle (its
    /// region moved, or its engine dropped) can be in two lists for a while, but takes part in
    /// one engine only (`boundEngine`).
    var listings = 0
    /// Its engine went while it took part in a sequence, and its reset is owed, with a
    /// cancellation its targets have not heard of when `cancelOwed` (see
    /// `GestureRecognizer.settleEngineLoss()`).
    var endOwed = false
    var cancelOwed = false
    var isReleased = false
    // Input queued for the recognizer's hooks in the current cycle.
    /// Whether every touch in `touches` landed since the recognizer last heard `touchesBegan`
    /// (the usual case: it followed no touch when they came), so that they are passed in its own
    /// list, with nothing queued. Otherwise the new touches are queued in `beganBuffer`.
    var allTouchesBegan = false
    var beganBuffer: [Touch] = []
    var endedBuffer: [Touch] = []
    var cancelledBuffer: [Touch] = []
    /// Landings taken back until the recognizer has heard the lifts of the same cycle, and the
    /// sequence number of the last touch offered to it before (see `takeLandingsBack(from:)`).
    var landingsHeld: [Touch] = []
    var offeredBeforeLandingsHeld = 0
    /// How many times landings were taken back from it (`takeBack(_:from:)`): a delegate's
    /// answer about a touch given across one does not count.
    var retakes = 0
    var movesHeard = 0
    /// The frame serial in which one of its touches lifted with no motion of its own (the lift
    /// reported no new position): in that frame the finger stays where it last was while the
    /// others move, and the velocity is measured on the others (see
    /// `GestureRecognizer.motionOfFingersStaying(moved:)`).
    var stillLiftFrame = -1
    /// The engine while the recognizer takes part in a cycle of it: set when it receives input,
    /// cleared when it resets or is released, and by the engine's deinit. The recognizer takes
    /// part in that engine's sequence (is one of its participants) exactly while it is set.
    /// Unretained, so that hooks and transitions reach the engine with no reference counting (the
    /// engine is weakly referenced by its regions, which makes retaining it slower still) and no
    /// weak loads.
    var boundEngine: EngineLink?
    /// `boundEngine`'s address, or 0: which engine's participant the recognizer is, answered with
    /// one comparison (an optional link takes six instructions to compare).
    var partOf: UInt = 0

    /// Drops the input queued for the recognizer's hooks: it leaves the sequence it was queued
    /// for (it resets, is detached, or its engine goes).
    @inline(__always)
    mutating func dropQueuedInput() {
        allTouchesBegan = false
        beganBuffer.empty()
        endedBuffer.empty()
        cancelledBuffer.empty()
    }
}
