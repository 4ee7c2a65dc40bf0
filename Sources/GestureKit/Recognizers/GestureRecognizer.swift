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
/// A ``Region`` holds its recognizers strongly; a recognizer holds its ``region``, its
/// ``delegate`` and the target objects of ``addTarget(_:action:)`` weakly, and its target
/// closures — with everything they capture — strongly, as it does the recognizers it was told to
/// ``require(toFail:)``. A target closure receives the recognizer as its parameter, typed as the
/// recognizer's own class, so it never needs to capture it: one that does keeps the recognizer
/// alive for as long as the target is attached.
///
/// Recognizers are not thread-safe; use them on the thread that owns their engine.
open class GestureRecognizer {
    // MARK: Identity and configuration

    /// A name for logs and failure reasons (the class name unless set).
    public var name: String
    /// The tunables this recognizer was created with; its own properties start from them.
    public let configuration: GestureConfiguration
    /// The region the recognizer is attached to.
    public internal(set) weak var region: Region?
    /// Answers the delegate questions; held weakly.
    public weak var delegate: (any GestureRecognizerDelegate)?

    /// Whether the recognizer takes part. Turning it off while it has touches cancels a gesture in
    /// progress (or fails a possible one) and releases the touches.
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            // The bound engine first: a participant whose region has just left the tree still
            // holds touches of that engine.
            if oldValue && !isEnabled { withEngine { $0.recognizerWillDetach(self) } }
        }
    }

    /// The kinds of touch the recognizer accepts. Default: direct touches only.
    public var allowedTouchTypes: Set<TouchType> = [.direct]

    /// Rectangles where touches that land start no gesture of this recognizer: it never receives
    /// a direct touch whose first location lies in one (an on-screen keyboard, a signature pad).
    /// Other recognizers, and the region's raw touch delivery, still get the touch.
    ///
    /// ```swift
    /// threeFingerSwipe.exclusionZones = [.screen(keyboardFrame)]
    /// ```
    public var exclusionZones: [ExclusionZone] = []

    /// Whether a direct touch landing at `location` (screen points) lies in one of
    /// ``exclusionZones``.
    public func isExcluded(_ location: Point) -> Bool {
        for zone in exclusionZones {
            let p = zone.space == .screen ? location : (region?.convert(fromScreen: location) ?? location)
            if zone.rect.contains(p) { return true }
        }
        return false
    }

    /// Whether touches are cancelled in the region when this recognizer claims them (began or
    /// recognized). Default on.
    @exclusivity(unchecked) public var cancelsTouchesInView = true
    /// Whether touches are held back from the region while this recognizer may still recognize.
    /// Default off.
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    /// Whether a touch's end is held back from the region while this recognizer may still
    /// recognize. Default on.
    @exclusivity(unchecked) public var delaysTouchesEnded = true

    // MARK: State

    @exclusivity(unchecked) var committedState: GestureState = .possible
    /// A transition out of `possible` waiting on require-to-fail relations.
    @exclusivity(unchecked) var pendingState: GestureState?
    /// A continuous gesture that began and ended while it waited: it begins, then ends, on release.
    var pendingBeganBeforeEnd = false

    /// The state. Read it anywhere; set it only from a subclass, from within its hooks, as UIKit's
    /// `UIGestureRecognizerSubclass` allows. The engine checks every transition: an impossible one
    /// is refused loudly (an assertion in debug builds) and logged in ``refusedTransitions``.
    public var state: GestureState {
        get { committedState }
        set { requestTransition(to: newValue, reason: nil) }
    }

    /// Why the recognizer last failed, kept until it receives its next touch.
    public internal(set) var failureReason: FailureReason?

    /// Why the recognizer's touches were cancelled, when a gesture it was recognizing was cut
    /// short by them (a palm, the device, the watchdog, the host), kept until it receives its next
    /// touch. Targets called for `cancelled` can read it.
    public internal(set) var cancellationReason: TouchCancellation?

    /// Transitions a subclass asked for that the state machine does not allow, as
    /// `(from, to)` pairs, for diagnosis.
    public internal(set) var refusedTransitions: [(from: GestureState, to: GestureState)] = []

    // MARK: Touches

    /// The touches of the current sequence that this recognizer tracks, including those that
    /// ended in the frame being processed.
    @exclusivity(unchecked) public internal(set) var touches: [Touch] = []
    var removedTouches = 0

    /// The touchpad gesture the recognizer is following, if any.
    @exclusivity(unchecked) public internal(set) var touchpadGestureSequence: Touch?

    /// When the recognizer wants ``deadlineReached(at:)`` to be called, set by a subclass.
    @exclusivity(unchecked) public var deadline: Timestamp? {
        didSet {
            // The engine keeps its participants' earliest deadline (it is asked before every event).
            if deadline != oldValue, let e = boundEngine {
                e._withUnsafeGuaranteedRef { $0.recognizerDeadlinesChanged = true }
            }
        }
    }

    // Relations.
    var failureRequirements: [GestureRecognizer] = []
    // In the order they were added, which is the order of their tokens. Read once per call of a
    // target (an instantaneous access that ends before the call), so a target that adds or removes
    // targets cannot overlap it: no run-time exclusivity check.
    @exclusivity(unchecked) var targets: [TargetEntry] = []
    private var nextToken = 0

    /// The device of the input the recognizer last received (touches or a touchpad gesture): the
    /// device a transition is about, for logs. Kept after the recognizer resets.
    public internal(set) var device: DeviceID?

    /// The sequence number of the last touch offered to this recognizer.
    var lastOfferedSequence = 0

    // Engine bookkeeping. It and the state above are read and written for every participant in
    // every cycle, by plain assignment or by array mutations that never call out, so they skip
    // the run-time exclusivity check (a probe of a thread-local access set on every access).
    @exclusivity(unchecked) var isParticipant = false
    /// Released from its sequence (disabled or removed, itself or its region) while one of its
    /// own hooks may still be running: what that hook asks for next is ignored, until the
    /// recognizer receives new input.
    @exclusivity(unchecked) var isReleased = false
    @exclusivity(unchecked) var beganBuffer: [Touch] = []
    @exclusivity(unchecked) var movedBuffer: [Touch] = []
    @exclusivity(unchecked) var endedBuffer: [Touch] = []
    @exclusivity(unchecked) var cancelledBuffer: [Touch] = []
    /// The engine's frame count when this recognizer last heard of motion (or would have, had it
    /// been ready): touches stamped later have motion it has not heard.
    @exclusivity(unchecked) var movesHeard = 0

    /// Creates a recognizer with the tunables of `configuration`.
    public init(configuration: GestureConfiguration = .default) {
        self.configuration = configuration
        self.name = String(describing: type(of: self))
    }

    // MARK: Targets

    /// Creates a recognizer with the tunables of `configuration` and one target, `action`, called
    /// with the recognizer as its own class: `PinchGestureRecognizer { p in print(p.scale) }`.
    ///
    /// The same as creating the recognizer and calling ``addTarget(_:)``, whose ownership rule
    /// applies. Subclasses inherit this initializer when they inherit or override every designated
    /// initializer of their superclass (as the built-in recognizers do with
    /// ``init(configuration:)``).
    public convenience init(configuration: GestureConfiguration = .default, action: @escaping (Self) -> Void) {
        self.init(configuration: configuration)
        addTarget(action)
    }

    /// Creates a recognizer with the tunables of `configuration` and one target: `action` called
    /// on `target`, which the recognizer holds weakly — UIKit's `init(target:action:)`, as in
    /// `PinchGestureRecognizer(target: self, action: MapView.zoom)`.
    ///
    /// The same as creating the recognizer and calling ``addTarget(_:action:)``.
    public convenience init<Target: AnyObject>(
        configuration: GestureConfiguration = .default, target: Target, action: @escaping (Target) -> (Self) -> Void
    ) {
        self.init(configuration: configuration)
        addTarget(target, action: action)
    }

    /// Adds a target, called on every state change except `failed` (UIKit's target-action).
    /// Several targets are called in the order they were added.
    ///
    /// The target receives the recognizer typed as the class it was added through, so it reads
    /// that class's properties without a cast:
    ///
    /// ```swift
    /// pinch.addTarget { p in                      // p: PinchGestureRecognizer
    ///     if p.state == .changed { print("zoom", p.scale) }
    /// }
    /// ```
    ///
    /// A closure typed `(GestureRecognizer) -> Void` is accepted too.
    ///
    /// - Important: The recognizer holds `action` strongly, with everything the closure captures,
    ///   for as long as the target is attached. Use the parameter rather than capturing the
    ///   recognizer: a closure that captures its own recognizer makes a reference cycle and keeps
    ///   it alive until the target is removed. Capture the objects that own the recognizer — a
    ///   view model, the region — `weak` or `unowned`, or add them with ``addTarget(_:action:)``,
    ///   which holds its target object weakly.
    ///
    /// - Parameter action: Called with the recognizer after each state change but `failed`.
    /// - Returns: A token for ``removeTarget(_:)``.
    @discardableResult
    public func addTarget(_ action: @escaping (Self) -> Void) -> TargetToken {
        // Targets are only ever called with `self`, whose class is `Self`: the checked cast holds.
        append(object: nil, holdsObject: false) { _, r in action(r as! Self) }
    }

    /// Adds a target object and a method of it to call: UIKit's `addTarget(_:action:)`, with the
    /// method named the Swift way.
    ///
    /// ```swift
    /// final class MapView {
    ///     var scale = 1.0
    ///     func zoom(_ pinch: PinchGestureRecognizer) {
    ///         if pinch.state == .ended { scale *= pinch.scale }
    ///     }
    /// }
    /// pinch.addTarget(mapView, action: MapView.zoom)
    /// ```
    ///
    /// The recognizer holds `target` weakly, as UIKit does: it does not keep it alive. Once
    /// `target` has been deallocated its action is no longer called: ``targetCount`` stops counting
    /// it at once, and the recognizer drops it the next time it calls its targets.
    /// The action itself is held strongly; a method reference such as `MapView.zoom` captures
    /// nothing.
    ///
    /// - Parameters:
    ///   - target: The object to call, held weakly.
    ///   - action: A method of `target`'s class that takes the recognizer as its own class (or as
    ///     any superclass of it), called after each state change but `failed`.
    /// - Returns: A token for ``removeTarget(_:)``.
    @discardableResult
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Self) -> Void) -> TargetToken {
        append(object: target, holdsObject: true) { object, r in
            // Called only with the object, still alive, and with `self`: the checked casts hold.
            action(object as! Target)(r as! Self)
        }
    }

    /// Removes one target, or every target when `token` is `nil` (as UIKit's `removeTarget(nil, …)`).
    /// Removing a target that is no longer attached does nothing.
    public func removeTarget(_ token: TargetToken?) {
        guard let token else { targets.removeAll(); return }
        targets.removeAll { $0.token == token.value }
    }

    /// How many targets are attached, not counting those whose target object has gone.
    public var targetCount: Int {
        var n = 0
        for t in targets where !t.holdsObject || t.object != nil { n += 1 }
        return n
    }

    /// A target: a closure, or a method with the object it is called on, held weakly.
    struct TargetEntry {
        let token: Int
        /// The target object, for a target added with one; `nil` for a closure.
        weak var object: AnyObject?
        /// Whether the target was added with an object (and is dropped once it has gone).
        let holdsObject: Bool
        /// Calls the target with its object (`nil` for a closure) and the recognizer.
        let call: (AnyObject?, GestureRecognizer) -> Void
    }

    private func append(
        object: AnyObject?, holdsObject: Bool, call: @escaping (AnyObject?, GestureRecognizer) -> Void
    ) -> TargetToken {
        nextToken += 1
        targets.append(TargetEntry(token: nextToken, object: object, holdsObject: holdsObject, call: call))
        return TargetToken(value: nextToken)
    }

    /// Calls each target in the order they were added. A target may add or remove targets,
    /// itself included: those added are called in the same round, those removed before their turn
    /// are not, and the others are each called once. A target whose object has gone is dropped.
    func sendActions() {
        var i = 0
        while i < targets.count {
            let token = targets[i].token
            if !targets[i].holdsObject {
                targets[i].call(nil, self)
            } else if let object = targets[i].object {
                targets[i].call(object, self)
            } else {
                targets.remove(at: i)
                continue
            }
            // Carry on after this target's token: the array may have changed around it.
            if i < targets.count && targets[i].token == token {
                i += 1
            } else {
                i = targets.firstIndex { $0.token > token } ?? targets.count
            }
        }
    }

    // MARK: Relations

    /// Makes this recognizer wait in `possible` until `other` fails; if `other` recognizes, this
    /// one fails. Pay for it only where needed: a single tap that requires a double tap to fail
    /// waits up to ``GestureConfiguration/multiTapMaximumInterval`` after every tap.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot require its own failure")
        if !failureRequirements.contains(where: { $0 === other }) { failureRequirements.append(other) }
    }

    /// Subclass hook: whether this recognizer must wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Subclass hook: whether `other` must wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }
    /// Subclass hook: whether this recognizer, once recognizing, keeps `other` from recognizing.
    /// Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Subclass hook: whether `other`, once recognizing, keeps this recognizer from recognizing.
    /// Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    // MARK: Touch queries

    /// The fingers currently down that this recognizer tracks, and those that lifted in the frame
    /// being processed (as UIKit still counts them at `ended`). While the recognizer follows a
    /// touchpad gesture, that gesture's ``touchpadFingerCount``; the sequence itself is not a finger.
    public var numberOfTouches: Int {
        if let g = touchpadGestureSequence, g.isActive || g.timestamp == lastFrameTime || touches.isEmpty {
            return touchpadFingerCount
        }
        var n = 0
        for t in touches where t.type != .touchpadGesture && (t.isActive || t.timestamp == lastFrameTime) { n += 1 }
        return n
    }

    /// The fingers of this recognizer that are still down (not those that lifted in the frame
    /// being processed, unlike ``numberOfTouches``): what a subclass checks to end its gesture.
    public var activeTouchCount: Int {
        var n = 0
        var i = 0
        while i < touches.count {
            unowned(unsafe) let t = touches[i]
            i += 1
            if t.phase.isActive && t.type != .touchpadGesture { n += 1 }
        }
        return n
    }

    /// Fingers in the touchpad gesture being followed.
    public internal(set) var touchpadFingerCount = 0
    @exclusivity(unchecked) var lastFrameTime: Timestamp = .zero

    /// The `index`th finger (by ``numberOfTouches`` order) in `region`'s coordinates.
    public func location(ofTouch index: Int, in region: Region?) -> Point {
        var i = 0
        for t in touches where t.type != .touchpadGesture && (t.isActive || t.timestamp == lastFrameTime) {
            if i == index { return t.location(in: region) }
            i += 1
        }
        return location(in: region)
    }

    /// The gesture's location in `region`'s coordinates (screen points when `nil`): by default the
    /// centroid of the fingers down, as UIKit. Subclasses refine it (a tap reports its first tap).
    open func location(in region: Region?) -> Point {
        let p = centroid(of: touches, includingEndedAt: lastFrameTime) ?? fallbackLocation
        return region?.convert(fromScreen: p) ?? p
    }

    /// Where a touchpad gesture is reported: the engine's pointer location, or the centre of this
    /// recognizer's region.
    var fallbackLocation: Point {
        region?.engine?.touchpadPointerLocation ?? region?.screenFrame.center ?? .zero
    }

    /// The centroid of the active touches (and of those that ended at `time`), in screen points.
    func centroid(of touches: [Touch], includingEndedAt time: Timestamp?) -> Point? {
        var sum = Point.zero
        var n = 0.0
        var i = 0
        while i < touches.count {
            // `touches` holds each touch and nothing here calls out: borrowed, not retained.
            unowned(unsafe) let t = touches[i]
            i += 1
            if t.type != .touchpadGesture && (t.phase.isActive || (time != nil && t.timestamp == time!)) {
                sum += t.location
                n += 1
            }
        }
        return n > 0 ? sum / n : nil
    }

    /// Calls `body` with each finger the recognizer measures in the frame being processed: the
    /// fingers down and, when `includingLifted`, those that lifted or were cancelled in this very
    /// frame, at their last position; `excluded` fingers are left out.
    ///
    /// Real panels lift one finger in the same frame in which the others move. Measure motion in
    /// ``touchesMoved(_:)`` over this set (the lifted finger included) against the same set's
    /// measure from before the frame, and re-anchor in ``touchesEnded(_:)`` without the lifted
    /// finger (`includingLifted: false`): a measure over "the fingers down" alone jumps at such a
    /// frame. Likewise, in ``touchesBegan(_:)``, measure the motion of the fingers already down
    /// (excluding the new ones) before re-anchoring with them.
    public func forEachFinger(includingLifted: Bool = true, excluding excluded: [Touch] = [], _ body: (Touch) -> Void) {
        let frame = lastFrameTime
        var i = 0
        while i < touches.count {
            let t = touches[i]
            i += 1
            guard t.type != .touchpadGesture,
                  t.phase.isActive || (includingLifted && t.timestamp == frame)
            else { continue }
            if !excluded.isEmpty && excluded.contains(where: { $0 === t }) { continue }
            body(t)
        }
    }

    /// Stops delivering `touch` to this recognizer (UIKit's `ignore(_:for:)`).
    public func ignore(_ touch: Touch) {
        touches.removeAll { $0 === touch }
        touch._gestureRecognizers.removeAll { $0 === self }
    }

    // MARK: Subclass hooks

    /// Touches landed. Default: nothing.
    open func touchesBegan(_ touches: [Touch]) {}
    /// Touches moved. Default: nothing.
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
    /// sequence cancels a gesture in progress or fails a possible one.
    open func touchpadGesture(_ event: TouchpadGestureEvent) {
        if event.phase == .cancel {
            if state.isActive {
                cancellationReason = .device
                state = .cancelled
            } else if state == .possible { fail(.touchesCancelled(.device)) }
        }
    }
    /// The ``GestureRecognizer/deadline`` passed. `time` is the deadline itself (virtual time). Default: nothing.
    open func deadlineReached(at time: Timestamp) {}
    /// Called when the recognizer returns to `possible` after an outcome: clear per-gesture state
    /// here. Always call `super.reset()`.
    open func reset() {}

    // MARK: Subclass helpers

    /// Fails with a reason a host can log.
    public func fail(_ reason: FailureReason) {
        requestTransition(to: .failed, reason: reason)
    }

    /// Converts a distance to points for `touch`'s device, with one density for both axes (its
    /// mean). To compare a displacement with a threshold, prefer
    /// ``displacement(_:reaches:for:)``, which measures each axis with its own density.
    public func points(_ distance: Distance, for touch: Touch?) -> Double {
        distance.points(atPointsPerMillimetre: touch?.pointsPerMillimetre ?? configuration.fallbackPointsPerMillimetre)
    }

    /// Points per millimetre along the screen's axes for `touch`'s device (the fallback density
    /// without a touch, as for touchpad gestures).
    public func density(for touch: Touch?) -> PointDensity {
        touch?.density ?? PointDensity(uniform: configuration.fallbackPointsPerMillimetre)
    }

    /// A displacement in screen points as the millimetres the finger travelled along the screen's
    /// x and y axes: what directions are judged by.
    public func millimetres(_ displacement: Point, for touch: Touch?) -> Point {
        density(for: touch).millimetres(displacement)
    }

    /// A distance in millimetres for `touch`'s device (a distance in points through the mean
    /// density).
    public func millimetres(_ distance: Distance, for touch: Touch?) -> Double {
        switch distance {
        case .millimetres(let mm): mm
        case .points(let pt): pt / density(for: touch).mean
        }
    }

    /// Whether a displacement in screen points reaches `threshold`: in millimetres along each axis
    /// of `touch`'s device for a threshold in millimetres, in points for one in points.
    public func displacement(_ displacement: Point, reaches threshold: Distance, for touch: Touch?) -> Bool {
        threshold.isReached(by: displacement, density: density(for: touch))
    }

    /// The engine's current time (the latest event's timestamp).
    public var now: Timestamp { withEngine { $0.now } ?? lastFrameTime }

    /// The engine while the recognizer takes part in a cycle of it: set when it receives input,
    /// cleared when it resets or is released, and by the engine's deinit. Unretained, so that
    /// hooks and transitions reach the engine with no reference counting (the engine is weakly
    /// referenced by its regions, which makes retaining it slower still) and no weak loads.
    @exclusivity(unchecked) var boundEngine: Unmanaged<GestureEngine>?

    /// Calls `body` with this recognizer's engine: the bound one, unretained, or else the one its
    /// region belongs to. `nil` when it has none (detached).
    @discardableResult @inline(__always)
    func withEngine<R>(_ body: (GestureEngine) -> R) -> R? {
        if let e = boundEngine { return e._withUnsafeGuaranteedRef(body) }
        return region?.engine.map(body)
    }

    // MARK: Transitions

    func requestTransition(to new: GestureState, reason: FailureReason?) {
        if isReleased { return }
        // The commonest transition, a continuous gesture changing, has nothing to arbitrate.
        if new == .changed && pendingState == nil && (committedState == .began || committedState == .changed) {
            return commit(.changed, reason: nil)
        }
        if withEngine({ $0.arbiter.request(self, to: new, reason: reason) }) == nil {
            // Detached: no arbitration, but the state machine still holds.
            guard Self.isLegal(from: committedState, to: new) else { return refuse(to: new) }
            commit(new, reason: reason)
        }
    }

    func refuse(to new: GestureState) {
        refusedTransitions.append((committedState, new))
        if assertsOnRefusal { assertionFailure("\(name): illegal transition \(committedState) → \(new)") }
    }

    /// Whether a refused transition also stops a debug build (it does by default). The invariant
    /// tests turn it off to record refusals in ``refusedTransitions`` and report them with the
    /// input that caused them.
    var assertsOnRefusal = true

    /// Sets the state for real, tells the engine's observer, and calls the targets (not for
    /// `failed` or `possible`).
    func commit(_ new: GestureState, reason: FailureReason?) {
        let old = committedState
        committedState = new
        pendingState = nil
        if new == .failed { failureReason = reason ?? .unspecified }
        // Spelled out rather than through withEngine: the closure would not be inlined, and this
        // runs on every state change.
        if let e = boundEngine {
            e._withUnsafeGuaranteedRef { $0.didTransition(self, from: old, to: new) }
        } else {
            region?.engine?.didTransition(self, from: old, to: new)
        }
        if new != .failed && new != .possible { sendActions() }
    }

    /// UIKit's state machine.
    static func isLegal(from old: GestureState, to new: GestureState) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        case (_, .possible): true
        default: false
        }
    }
}

extension GestureRecognizer: CustomStringConvertible {
    public var description: String { "\(name)[\(state.rawValue)]" }
}
