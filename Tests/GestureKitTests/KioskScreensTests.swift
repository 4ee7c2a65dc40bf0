import Testing
import GestureKit

/// A kiosk's screens built the way an integrator writes them from README.md and the DocC
/// articles, with `import GestureKit` only, driven with multi-frame input at 60 and 120 Hz.
@Suite("Kiosk screens built from the public API")
struct KioskScreensTests {
    /// What a drawer's swipe delegate hears of the current direction, frame by frame.
    final class DirectionHeard: DirectionalSwipeGestureRecognizerDelegate {
        var started: [SwipeDirection] = []
        var updates: [SwipeDirection] = []
        func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer) { started.append(swipe.currentDirection) }
        func swipeDidUpdate(_ swipe: DirectionalSwipeGestureRecognizer) { updates.append(swipe.currentDirection) }
    }

    /// A drawer (``DirectionalSwipeGestureRecognizer``, "the model of a card or a drawer dragged by
    /// the finger") whose target reads ``DirectionalSwipeGestureRecognizer/currentDirection`` — "the
    /// direction the fingers are moving in now" — to show whether letting go will close it.
    ///
    /// The finger moves 100 pt (25 mm) right over 100 ms, so the swipe begins in its first frame of
    /// motion (4.2 mm at 60 Hz, 2.1 mm at 120 Hz, both past the 1 mm hysteresis), then turns back
    /// 20 pt (5 mm) in one frame, then goes 40 pt (10 mm) down in one frame.
    @Test("a drawer's targets read the direction the finger is moving in the frame they are called for", arguments: [60.0, 120.0])
    func drawerTargetsReadTheCurrentDirection(hz: Double) {
        let s = Fingers(hz: hz)
        let drawer = DirectionalSwipeGestureRecognizer().named("drawer")
        s.engine.root.addGestureRecognizer(drawer)
        let heard = DirectionHeard()
        drawer.swipeDelegate = heard
        s.keepAlive.append(heard)
        var atTarget: [(GestureState, SwipeDirection)] = []
        drawer.addTarget { d in atTarget.append((d.state, d.currentDirection)) }

        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        let began = atTarget.first
        #expect(began?.0 == .began)
        #expect(began?.1 == .right, "the finger has moved 2 mm or more to the right when the drawer begins; its target read \(String(describing: began?.1))")
        #expect(heard.started == [.right])

        atTarget.removeAll()
        s.drag(1, by: Point(x: -20, y: 0), over: 1000 / hz)   // one frame, 5 mm back
        #expect(atTarget.map(\.1) == [.left], "target read \(atTarget.map(\.1)), the swipe delegate \(heard.updates.last.map { "\($0)" } ?? "-") in the same frame")
        #expect(heard.updates.last == .left)

        atTarget.removeAll()
        s.drag(1, by: Point(x: 0, y: 40), over: 1000 / hz)    // one frame, 10 mm down
        #expect(atTarget.map(\.1) == [.down], "target read \(atTarget.map(\.1)), the swipe delegate \(heard.updates.last.map { "\($0)" } ?? "-") in the same frame")
        #expect(heard.updates.last == .down)
        s.release([1])
    }

    /// GettingStarted's "follow the finger" target (move the photo by the translation, then
    /// `setTranslation(.zero, in: nil)`) on a photo the user flicks at 1000 pt/s and lets go while
    /// moving: the app reads the pan's velocity at `ended` to let the photo glide on.
    @Test("the Getting Started drag still knows how fast the finger was going when it lifts", arguments: [60.0, 120.0])
    func followTheFingerKeepsTheFlingVelocity(hz: Double) {
        let s = Fingers(hz: hz)
        let photo = s.region("photo", Rect(x: 100, y: 100, width: 600, height: 400))
        let drag = PanGestureRecognizer().named("drag")
        var atEnd: Point?
        // Unowned: the photo holds the pan, which holds its targets.
        drag.addTarget { [unowned photo] pan in
            if pan.state == .changed {
                photo.frame.origin += pan.translation(in: nil)   // follow the finger…
                pan.setTranslation(.zero, in: nil)               // …and measure from here next time
            }
            if pan.state == .ended { atEnd = pan.velocity(in: nil) }
        }
        photo.addGestureRecognizer(drag)

        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 200, y: 0), over: 200)   // 1000 pt/s, still moving at the lift
        s.release([1])

        #expect(photo.frame.origin == Point(x: 300, y: 100), "the photo followed the finger")
        let v = atEnd ?? .zero
        #expect(abs(v.x - 1000) < 50, "velocity at ended: \(v) (the same flick without setTranslation reads 1000 pt/s)")
    }
}
