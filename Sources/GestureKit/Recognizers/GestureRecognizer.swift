/// Identifies a target added with ``GestureRecognizer/addTarget(_:)`` or
/// ``GestureRecognizer/addTarget(_:action:)``, to remove it later.
public struct TargetToken: Hashable, Sendable {
    let value: Int
}

/// The base class of every recognizer: UIKit's `UIGestureRecognizer`.
///
/// Attach a recognizer to a ``Region``; it then receives the touches that land in that region or
/// its descendants. Subclasses override the touch hooks (``touchesBegan(_:)`` and friends), the
/// touchpad hook ``touchpadGesture(_:)``, ``deadlineReached(at:)`` and ``reset()``, and move
/// ``state`` along UIKit's state machine. The engine arbitrates every transition out of
/// `possible` (require-to-fail, simultaneity, delegate answers) before it takes effect, then calls
/// the targets.
///
/// ## Ownership
///
/// A ``Region`` holds its recognizers strongly; a recognizer does not keep its ``region`` alive
/// (it reads `nil` once the region has gone), holds its ``delegate`` and the target objects of
/// ``addTarget(_:action:)`` weakly, and its target closures — with everything they capture —
/// strongly, as it does the recognizers it was told to ``require(toFail:)``. A target closure receives the recognizer as its parameter, typed as the
/// recognizer's own class, so it never needs to capture it: one that does keeps the recognizer
/// alive for as long as the target is attached.
///
/// Recognizers are not thread-safe; use them on the thread that owns their engine.
open class GestureRecognizer {
    // MARK: Identity and configuration

    /// A name for logs and failure reasons (the class name unless set).
    public var name: String {
        get { storedName }
        set { storedName = newValue }
    }
    /// The tunables this recognizer was created with; its own properties start from them.
    public let configuration: GestureConfiguration
    /// The region the recognizer is attached to.
    public internal(set) var region: Region? {
        get { book.value.region }
        set { book.value.region = newValue }
    }
    /// Answers the delegate questions; held weakly.
    public var delegate: (any GestureRecognizerDelegate)? {
        get { book.value.delegate }
        set {
            book.value.delegate = newValue
            book.value.delegateDefaults = []
        }
    }

    /// Whether the recognizer takes part. Turning it off while it has touches cancels a gesture in
    /// progress (or fails a possible one) and releases the touches.
    public var isEnabled: Bool {
        get { book.value.isEnabled }
        set {
            let wasEnabled = book.value.isEnabled
            book.value.isEnabled = newValue
            // The bound engine first: a participant whose region has just left the tree still
            // holds touches of that engine.
            if wasEnabled && !newValue { withEngine { $0.recognizerWillDetach(self) } }
        }
    }

    /// The kinds of touch the recognizer accepts. Default: direct touches only.
    public var allowedTouchTypes: Set<TouchType> {
        get { storedAllowedTouchTypes }
        set {
            storedAllowedTouchTypes = newValue
            book.value.touchTypes = TouchTypeMask(newValue)
        }
    }

    /// Rectangles where touches that land start no gesture of this recognizer: it never receives
    /// a direct touch whose first location lies in one (an on-screen keyboard, a signature pad).
    /// Other recognizers, and the region's raw touch delivery, still get the touch.
    ///
    /// ```swift
    /// threeFingerSwipe.exclusionZones = [.screen(keyboardFrame)]
    /// ```
    public var exclusionZones: [ExclusionZone] {
        get { storedExclusionZones }
        set {
            storedExclusionZones = newValue
            book.value.hasExclusionZones = !newValue.isEmpty
        }
    }

    /// Whether touches are cancelled in the region when this recognizer claims them: it began
    /// (a claim a cancel in the same cycle does not take back) or recognized. Default on.
    public var cancelsTouchesInView: Bool {
        get { book.value.cancelsTouchesInView }
        set { book.value.cancelsTouchesInView = newValue }
    }
    /// Whether touches are held back from the region while this recognizer may still recognize.
    /// Default off; turned off, it lets go at once of the touches it held.
    public var delaysTouchesBegan: Bool {
        get { book.value.delaysTouchesBegan }
        set { setDeliveryFlag(\.delaysTouchesBegan, newValue) }
    }
    /// Whether a touch's end is held back from the region while this recognizer may still
    /// recognize. Default on; turned off, it lets go at once of the ends it held.
    public var delaysTouchesEnded: Bool {
        get { book.value.delaysTouchesEnded }
        set { setDeliveryFlag(\.delaysTouchesEnded, newValue) }
    }

    // MARK: State

    var committedState: GestureState {
        get { book.value.committedState }
        set { book.value.committedState = newValue }
    }
    /// A transition out of `possible` waiting on require-to-fail relations.
    var pendingState: GestureState? {
        get { book.value.pendingState }
        set { book.value.pendingState = newValue }
    }
    /// A continuous gesture that began and ended while it waited: it begins, then ends, on release.
    var pendingBeganBeforeEnd: Bool {
        get { book.value.pendingBeganBeforeEnd }
        set { book.value.pendingBeganBeforeEnd = newValue }
    }

    /// The state. Read it anywhere; set it only from a subclass, from within its hooks, as UIKit's
    /// `UIGestureRecognizerSubclass` allows. The engine checks every transition: an impossible one
    /// is refused loudly (an assertion in debug builds) and logged in ``refusedTransitions``.
    ///
    /// While its targets are told of a transition, they read that transition's state, even when
    /// input one of them sent has moved the recognizer on since: that newer transition is told
    /// next, to every target, in a round of its own.
    public var state: GestureState {
        get { book.value.presented ?? committedState }
        set { requestTransition(to: newValue, reason: nil) }
    }

    /// Why the recognizer last failed, kept until it receives its next touch.
    public internal(set) var failureReason: FailureReason? {
        get { book.value.failureReasonKept ? book.value.failureReason : nil }
        set {
            book.value.failureReason = newValue
            book.value.failureReasonKept = true
        }
    }

    /// Why the recognizer's touches were cancelled, when a gesture it was recognizing was cut
    /// short by them (a palm, the device, the watchdog, the host), kept until it receives its next
    /// touch. Targets called for `cancelled` can read it.
    public internal(set) var cancellationReason: TouchCancellation? {
        get { book.value.cancellationReason }
        set { book.value.cancellationReason = newValue }
    }

    /// Transitions a subclass asked for that the state machine does not allow, as
    /// `(from, to)` pairs, for diagnosis: the first 64, oldest first (a subclass that asks for
    /// one in every frame does not grow the list without end).
    public var refusedTransitions: [(from: GestureState, to: GestureState)] { storedRefusedTransitions }

    // The storage of the public properties above, read and written whole, never across a call:
    // the compiler checks it (docs/architecture.md, "Checks the compiler removes").
    private var storedName: String
    private var storedAllowedTouchTypes: Set<TouchType> = [.direct]
    private var storedExclusionZones: [ExclusionZone] = []
    var storedRefusedTransitions: [(from: GestureState, to: GestureState)] = []

    /// Whether a refused transition also stops a debug build (it does by default). The invariant
    /// tests turn it off to record refusals in ``refusedTransitions`` and report them with the
    /// input that caused them.
    var assertsOnRefusal = true

    // MARK: Touches

    /// The touches of the current sequence that this recognizer tracks, including those that
    /// ended in the frame being processed.
    public var touches: [Touch] { book.value.touches }

    /// The touchpad gesture the recognizer is following, if any. A recognizer follows touchscreen
    /// fingers or a touchpad gesture, never both at once: while it follows one, the other is not
    /// offered to it.
    public internal(set) var touchpadGestureSequence: Touch? {
        get { book.value.touchpadGestureSequence }
        set { book.value.touchpadGestureSequence = newValue }
    }

    /// Fingers in the touchpad gesture being followed.
    public internal(set) var touchpadFingerCount: Int {
        get { book.value.touchpadFingerCount }
        set { book.value.touchpadFingerCount = newValue }
    }
    var lastFrameTime: Timestamp {
        get { book.value.lastFrameTime }
        set { book.value.lastFrameTime = newValue }
    }

    /// When the recognizer wants ``deadlineReached(at:)`` to be called, set by a subclass.
    public var deadline: Timestamp? {
        get { book.value.deadline }
        set {
            let old = book.value.deadline
            book.value.deadline = newValue
            // The engine keeps its participants' earliest deadline (it is asked before every event).
            if newValue != old, let e = boundEngine {
                e.with { $0.recognizerDeadlinesChanged = true }
            }
        }
    }

    // Relations: read whole by every arbitration, and written whole (never changed in place, which
    // would be an access open across a call): the compiler then checks none of its accesses.
    var failureRequirements: [GestureRecognizer] = []
    // In the order they were added (`RecognizerBook.targets`), which is the order of their tokens.
    var targets: [TargetEntry] { book.value.targets }
    var nextToken = 0

    /// The device of the input the recognizer last received (touches or a touchpad gesture): the
    /// device a transition is about, for logs. Kept after the recognizer resets.
    public internal(set) var device: DeviceID? {
        get { book.value.device }
        set { book.value.device = newValue }
    }

    /// How many times the engine has reset the recognizer: a decision taken before a call out
    /// (the delegate's `shouldBegin`) stands only if no reset came in between.
    var resets: Int {
        get { book.value.resets }
        set { book.value.resets = newValue }
    }

    /// What the engine reads and writes on this recognizer in every cycle.
    let book = Unchecked(RecognizerBook())

    /// Whether the recognizer takes part in the current sequence of the engine `link` leads to.
    /// A recognizer takes part in one engine's sequence at a time, but may still be listed by
    /// another engine that released it, until that engine prunes its list.
    @inline(__always)
    func takesPart(in link: EngineLink) -> Bool {
        book.value.partOf == link.address
    }
    /// Released from its sequence (disabled or removed, itself or its region) while one of its
    /// own hooks may still be running: what that hook asks for next is ignored, until the
    /// recognizer receives new input.
    var isReleased: Bool {
        get { book.value.isReleased }
        set { book.value.isReleased = newValue }
    }
    /// The engine's frame count when this recognizer last heard of motion (or would have, had it
    /// been ready): touches stamped later have motion it has not heard.
    var movesHeard: Int {
        get { book.value.movesHeard }
        set { book.value.movesHeard = newValue }
    }
    /// The engine while the recognizer takes part in a cycle of it (`RecognizerBook.boundEngine`).
    var boundEngine: EngineLink? {
        get { book.value.boundEngine }
        set {
            book.value.boundEngine = newValue
            book.value.partOf = newValue?.address ?? 0
        }
    }

    /// Creates a recognizer with the tunables of `configuration`.
    public init(configuration: GestureConfiguration = .default) {
        self.configuration = configuration
        storedName = String(describing: type(of: self))
    }

    // MARK: Subclass hooks

    /// Touches landed. Default: nothing.
    open func touchesBegan(_ touches: [Touch]) {}
    /// Touches moved. Default: nothing. A touch whose lift in this frame carried motion (its last
    /// report is the lift) is among them, its phase already `ended`; `touchesEnded(_:)` follows
    /// in the same frame.
    open func touchesMoved(_ touches: [Touch]) {}
    /// Touches lifted. Default: nothing.
    open func touchesEnded(_ touches: [Touch]) {}
    /// Touches were cancelled. Default: a gesture in progress is cancelled and a possible one fails.
    open func touchesCancelled(_ touches: [Touch]) {
        let reason = touches.first?.cancellation ?? .device
        if state.isActive {
            cancellationReason = reason
            state = .cancelled
        } else if state == .possible {
            fail(.touchesCancelled(reason))
        }
    }
    /// Whether this recognizer wants to follow a touchpad gesture sequence that begins with
    /// `event`. Default false.
    open func accepts(_ event: TouchpadGestureEvent) -> Bool { false }
    /// A touchpad gesture event of a sequence this recognizer follows. Default: a cancelled
    /// sequence cancels a gesture in progress or fails a possible one, for the sequence's reason
    /// (``TouchCancellation/device`` when libinput cancelled it, ``TouchCancellation/deviceRemoved``
    /// when the touchpad went away, ``TouchCancellation/host`` for
    /// ``GestureEngine/cancelAllTouches()``).
    open func touchpadGesture(_ event: TouchpadGestureEvent) {
        if event.phase == .cancel {
            let reason = touchpadGestureSequence?.cancellation ?? .device
            if state.isActive {
                cancellationReason = reason
                state = .cancelled
            } else if state == .possible { fail(.touchesCancelled(reason)) }
        }
    }
    /// The ``GestureRecognizer/deadline`` passed. `time` is the deadline itself (virtual time). Default: nothing.
    open func deadlineReached(at time: Timestamp) {}
    /// Called when the recognizer returns to `possible` after an outcome: clear per-gesture state
    /// here. Always call `super.reset()`.
    open func reset() {}

    /// The gesture's location in `region`'s coordinates (screen points when `nil`): by default the
    /// centroid of the fingers down, as UIKit; once every one has lifted before the recognizer
    /// finished, where they were as the last lifted (for one that decides after its fingers, a
    /// tap waiting on a double tap's failure, say). Subclasses refine it (a tap reports its first tap).
    open func location(in region: Region?) -> Point {
        let p = centroid(of: touches, includingEndedAt: lastFrameTime)
            ?? (touchpadGestureSequence == nil ? book.value.liftLocation : nil) ?? fallbackLocation
        return region?.convert(fromScreen: p) ?? p
    }

    // MARK: Relation hooks

    /// Subclass hook: whether this recognizer must wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Subclass hook: whether `other` must wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }
    /// Subclass hook: whether, once recognizing, it keeps `other` from recognizing. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Subclass hook: whether `other`, once recognizing, keeps it from recognizing. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// Whether, of a frame in which `lifting` of its fingers lift and `landing` other fingers it was
    /// offered land, it hears the lifts first (`GestureEngine.hearsLiftsFirst(_:)`). Taps and long
    /// presses say when; called through the class's table, no look-up of a protocol conformance.
    func hearsLiftsFirst(lifting: Int, landing: Int) -> Bool { false }

    /// Its begin, which waited on a failure requirement, was granted outside its hooks (a
    /// directional swipe then starts); `endAfterWaiting()` ends it when its fingers lifted
    /// meanwhile, as its hook would have (a pan through ``PanGestureRecognizer/finish()``);
    /// `cancelledWithoutTouches()` follows a cancel no touch made (disabled, taken out of the
    /// tree, its engine gone), after the targets (a directional swipe tells its delegate).
    func beganAfterWaiting() {}
    func endAfterWaiting() { commit(.ended, reason: nil) }
    func cancelledWithoutTouches() {}
}

extension GestureRecognizer: CustomStringConvertible {
    public var description: String { "\(name)[\(state.rawValue)]" }
}
