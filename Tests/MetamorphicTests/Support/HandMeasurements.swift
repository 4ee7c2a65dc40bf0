import Foundation
import GestureKit
import GestureKitEvdev

/// Measurements of what the fingers did, straight from the decoded frames: the ground truth the
/// labelled episodes are checked against.
enum HandMeasurements {
    /// How much the hands turned during `[start, end]`: for every pair of contacts down together,
    /// the turn of the line between them (sensor millimetres, clockwise positive as on screen,
    /// unwrapped) since the first frame both were down. Only moments when the two fingers are at
    /// least `minimumSeparation` millimetres apart count (closer pairs turn wildly with a
    /// millimetre of jitter). Returns the smallest and largest turn, and the number of pairs that
    /// counted, or `nil` when no pair did.
    static func pairTurnRange(
        _ events: [InputEvent], from start: Timestamp, to end: Timestamp, minimumSeparation: Double = 15
    ) -> (range: ClosedRange<Double>, pairs: Int)? {
        struct Pair {
            var last: Double
            var turn = 0.0
        }
        var positions: [Int: Point] = [:]
        var pairs: [[Int]: Pair] = [:]
        var low = Double.infinity, high = -Double.infinity
        var counted = Set<[Int]>()
        for case .touchFrame(let frame) in events where frame.timestamp >= start && frame.timestamp <= end {
            for c in frame.contacts {
                if c.phase.isActive { positions[c.id] = c.millimetres } else { positions[c.id] = nil }
            }
            for key in Array(pairs.keys) where positions[key[0]] == nil || positions[key[1]] == nil { pairs[key] = nil }
            let ids = positions.keys.sorted()
            for (i, a) in ids.enumerated() {
                for b in ids[(i + 1)...] {
                    let d = positions[b]! - positions[a]!
                    let angle = atan2(d.y, d.x)
                    guard var pair = pairs[[a, b]] else {
                        pairs[[a, b]] = Pair(last: angle)
                        continue
                    }
                    var step = angle - pair.last
                    if step > .pi { step -= 2 * .pi }
                    if step < -.pi { step += 2 * .pi }
                    pair.turn += step
                    pair.last = angle
                    if d.length >= minimumSeparation {
                        counted.insert([a, b])
                        low = min(low, pair.turn)
                        high = max(high, pair.turn)
                    }
                    pairs[[a, b]] = pair
                }
            }
        }
        guard low <= high else { return nil }
        // Every pair starts at zero turn.
        return (min(low, 0)...max(high, 0), counted.count)
    }

    /// The turn of the line between the two fingers of a two-finger episode, from the first frame
    /// both are down to the last (sensor millimetres, clockwise positive), or `nil`.
    static func twoFingerTurn(_ events: [InputEvent], from start: Timestamp, to end: Timestamp) -> Double? {
        var positions: [Int: Point] = [:]
        var first: Double?, last = 0.0, turn = 0.0
        for case .touchFrame(let frame) in events where frame.timestamp >= start && frame.timestamp <= end {
            for c in frame.contacts {
                if c.phase.isActive { positions[c.id] = c.millimetres } else { positions[c.id] = nil }
            }
            guard positions.count == 2 else { continue }
            let ids = positions.keys.sorted()
            let d = positions[ids[1]]! - positions[ids[0]]!
            let angle = atan2(d.y, d.x)
            if first == nil {
                first = angle
            } else {
                var step = angle - last
                if step > .pi { step -= 2 * .pi }
                if step < -.pi { step += 2 * .pi }
                turn += step
            }
            last = angle
        }
        return first == nil ? nil : turn
    }

    /// The largest distance a contact of the episode got from where it landed, in millimetres.
    static func largestExcursion(_ episode: TouchEpisode) -> Double {
        episode.tracks.map { t in
            t.samples.map { $0.millimetres.distance(to: t.samples[0].millimetres) }.max() ?? 0
        }.max() ?? 0
    }
}
