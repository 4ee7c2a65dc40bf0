import Testing
@testable import GestureKit

/// The core's enums with raw values compare their cases through a written-out `==` (a `switch`,
/// docs/architecture.md "Comparing cases"). It must say exactly what the synthesized one said:
/// equal when, and only when, the cases are the same, with equal cases hashing alike, and no two
/// cases sharing an ordinal.
@Suite("Comparing cases")
struct CaseComparisonTests {
    /// Checks `==`, `!=`, hashing and sets over every pair of `cases`, against the raw values.
    func check<E: Hashable & RawRepresentable>(_ cases: [E], ordinal: (E) -> Int) where E.RawValue: Hashable {
        #expect(Set(cases.map(\.rawValue)).count == cases.count, "the list names each case once")
        #expect(Set(cases.map(ordinal)).count == cases.count, "each case has its own ordinal")
        for a in cases {
            for b in cases {
                let same = a.rawValue == b.rawValue
                #expect((a == b) == same, "\(a) == \(b)")
                #expect((a != b) == !same, "\(a) != \(b)")
                if same { #expect(a.hashValue == b.hashValue) }
            }
        }
        #expect(Set(cases).count == cases.count)
        #expect(Set(cases + cases).count == cases.count)
        let optional: [E?] = cases + [nil]
        for a in optional {
            for b in optional {
                #expect((a == b) == (a?.rawValue == b?.rawValue), "optional \(String(describing: a)) == \(String(describing: b))")
            }
        }
    }

    @Test("states, phases, touch types and device kinds")
    func engineEnums() {
        check(GestureState.allCases, ordinal: \.ordinal)
        check(TouchPhase.allCases, ordinal: \.ordinal)
        check(TouchType.allCases, ordinal: \.ordinal)
        check(DeviceKind.allCases, ordinal: \.ordinal)
        check(["device", "deviceRemoved", "palm", "stuck", "host"].map { TouchCancellation(rawValue: $0)! }, ordinal: \.ordinal)
        check(
            ["input", "touchesCancelled", "deadline", "otherRecognizer", "touchesGone", "detached", "reset"]
                .map { TransitionCause.Kind(rawValue: $0)! },
            ordinal: \.ordinal)
    }

    @Test("touchpad gestures, zones, densities, rotations and update kinds")
    func otherEnums() {
        check(TouchpadGestureKind.allCases, ordinal: \.ordinal)
        check(TouchpadGesturePhase.allCases, ordinal: \.ordinal)
        check(ScreenEdge.allCases, ordinal: \.ordinal)
        check(ScreenCorner.allCases, ordinal: \.ordinal)
        check(["screen", "region"].map { ExclusionZone.Space(rawValue: $0)! }, ordinal: \.ordinal)
        check(DensitySource.allCases, ordinal: \.ordinal)
        check(ContactSize.allCases, ordinal: \.ordinal)
        check(OutputRotation.allCases, ordinal: \.ordinal)
        check(
            ["tap", "longPress", "pan", "screenEdgePan", "directionalSwipe", "swipe", "pinch", "rotation", "custom"]
                .map { GestureUpdate.Kind(rawValue: $0)! },
            ordinal: \.ordinal)
    }

    @Test("the derived properties of states and phases")
    func derived() {
        #expect(GestureState.allCases.filter(\.isFinished) == [.ended, .cancelled, .failed])
        #expect(GestureState.allCases.filter(\.isActive) == [.began, .changed])
        #expect(GestureState.allCases.filter(\.hasRecognized) == [.began, .changed, .ended])
        #expect(TouchPhase.allCases.filter(\.isActive) == [.began, .moved, .stationary])
    }
}
