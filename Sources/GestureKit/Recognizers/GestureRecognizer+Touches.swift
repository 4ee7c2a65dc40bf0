extension GestureRecognizer {
    // MARK: The engine

    /// Calls `body` with this recognizer's engine: the bound one, unretained, or else the one its
    /// region belongs to. `nil` when it has none (detached).
    @discardableResult @inline(__always)
    func withEngine<R>(_ body: (GestureEngine) -> R) -> R? {
        if let e = boundEngine { return e.with(body) }
        return region?.engine.map(body)
    }

    /// The engine's current time (the latest event's timestamp).
    public var now: Timestamp { withEngine { $0.now } ?? lastFrameTime }

    /// Sets ``delaysTouchesBegan`` or ``delaysTouchesEnded``. Turned off, the flag lets go at
    /// once of what it held back: the touches' beginnings or ends go to their regions now, in
    /// a frame of their own (or with the delivery under way), as when the recognizer is disabled,
    /// not with the next input event.
    func setDeliveryFlag(_ flag: WritableKeyPath<RecognizerBook, Bool>, _ on: Bool) {
        let was = book.value[keyPath: flag]
        book.value[keyPath: flag] = on
        if was && !on { withEngine { $0.deliverHeldTouches() } }
    }

    /// Whether a direct touch landing at `location` (screen points) lies in one of
    /// ``exclusionZones``.
    public func isExcluded(_ location: Point) -> Bool {
        for zone in exclusionZones {
            let p = zone.space == .screen ? location : (region?.convert(fromScreen: location) ?? location)
            if zone.rect.contains(p) { return true }
        }
        return false
    }

    // MARK: Touch queries

    /// The fingers currently down that this recognizer tracks, and those that lifted in the frame
    /// being processed (as UIKit still counts them at `ended`). While the recognizer follows a
    /// touchpad gesture, that gesture's ``touchpadFingerCount``; the sequence itself is not a finger.
    /// A tap that recognized counts the fingers of its taps, even once they lifted (frames apart,
    /// or a single tap recognized when the double tap it waited on failed, a deadline later), as
    /// UIKit does.
    public var numberOfTouches: Int {
        if let g = touchpadGestureSequence, g.isActive || g.timestamp == lastFrameTime || touches.isEmpty {
            return touchpadFingerCount
        }
        var n = 0
        let frame = lastFrameTime
        var i = 0
        while i < book.value.touches.count {
            if book.value.touches[i].type != .touchpadGesture
                && (book.value.touches[i].isActive || book.value.touches[i].timestamp == frame) { n += 1 }
            i += 1
        }
        return max(n, book.value.fingersOfTaps)
    }

    /// The `index`th finger (by ``numberOfTouches`` order) in `region`'s coordinates; the
    /// gesture's ``location(in:)`` for a finger that is no longer followed. For a tap that
    /// recognized, where the fingers of its last tap lifted, in the order they lifted.
    public func location(ofTouch index: Int, in region: Region?) -> Point {
        if book.value.fingersOfTaps > 0 && index < book.value.tapLifts.count {
            let p = book.value.tapLifts[index]
            return region?.convert(fromScreen: p) ?? p
        }
        var i = 0
        for t in touches where t.type != .touchpadGesture && (t.isActive || t.timestamp == lastFrameTime) {
            if i == index { return t.location(in: region) }
            i += 1
        }
        return location(in: region)
    }

    /// Keeps where the fingers were as the last of them lifted, for ``location(in:)`` until the
    /// recognizer resets: one that decides after its fingers lifted (a tap waiting on a double
    /// tap's failure, a pan released from a wait) reports where they were, as UIKit's do, not
    /// the centre of its region. Called as the engine drops the lifted fingers of a recognizer
    /// that has not finished: once per gesture, at most.
    @inline(never)
    func keepLiftLocation() {
        var sum = Point.zero
        var n = 0.0
        // Each touch borrowed from the list, not retained and released.
        let touches = book.value.touches
        let span = touches.span
        for i in span.indices where span[i].type != .touchpadGesture {
            sum += span[i].location
            n += 1
        }
        if n > 0 { book.value.liftLocation = sum / n }
    }

    /// Where a touchpad gesture is reported: the engine's pointer location, or the centre of the
    /// region the gesture went to (``GestureEngine/touchpadFocus``, else the root), as the engine
    /// documents; with no gesture, the centre of this recognizer's region.
    var fallbackLocation: Point {
        region?.engine?.touchpadPointerLocation ?? (touchpadGestureSequence?.region ?? region)?.screenFrame.center ?? .zero
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
    ///
    /// The fingers are those of the recognizer's list as the call begins: `body` may change the
    /// list (``ignore(_:)``, say) without changing which fingers it is called with.
    public func forEachFinger(includingLifted: Bool = true, excluding excluded: [Touch] = [], _ body: (Touch) -> Void) {
        let frame = lastFrameTime
        // The list as the call begins, each touch borrowed from it rather than retained.
        let touches = touches
        let span = touches.span
        for i in span.indices {
            guard span[i].type != .touchpadGesture,
                  span[i].phase.isActive || (includingLifted && span[i].timestamp == frame)
            else { continue }
            if !excluded.isEmpty && excluded.contains(identical: span[i]) { continue }
            body(span[i])
        }
    }

    /// Stops delivering `touch` to this recognizer (UIKit's `ignore(_:for:)`).
    public func ignore(_ touch: Touch) {
        book.value.touches.removeAll { $0 === touch }
        // Nor is it handed to a hook this cycle has not called yet.
        book.value.beganBuffer.removeAll { $0 === touch }
        book.value.endedBuffer.removeAll { $0 === touch }
        book.value.cancelledBuffer.removeAll { $0 === touch }
        touch.remove(self)
        // It may now follow no touch: the end of the cycle must look at it.
        boundEngine?.with {
            $0.book.value.emptyHanded = true
            $0.book.value.emptyHandedMark &+= 1
        }
    }

    // MARK: Subclass helpers

    /// Whether the fingers that landed at or after `start` (those of a tap under way, one that
    /// lifted in the frame another landed included) landed within `limit` of `first`: their
    /// centroid, so that neither the fingers' spread nor the order they land in matters. True
    /// with no such finger.
    func landed(since start: Timestamp, within limit: Distance, of first: Point) -> Bool {
        var sum = Point.zero
        var n = 0.0
        var lead: Touch?
        forEachFinger(includingLifted: true) { t in
            guard t.startTimestamp >= start else { return }
            sum += t.startLocation
            n += 1
            if lead == nil { lead = t }
        }
        guard let lead, n > 0 else { return true }
        return limit.length(of: sum / n - first, density: lead.density) <= limit.magnitude
    }

    /// Where `t` was as the touch frame `frame` (the engine's serial) began: a finger that frame
    /// moved already is read at its previous location. A placement re-anchors on these, so that
    /// a finger placed anew and another moving in one frame give the same measure whichever the
    /// frame lists first (the motion is measured when the frame's moves are handed out).
    func location(of t: Touch, asFrameBegan frame: Int?) -> Point {
        if let frame, t.live.value.movedInFrame == frame { return t.previousLocation }
        return t.location
    }

    /// How often the device of the touches reports, in microseconds, as its frames showed the
    /// engine (0 while unknown, or outside a cycle): for a velocity after a rest
    /// (`VelocityTracker.add(_:at:scanPeriod:)`).
    var scanPeriod: Int64 {
        guard let device else { return 0 }
        return withEngine { $0.scanPeriod(of: device) } ?? 0
    }

    /// Converts a distance to points for `touch`'s device, with one density for both axes (its
    /// mean). To compare a displacement with a threshold, prefer
    /// ``displacement(_:reaches:for:)``, which measures each axis with its own density.
    public func points(_ distance: Distance, for touch: Touch?) -> Double {
        distance.points(atPointsPerMillimetre: density(for: touch).mean)
    }

    /// Points per millimetre along the screen's axes for `touch`'s device. Without a touch (a
    /// touchpad gesture's motion): the fallback density of the engine the gesture came through,
    /// which its sequence carries, so that one engine measures touchscreens without a resolution
    /// and touchpads alike, whatever configuration the recognizer was made with; the recognizer's
    /// own fallback when it follows no gesture.
    public func density(for touch: Touch?) -> PointDensity {
        touch?.density ?? touchpadGestureSequence?.density ?? PointDensity(uniform: configuration.fallbackPointsPerMillimetre)
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
}

extension GestureRecognizer {
    /// The fingers of this recognizer that are still down (not those that lifted in the frame
    /// being processed, unlike ``numberOfTouches``): what a subclass checks to end its gesture.
    public var activeTouchCount: Int {
        var n = 0
        var i = 0
        while i < book.value.touches.count {
            if book.value.touches[i].phase.isActive && book.value.touches[i].type != .touchpadGesture { n += 1 }
            i += 1
        }
        return n
    }

    /// The centroid of the active touches (and of those that ended at `time`), in screen points;
    /// `excluded` touches are left out.
    func centroid(of touches: [Touch], includingEndedAt time: Timestamp?, excluding excluded: [Touch] = []) -> Point? {
        var sum = Point.zero
        var n = 0.0
        // Each touch borrowed from the list, not retained and released.
        let span = touches.span
        for i in span.indices where span[i].type != .touchpadGesture
            && (span[i].phase.isActive || (time != nil && span[i].timestamp == time!))
            && (excluded.isEmpty || !excluded.contains(identical: span[i])) {
            sum += span[i].location
            n += 1
        }
        return n > 0 ? sum / n : nil
    }
}

// MARK: A lift with no motion of its own

extension GestureRecognizer {
    /// Whether one of its fingers lifted, reporting no new position, in the frame whose motion it
    /// hears now. Real panels lift one finger of a moving hand a frame before the others: that
    /// finger stays where it last was while the others move, so a value measured on every finger
    /// (a centre, a spread, a turn) takes only part of the frame's motion. The values stay
    /// continuous that way; the velocities are measured on the fingers that stayed
    /// (``forEachFingerStaying(_:)``), or the frame gives no sample.
    var heardStillLift: Bool { book.value.stillLiftFrame == movesHeard }

    /// In a frame in which one of its fingers lifted with no motion of its own: each finger that
    /// takes part in the frame's motion, where it was as the frame began and where it is now, in
    /// screen points, with its device's density. Those are the fingers down before the frame and
    /// still down, and those whose lift carried motion; not a finger that lifted where it last
    /// was (its motion in the frame is unknown, not nil), nor one that landed in the frame. Each
    /// touch read in place, not retained.
    func forEachFingerStaying(_ body: (_ before: Point, _ now: Point, _ density: PointDensity) -> Void) {
        let frame = movesHeard
        // Only in a frame with such a lift: the list is held for the walk (a retain), and each
        // touch borrowed from it.
        let list = book.value.touches
        let span = list.span
        for i in span.indices where span[i].type != .touchpadGesture {
            let moved = span[i].live.value.movedInFrame == frame
            switch span[i].phase {
            case .moved, .stationary: break
            case .ended where moved: break
            default: continue
            }
            let now = span[i].location
            body(moved ? span[i].previousLocation : now, now, span[i].density)
        }
    }

    /// The mean motion, in screen points, of the fingers that take part in this frame's motion
    /// (see ``forEachFingerStaying(_:)``), or `nil` when none does.
    func motionOfFingersStaying() -> Point? {
        var sum = Point.zero
        var n = 0.0
        forEachFingerStaying { before, now, _ in
            sum += now - before
            n += 1
        }
        return n > 0 ? sum / n : nil
    }

    /// The centre, in millimetres, of the fingers that take part in this frame's motion, as the
    /// frame began and now, and how many they are; `nil` with fewer than two of them.
    private func centreOfFingersStaying() -> (before: Point, now: Point, count: Double)? {
        var sums = (before: Point.zero, now: Point.zero)
        var n = 0.0
        forEachFingerStaying { before, now, density in
            sums.before += density.millimetres(before)
            sums.now += density.millimetres(now)
            n += 1
        }
        return n >= 2 ? (sums.before / n, sums.now / n, n) : nil
    }

    /// The spread (mean distance from their centre, in millimetres) of the fingers that take part
    /// in this frame's motion, as the frame began and now; `nil` with fewer than two of them.
    func spreadOfFingersStaying() -> (before: Double, now: Double)? {
        guard let centre = centreOfFingersStaying() else { return nil }
        var spread = (before: 0.0, now: 0.0)
        forEachFingerStaying { before, now, density in
            spread.before += density.millimetres(before).distance(to: centre.before)
            spread.now += density.millimetres(now).distance(to: centre.now)
        }
        return (spread.before / centre.count, spread.now / centre.count)
    }

    /// The turn, in radians, of the fingers that take part in this frame's motion about their
    /// centre (each weighted by its distance from it, in millimetres); `nil` with fewer than two.
    func turnOfFingersStaying() -> Double? {
        guard let centre = centreOfFingersStaying() else { return nil }
        var turn = 0.0
        var weight = 0.0
        forEachFingerStaying { before, now, density in
            let a = density.millimetres(before) - centre.before
            let b = density.millimetres(now) - centre.now
            guard a.x != 0 || a.y != 0, b.x != 0 || b.y != 0 else { return }
            turn += b.length * turnAngle(from: a, to: b)
            weight += b.length
        }
        return weight > 0 ? turn / weight : nil
    }
}
