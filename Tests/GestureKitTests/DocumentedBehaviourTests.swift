import GestureKit
import Testing

/// Claims of the documentation (README, docs/, the DocC articles, the public API's comments)
/// that the code does not keep. Each test asserts the documented behaviour.
@Suite("What the documentation promises: tap-and-hold taps, tap counts, the directional swipe's delegate")
struct DocumentedBehaviourTests {
    /// Records the tap count of each finger that lands in a view.
    typealias Counts = TapDistanceAgreementTests.Counts

    // MARK: Tap-and-hold: "quick taps ... come first, as for a tap"

    /// docs/state-machines.md: "with numberOfTapsRequired > 0, quick taps with
    /// numberOfTouchesRequired fingers come first, as for a tap". A tap's next tap must land within
    /// `multiTapMaximumDistance` (10 mm) of the first; the long press never looks at where the
    /// press lands.
    @Test("a tap-and-hold whose press lands 224 mm from its tap does not begin")
    func tapAndHoldFarFromTheTap() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        s.tap(at: Point(x: 100, y: 100))
        s.wait(100)
        // 800 points right and 400 down at 4 pt/mm: about 224 mm from the tap.
        s.press([1], at: [Point(x: 900, y: 500)])
        s.wait(600)
        #expect(!s.outcomes.contains("press: began"), "\(s.outcomes)")
        #expect(press.state != .began)
    }

    /// The tap recognizer's sequence is one device's ("a tap lands ... on another device than the
    /// first" fails it); the tap-and-hold takes a tap on one touchscreen and a press on another.
    @Test("a tap-and-hold whose tap is on one touchscreen and press on another does not begin")
    func tapAndHoldAcrossDevices() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)
        s.tap(at: Point(x: 300, y: 300))
        s.plug(id: 2)   // a second touchscreen on the same output: the fingers go to it from now on
        s.wait(50)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(600)
        #expect(!s.outcomes.contains("press: began"), "\(s.outcomes)")
    }

    // MARK: Touch.tapCount: "measured from the last tap's lift, as the tap recognizer does"

    /// `Touch.tapCount`'s doc says it measures "as the tap recognizer does"; the tap recognizer
    /// measures every following tap from the first tap (`multiTapMaximumDistance`: "How far from
    /// the first tap the following taps of a multi-tap may land"), `TapCounter` from the last one.
    @Test("Touch.tapCount and the triple tap agree on taps that drift 8 mm each")
    func tapCountAgreesWithTripleTapOnDrift() {
        let s = Fingers()
        let triple = TapGestureRecognizer().named("triple")
        triple.numberOfTapsRequired = 3
        triple.cancelsTouchesInView = false
        let h = Counts()
        let view = s.region("view", Fingers.screen)
        view.touchHandler = h
        view.addGestureRecognizer(triple)
        // Three quick taps 8 mm apart: each 8 mm from the one before, the third 16 mm from the first.
        for i in 0..<3 {
            s.press([1], at: [Point(x: 400 + Double(i) * 32, y: 300)])
            s.wait(40)
            s.release([1])
            s.wait(100)
        }
        s.wait(400)
        let recognized = s.outcomes.contains("triple: ended")
        #expect(h.counts.count == 3)
        #expect((h.counts.last == 3) == recognized, "tapCounts \(h.counts), triple: \(s.outcomes)")
    }

    // MARK: The directional swipe's delegate: "Hears the life of a DirectionalSwipeGestureRecognizer"

    /// A directional swipe disabled mid-drag goes to `cancelled` (GestureState.cancelled: "its
    /// touches were cancelled, or it was disabled") and its targets hear it; its `swipeDelegate`,
    /// which heard `swipeDidStart`, hears neither `swipeDidCancel` nor `swipeDidFinish`.
    @Test("a directional swipe disabled mid-drag tells its swipe delegate swipeDidCancel")
    func directionalSwipeDisabledTellsDelegate() {
        let s = Fingers()
        let card = s.region("card", Rect(x: 300, y: 200, width: 400, height: 200))
        let swipe = DirectionalSwipeGestureRecognizer().named("dswipe")
        card.addGestureRecognizer(swipe)
        let watcher = SwipeWatcher()
        swipe.swipeDelegate = watcher
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        #expect(swipe.state == .changed)
        swipe.isEnabled = false
        #expect(s.outcomes.last == "dswipe: cancelled", "\(s.outcomes)")
        let ends = watcher.calls.filter { $0 == "cancel" || $0 == "finish" }
        #expect(ends == ["cancel"], "\(watcher.calls.filter { $0 != "update" })")
    }

    /// The same when the card's region leaves the tree (a window closed under the finger).
    @Test("a directional swipe whose region is removed mid-drag tells its swipe delegate swipeDidCancel")
    func directionalSwipeRegionRemovedTellsDelegate() {
        let s = Fingers()
        let card = s.region("card", Rect(x: 300, y: 200, width: 400, height: 200))
        let swipe = DirectionalSwipeGestureRecognizer().named("dswipe")
        card.addGestureRecognizer(swipe)
        let watcher = SwipeWatcher()
        swipe.swipeDelegate = watcher
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        card.removeFromParent()
        #expect(s.outcomes.last == "dswipe: cancelled", "\(s.outcomes)")
        let ends = watcher.calls.filter { $0 == "cancel" || $0 == "finish" }
        #expect(ends == ["cancel"], "\(watcher.calls.filter { $0 != "update" })")
    }
}
