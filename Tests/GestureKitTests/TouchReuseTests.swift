@testable import GestureKit
import Testing

/// The engine reuses a touch that ended once nothing holds it, so that landing frames allocate
/// nothing; a touch someone keeps is never reused.
@Suite("Touch reuse")
struct TouchReuseTests {
    /// Notes each touch that lands on it, by identity and sequence, and keeps it when `keeps`;
    /// fails when the fingers lift, so it resets and lets go of them.
    final class Witness: GestureRecognizer {
        var landed: [(id: ObjectIdentifier, sequence: Int)] = []
        var kept: [Touch] = []
        var keeps = false

        override func touchesBegan(_ touches: [Touch]) {
            for t in touches {
                landed.append((ObjectIdentifier(t), t.sequence))
                if keeps { kept.append(t) }
            }
        }

        override func touchesEnded(_ touches: [Touch]) {
            if activeTouchCount == 0 { fail(.endedTooSoon) }
        }
    }

    private func twoTaps(keeping: Bool) -> (Witness, Fingers) {
        let s = Fingers()
        let w = Witness()
        w.keeps = keeping
        s.engine.root.addGestureRecognizer(w)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.wait(50)
        s.release([1])
        s.wait(500)
        s.press([2], at: [Point(x: 400, y: 300)])
        s.wait(50)
        s.release([2])
        return (w, s)
    }

    @Test("a touch nobody holds is the next contact's touch, as a new sequence")
    func reused() throws {
        let (w, _) = twoTaps(keeping: false)
        try #require(w.landed.count == 2)
        #expect(w.landed[0].id == w.landed[1].id, "the second contact got a new object")
        #expect(w.landed[0].sequence != w.landed[1].sequence)
    }

    @Test("a touch handed on in the engine's shared list of moved touches is reused once it lifts")
    func reusedAfterSharedMotion() throws {
        let s = Fingers()
        let w = Witness()
        s.engine.root.addGestureRecognizer(w)
        s.press([1, 2], at: [Point(x: 100, y: 100), Point(x: 300, y: 100)])
        // Only the first finger moves: the witness hears it through the engine's list of moved
        // touches, which stays from frame to frame.
        s.drag(1, by: Point(x: 40, y: 0), over: 100)
        s.release([1, 2])
        #expect(s.engine.book.value.movedTouches.isEmpty, "the list still holds a touch that lifted")
        s.wait(500)
        s.press([3, 4], at: [Point(x: 100, y: 300), Point(x: 300, y: 300)])
        try #require(w.landed.count == 4)
        #expect(Set(w.landed[2...].map(\.id)) == Set(w.landed[..<2].map(\.id)), "a lifted touch was kept from reuse")
    }

    @Test("a touch someone holds is never reused, and stays as it ended")
    func keptTouchStays() throws {
        let (w, _) = twoTaps(keeping: true)
        // A kept touch still lists the recognizer that keeps it: let go of them at the end.
        defer { w.kept.removeAll() }
        try #require(w.landed.count == 2 && w.kept.count == 2)
        #expect(w.landed[0].id != w.landed[1].id)
        let first = w.kept[0]
        #expect(first.phase == .ended && first.location == Point(x: 100, y: 100) && first.sequence == w.landed[0].sequence)
        #expect(w.kept[1].location == Point(x: 400, y: 300))
    }

    /// Every field of a touch's state, named and printed, so that two states can be compared
    /// whatever fields a later change adds (references by identity).
    private func fields(_ m: TouchMotion) -> [String] {
        Mirror(reflecting: m).children.map { child in
            let value: String
            if let r = child.value as? Region {
                value = "region \(ObjectIdentifier(r))"
            } else if let list = child.value as? [GestureRecognizer] {
                value = "recognizers \(list.map { ObjectIdentifier($0) })"
            } else {
                value = String(describing: child.value)
            }
            return "\(child.label ?? "?") = \(value)"
        }
    }

    @Test("a reused touch's every field is a fresh touch's, whatever the old sequence left in it")
    func reuseSetsEveryField() {
        let fresh = Touch(
            sequence: 7, device: DeviceID(3), contactID: 4, type: .direct, density: PointDensity(x: 4, y: 5),
            at: .milliseconds(900), location: Point(x: 10, y: 20), millimetres: Point(x: 2.5, y: 4), tapCount: 2)
        // A touch that lived a whole sequence: every field differs from the fresh one's.
        let used = Touch(
            sequence: 1, device: DeviceID(9), contactID: 8, type: .indirect, density: PointDensity(x: 1, y: 1),
            at: .milliseconds(5), location: Point(x: 1, y: 1), millimetres: Point(x: 1, y: 1), tapCount: 5)
        let region = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        used.live.value.region = region
        used.live.value.isClaimed = true
        used.live.value.phase = .cancelled
        used.live.value.timestamp = .milliseconds(70)
        used.live.value.lastReport = .milliseconds(60)
        used.live.value.location = Point(x: 50, y: 60)
        used.live.value.previousLocation = Point(x: 40, y: 50)
        used.live.value.pressure = 0.5
        used.live.value.majorAxisMillimetres = 9
        used.live.value.cancellation = .palm
        used.live.value.gestureRecognizers = [GestureRecognizer()]
        used.live.value.delivery = .done
        used.live.value.deliveredLocation = Point(x: 45, y: 55)
        used.live.value.movedInFrame = 12
        used.live.value.reportMark = 13
        let before = fields(used.live.value)
        let expected = fields(fresh.live.value)
        #expect(before.count == expected.count)
        // The test proves something only if the used touch differs in every field.
        for (a, b) in zip(before, expected) { #expect(a != b, "the used touch's \(a) should differ from a fresh one's") }
        used.reuse(
            sequence: 7, device: DeviceID(3), contactID: 4, type: .direct, density: PointDensity(x: 4, y: 5),
            at: .milliseconds(900), location: Point(x: 10, y: 20), millimetres: Point(x: 2.5, y: 4), tapCount: 2)
        #expect(fields(used.live.value) == expected)
    }
}

/// A recognizer whose delegate notes, when it is asked whether it receives a touch, the touch's
/// identity and the recognizers the touch lists at that moment.
private final class AskedRecognizer: GestureRecognizer, GestureRecognizerDelegate {
    final class Log { var asked: [(name: String, touch: ObjectIdentifier, listed: [String])] = [] }
    let log: Log
    init(_ name: String, _ log: Log) {
        self.log = log
        super.init()
        self.name = name
        delegate = self
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        log.asked.append((name, ObjectIdentifier(touch), touch.gestureRecognizers.map(\.name)))
        return true
    }
    override func touchesEnded(_ touches: [Touch]) {
        if activeTouchCount == 0 { fail(.endedTooSoon) }
    }
}

@Suite("Touch reuse: a pooled touch's recognizers")
struct PooledTouchRecognizerTests {
    /// `inner` on a region (x < 500), `outer1` and `outer2` on the root.
    private func story() -> (Fingers, AskedRecognizer.Log, Region) {
        let s = Fingers()
        let log = AskedRecognizer.Log()
        let region = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "inner")
        s.engine.root.addChild(region)
        region.addGestureRecognizer(AskedRecognizer("inner", log))
        s.engine.root.addGestureRecognizer(AskedRecognizer("outer1", log))
        s.engine.root.addGestureRecognizer(AskedRecognizer("outer2", log))
        return (s, log, region)
    }

    private func tap(_ s: Fingers, _ id: Int, at p: Point) {
        s.press([id], at: [p])
        s.wait(50)
        s.release([id])
        s.wait(500)
    }

    @Test("a reused touch lists, as each recognizer is asked, only those that took it so far, then exactly those that took it")
    func listsOnlyItsTakers() throws {
        let (s, log, _) = story()
        tap(s, 1, at: Point(x: 100, y: 300))
        tap(s, 2, at: Point(x: 100, y: 300))
        try #require(log.asked.count == 6)
        #expect(log.asked[0].touch == log.asked[3].touch, "the touch was not reused")
        let second = log.asked[3...].map { "\($0.name): \($0.listed)" }
        #expect(second == ["inner: []", "outer1: [\"inner\"]", "outer2: [\"inner\", \"outer1\"]"])
        // On the root only, then inside again: the list is the takers', each time.
        log.asked = []
        var lists: [[String]] = []
        s.press([3], at: [Point(x: 800, y: 300)])
        lists.append(s.engine.activeTouches.first?.gestureRecognizers.map(\.name) ?? [])
        s.wait(50)
        s.release([3])
        s.wait(500)
        s.press([4], at: [Point(x: 100, y: 300)])
        lists.append(s.engine.activeTouches.first?.gestureRecognizers.map(\.name) ?? [])
        s.wait(50)
        s.release([4])
        #expect(lists == [["outer1", "outer2"], ["inner", "outer1", "outer2"]])
        #expect(log.asked.map(\.name) == ["outer1", "outer2", "inner", "outer1", "outer2"])
        #expect(log.asked[1].listed == ["outer1"] && log.asked[3].listed == ["inner"])
    }

    @Test("a recognizer taken out while the engine's touches rest in its pool is freed at once")
    func takenOutWhilePooled() {
        let (s, log, region) = story()
        tap(s, 1, at: Point(x: 100, y: 300))
        weak let inner = region.gestureRecognizers.first
        region.removeGestureRecognizer(inner!)
        #expect(inner == nil)
        // The next landing there is taken by the root's recognizers only.
        log.asked = []
        tap(s, 2, at: Point(x: 100, y: 300))
        #expect(log.asked.map(\.name) == ["outer1", "outer2"])
    }

    @Test("a recognizer taken out while its finger is down is not kept by that touch once it retires")
    func takenOutWhileDown() {
        let (s, log, region) = story()
        weak let inner = region.gestureRecognizers.first
        s.press([1], at: [Point(x: 100, y: 300)])
        s.wait(50)
        region.removeGestureRecognizer(inner!)
        s.release([1])
        s.wait(500)
        #expect(inner == nil)
        log.asked = []
        tap(s, 2, at: Point(x: 100, y: 300))
        #expect(log.asked.map(\.name) == ["outer1", "outer2"])
    }
}
