import Testing
@testable import GestureKit

/// A waiter beaten with its requirement by the same winner fails for the same reason, whatever
/// the order the recognizers were added in.
@Suite("Failure reasons that do not depend on the listing order")
struct ListingOrderReasonTests {
    // MARK: Failure reasons

    /// W requires F to fail and waits on it (it asked to recognize first); X, sharing the finger,
    /// then begins and beats both. W asked before X won, so it is excluded by X as F is. But
    /// whether W reads `excludedBy(X)` or `preventedBy(X)` depends only on the order the three
    /// were added: when F comes before W in the list, X's exclusion fails F first, which releases
    /// W, whose fresh attempt then finds X recognizing. A host logging or branching on the reason
    /// sees it change with the order recognizers were attached.
    @Test("a waiter beaten with its requirement by the same winner fails for the same reason, whatever the listing order")
    func waiterBeatenWithItsRequirement() {
        func reasons(requirementFirst: Bool) -> [String] {
            let s = Fingers()
            let x = Manual().named("X"), f = Manual().named("F"), w = Manual().named("W")
            w.require(toFail: f)
            for r in requirementFirst ? [x, f, w] : [x, w, f] { s.engine.root.addGestureRecognizer(r) }
            s.press([1], at: [Point(x: 100, y: 100)])
            w.state = .recognized  // waits on F
            x.state = .began
            s.release([1])
            return s.log.filter { $0.hasPrefix("W:") }
        }
        let waiterFirst = reasons(requirementFirst: false)
        let requirementFirst = reasons(requirementFirst: true)
        #expect(waiterFirst == ["W: failed(excluded by X)"], "\(waiterFirst)")
        #expect(requirementFirst == waiterFirst, "listed [X, F, W]: \(requirementFirst); listed [X, W, F]: \(waiterFirst)")
    }
}
