import GestureKit

extension Fingers {
    /// Lands finger 1 at `first`, holds it `hold` ms (running `before`), then lifts it as finger 2
    /// lands at `second`: in the same frame, or, unless `sameFrame`, one frame later. Then runs
    /// `then` and lets the deadlines pass.
    func handOver(
        sameFrame: Bool, hold: Double = 60,
        first: Point = Point(x: 300, y: 300), second: Point = Point(x: 310, y: 300),
        before: (Fingers) -> Void = { _ in }, then: (Fingers) -> Void
    ) {
        press([1], at: [first])
        wait(hold)
        before(self)
        tick()
        lift(1)
        if !sameFrame {
            frame()
            tick()
        }
        down(2, at: second)
        frame()
        then(self)
        wait(1000)
    }
}

/// A region's touch handler that notes each touch's ``Touch/tapCount`` as it begins.
final class TapCounts: TouchHandler {
    var seen: [Int] = []
    func touchBegan(_ touch: Touch) { seen.append(touch.tapCount) }
    func touchMoved(_ touch: Touch) {}
    func touchEnded(_ touch: Touch) {}
    func touchCancelled(_ touch: Touch) {}
}
