import GestureKit

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same numbers on every
/// platform and toolchain, so a failing seed reproduces anywhere.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / 9_007_199_254_740_992 < p }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// One contact of a scripted frame, in screen points (whole numbers, so that a printed sequence
/// reads well and replays exactly).
struct Contact: Hashable, CustomStringConvertible {
    var id: Int
    var phase: TouchPhase
    var x: Int
    var y: Int

    init(_ id: Int, _ phase: TouchPhase, _ x: Int, _ y: Int) {
        (self.id, self.phase, self.x, self.y) = (id, phase, x, y)
    }

    var description: String { "Contact(\(id), .\(phase.rawValue), \(x), \(y))" }
}

/// One step of a scripted input stream. Each step happens `ms` milliseconds after the previous
/// one (so that removing steps keeps the timestamps increasing).
enum Step: Hashable, CustomStringConvertible {
    /// A touch frame from device 1 (the touchscreen) or 2 (the touchpad's touches).
    case frame(Int, ms: Int, [Contact])
    /// A touchpad gesture event from device 2.
    case pad(ms: Int, TouchpadGestureKind, TouchpadGesturePhase, fingers: Int)
    /// The device is unplugged.
    case remove(Int, ms: Int)
    /// The device is plugged (again).
    case add(Int, ms: Int)
    /// The host cancels every touch (`cancelAllTouches()`).
    case cancelAll(ms: Int)
    /// Time passes with no input (`advance(to:)`), firing deadlines.
    case wait(ms: Int)

    var ms: Int {
        switch self {
        case .frame(_, let ms, _), .pad(let ms, _, _, _), .remove(_, let ms), .add(_, let ms),
             .cancelAll(let ms), .wait(let ms): ms
        }
    }

    var description: String {
        switch self {
        case .frame(let d, let ms, let cs): ".frame(\(d), ms: \(ms), [\(cs.map(\.description).joined(separator: ", "))])"
        case .pad(let ms, let k, let p, let f): ".pad(ms: \(ms), .\(k.rawValue), .\(p.rawValue), fingers: \(f))"
        case .remove(let d, let ms): ".remove(\(d), ms: \(ms))"
        case .add(let d, let ms): ".add(\(d), ms: \(ms))"
        case .cancelAll(let ms): ".cancelAll(ms: \(ms))"
        case .wait(let ms): ".wait(ms: \(ms))"
        }
    }
}

/// Generates random but well-formed streams: 1 to 12 fingers at random positions (some near the
/// screen's edges), increasing timestamps, long rests (long presses, multi-tap timeouts),
/// SYN_DROPPED-like cancels of every contact, devices unplugged and plugged again, and touchpad
/// gesture sequences.
enum StreamGenerator {
    static func steps(seed: UInt64) -> [Step] {
        var rng = SplitMix64(seed: seed ^ 0x5EED_0F_57EA)
        var steps: [Step] = []
        var down: [Int: [Int: (x: Int, y: Int)]] = [1: [:], 2: [:]]
        var present: Set<Int> = [1, 2]
        var pad: (kind: TouchpadGestureKind, fingers: Int)?
        var nextID = 0
        let count = rng.int(1...48)

        func position(_ device: Int) -> (x: Int, y: Int) {
            if device == 1 && rng.chance(0.2) {
                // Near an edge, for the screen-edge pans.
                let edge = rng.int(0...3)
                let x = edge == 0 ? rng.int(0...8) : edge == 1 ? rng.int(991...999) : rng.int(0...999)
                let y = edge == 2 ? rng.int(0...8) : edge == 3 ? rng.int(591...599) : rng.int(0...599)
                return (x, y)
            }
            return (rng.int(0...999), rng.int(0...599))
        }
        func gap() -> Int { rng.chance(0.08) ? rng.int(150...1_500) : rng.int(0...30) }

        while steps.count < count {
            let ms = gap()
            let device = rng.chance(0.8) ? 1 : 2
            let fingers = down[device]!
            let roll = rng.int(0...99)
            if !present.contains(device) || roll < 2 {
                if present.contains(device) {
                    steps.append(.remove(device, ms: ms))
                    present.remove(device)
                    down[device] = [:]
                    if device == 2 { pad = nil }
                } else if rng.chance(0.5) {
                    steps.append(.add(device, ms: ms))
                    present.insert(device)
                }
                continue
            }
            if roll < 4 {
                steps.append(.cancelAll(ms: ms))
                down = [1: [:], 2: [:]]
                if let p = pad { steps.append(.pad(ms: 0, p.kind, .cancel, fingers: p.fingers)) }
                pad = nil
                continue
            }
            if roll < 8 {
                steps.append(.wait(ms: rng.int(50...1_200)))
                continue
            }
            if device == 2 && roll < 30 {
                // A touchpad gesture sequence: begin, updates, end or cancel.
                if let p = pad {
                    let phase: TouchpadGesturePhase = rng.chance(0.6) ? .update : rng.chance(0.8) ? .end : .cancel
                    steps.append(.pad(ms: ms, p.kind, phase, fingers: p.fingers))
                    if phase != .update { pad = nil }
                } else {
                    let kind = TouchpadGestureKind.allCases[rng.int(0...2)]
                    let p = (kind, rng.int(kind == .pinch ? 2...4 : 1...4))
                    pad = p
                    steps.append(.pad(ms: ms, p.0, .begin, fingers: p.1))
                }
                continue
            }
            var contacts: [Contact] = []
            var next = fingers
            if roll < 12 && !fingers.isEmpty {
                // SYN_DROPPED: the decoder cancels every contact of the device at once.
                for (id, p) in fingers.sorted(by: { $0.key < $1.key }) { contacts.append(Contact(id, .cancelled, p.x, p.y)) }
                next = [:]
            } else {
                let total = down[1]!.count + down[2]!.count
                let landing = fingers.isEmpty || (total < 12 && rng.chance(0.3))
                for (id, p) in fingers.sorted(by: { $0.key < $1.key }) {
                    let r = rng.int(0...99)
                    if r < 12 {
                        contacts.append(Contact(id, .ended, p.x, p.y))
                        next[id] = nil
                    } else if r < 14 {
                        contacts.append(Contact(id, .cancelled, p.x, p.y))
                        next[id] = nil
                    } else if r < 30 {
                        contacts.append(Contact(id, .stationary, p.x, p.y))
                    } else {
                        let jump = rng.chance(0.1) ? 300 : 25
                        let q = (x: min(999, max(0, p.x + rng.int(-jump...jump))), y: min(599, max(0, p.y + rng.int(-jump...jump))))
                        contacts.append(Contact(id, .moved, q.x, q.y))
                        next[id] = q
                    }
                }
                if landing {
                    let n = min(12 - total, rng.chance(0.7) ? 1 : rng.int(1...4))
                    for _ in 0..<max(n, 0) {
                        nextID += 1
                        let p = position(device)
                        contacts.append(Contact(nextID, .began, p.x, p.y))
                        next[nextID] = p
                    }
                }
            }
            if contacts.isEmpty { continue }
            down[device] = next
            steps.append(.frame(device, ms: ms, contacts))
        }
        return steps
    }
}
