import Testing
@testable import GestureKit

/// UIKit's documented recognizer behaviour that a ported app would notice, or the difference
/// docs/coming-from-uikit.md lists as deliberate. Each test states the UIKit behaviour it expects
/// (Apple's UIKit reference, paraphrased).
@Suite("UIKit parity")
struct UIKitParityTests {
    let centre = Point(x: 500, y: 300)

    // MARK: Pinch and rotation: they end when both fingers have lifted

    /// UIKit (`UIPinchGestureRecognizer` overview): the pinch changes while a finger moves with
    /// both down, and *ends when both fingers lift from the view*. Lifting one of the two leaves
    /// the gesture under way (`numberOfTouches` reads 1 meanwhile): a zoom is not committed
    /// because a finger came up first.
    @Test("a pinch goes on when one of its two fingers lifts, and ends when both have lifted")
    func pinchOutlivesOneLift() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        s.engine.root.addGestureRecognizer(pinch)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], over: 100)
        #expect(s.outcomes == ["pinch: began"])
        s.release([2])
        #expect(s.outcomes == ["pinch: began"], "UIKit: one finger up does not end a pinch")
        #expect(pinch.state.isActive)
        #expect(abs(pinch.scale - 2) < 1e-9, "the scale holds while one finger rests")
        s.release([1])
        #expect(s.outcomes == ["pinch: began", "pinch: ended"], "it ends when both have lifted")
    }

    /// UIKit (`UIRotationGestureRecognizer` overview): the rotation changes while a finger moves
    /// with the two down, and *ends when both fingers have lifted*.
    @Test("a rotation goes on when one of its two fingers lifts, and ends when both have lifted")
    func rotationOutlivesOneLift() {
        let s = Fingers()
        let rotation = RotationGestureRecognizer().named("rotation")
        s.engine.root.addGestureRecognizer(rotation)
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.trace([1, 2], over: 100) { id, f in pair(centre, 100, 0.5 * f, id) }
        #expect(s.outcomes == ["rotation: began"])
        s.release([2])
        #expect(s.outcomes == ["rotation: began"], "UIKit: one finger up does not end a rotation")
        #expect(rotation.state.isActive)
        #expect(abs(rotation.rotation - 0.5) < 1e-9, "the rotation holds while one finger rests")
        s.release([1])
        #expect(s.outcomes == ["rotation: began", "rotation: ended"], "it ends when both have lifted")
    }

    // MARK: Screen-edge pan: every finger in its zones (a deliberate difference)

    /// UIKit's edge pan ignores touches beyond the first; GestureKit's follows every finger that
    /// lands in its zones, for a compositor's multi-finger edge gestures, and a finger outside
    /// them before it begins fails it (docs/coming-from-uikit.md, "Edge pans take several
    /// fingers").
    @Test("a second finger landing away from the edge fails an edge pan not yet begun, as documented")
    func edgePanSecondTouchOutsideTheZones() {
        let s = Fingers()
        let edge = ScreenEdgePanGestureRecognizer().named("edge")  // left edge, default counts
        s.engine.root.addGestureRecognizer(edge)
        s.press([1], at: [Point(x: 10, y: 300)])
        s.tick()
        s.press([2], at: [Point(x: 600, y: 300)])  // a resting thumb, mid-screen
        s.drag(1, by: Point(x: 120, y: 0), over: 100)
        #expect(s.outcomes == ["edge: failed(a finger landed outside the left edge (6 mm))"])
        s.release([1, 2])
    }

    /// With `maximumNumberOfTouches = 1` (UIKit's count), a finger that lands once the edge pan
    /// has begun is not part of it: the translation keeps following the finger that came from
    /// the edge.
    @Test("with maximumNumberOfTouches 1, a finger landing during an edge pan changes neither its translation nor its touch count")
    func edgePanTranslationFollowsFirstTouchOnly() {
        let s = Fingers()
        let edge = ScreenEdgePanGestureRecognizer().named("edge")
        edge.maximumNumberOfTouches = 1
        s.engine.root.addGestureRecognizer(edge)
        s.press([1], at: [Point(x: 10, y: 300)])
        s.drag(1, by: Point(x: 60, y: 0), over: 100)
        #expect(s.outcomes == ["edge: began"])
        let before = edge.translation(in: nil)
        s.tick()
        s.press([2], at: [Point(x: 600, y: 400)])
        s.drag(1, by: Point(x: 100, y: 0), over: 100)
        #expect(edge.numberOfTouches == 1)
        let after = edge.translation(in: nil)
        #expect(abs(after.x - (before.x + 100)) < 1e-9, "translation follows the edge finger: \(before.x) + 100, got \(after.x)")
        #expect(abs(after.y - before.y) < 1e-9, "the second finger pulls nothing: got y \(after.y)")
        s.release([1, 2])
    }

    // MARK: Swipe location

    /// UIKit (`UISwipeGestureRecognizer` overview): `location(in:)` gives where the swipe began,
    /// *the centroid if more than one touch was involved*.
    @Test("a two-finger swipe's location is the centroid of where its fingers began")
    func swipeLocationIsStartCentroid() {
        let s = Fingers()
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(swipe)
        var location: Point?
        swipe.addTarget { location = $0.location(in: nil) }
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 380, y: 340)])
        s.drag([1: Point(x: 150, y: 0), 2: Point(x: 150, y: 0)], over: 100)
        #expect(s.outcomes == ["swipe: ended"])
        #expect(location == Point(x: 340, y: 320), "UIKit: centroid of the start points; got \(String(describing: location))")
        s.release([1, 2])
    }
}
