import Testing
@testable import GestureKit

/// An application ported from UIKit reconfigures its gesture graph while gestures are under way:
/// from target actions, delegate callbacks and touch handlers. Each test states what UIKit does or
/// what the docs promise; every touch must end, every recognizer must be free to take the next
/// sequence once the fingers lifted and the deadlines passed.
@Suite("Reconfiguring the graph mid-gesture")
struct ReconfigureTests {
    // MARK: Disabling in an action

    /// A one-shot pan (UIKit: `pan.isEnabled = false` in its `.began` action, the drag-to-dismiss
    /// pattern) beside a second pan on the same finger. The first began: "when it begins or
    /// recognizes, every other undecided recognizer that shares its touches and may not be
    /// simultaneous fails (excluded)" (Arbiter). Its own target disabling it must not undo that:
    /// the second pan must not begin on the same finger afterwards.
    @Test("A pan that disables itself in its began action still excludes the other pan on its finger")
    func selfDisablingWinnerStillExcludes() {
        let outcomes = Self.oneShotPan { $0.isEnabled = false }
        // It fails as it tries to begin in the cycle the disabling runs, while the first's
        // targets are being told it began.
        #expect(outcomes == ["first: began", "first: cancelled", "second: failed(prevented by first)"])
    }

    /// Two pans on the root, the first letting itself go (`letGo`) in its `.began` action; a
    /// finger drags and lifts. Returns the outcomes.
    static func oneShotPan(_ letGo: @escaping (GestureRecognizer) -> Void) -> [String] {
        let s = Fingers()
        let first = PanGestureRecognizer().named("first")
        let second = PanGestureRecognizer().named("second")
        s.engine.root.addGestureRecognizer(first)
        s.engine.root.addGestureRecognizer(second)
        first.addTarget { g in if g.state == .began { letGo(g) } }
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 120, y: 0), over: 150)
        s.release([1])
        s.wait(500)
        return s.outcomes
    }

    /// The same one-shot pan, taken out of its region (rather than disabled) in its began action.
    @Test("A pan removed from its region in its began action still excludes the other pan on its finger")
    func selfRemovingWinnerStillExcludes() {
        let outcomes = Self.oneShotPan { $0.region?.removeGestureRecognizer($0) }
        #expect(outcomes.contains("first: began"), "\(outcomes)")
        #expect(!outcomes.contains("second: began"), "\(outcomes)")
    }

    /// Two targets on one pan; the first disables the pan in its `.began` call. The engine calls
    /// targets "not for failed or possible" (`commit`), and UIKit never sends an action for
    /// `.possible`: the second target must not be called with the recognizer reading `.possible`.
    @Test("A target called after another disabled the recognizer never reads possible")
    func secondTargetNeverSeesPossible() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        pan.addTarget { g in if g.state == .began { g.isEnabled = false } }
        var seen: [GestureState] = []
        pan.addTarget { g in seen.append(g.state) }
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 120, y: 0), over: 150)
        s.release([1])
        s.wait(500)
        #expect(!seen.contains(.possible), "\(seen)")
    }

    /// The same, the first target calling `cancelAllTouches()` (the host's way out) in `.began`.
    @Test("A target called after another cancelled every touch never reads possible")
    func secondTargetNeverSeesPossibleAfterCancelAll() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        let engine = s.engine
        pan.addTarget { [unowned engine] g in if g.state == .began { engine.cancelAllTouches() } }
        var seen: [GestureState] = []
        pan.addTarget { g in seen.append(g.state) }
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 120, y: 0), over: 150)
        s.release([1])
        s.wait(500)
        #expect(!seen.contains(.possible), "\(seen)")
    }

    // MARK: Requirements added while one waits

    /// A single tap waits on a double tap between its taps; the application then makes the double
    /// tap require the single tap's failure too (a mode switch). The second tap completes the
    /// double tap, which now waits on the single tap, which waits on it. After the fingers lift
    /// and every interval has passed, neither may be left waiting for good: the next taps must be
    /// offered to them and recognized.
    /// The requirement is added with `require(toFail:)`, or by a delegate that starts answering
    /// `shouldRequireFailureOf`.
    @Test("A failure requirement added while its partner waits leaves no recognizer waiting for good", arguments: [false, true])
    func cyclicRequirementAddedMidWait(byDelegate: Bool) {
        let s = Fingers()
        let single = TapGestureRecognizer().named("single")
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        s.engine.root.addGestureRecognizer(single)
        s.engine.root.addGestureRecognizer(double)
        let d = Delegate()
        s.keepAlive.append(d)
        double.delegate = d
        s.tap(at: Point(x: 300, y: 300))
        s.wait(30)
        if byDelegate {
            d.requireFailure = { [unowned single] r, o in r.name == "double" && o === single }
        } else {
            double.require(toFail: single)
        }
        // `require(toFail:)` holds the other strongly: the pair, requiring each other, would keep
        // each other alive after the story.
        defer { double.failureRequirements = [] }
        s.tap(at: Point(x: 300, y: 300))
        s.wait(2000)
        // The double tap decides without waiting on the single tap that waits on it, and wins.
        #expect(s.takeLog() == ["double: ended", "single: failed(required double to fail, but it recognized)"])
        // Nothing is left taking part once the fingers lifted and the intervals passed.
        #expect(s.engine.participants.isEmpty, "\(s.engine.participants)")
        // A later sequence is heard: a finger landing is taken by both.
        s.press([1], at: [Point(x: 300, y: 300)])
        #expect(single.touches.count == 1 && double.touches.count == 1)
        s.release([1])
        s.wait(2000)
    }

    // MARK: Delegates

    /// The delegate's `shouldReceive` of the popup's tap removes the popup (the application closes
    /// the popup touched). The finger is still down on the screen; the root's tap, an ancestor's
    /// recognizer, must still be offered it, as UIKit collects a touch's recognizers at hit-test
    /// time, and as the engine does when the popup is removed one step later (from the handler's
    /// `touchBegan`: then the root's tap recognizes). Here the offer walks up from the removed
    /// region, whose parent is now nil, and the root's tap never hears the finger.
    @Test("A region removed from a delegate's shouldReceive still lets its ancestors' recognizers have the touch")
    func regionRemovedInShouldReceive() {
        let s = Fingers()
        let popup = s.region("popup", Rect(x: 100, y: 100, width: 400, height: 300))
        let log = TouchLog()
        popup.touchHandler = log
        let inner = TapGestureRecognizer().named("inner")
        popup.addGestureRecognizer(inner)
        let outer = TapGestureRecognizer().named("outer")
        s.engine.root.addGestureRecognizer(outer)
        let d = Delegate()
        s.keepAlive.append(d)
        d.shouldReceive = { _, _ in popup.removeFromParent(); return true }
        inner.delegate = d
        s.tap(at: Point(x: 300, y: 300))
        s.wait(500)
        #expect(s.outcomes.contains("outer: ended"), "\(s.outcomes)")
        #expect(s.engine.participants.isEmpty)
        let ends = log.entries.filter { $0.hasPrefix("ended") || $0.hasPrefix("cancelled") }.count
        let begins = log.entries.filter { $0.hasPrefix("began") }.count
        #expect(begins == ends, "\(log.entries)")
    }

    /// The delegate's `shouldRecognizeSimultaneously`, asked as the first pan begins, disables
    /// that winner. The second pan must not then begin on the same finger as well (the winner
    /// began, and was cancelled: the loser was ruled on while it was the winner).
    @Test("A winner disabled from the simultaneity question still excludes the other pan")
    func winnerDisabledInSimultaneityQuestion() {
        let s = Fingers()
        let first = PanGestureRecognizer().named("first")
        let second = PanGestureRecognizer().named("second")
        s.engine.root.addGestureRecognizer(first)
        s.engine.root.addGestureRecognizer(second)
        let d = Delegate()
        s.keepAlive.append(d)
        d.simultaneous = { a, _ in
            if a === first && first.state == .began { first.isEnabled = false }
            return false
        }
        first.delegate = d
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 120, y: 0), over: 150)
        s.release([1])
        s.wait(500)
        #expect(s.outcomes.contains("first: began"), "\(s.outcomes)")
        #expect(!s.outcomes.contains("second: began"), "\(s.outcomes)")
    }
}
