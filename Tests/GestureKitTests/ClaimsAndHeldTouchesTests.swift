import GestureKit
import Testing

/// Logs what a region's handler hears: "down 1", "motion 1", "up 1", "cancel 1", "frame view".
final class DeliveryLog: TouchHandler {
    private(set) var entries: [String] = []
    func touchBegan(_ touch: Touch) { entries.append("down \(touch.contactID)") }
    func touchMoved(_ touch: Touch) { entries.append("motion \(touch.contactID)") }
    func touchEnded(_ touch: Touch) { entries.append("up \(touch.contactID)") }
    func touchCancelled(_ touch: Touch) { entries.append("cancel \(touch.contactID)") }
    func touchFrame(in region: Region) { entries.append("frame \(region.name)") }
    @discardableResult func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// What a region's handler hears when a recognizer with `cancelsTouchesInView` begins and is
/// cancelled in one cycle (its claim stands, as when the cancel comes a frame later), and when a
/// multi-finger recognizer with `delaysTouchesBegan` can no longer recognize (the held touch goes
/// through when the landing window closes, not when the finger lifts).
@Suite("Touch delivery: claims made and cancelled in one cycle, touches held for fingers that cannot come")
struct ClaimsAndHeldTouchesTests {
    func view(_ s: Fingers) -> (Region, DeliveryLog) {
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = DeliveryLog()
        view.touchHandler = log
        return (view, log)
    }

    // MARK: A gesture that begins and is cancelled in one cycle

    /// Control: the same input split over two frames cancels both touches in the view when the pan
    /// begins (cancelsTouchesInView), before the palm arrives.
    @Test("control: a pan that begins claims the view's touches; a palm one frame later changes nothing")
    func panBeganThenPalmNextFrame() {
        let s = Fingers()
        let (view, log) = view(s)
        view.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        log.take()
        s.tick(); s.move(1, to: Point(x: 400, y: 400)); s.frame()
        s.tick(); s.palm(2); s.frame()
        #expect(s.log == ["pan: began", "pan: cancelled"])
        #expect(log.take() == ["cancel 1", "cancel 2", "frame view"])
    }

    @Test("a pan that begins and is cancelled (a palm) in the same frame still cancels the view's touch")
    func panBeganAndCancelledInOneFrame() {
        let s = Fingers()
        let (view, log) = view(s)
        view.addGestureRecognizer(PanGestureRecognizer().named("pan"))
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        log.take()
        s.tick()
        s.move(1, to: Point(x: 400, y: 400))
        s.palm(2)
        s.frame()
        #expect(s.log == ["pan: began", "pan: cancelled"])
        // The pan began on touch 1 (its targets heard `began`): the view's touch must be cancelled,
        // as it is when the palm comes one frame later.
        #expect(log.take() == ["cancel 1", "cancel 2", "frame view"])
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        s.release([1])
        #expect(log.take() == [])
    }

    @Test("a card swipe that begins and is cancelled by its delegate in one frame (lift carries the motion) cancels the view's touch")
    func directionalSwipeFlickCancelledInOneFrame() {
        final class CancelOnLift: DirectionalSwipeGestureRecognizerDelegate {
            func swipeShouldCancel(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool { true }
        }
        let s = Fingers()
        let (view, log) = view(s)
        let card = DirectionalSwipeGestureRecognizer().named("card")
        let d = CancelOnLift()
        card.swipeDelegate = d
        s.keepAlive.append(d)
        view.addGestureRecognizer(card)
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(log.take() == ["down 1", "frame view"])
        s.tick()
        s.lift(1, at: Point(x: 260, y: 200))  // a slow panel: the lift carries the stroke
        s.frame()
        #expect(s.log == ["card: began", "card: cancelled"])
        // The swipe began (cancelsTouchesInView is on): the view must hear a cancel, not an end
        // (an end is what a button under the card acts on).
        #expect(log.take() == ["cancel 1", "frame view"])
    }

    @Test("a touch held back (delaysTouchesBegan) that a pan claimed is never delivered, even if the pan is cancelled in the same frame")
    func heldTouchClaimedByPanCancelledInOneFrame() {
        let s = Fingers()
        let (view, log) = view(s)
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        let hold = LongPressGestureRecognizer().named("hold")
        hold.numberOfTouchesRequired = 2
        hold.delaysTouchesBegan = true
        let d = Delegate()
        d.simultaneous = { _, _ in true }
        hold.delegate = d
        pan.delegate = d
        s.keepAlive.append(d)
        view.addGestureRecognizer(hold)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        #expect(log.take() == [])
        s.tick()
        s.move(1, to: Point(x: 400, y: 400))
        s.palm(2)
        s.frame()
        #expect(s.outcomes.prefix(2) == ["pan: began", "pan: cancelled"])
        // cancelsTouchesInView: "the touches of that gesture that are pending are not delivered
        // to the view"; delaysTouchesBegan: "if the gesture recognizer subsequently recognizes
        // its gesture, these touch objects are discarded".
        s.drag(1, by: Point(x: 40, y: 0), over: 50)
        s.release([1])
        #expect(log.take() == [])
    }

    // MARK: A lone resting finger, and a multi-finger recognizer that delays touches

    @Test("a three-finger long press that delays touches lets a lone resting finger through once it can no longer recognize")
    func multiFingerLongPressReleasesLoneFinger() {
        let s = Fingers()
        let (_, log) = view(s)
        let admin = LongPressGestureRecognizer().named("admin")
        admin.numberOfTouchesRequired = 3
        admin.delaysTouchesBegan = true
        s.engine.root.addGestureRecognizer(admin)
        s.press([1], at: [Point(x: 200, y: 200)])
        // Past the 250 ms landing window no finger can join (it would fail the press with
        // fingersLandedApart): the press can no longer recognize, so the touch must not stay held.
        s.wait(1000)
        #expect(log.take() == ["down 1", "frame view"])
    }

    @Test("a two-finger edge pan that delays touches lets a lone finger resting in its zone through once it can no longer recognize")
    func multiFingerEdgePanReleasesLoneFinger() {
        let s = Fingers()
        let rootLog = DeliveryLog()
        s.engine.root.name = "root"
        s.engine.root.touchHandler = rootLog
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        edge.edges = .left
        edge.minimumNumberOfTouches = 2
        edge.delaysTouchesBegan = true
        s.engine.root.addGestureRecognizer(edge)
        s.press([1], at: [Point(x: 2, y: 200)])
        s.wait(1000)
        #expect(rootLog.take() == ["down 1", "frame root"])
    }

    // MARK: A delivery flag turned off

    @Test("delaysTouchesBegan turned off while a resting finger is held back: the view hears it at once, in a frame")
    func delaysTouchesBeganTurnedOff() {
        let s = Fingers()
        let (view, log) = view(s)
        let press = LongPressGestureRecognizer().named("press")
        press.minimumPressDuration = .seconds(5)
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(press)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(100)
        #expect(log.take() == [])
        press.delaysTouchesBegan = false
        #expect(log.take() == ["down 1", "frame view"])
        s.release([1])
        #expect(log.take() == ["up 1", "frame view"])
    }

    @Test("delaysTouchesEnded turned off between the taps of a double tap: the view hears the held end at once, in a frame")
    func delaysTouchesEndedTurnedOff() {
        let s = Fingers()
        let (view, log) = view(s)
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.release([1])
        #expect(log.take() == ["down 1", "frame view"])
        s.wait(50)
        double.delaysTouchesEnded = false
        #expect(log.take() == ["up 1", "frame view"])
        s.wait(400)
        #expect(log.take() == [])
    }
}
