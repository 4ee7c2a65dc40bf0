@testable import GestureKit
import Testing

/// Panels differ in what they say of a finger that rests while others move: some re-send it
/// unchanged in every frame (as `stationary`, or as `moved` to where it already is), others
/// leave it out. The same random streams as ``InvariantTests`` are played three ways (as
/// generated, every finger down listed in each frame of its device; with every resting finger
/// left out; with every resting finger re-sent as `moved` where it is), and must give
/// the same trace: every transition the observer hears and every call of the touch handlers, with
/// the touches' phases, in order.
@Suite struct RestingContactInvarianceTests {
    /// Sequences played by `swift test`, in 4 parallel slices (about 25 s of CPU in debug);
    /// `GESTUREKIT_RESTING_COUNT` sets more (and `GESTUREKIT_INVARIANT_SEED` the first seed, as
    /// for the invariant checker).
    static let count: Int = InvariantTests.environment("GESTUREKIT_RESTING_COUNT").flatMap { Int($0) } ?? 1_600
    static let slices = 4

    /// What a finger's contacts say, per device: where each finger down is.
    private struct Fingers {
        var down: [Int: [Int: (x: Int, y: Int)]] = [1: [:], 2: [:]]

        mutating func take(_ step: Step) {
            switch step {
            case .frame(let d, _, let contacts):
                for c in contacts {
                    switch c.phase {
                    case .began, .moved, .stationary: down[d, default: [:]][c.id] = (c.x, c.y)
                    case .ended, .cancelled: down[d, default: [:]][c.id] = nil
                    }
                }
            case .remove(let d, _): down[d] = [:]
            case .cancelAll: down = [1: [:], 2: [:]]
            case .pad, .add, .wait: break
            }
        }
    }

    /// `steps` with every contact that tells nothing new left out: a finger reported
    /// `stationary`, or `moved` to where it already is. Frames left empty are still sent.
    static func omittingResting(_ steps: [Step]) -> [Step] {
        var fingers = Fingers()
        return steps.map { step in
            defer { fingers.take(step) }
            guard case .frame(let d, let ms, let contacts) = step else { return step }
            let kept = contacts.filter { c in
                guard c.phase == .stationary || c.phase == .moved, let p = fingers.down[d]?[c.id] else { return true }
                return c.phase == .moved && (p.x != c.x || p.y != c.y)
            }
            return .frame(d, ms: ms, kept)
        }
    }

    /// `steps` with every resting finger re-sent as `moved` to where it is, as some panels report
    /// fingers that did not move. (The generator lists every finger down in each frame of its
    /// device already, so re-sending those it leaves out changes nothing.)
    static func resendingRestingAsMoved(_ steps: [Step]) -> [Step] {
        steps.map { step in
            guard case .frame(let d, let ms, let contacts) = step else { return step }
            return .frame(d, ms: ms, contacts.map { c in
                c.phase == .stationary ? Contact(c.id, .moved, c.x, c.y) : c
            })
        }
    }

    /// The trace of `steps` in ``Mode/inert``, without the lines that name the steps themselves,
    /// and the violation of an invariant, if any.
    static func trace(seed: UInt64, _ steps: [Step]) -> (lines: [String], violation: String?) {
        let run = InvariantRun(seed: seed, mode: .inert)
        run.trace = []
        let violation = run.play(steps)
        return (run.trace!.filter { !$0.hasPrefix("step ") }, violation)
    }

    @Test(arguments: 0..<slices)
    func sameTraceWhateverThePanelResends(slice: Int) {
        var failures = 0
        var compared = 0
        let perSlice = (Self.count + Self.slices - 1) / Self.slices
        let range = min(Self.count, slice * perSlice)..<min(Self.count, (slice + 1) * perSlice)
        for k in range {
            let seed = InvariantTests.firstSeed &+ UInt64(k)
            let steps = StreamGenerator.steps(seed: seed)
            let reference = Self.trace(seed: seed, steps)
            #expect(reference.violation == nil, "seed \(seed): \(reference.violation ?? "")")
            for (name, variant) in [("resting fingers left out", Self.omittingResting(steps)),
                                    ("resting fingers re-sent as moved", Self.resendingRestingAsMoved(steps))] {
                compared += 1
                let other = Self.trace(seed: seed, variant)
                guard other.lines != reference.lines else { continue }
                failures += 1
                if failures > 3 { continue }
                let i = zip(reference.lines, other.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(reference.lines.count, other.lines.count)
                let context = max(0, i - 12)
                Issue.record("""
                    seed \(seed), \(name): the traces differ at line \(i)
                    as generated:
                    \(reference.lines[context..<min(reference.lines.count, i + 4)].joined(separator: "\n"))
                    \(name):
                    \(other.lines[context..<min(other.lines.count, i + 4)].joined(separator: "\n"))
                    steps (\(name)):
                    \(variant.map { "    \($0)," }.joined(separator: "\n"))
                    """)
            }
        }
        #expect(compared == 2 * range.count)
        #expect(failures == 0, "\(failures) of \(compared) variants differ from the stream as generated")
    }

    /// The variants themselves: leaving out and re-sending change only what rests.
    @Test func variantsChangeOnlyWhatRests() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 100, 100), Contact(2, .began, 300, 100)]),
            .frame(1, ms: 10, [Contact(1, .moved, 110, 100), Contact(2, .stationary, 300, 100)]),
            .frame(1, ms: 10, [Contact(1, .moved, 110, 100)]),
            .frame(1, ms: 10, [Contact(1, .ended, 110, 100)]),
        ]
        #expect(Self.omittingResting(steps) == [
            steps[0],
            .frame(1, ms: 10, [Contact(1, .moved, 110, 100)]),
            .frame(1, ms: 10, []),
            .frame(1, ms: 10, [Contact(1, .ended, 110, 100)]),
        ])
        #expect(Self.resendingRestingAsMoved(steps) == [
            steps[0],
            .frame(1, ms: 10, [Contact(1, .moved, 110, 100), Contact(2, .moved, 300, 100)]),
            steps[2], steps[3],
        ])
    }
}
