/// Shrinks a failing sequence: removes runs of steps (halves, then quarters, down to single
/// steps), then single contacts of frames, then shortens the pauses, for as long as the run still
/// fails with a violation of the same kind. The result prints as a Swift test.
enum Minimizer {
    static func minimize(seed: UInt64, mode: Mode, steps: [Step], violation: String) -> (steps: [Step], violation: String) {
        let kind = category(violation)
        var best = steps
        var bestViolation = violation
        func fails(_ candidate: [Step]) -> Bool {
            guard let v = InvariantRun.replay(seed: seed, mode: mode, steps: candidate), category(v) == kind else { return false }
            best = candidate
            bestViolation = v
            return true
        }
        var progress = true
        var budget = 4_000
        while progress && budget > 0 {
            progress = false
            var chunk = max(1, best.count / 2)
            while chunk >= 1 && budget > 0 {
                var start = 0
                while start < best.count && budget > 0 {
                    budget -= 1
                    var candidate = best
                    candidate.removeSubrange(start..<min(best.count, start + chunk))
                    if fails(candidate) { progress = true } else { start += chunk }
                }
                chunk /= 2
            }
            for i in best.indices.reversed() where i < best.count && budget > 0 {
                guard case .frame(let d, let ms, let cs) = best[i], cs.count > 1 else { continue }
                for k in cs.indices.reversed() where budget > 0 {
                    budget -= 1
                    guard case .frame(_, _, let now) = best[i], k < now.count, now.count > 1 else { continue }
                    var fewer = now
                    fewer.remove(at: k)
                    var candidate = best
                    candidate[i] = .frame(d, ms: ms, fewer)
                    if fails(candidate) { progress = true }
                }
            }
            for i in best.indices where budget > 0 && best[i].ms > 10 {
                budget -= 1
                var candidate = best
                candidate[i] = withPause(best[i], 10)
                if fails(candidate) { progress = true }
            }
        }
        return (best, bestViolation)
    }

    /// The violation without its step number and recognizer index: what must stay the same.
    static func category(_ violation: String) -> String {
        var words = violation.split(separator: " ").dropFirst(2).map(String.init)
        words = words.map { $0.contains(":") && $0.first?.isNumber == true ? "_" : $0 }
        return words.filter { Int($0) == nil }.joined(separator: " ")
    }

    static func withPause(_ step: Step, _ ms: Int) -> Step {
        switch step {
        case .frame(let d, _, let cs): .frame(d, ms: ms, cs)
        case .pad(_, let k, let p, let f): .pad(ms: ms, k, p, fingers: f)
        case .remove(let d, _): .remove(d, ms: ms)
        case .add(let d, _): .add(d, ms: ms)
        case .cancelAll: .cancelAll(ms: ms)
        case .wait: .wait(ms: ms)
        }
    }

    /// A ready-to-paste regression test for a minimized sequence.
    static func swiftTest(seed: UInt64, mode: Mode, steps: [Step], violation: String) -> String {
        let hookInput = mode == .reentrant && InvariantRun.ownTouchHookInputByDefault ? ", ownTouchHookInput: true" : ""
        var s = """
            /// \(violation)
            @Test func seed\(String(seed, radix: 16))\(mode.rawValue.capitalized)() {
                let steps: [Step] = [

            """
        for step in steps { s += "        \(step),\n" }
        s += """
                ]
                let violation = InvariantRun.replay(seed: 0x\(String(seed, radix: 16)), mode: .\(mode.rawValue), steps: steps\(hookInput))
                #expect(violation == nil, "\\(violation ?? "")")
            }
            """
        return s
    }
}
