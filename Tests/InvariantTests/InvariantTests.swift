import Foundation
@testable import GestureKit
import Testing

/// Random but well-formed input streams through every recognizer kind on a nested region tree,
/// with the engine's invariants checked after every event (see ``InvariantRun``).
///
/// `swift test` plays 20,000 sequences per mode, in 8 parallel slices. For longer runs with other
/// seeds (`scripts/invariants`): `GESTUREKIT_INVARIANT_SEED` sets the first seed and
/// `GESTUREKIT_INVARIANT_COUNT` the number of sequences per mode. A failure names its seed and
/// prints the minimized sequence as a test to paste into `RegressionTests.swift`, with a trace of
/// what happened in it. `GESTUREKIT_INVARIANT_PROGRESS` names a file prefix to which each slice
/// writes the seed it is playing, to find a seed that crashes the process.
@Suite struct InvariantTests {
    static let slices = 8
    static let firstSeed: UInt64 = environment("GESTUREKIT_INVARIANT_SEED").flatMap { UInt64($0) } ?? 1
    static let count: Int = environment("GESTUREKIT_INVARIANT_COUNT").flatMap { Int($0) } ?? 20_000

    /// Where each slice writes the seed it is playing (`<path>-<mode>-<slice>`), when set: after a
    /// crash, the seed that crashed.
    static let progressFile = environment("GESTUREKIT_INVARIANT_PROGRESS")

    static func environment(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }

    /// A slice's progress file, kept open and overwritten in place with each seed: creating the
    /// file anew for every sequence (a temporary file and a rename) kept the disk busy and
    /// slowed a long run about tenfold.
    final class ProgressFile {
        let descriptor: Int32

        init?(path: String) {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if descriptor < 0 { return nil }
        }

        deinit { close(descriptor) }

        /// Writes `seed` over the previous one (fixed width, so nothing of it is left).
        func record(_ seed: UInt64) {
            var digits = String(seed)
            digits = String(repeating: " ", count: max(0, 20 - digits.utf8.count)) + digits + "\n"
            _ = digits.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        }
    }

    @Test(arguments: Mode.allCases, 0..<slices)
    func randomStreams(mode: Mode, slice: Int) {
        let perSlice = (Self.count + Self.slices - 1) / Self.slices
        let start = Self.firstSeed &+ UInt64(slice * perSlice)
        var failures = 0
        var played = 0
        let progress = Self.progressFile.flatMap { ProgressFile(path: "\($0)-\(mode)-\(slice)") }
        for k in 0..<perSlice where slice * perSlice + k < Self.count {
            let seed = start &+ UInt64(k)
            let steps = StreamGenerator.steps(seed: seed)
            // A sequence that crashes the process cannot report itself: the seed is written first.
            progress?.record(seed)
            played += 1
            guard let violation = InvariantRun.replay(seed: seed, mode: mode, steps: steps) else { continue }
            failures += 1
            if failures > 3 { continue }
            let small = Minimizer.minimize(seed: seed, mode: mode, steps: steps, violation: violation)
            let test = Minimizer.swiftTest(seed: seed, mode: mode, steps: small.steps, violation: small.violation)
            // What happened in the minimized sequence: the observer, the handlers and the mutations.
            let traced = InvariantRun(seed: seed, mode: mode)
            traced.trace = []
            _ = traced.play(small.steps)
            let graph = traced.recognizers.map { "\($0.name) in \($0.region?.name ?? "no region")" }.joined(separator: ", ")
            Issue.record("""
                seed \(seed) (\(mode)): \(violation)
                minimized to \(small.steps.count) of \(steps.count) steps:
                \(test)
                graph: \(graph)
                trace:
                \(traced.trace!.joined(separator: "\n"))
                """)
        }
        #expect(played == min(perSlice, max(0, Self.count - slice * perSlice)))
        #expect(failures == 0, "\(failures) of \(played) sequences broke an invariant (seeds from \(start), mode \(mode))")
    }

    /// The checker itself can fail: a recognizer that asks for an illegal transition, and a
    /// handler that hears a touch end twice, are both reported.
    @Test func checkerCatchesViolations() {
        let run = InvariantRun(seed: 7, mode: .inert)
        let g = run.recognizers[0]
        g.committedState = .began
        g.requestTransition(to: .began, reason: nil)
        g.committedState = .possible
        #expect(run.play([])?.contains("illegal transition began → began") == true)

        let other = InvariantRun(seed: 7, mode: .inert)
        let t = Touch(sequence: 99, device: DeviceID(1), contactID: 1, type: .direct, density: PointDensity(uniform: 4),
                      at: .zero, location: .zero, millimetres: .zero, tapCount: 1)
        other.touchEvent(t, .began)
        other.touchEvent(t, .ended)
        other.touchEvent(t, .ended)
        #expect(other.violation?.contains("after it ended") == true)
    }

    /// The reentrant mode's checks of what recognizers' hooks hear can fail: each is fed one
    /// violation by hand, in a run of its own (a run reports its first violation).
    @Test func reentrantCheckerCatchesViolations() {
        func touch(_ sequence: Int, contact: Int, type: TouchType = .direct, at p: Point = Point(x: 10, y: 10)) -> Touch {
            Touch(sequence: sequence, device: DeviceID(1), contactID: contact, type: type, density: PointDensity(uniform: 4),
                  at: .zero, location: p, millimetres: .zero, tapCount: 1)
        }
        func run(_ body: (InvariantRun, GestureRecognizer) -> Void) -> String? {
            let run = InvariantRun(seed: 7, mode: .reentrant)
            body(run, run.recognizers[6])
            return run.violation
        }

        #expect(run { r, g in
            let t = touch(1, contact: 1)
            r.heard(g, .began, [t])
            r.heard(g, .began, [t])
        }?.contains("touchesBegan twice") == true)

        #expect(run { r, g in
            let t = touch(1, contact: 1)
            r.heard(g, .began, [t])
            r.heard(g, .ended, [t])
            r.heard(g, .ended, [t])
        }?.contains("touchesEnded after it ended or was cancelled there") == true)

        #expect(run { r, g in
            r.heard(g, .began, [touch(1, contact: -1, type: .touchpadGesture)])
        }?.contains("was handed the touchpad gesture sequence") == true)

        // Two hearings of a finger's motion with no contact of it sent between.
        #expect(run { r, g in
            let t = touch(1, contact: 1)
            r.heard(g, .began, [t])
            r.heard(g, .moved, [t])
            r.heard(g, .moved, [t])
        }?.contains("heard moving twice") == true)

        // A lift that carried motion, heard as a lift only.
        #expect(run { r, g in
            let t = touch(1, contact: 1, at: Point(x: 10, y: 10))
            r.heard(g, .began, [t])
            t.take(TouchContact(id: 1, phase: .ended, location: Point(x: 30, y: 10), millimetres: .zero), at: .milliseconds(10), reported: .milliseconds(10))
            t.live.value.phase = .ended
            r.heard(g, .ended, [t])
        }?.contains("touchesEnded without the motion its lift carried") == true)

        // Touchpad events out of order, and after the end.
        func pad(_ n: Int, _ phase: TouchpadGesturePhase) -> TouchpadGestureEvent {
            TouchpadGestureEvent(device: DeviceID(2), timestamp: .milliseconds(0), kind: .pinch, phase: phase, fingerCount: 2,
                                 angleDelta: 2 + Double(n) * 1e-6)
        }
        #expect(run { r, g in
            g.touchpadGestureSequence = touch(5, contact: -1, type: .touchpadGesture)
            r.heard(g, pad(1, .begin))
            r.heard(g, pad(3, .update))
            r.heard(g, pad(2, .update))
        }?.contains("event 2 (update) heard after event 3") == true)
        #expect(run { r, g in
            g.touchpadGestureSequence = touch(5, contact: -1, type: .touchpadGesture)
            r.heard(g, pad(1, .begin))
            r.heard(g, pad(2, .end))
            r.heard(g, pad(3, .update))
        }?.contains("update after it ended or was cancelled there") == true)
        #expect(run { r, g in
            g.touchpadGestureSequence = touch(5, contact: -1, type: .touchpadGesture)
            r.heard(g, pad(1, .begin))
            r.heard(g, pad(2, .begin))
        }?.contains("begin after its other events") == true)
    }
}
