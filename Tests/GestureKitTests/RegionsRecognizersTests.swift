import Testing
@testable import GestureKit

/// Regions, zones and the recognizers' own logic on input classes real panels produce. Each test
/// states a documented promise.
@Suite("Regions and recognizers")
struct RegionsRecognizersTests {
    // MARK: Swipe

    /// A one-finger flick right: lands at x = 300, moves 2 mm, then the sensor's next report is
    /// 20 mm further on. `liftCarriesMotion`: that report is the lift itself (a sensor sampling
    /// slowly reports the end of a quick stroke with the lift); otherwise a move frame carries it
    /// and the lift follows where the finger is.
    private func flick(liftCarriesMotion: Bool) -> [String] {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(SwipeGestureRecognizer().named("swipe"))
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag([1: Point(x: 8, y: 0)], over: 20)
        s.tick()
        if liftCarriesMotion {
            s.lift(1, at: Point(x: 388, y: 300))
        } else {
            s.move(1, to: Point(x: 388, y: 300))
            s.frame()
            s.tick()
            s.lift(1)
        }
        s.frame()
        s.wait(700)
        return s.outcomes
    }

    @Test("a swipe whose last motion comes with the lift is the swipe it is when the motion comes in a frame of its own")
    func swipeLiftCarryingMotion() {
        let split = flick(liftCarriesMotion: false)
        let carried = flick(liftCarriesMotion: true)
        #expect(split == ["swipe: ended"], "\(split)")
        #expect(carried == split)
    }

    // MARK: Tap

    @Test("a two-finger tap is located at the centroid of its fingers when they lift in separate frames")
    func twoFingerTapLocationWithStaggeredLift() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap2")
        tap.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(tap)
        var location: Point?
        tap.addTarget { location = $0.location(in: nil) }
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 200, y: 100)])
        s.wait(40)
        s.release([1])
        s.release([2])
        #expect(s.outcomes == ["tap2: ended"])
        #expect(location == Point(x: 150, y: 100))
    }

    // MARK: Regions

    @Test("touches landing on a screen whose root region has interaction disabled reach none of the root's recognizers")
    func disabledRootTakesNoTouches() {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.engine.root.isInteractionEnabled = false
        #expect(s.engine.root.hitTest(Point(x: 500, y: 300)) == nil)
        s.tap(at: Point(x: 500, y: 300))
        s.wait(500)
        #expect(s.outcomes.isEmpty, "\(s.outcomes)")
    }
}
