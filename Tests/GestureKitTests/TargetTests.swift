import Testing
@testable import GestureKit

@Suite("Targets changed from inside a target")
struct TargetChangeTests {
    // MARK: Changes from inside a target

    @Test("a target added by a target is called in the same round, after the others")
    func addedDuringCall() {
        let r = Manual()
        var calls: [String] = []
        r.addTarget { m in
            calls.append("first")
            if m.state == .began { m.addTarget { _ in calls.append("added") } }
        }
        r.addTarget { _ in calls.append("second") }
        r.state = .began
        #expect(calls == ["first", "second", "added"])
        calls.removeAll()
        r.state = .changed
        #expect(calls == ["first", "second", "added"])
        #expect(r.targetCount == 3)
    }

    @Test("a target removed by a target before its turn is not called; the others are, once each")
    func removedDuringCall() {
        let r = Manual()
        var calls: [String] = []
        var third: TargetToken?
        var second: TargetToken?
        r.addTarget { m in
            calls.append("first")
            if let third { m.removeTarget(third) }
        }
        second = r.addTarget { m in
            calls.append("second")
            if let second { m.removeTarget(second) }   // itself
        }
        third = r.addTarget { _ in calls.append("third") }
        r.addTarget { _ in calls.append("fourth") }
        r.state = .began
        #expect(calls == ["first", "second", "fourth"])
        calls.removeAll()
        r.state = .changed
        #expect(calls == ["first", "fourth"])
        #expect(r.targetCount == 2)
    }

    @Test("a target removing an earlier one, or all of them, neither skips nor repeats a target")
    func removedEarlierOrAllDuringCall() {
        let r = Manual()
        var calls: [String] = []
        let first = r.addTarget { _ in calls.append("first") }
        r.addTarget { m in
            calls.append("second")
            m.removeTarget(first)
        }
        r.addTarget { m in
            calls.append("third")
            if m.state == .changed { m.removeTarget(nil) }
        }
        r.addTarget { _ in calls.append("fourth") }
        r.state = .began
        #expect(calls == ["first", "second", "third", "fourth"])
        calls.removeAll()
        r.state = .changed
        #expect(calls == ["second", "third"])
        #expect(r.targetCount == 0)
    }
}
