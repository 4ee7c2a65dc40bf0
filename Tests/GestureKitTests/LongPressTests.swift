import Testing
@testable import GestureKit

@Suite("Long press")
struct LongPressTests {
    @Test("a finger resting half a second begins a long press, at exactly its deadline")
    func restsHalfASecond() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(press)
        #expect(press.minimumPressDuration == .milliseconds(500))
        let actions = ActionLog(press)
        var beganAt: Timestamp?
        press.addTarget { [unowned s] in if $0.state == .began { beganAt = s.engine.now } }

        s.press([1], at: [Point(x: 300, y: 300)])
        let landed = s.time
        s.wait(499)
        #expect(s.log.isEmpty)
        s.wait(1)
        #expect(s.log == ["press: began"])
        #expect(beganAt == landed + .milliseconds(500))
        s.release([1])
        #expect(s.log == ["press: began", "press: ended"])
        #expect(actions.states == [.began, .ended])
    }

    @Test("moving further than the allowable movement before it begins fails it")
    func allowableMovement() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(press)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 12, y: 0), over: 100)  // 3 mm: allowed
        #expect(s.log.isEmpty)
        s.drag(1, by: Point(x: 8, y: 0), over: 50)  // 5 mm from the start: too far
        #expect(s.log == ["press: failed(moved further than 4 mm)"])
        s.wait(600)
        s.release([1])
        #expect(s.log == ["press: failed(moved further than 4 mm)"])
    }

    @Test("once began it stays changed however far the finger goes, and ends on lifting")
    func changesFreelyOnceBegan() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(press)
        var locations: [Point] = []
        press.addTarget { locations.append($0.location(in: nil)) }
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(500)
        s.drag(1, by: Point(x: 400, y: 200), over: 100)
        s.release([1])
        #expect(s.outcomes == ["press: began", "press: ended"])
        #expect(s.log.count == 2 + 12)
        #expect(s.log.dropFirst().dropLast().allSatisfy { $0 == "press: changed" })
        #expect(locations.first == Point(x: 300, y: 300))
        #expect(locations.last == Point(x: 700, y: 500))
    }

    @Test("lifting before the deadline fails it as ended too soon")
    func liftedTooSoon() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(press)
        s.tap(at: Point(x: 300, y: 300), holding: 300)
        #expect(s.log == ["press: failed(ended too soon)"])
        #expect(s.engine.nextDeadline == nil)
    }

    @Test("taps before the press: a tap then a hold begins; a hold alone or a late hold fails")
    func tapsBeforePress() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press")
        press.numberOfTapsRequired = 1
        s.engine.root.addGestureRecognizer(press)

        s.tap(at: Point(x: 300, y: 300))
        s.wait(100)
        s.press([1], at: [Point(x: 302, y: 300)])
        let landed = s.time
        s.wait(499)
        #expect(s.log.isEmpty)
        s.wait(1)
        #expect(s.takeLog() == ["press: began"])
        #expect(s.time == landed + .milliseconds(500))
        s.release([1])
        #expect(s.takeLog() == ["press: ended"])

        // A hold with no tap first is a tap held too long.
        s.wait(1000)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(800)
        #expect(s.takeLog() == ["press: failed(held longer than 750.0 ms)"])
        s.release([1])

        // The hold comes too late after the tap.
        s.wait(1000)
        s.tap(at: Point(x: 300, y: 300))
        s.wait(400)
        #expect(s.takeLog() == ["press: failed(slower than 300.0 ms)"])
    }

    @Test("touches required: two fingers begin it, one alone fails as the landing window closes, three fail it")
    func touchesRequired() {
        let s = Fingers()
        let press = LongPressGestureRecognizer().named("press2")
        press.numberOfTouchesRequired = 2
        s.engine.root.addGestureRecognizer(press)

        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(200)
        s.press([2], at: [Point(x: 340, y: 300)])
        let second = s.time
        s.wait(500)
        #expect(s.takeLog() == ["press2: began"])
        #expect(press.numberOfTouches == 2)
        #expect(s.time == second + .milliseconds(500))
        s.release([1, 2])
        #expect(s.takeLog() == ["press2: ended"])

        // One finger alone: no second one landed within the landing window, and none may join
        // after it, so the press fails as the window closes (it once waited for the lift, and
        // failed as ended too soon).
        s.wait(1000)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.wait(249)
        #expect(s.log.isEmpty)
        s.wait(2)
        #expect(s.takeLog() == ["press2: failed(fingers landed more than 250.0 ms apart)"])
        s.wait(2000)
        s.release([1])
        #expect(s.log.isEmpty)

        s.wait(1000)
        s.press([1, 2, 3], at: [Point(x: 300, y: 300), Point(x: 340, y: 300), Point(x: 380, y: 300)])
        #expect(s.takeLog() == ["press2: failed(3 touches, expected 2)"])
        s.release([1, 2, 3])
        #expect(s.log.isEmpty)
    }

    @Test("a touchpad hold with the right finger count drives it")
    func touchpadHold() {
        let s = Fingers(kind: .touchpad)
        let press = LongPressGestureRecognizer().named("press")
        s.engine.root.addGestureRecognizer(press)
        let actions = ActionLog(press)

        s.pad(.hold, .begin, fingers: 1)
        let began = s.time
        #expect(s.engine.nextDeadline == began + .milliseconds(500))
        s.wait(500)
        #expect(s.takeLog() == ["press: began"])
        #expect(press.numberOfTouches == 1)
        s.pad(.hold, .end, fingers: 1)
        #expect(s.takeLog() == ["press: ended"])
        #expect(actions.states == [.began, .ended])

        // Released early.
        s.pad(.hold, .begin, fingers: 1)
        s.wait(200)
        s.pad(.hold, .end, fingers: 1)
        #expect(s.takeLog() == ["press: failed(ended too soon)"])

        // libinput cancels a hold when the fingers move.
        s.pad(.hold, .begin, fingers: 1)
        s.wait(200)
        s.pad(.hold, .cancel, fingers: 1)
        #expect(s.takeLog() == ["press: failed(moved further than 4 mm)"])

        // Another finger count is not for this recognizer.
        s.pad(.hold, .begin, fingers: 2)
        s.wait(600)
        s.pad(.hold, .end, fingers: 2)
        #expect(s.log.isEmpty)

        // Nor are touchpad holds when switched off.
        press.acceptsTouchpadHolds = false
        s.pad(.hold, .begin, fingers: 1)
        s.wait(600)
        s.pad(.hold, .end, fingers: 1)
        #expect(s.log.isEmpty)
    }
}
