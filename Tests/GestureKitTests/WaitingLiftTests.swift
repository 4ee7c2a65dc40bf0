import Testing
@testable import GestureKit

@Suite("A pan waiting on a failure requirement hears its fingers lift")
struct WaitingPanLiftTests {
    /// A two-finger scroll that waits for a two-finger swipe to fail. One finger lifts while it
    /// waits (the swipe fails for it, in the same frame, after the pan was handed the frame): the
    /// pan never hears that lift, keeps measuring against the two-finger centroid, and its
    /// translation jumps by half the fingers' spread.
    @Test("A finger lifting while the pan waits on a requirement leaves its translation continuous")
    func liftWhileWaiting() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let swipe = SwipeGestureRecognizer().named("swipe")
        swipe.numberOfTouchesRequired = 2
        swipe.direction = .right
        pan.require(toFail: swipe)
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(swipe)
        var translations: [Double] = []
        pan.addTarget { g in translations.append(g.translation(in: nil).x) }
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        // 8 mm right together: the pan wants to begin (2 mm), the swipe (12 mm) is undecided.
        s.drag([1: Point(x: 32, y: 0), 2: Point(x: 32, y: 0)], over: 80)
        #expect(pan.state == .possible && swipe.state == .possible)
        s.release([2])
        #expect(s.outcomes.contains("pan: began"), "\(s.log)")
        // The finger left down moves 20 points more: the centre has travelled 32 + 20.
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        #expect(abs((translations.last ?? 0) - 52) < 0.5, "\(translations)")
    }

    /// The same with a requirement that fails later (the story's own recognizer): the lifted
    /// finger is never heard, and the translation jumps when the pan begins.
    @Test("A finger lifting while the pan waits, the requirement failing later")
    func liftWhileWaitingThenFail() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let gate = Manual().named("gate")
        pan.require(toFail: gate)
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(gate)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        s.drag([1: Point(x: 40, y: 0), 2: Point(x: 40, y: 0)], over: 80)
        s.release([2])
        s.drag(1, by: Point(x: 10, y: 0), over: 40)
        gate.state = .failed
        #expect(pan.state == .began)
        // The centre: 40 with both fingers, then 10 with the one left.
        #expect(abs(pan.translation(in: nil).x - 50) < 0.5, "\(pan.translation(in: nil))")
    }
}

@Suite("A pinch waiting on a failure requirement hears its fingers lift")
struct WaitingPinchLiftTests {
    /// Three fingers spread apart while the pinch waits; one lifts (unheard), the requirement
    /// fails: the scale must stay where the spread left it, not jump to another finger set's.
    @Test("A finger lifting while the pinch waits leaves its scale continuous")
    func liftWhileWaiting() {
        let s = Fingers()
        let pinch = PinchGestureRecognizer().named("pinch")
        let gate = Manual().named("gate")
        pinch.require(toFail: gate)
        s.engine.root.addGestureRecognizer(pinch)
        s.engine.root.addGestureRecognizer(gate)
        s.press([1, 2, 3], at: [Point(x: 400, y: 300), Point(x: 500, y: 300), Point(x: 450, y: 400)])
        // Everything spreads to twice its size about (450, 333.3).
        let c = Point(x: 450, y: 1000.0 / 3)
        s.drag([1: (Point(x: 400, y: 300) - c), 2: (Point(x: 500, y: 300) - c), 3: (Point(x: 450, y: 400) - c)], over: 80)
        s.release([3])
        gate.state = .failed
        #expect(pinch.state == .began)
        #expect(abs(pinch.scale - 2) < 0.01, "\(pinch.scale)")
        // Fingers 1 and 2 keep still; one more frame of them moving nowhere changes nothing.
        s.drag([1: Point(x: 0.01, y: 0), 2: Point(x: -0.01, y: 0)], over: 10)
        #expect(abs(pinch.scale - 2) < 0.01, "\(pinch.scale)")
    }
}

@Suite("A long press waiting on a failure requirement hears its fingers lift")
struct WaitingLongPressLiftTests {
    /// A two-finger press held long enough, whose begin waits on `gate`; one finger lifts.
    func pressThenLift(_ s: Fingers) -> (LongPressGestureRecognizer, Manual) {
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        let gate = Manual().named("gate")
        press.require(toFail: gate)
        s.engine.root.addGestureRecognizer(press)
        s.engine.root.addGestureRecognizer(gate)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        s.wait(600)
        #expect(press.state == .possible && press.pendingState == .began)
        s.release([2])
        return (press, gate)
    }

    @Test("Pressed long enough, one of its two fingers lifting while it waits to begin: it fails then, as a press not yet begun does (UIKit: still possible)")
    func failsWhenAFingerLifts() {
        let s = Fingers()
        let (press, gate) = pressThenLift(s)
        #expect(s.takeLog() == ["press: failed(ended too soon)"])
        gate.state = .failed
        #expect(s.takeLog() == ["gate: failed(unspecified)"])
        s.release([1])
        #expect(s.takeLog().isEmpty)
        #expect(press.state == .possible)
        #expect(s.engine.participants.isEmpty)
    }

    @Test("Both fingers lifting in one frame while it waits: not heard, it begins and ends once the gate fails")
    func lastLiftSettledByTheWait() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTouchesRequired = 2
        let gate = Manual().named("gate")
        press.require(toFail: gate)
        s.engine.root.addGestureRecognizer(press)
        s.engine.root.addGestureRecognizer(gate)
        s.press([1, 2], at: [Point(x: 300, y: 300), Point(x: 400, y: 300)])
        s.wait(600)
        s.release([1, 2])
        // The gate, left undecided with no touch, fails; the press, released, begins and ends.
        #expect(s.takeLog() == ["gate: failed(undecided when its touches ended)", "press: began", "press: ended"])
        #expect(gate.state == .possible)
        #expect(s.engine.participants.isEmpty)
    }

    @Test("Failed as its finger lifted, the press has nothing more to say when the gate recognizes")
    func failsWhenTheGateWins() {
        let s = Fingers()
        let (_, gate) = pressThenLift(s)
        s.takeLog()
        gate.state = .ended
        #expect(s.takeLog() == ["gate: ended"])
        s.release([1])
        #expect(s.engine.participants.isEmpty)
    }
}
