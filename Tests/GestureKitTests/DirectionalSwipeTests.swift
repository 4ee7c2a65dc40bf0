import Testing
@testable import GestureKit

/// Records the directional-swipe delegate calls, with the values each sees.
final class SwipeWatcher: DirectionalSwipeGestureRecognizerDelegate {
    var calls: [String] = []
    var bounce = false
    var cancel: ((DirectionalSwipeGestureRecognizer) -> Bool)?
    func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("start \(swipe.initialDirection)") }
    func swipeDidUpdate(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("update") }
    func swipeDidCancel(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("cancel") }
    func swipeDidFinish(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("finish") }
    func swipeShouldBounce(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool { bounce }
    func swipeShouldCancel(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool {
        cancel?(swipe) ?? swipe.isMovingBackBeforeCancelDistance
    }
}

@Suite("Directional swipe")
struct DirectionalSwipeTests {
    /// A card in the middle of the screen; its superview is the root (1000×600).
    func setUp() -> (Fingers, DirectionalSwipeGestureRecognizer, SwipeWatcher) {
        let s = Fingers()
        let card = s.region("card", Rect(x: 300, y: 200, width: 400, height: 200))
        let swipe = DirectionalSwipeGestureRecognizer().named("dswipe")
        card.addGestureRecognizer(swipe)
        let watcher = SwipeWatcher()
        swipe.swipeDelegate = watcher
        return (s, swipe, watcher)
    }

    @Test("a drag right: start, one update per frame, finish; progress over the superview's width")
    func dragRight() {
        let (s, swipe, watcher) = setUp()
        #expect(swipe.superview === s.engine.root)
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 200, y: 0), over: 200)  // 24 frames of 25/3 pt: the first begins it
        #expect(swipe.initialDirection == .right)
        #expect(swipe.currentDirection == .right)
        #expect(abs(swipe.progress - 0.2) < 1e-12)
        #expect(swipe.location == Point(x: 600, y: 300))
        #expect(abs(swipe.velocity.x - 200 / 0.199992) < 1e-6)
        s.release([1])
        #expect(watcher.calls == ["start right"] + Array(repeating: "update", count: 23) + ["finish"])
        #expect(s.outcomes == ["dswipe: began", "dswipe: ended"])
    }

    @Test("a drag up measures progress over the superview's height")
    func dragUp() {
        let (s, swipe, _) = setUp()
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 10, y: -150), over: 200)
        #expect(swipe.initialDirection == .up)
        #expect(abs(swipe.progress - 0.25) < 1e-12)
        s.release([1])
    }

    @Test("current direction follows the latest motion while the initial one stays")
    func currentDirection() {
        let (s, swipe, watcher) = setUp()
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 60, y: 0), over: 100)
        s.drag(1, by: Point(x: 0, y: 30), over: 50)
        #expect(swipe.initialDirection == .right)
        #expect(swipe.currentDirection == .down)
        s.drag(1, by: Point(x: -10, y: 0), over: 50)
        #expect(swipe.currentDirection == .left)
        // Moved back the wrong way, but beyond 32 pt: it finishes.
        s.release([1])
        #expect(watcher.calls.last == "finish")
        #expect(s.outcomes == ["dswipe: began", "dswipe: ended"])
    }

    @Test("shouldBounce halves the progress")
    func bounce() {
        let (s, swipe, watcher) = setUp()
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: -300, y: 0), over: 200)
        #expect(swipe.initialDirection == .left)
        #expect(abs(swipe.progress - 0.3) < 1e-12)
        watcher.bounce = true
        #expect(abs(swipe.progress - 0.15) < 1e-12)
        s.release([1])
    }

    @Test("by default, moving back before 32 pt cancels on lifting")
    func cancelsWhenMovingBack() {
        let (s, swipe, watcher) = setUp()
        let actions = ActionLog(swipe)
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 20, y: 0), over: 50)  // 6 frames; begins on the third
        s.drag(1, by: Point(x: -5, y: 0), over: 20)  // 2 frames back
        #expect(swipe.isMovingBackBeforeCancelDistance)
        s.release([1])
        #expect(watcher.calls == ["start right", "update", "update", "update", "update", "update", "cancel"])
        #expect(s.outcomes == ["dswipe: began", "dswipe: cancelled"])
        #expect(actions.states.first == .began)
        #expect(actions.states.last == .cancelled)
    }

    @Test("by default, a short swipe still moving forwards finishes")
    func shortForwardFinishes() {
        let (s, _, watcher) = setUp()
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        s.release([1])
        #expect(watcher.calls.last == "finish")
        #expect(s.outcomes == ["dswipe: began", "dswipe: ended"])
    }

    @Test("the delegate's shouldCancel overrides the default")
    func delegateDecides() {
        let (s, _, watcher) = setUp()
        watcher.cancel = { $0.progress < 0.5 }
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 200, y: 0), over: 100)
        s.release([1])
        #expect(watcher.calls.last == "cancel")
        #expect(s.outcomes == ["dswipe: began", "dswipe: cancelled"])
    }

    @Test("cancelled touches cancel the swipe and tell the delegate once")
    func touchesCancelled() {
        let (s, _, watcher) = setUp()
        s.press([1], at: [Point(x: 400, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 50)
        s.tick()
        s.cancelContact(1)
        s.frame()
        #expect(watcher.calls == ["start right", "update", "update", "update", "update", "update", "cancel"])
        #expect(s.outcomes == ["dswipe: began", "dswipe: cancelled"])
    }

    @Test("the targets called for began read the initial direction and the progress, on a touchscreen and on a touchpad")
    func targetsReadTheDirectionAtBegan() {
        for kind in [DeviceKind.touchscreen, .touchpad] {
            let s = Fingers(kind: kind)
            let swipe = DirectionalSwipeGestureRecognizer().named("dswipe")
            s.engine.root.addGestureRecognizer(swipe)
            var atBegan: [(SwipeDirection, Double)] = []
            swipe.addTarget { g in
                guard g.state == .began else { return }
                atBegan.append((g.initialDirection, g.progress))
            }
            if kind == .touchscreen {
                s.press([1], at: [Point(x: 400, y: 300)])
                s.drag(1, by: Point(x: 200, y: 0), over: 200)
                s.release([1])
            } else {
                s.pad(.swipe, .begin, fingers: 3)
                for _ in 0..<10 { s.pad(.swipe, .update, fingers: 3, delta: Point(x: 20, y: 0)) }
                s.pad(.swipe, .end, fingers: 3)
            }
            #expect(atBegan.count == 1, "\(kind)")
            #expect(atBegan.first?.0 == .right, "\(kind): \(atBegan)")
            #expect((atBegan.first?.1 ?? 0) > 0, "\(kind): \(atBegan)")
        }
    }
}
