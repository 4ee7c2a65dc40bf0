import Testing
@testable import GestureKit

/// A recognizer that takes part in a sequence while it follows no finger (a double tap between
/// its taps, a tap-and-hold between its tap and its hold) hears the motion of the next finger it
/// takes, even when another hand moved meanwhile: the engine's list of the recognizers that hear
/// motion (rebuilt on that other hand's frames, without it, as it followed no finger then) takes
/// it back as the finger lands.
@Suite("Motion reaches a recognizer that takes a finger again while another hand moves")
struct RejoiningListenerTests {
    /// Two regions side by side: `left` on the left, a pan on the right.
    static func story(left recognizer: GestureRecognizer) -> Fingers {
        let s = Fingers()
        s.region("left", Rect(x: 0, y: 0, width: 500, height: 600)).addGestureRecognizer(recognizer)
        s.region("right", Rect(x: 500, y: 0, width: 500, height: 600)).addGestureRecognizer(PanGestureRecognizer().named("pan"))
        return s
    }

    /// Finger 2 lands on the right and drags 10 mm: frames of motion while the left waits.
    static func otherHandDrags(_ s: Fingers) {
        s.press([2], at: [Point(x: 700, y: 300)])
        s.drag(2, by: Point(x: 40, y: 0), over: 40)
    }

    /// A double tap on the left, a pan on the right. Finger 1 taps the
    /// left; finger 2 lands on the right and drags (the engine's frames of motion, while the
    /// double tap waits for its second tap with no finger); finger 3 lands where finger 1 tapped,
    /// then `second` moves it before it lifts.
    func twoHands(second: (Fingers) -> Void) -> (log: [String], double: TapGestureRecognizer) {
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        let s = Self.story(left: double)
        s.quickTap(1, at: Point(x: 200, y: 300))
        Self.otherHandDrags(s)
        s.tick()
        s.press([3], at: [Point(x: 204, y: 300)])
        second(s)
        s.release([3])
        s.tick()
        s.release([2])
        s.wait(400)
        return (s.log, double)
    }

    @Test("a second tap dragged 30 mm while the other hand moves is no double tap")
    func draggedSecondTap() {
        let (log, _) = twoHands { s in s.drag(3, by: Point(x: 120, y: 0), over: 60) }
        #expect(!log.contains("double: ended"), "\(log)")
        #expect(log.contains("double: failed(moved further than 4 mm)"), "\(log)")
    }

    @Test("the same second tap held still is a double tap (the story's control)")
    func stillSecondTap() {
        let (log, _) = twoHands { s in s.wait(60) }
        #expect(log.contains("double: ended"), "\(log)")
    }

    @Test("a tap-and-hold whose press drags away fails, as it does with no other hand")
    func tapAndHoldDraggedAway() {
        for otherHand in [false, true] {
            let hold = LongPressGestureRecognizer().named("hold")
            hold.numberOfTapsRequired = 1
            let s = Self.story(left: hold)
            s.quickTap(1, at: Point(x: 200, y: 300))
            if otherHand { Self.otherHandDrags(s) }
            s.tick()
            s.press([3], at: [Point(x: 204, y: 300)])
            s.drag(3, by: Point(x: 120, y: 0), over: 60)
            s.wait(700)
            #expect(!s.log.contains("hold: began"), "other hand \(otherHand): \(s.log)")
            #expect(s.log.contains { $0.hasPrefix("hold: failed") }, "other hand \(otherHand): \(s.log)")
        }
    }
}
