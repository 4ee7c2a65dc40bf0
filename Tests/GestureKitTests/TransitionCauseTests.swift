import GestureKit
import Testing

/// The observer hears each transition as old state → cause → new state.
@Suite("Transition causes")
struct TransitionCauseTests {
    /// Logs `name: old → cause → new` for every transition.
    final class CauseLog: GestureEngineObserver {
        var lines: [String] = []
        func engine(
            _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState,
            because cause: TransitionCause
        ) {
            lines.append("\(recognizer.name): \(old.rawValue) → \(cause) → \(new.rawValue)")
        }
    }

    private func logging(_ s: Fingers) -> CauseLog {
        let log = CauseLog()
        s.keepAlive.append(log)
        s.engine.observer = log
        return log
    }

    @Test("a single tap waiting on a double tap: the double tap fails on its deadline, the tap then recognizes because of it")
    func requirementAndDeadline() {
        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        let double = TapGestureRecognizer().named("double-tap")
        double.numberOfTapsRequired = 2
        tap.require(toFail: double)
        s.engine.root.addGestureRecognizer(tap)
        s.engine.root.addGestureRecognizer(double)
        let log = logging(s)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(50)
        s.release([1])
        s.wait(600)
        #expect(log.lines.contains("double-tap: possible → deadline → failed"), "\(log.lines)")
        #expect(log.lines.contains("tap: possible → otherRecognizer(double-tap) → ended"), "\(log.lines)")
        #expect(log.lines.contains("tap: ended → reset → possible"), "\(log.lines)")
    }

    @Test("a long press begins on its deadline and ends on input; a tap it beats fails because of it")
    func longPress() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(press)
        s.engine.root.addGestureRecognizer(tap)
        let log = logging(s)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(700)
        s.release([1])
        #expect(log.lines.contains("press: possible → deadline → began"), "\(log.lines)")
        #expect(log.lines.contains("tap: possible → otherRecognizer(press) → failed"), "\(log.lines)")
        #expect(log.lines.contains("press: began → input → ended") || log.lines.contains("press: changed → input → ended"), "\(log.lines)")
    }

    @Test("cancelled touches, a prevented begin, a disabled recognizer and a frame sent from a deadline's target each say so")
    func cancellationsAndDetaching() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(pan)
        s.engine.root.addGestureRecognizer(press)
        let log = logging(s)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag([1: Point(x: 40, y: 0)], over: 100)
        #expect(log.lines.contains("pan: possible → input → began"), "\(log.lines)")
        s.engine.cancelAllTouches()
        #expect(log.lines.contains("pan: changed → touchesCancelled(host) → cancelled"), "\(log.lines)")

        // A frame sent from a target called on a deadline is input all the same.
        s.tick()
        s.press([2], at: [Point(x: 600, y: 300)])
        s.once(from: press, at: .began) { s in
            s.move(2, to: Point(x: 640, y: 300))
            s.frame()
        }
        s.wait(600)
        #expect(log.lines.contains("press: possible → deadline → began"), "\(log.lines)")
        #expect(log.lines.contains("press: began → input → changed"), "\(log.lines)")
        // The pan asked to begin on that motion; the press, already recognizing, prevented it.
        #expect(log.lines.contains("pan: possible → otherRecognizer(press) → failed"), "\(log.lines)")
        press.isEnabled = false
        #expect(log.lines.suffix(2) == ["press: changed → detached → cancelled", "press: cancelled → reset → possible"], "\(log.lines)")
    }

    @Test("an observer that implements only the method without the cause still hears every transition")
    func observerWithoutCause() {
        let s = Fingers()
        s.engine.root.addGestureRecognizer(TapGestureRecognizer().named("tap"))
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(50)
        s.release([1])
        #expect(s.outcomes.contains("tap: ended"), "\(s.outcomes)")
    }
}
