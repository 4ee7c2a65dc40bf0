/// Recognizes two or more fingers turning (UIKit's `UIRotationGestureRecognizer`). Continuous:
/// begins once the fingers have turned ``minimumAngle`` about their centre. The turn of each
/// frame is the mean of each finger's turn about the fingers' centroid, weighted by its distance
/// from it, measured over the fingers down both before and after the frame: fingers landing or
/// lifting, even in a frame in which others move, add nothing, and with many fingers no single
/// pair decides.
///
/// ``rotation`` is in radians, clockwise positive on screen (y grows downwards), settable;
/// ``velocity`` is in radians per second. libinput's touchpad pinch (its angle) drives it too.
open class RotationGestureRecognizer: GestureRecognizer {
    /// The turn before the rotation begins, in radians.
    public var minimumAngle: Double {
        get { settings.minimumAngle }
        set { settings.minimumAngle = newValue }
    }
    /// Whether touchpad pinches drive the recognizer.
    public var acceptsTouchpadPinches: Bool {
        get { settings.acceptsTouchpadPinches }
        set { settings.acceptsTouchpadPinches = newValue }
    }

    /// Where the settings above are stored, checked by the compiler rather than at run time
    /// (docs/architecture.md, "Checks the compiler removes").
    private struct Settings {
        var minimumAngle: Double
        var acceptsTouchpadPinches: Bool = true
    }
    private var settings: Settings

    /// The turn since the fingers landed, in radians; set it (to 0, say) to measure from here on.
    /// The velocity then starts afresh from the latest motion's moment, as a pan's does on
    /// ``PanGestureRecognizer/setTranslation(_:in:)``: until motion comes after it, it is the
    /// velocity measured up to it.
    public var rotation: Double {
        get { accumulated + offset }
        set {
            offset = newValue - accumulated
            motion.value.trackedOffset = 0
            motion.value.tracker.restart(from: Point(x: newValue, y: 0))
        }
    }
    /// The rate of turn, in radians per second.
    public var velocity: Double { motion.value.tracker.velocity(at: now).x }

    /// The state that changes on every motion, by plain stores that never span a call out: see
    /// `Unchecked`.
    private struct Motion {
        var accumulated: Double = 0.0
        var offset: Double = 0.0
        /// The turn of the finger sets before the current one.
        var setStart = 0.0
        var tracker: VelocityTracker
        /// What the velocity is measured on less ``rotation``: 0 but after a frame in which a
        /// finger lifted with no motion of its own, whose turn is measured on the fingers that
        /// stayed (see `GestureRecognizer.heardStillLift`).
        var trackedOffset = 0.0
    }
    private let motion: Unchecked<Motion>
    /// What the velocity is measured on, as a sample.
    private var tracked: Point { Point(x: rotation + motion.value.trackedOffset, y: 0) }
    private var accumulated: Double {
        get { motion.value.accumulated }
        set { motion.value.accumulated = newValue }
    }
    private var setStart: Double {
        get { motion.value.setStart }
        set { motion.value.setStart = newValue }
    }
    /// The fingers the current turn is measured on, anchored when the set last changed. Changed
    /// only on a copy taken out (and put back), so that no access to it stays open across a call
    /// and the compiler checks them all (docs/architecture.md, "Checks the compiler removes").
    private var fingers: [Finger] = []
    private var offset: Double {
        get { motion.value.offset }
        set { motion.value.offset = newValue }
    }

    /// Creates a rotation recognizer with the tunables of `configuration`.
    public override init(configuration: GestureConfiguration = .default) {
        settings = Settings(minimumAngle: configuration.rotationMinimumAngle)
        motion = Unchecked(Motion(tracker: VelocityTracker(configuration: configuration)))
        super.init(configuration: configuration)
        // Its touchesMoved measures nothing with fewer than two fingers: that motion is not handed
        // to it. A subclass may override touchesMoved, and hears all of it.
        if type(of: self) == RotationGestureRecognizer.self { book.value.touchesToHearMotion = 2 }
    }

    /// A finger of the set the turn is measured on.
    private struct Finger {
        let touch: Touch
        /// Where it was from the set's centroid when last measured, in millimetres.
        var offset: Point
        /// How far it has turned about the centroid since the set was anchored (unwrapped).
        var turned: Double
        /// Its distance from the centroid when the set was anchored: a finger near the centre says
        /// little about the turn.
        let weight: Double
        /// Where it is, in millimetres, as last measured: worked out once per measure.
        var position: Point = .zero
    }

    /// Calls `body` with each anchored finger's position in millimetres and the set's centroid.
    private func forEachAnchored(_ body: (inout Finger, Point, Point) -> Void) {
        guard !fingers.isEmpty else { return }
        var set = fingers
        fingers = []
        do {
            // Through a span of the list: its storage is checked for sole ownership once, not
            // at each write. By index, each finger read in place (a loop binding each would
            // retain its touch).
            var span = set.mutableSpan
            var sum = Point.zero
            for i in span.indices {
                span[i].position = span[i].touch.density.millimetres(span[i].touch.location)
                sum += span[i].position
            }
            let c = sum / Double(span.count)
            for i in span.indices {
                let p = span[i].position
                body(&span[i], p, c)
            }
        }
        fingers = set
    }

    /// Brings each anchored finger's turn up to date and returns the set's turn since it was
    /// anchored: the mean of the fingers' turns, weighted by their distance from the centroid.
    /// Each finger's turn is unwrapped step by step, so the set's turn is the same however often
    /// it is measured (at 60 or 240 Hz alike).
    @discardableResult
    private func measure() -> Double {
        var turn = 0.0
        var weight = 0.0
        forEachAnchored { f, p, c in
            let d = p - c
            guard d.x != 0 || d.y != 0 else { return }
            f.turned += turnAngle(from: f.offset, to: d)
            f.offset = d
            turn += f.weight * f.turned
            weight += f.weight
        }
        return weight > 0 ? turn / weight : 0
    }

    /// Closes the current set's turn into ``accumulated`` and anchors a new set on the fingers
    /// down now. With fewer than two fingers there is no set. Without `measuring`, the turn is
    /// the one last measured (`accumulated` as it stands).
    private func anchor(measuring: Bool = true, asFrameBegan frame: Int? = nil) {
        if fingers.count >= 2 && measuring { accumulated = setStart + measure() }
        setStart = accumulated
        var set = fingers
        fingers = []
        set.empty()
        defer { fingers = set }
        var sum = Point.zero
        var n = 0
        forEachFinger(includingLifted: false) { t in
            sum += t.density.millimetres(location(of: t, asFrameBegan: frame))
            n += 1
        }
        guard n >= 2 else { return }
        let c = sum / Double(n)
        forEachFinger(includingLifted: false) { t in
            let d = t.density.millimetres(location(of: t, asFrameBegan: frame)) - c
            set.append(Finger(touch: t, offset: d, turned: 0, weight: d.length))
        }
    }

    /// One of its fingers was placed anew with no motion (a mapping changed with it down): the
    /// turn measured so far stands, and the set is anchored again where the fingers are now, so
    /// that the placement adds no turn (an output turned a quarter is not a quarter turn); the
    /// others where they were as touch frame `frame` began, their motion in it measured later.
    func touchPlaced(inFrame frame: Int) {
        guard touchpadGestureSequence == nil, fingers.count >= 2 else { return }
        anchor(measuring: false, asFrameBegan: frame)
    }

    open override func touchesBegan(_ touches: [Touch]) {
        // The fingers already down may have turned in this same frame: anchor() counts that
        // before the new fingers join.
        anchor()
        // The turn as the set starts is a sample, as a pan's landing is: a rotation that begins
        // in its first frame of motion has a velocity then, at any frame rate.
        if fingers.count >= 2 { motion.value.tracker.add(tracked, at: now) }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        // A finger that lifted in this frame is still anchored, at its last position: the set is
        // the one the turn started with; touchesEnded then anchors without it.
        guard fingers.count >= 2 else { return }
        let before = rotation
        accumulated = setStart + measure()
        if !heardStillLift {
            motion.value.tracker.add(tracked, at: now) { scanPeriod }
        } else if let turn = turnOfFingersStaying() {
            // The rotation takes the lifted finger's stillness; the velocity, the others' turn.
            motion.value.trackedOffset += before + turn - rotation
            motion.value.tracker.add(tracked, at: now) { scanPeriod }
        } else {
            // No two fingers left to measure a turn on: the frame gives no sample.
            motion.value.trackedOffset += before - rotation
        }
        if state == .possible {
            if abs(accumulated) >= minimumAngle { state = .began }
        } else if state.isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        // As UIKit's, it ends when the last finger lifts: with one finger left the angle holds,
        // and a finger landing again goes on from it.
        if activeTouchCount == 0 {
            if state.isActive { return state = .ended }
            return fail(.endedTooSoon)
        }
        anchor()
    }

    open override func accepts(_ event: TouchpadGestureEvent) -> Bool {
        acceptsTouchpadPinches && event.kind == .pinch
    }

    open override func touchpadGesture(_ event: TouchpadGestureEvent) {
        switch event.phase {
        case .begin:
            accumulated = 0
            motion.value.trackedOffset = 0
            motion.value.tracker.reset()
            motion.value.tracker.add(Point(x: rotation, y: 0), at: event.timestamp)
        case .update:
            accumulated += event.angleDelta * .pi / 180
            motion.value.tracker.add(tracked, at: event.timestamp)
            if state == .possible {
                if abs(accumulated) >= minimumAngle { state = .began }
            } else if state.isActive {
                state = .changed
            }
        case .end:
            if state.isActive { state = .ended } else { fail(.endedTooSoon) }
        case .cancel:
            super.touchpadGesture(event)
        }
    }

    open override func reset() {
        super.reset()
        // Fresh values, keeping the storage of the tracker's samples and of the finger set.
        var set = fingers
        fingers = []
        set.empty()
        fingers = set
        motion.value.tracker.reset()
        motion.value = Motion(tracker: motion.value.tracker)
    }
}
