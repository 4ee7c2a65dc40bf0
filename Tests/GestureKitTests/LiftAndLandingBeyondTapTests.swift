import GestureKit
import Testing

/// A finger landing in the frame another lifts in, beyond a lone tap: a recognizer removed in its
/// target, tap counts of drummed taps, a rolled two-finger tap, a plain long press, regions
/// nested, a delegate that sends input. Each test compares the mixed frame with the same input
/// split into two frames (or with the behaviour before hearing lifts first), and failed on the
/// first version of that change.
@Suite("A lift and a landing in one frame, beyond a lone tap")
struct LiftAndLandingBeyondTapTests {
    private func handOver(
        _ s: Fingers, sameFrame: Bool, hold: Double = 60,
        first: Point = Point(x: 300, y: 300), second: Point = Point(x: 310, y: 300),
        then: (Fingers) -> Void
    ) {
        s.handOver(sameFrame: sameFrame, hold: hold, first: first, second: second, then: then)
    }

    // MARK: A recognizer removed by its target while it hears the lifts

    @Test("a tap removed from its region by its own target hears no more touches", arguments: [false, true])
    func removedInTarget(sameFrame: Bool) {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        var actions = 0
        tap.addTarget { g in
            actions += 1
            g.region?.removeGestureRecognizer(g)
        }
        handOver(s, sameFrame: sameFrame) { s in
            s.wait(60)
            s.release([2])
        }
        #expect(actions == 1, "removed after its first tap, the tap fires no action again")
        #expect(tap.touches.isEmpty && tap.region == nil)
        #expect(s.outcomes == ["tap: ended"], "\(s.outcomes)")
    }

    // MARK: Tap counts of drummed taps

    @Test("a triple tap drummed with two fingers counts 1, 2, 3, in one frame as in two", arguments: [false, true])
    func drummedTripleTapCount(sameFrame: Bool) {
        let s = Fingers()
        let region = s.region("pad", Rect(x: 0, y: 0, width: 1000, height: 600))
        let handler = TapCounts()
        region.touchHandler = handler
        let p1 = Point(x: 300, y: 300), p2 = Point(x: 320, y: 300)  // 5 mm apart
        s.press([1], at: [p1])
        for (up, down, at) in [(1, 2, p2), (2, 3, p1)] {
            s.wait(50)
            s.tick()
            s.lift(up)
            if !sameFrame {
                s.frame()
                s.tick()
            }
            s.down(down, at: at)
            s.frame()
        }
        s.wait(50)
        s.release([3])
        #expect(handler.seen == [1, 2, 3], "index, middle, index: the third tap is the third (was 3 before TapCounter)")
    }

    // MARK: A two-finger tap rolled: a finger of it lifts in the frame the other lands

    @Test("a two-finger double tap 24 mm wide whose second tap's first finger lifts as the second lands",
          arguments: [false, true])
    func twoFingerDoubleTapRolled(sameFrame: Bool) {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("double")
        tap.numberOfTouchesRequired = 2
        tap.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        let at = [Point(x: 400, y: 300), Point(x: 496, y: 300)]
        s.press([1, 2], at: at)
        s.wait(60)
        s.release([1, 2])
        s.wait(120)
        s.press([11], at: [at[0]])
        s.tick()
        if sameFrame {
            s.lift(11)
            s.down(12, at: at[1])
            s.frame()
        } else {
            s.down(12, at: at[1])
            s.frame()
            s.tick()
            s.lift(11)
            s.frame()
        }
        s.wait(30)
        s.release([12])
        s.wait(400)
        #expect(s.outcomes == ["double: ended"], "\(s.outcomes)")
    }

    // MARK: A plain long press

    @Test("a long press whose finger lands as a quick tap's lifts begins, in one frame as in two")
    func longPressAfterTapInOneFrame() {
        func run(_ same: Bool) -> [String] {
            let s = Fingers()
            let press = LongPressGestureRecognizer().named("press")
            s.engine.root.addGestureRecognizer(press)
            handOver(s, sameFrame: same, hold: 80) { s in
                s.wait(700)
                s.release([2])
            }
            return s.outcomes.filter { !$0.hasPrefix("press: failed") }
        }
        let split = run(false)
        #expect(split == ["press: began", "press: ended"])
        #expect(run(true) == split)
    }

    // MARK: Nested regions: a recognizer excluded while a landing waits in its queue

    @Test("a tap on a parent region, whose finger lands as the child's tap lifts, is a tap", arguments: [false, true])
    func parentTapAfterChildTap(sameFrame: Bool) {
        let s = Fingers()
        let parent = s.region("parent", Rect(x: 0, y: 0, width: 1000, height: 600))
        let child = s.region("child", Rect(x: 200, y: 200, width: 200, height: 200), in: parent)
        child.addGestureRecognizer(TapGestureRecognizer().named("child"))
        parent.addGestureRecognizer(TapGestureRecognizer().named("parent"))
        handOver(s, sameFrame: sameFrame, first: Point(x: 300, y: 300), second: Point(x: 600, y: 300)) { s in
            s.wait(60)
            s.release([2])
        }
        #expect(s.outcomes.filter { !$0.contains("failed") } == ["child: ended", "parent: ended"], "\(s.outcomes)")
    }

    // MARK: A delegate's answer given after the recognizer reset

    @Test("a touch whose delegate answer came after the recognizer reset is not lost")
    func delegateAnswerAfterReset() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        let d = Delegate()
        var sent = false
        d.shouldReceive = { [unowned s] _, t in
            if t.contactID == 2 && !sent {
                sent = true
                // The first finger lifts while the delegate is asked about the second.
                s.tick()
                s.lift(1)
                s.frame()
            }
            return true
        }
        tap.delegate = d
        s.keepAlive.append(d)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(60)
        s.tick()
        s.down(2, at: Point(x: 310, y: 300))
        s.frame()
        s.wait(60)
        s.release([2])
        s.wait(500)
        #expect(s.outcomes == ["tap: ended", "tap: ended"], "\(s.outcomes)")
    }
}
