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
    var failureReason: FailureReason?
    /// Whether `failureReason` still stands: a new touch sets this false rather than destroying
    /// the reason there and then (the value goes when the next one is stored; destroying it cost a
    /// 1-finger landing about 1,500 instructions, one call per recognizer that had failed).
    var failureReasonKept = true
    var cancellationReason: TouchCancellation?
    var device: DeviceID?
    var lastOfferedSequence = 0
    var resets = 0
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
    var lastFrameTime: Timestamp = .zero
    var deadline: Timestamp?
    /// Targets, in the order they were added. Read once per call of a target (an access that
    /// ends before the call), so a target that adds or removes targets cannot overlap it.
    var targets: [GestureRecognizer.TargetEntry] = []
    var isParticipant = false
    /// Whether the recognizer is in its engine's `participants`: from the moment it joins until
    /// the list is pruned, which can come a while after it was released (`isParticipant` false).
    var isListed = false
    var isReleased = false
    // Input queued for the recognizer's hooks in the current cycle.
    /// Whether every touch in `touches` landed since the recognizer last heard `touchesBegan`
    /// (the usual case: it followed no touch when they came), so that they are passed in its own
    /// list, with nothing queued. Otherwise the new touches are queued in `beganBuffer`.
    var allTouchesBegan = false
    var beganBuffer: [Touch] = []
    var endedBuffer: [Touch] = []
    var cancelledBuffer: [Touch] = []
    var movesHeard = 0
    /// The engine while the recognizer takes part in a cycle of it: set when it receives input,
    /// cleared when it resets or is released, and by the engine's deinit. Unretained, so that
    /// hooks and transitions reach the engine with no reference counting (the engine is weakly
    /// referenced by its regions, which makes retaining it slower still) and no weak loads.
    var boundEngine: EngineLink?
}
