import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// Tests of the instrument: each transform does what it says, on recordings built in code and on
/// the shared ones, and the comparison reports what differs.
@Suite("Metamorphic transforms")
struct TransformTests {
    // MARK: Mirror

    @Test("mirroring twice gives the recording back; once, x becomes 999 − x")
    func mirror() throws {
        let original = Synthetic.twoFingerLines()
        let once = RecordingTransforms.mirroredHorizontally(original)
        #expect(once != original)
        #expect(RecordingTransforms.mirroredHorizontally(once) == original)
        #expect(once.devices[0].description == original.devices[0].description)

        let a = Synthetic.contacts(try Synthetic.frames(original))
        let b = Synthetic.contacts(try Synthetic.frames(once))
        #expect(a.count == 2 && b.count == 2)
        for (ca, cb) in zip(a, b) {
            #expect(ca.count == cb.count)
            for (x, y) in zip(ca, cb) {
                #expect(x.time == y.time && x.contact.phase == y.contact.phase)
                #expect(abs(x.contact.location.x + y.contact.location.x - 999) < 1e-9, "\(x.contact.location) ↔ \(y.contact.location)")
                #expect(x.contact.location.y == y.contact.location.y)
            }
        }
    }

    @Test("left and right swap in directions and edges; up, down, top and bottom stay")
    func mirroredDirections() {
        #expect(SwipeDirection.left.mirrored == .right)
        #expect(SwipeDirection.right.mirrored == .left)
        #expect(SwipeDirection.up.mirrored == .up)
        #expect(SwipeDirection([.left, .down]).mirrored == [.right, .down])
        #expect(ScreenEdges.left.mirrored == .right)
        #expect(ScreenEdges([.top, .right]).mirrored == [.top, .left])
        #expect(ScreenEdges.bottom.mirrored == .bottom)
    }

    // MARK: Rotation

    @Test("a quarter turn swaps the axes; four give the recording back; the output rotation undoes it")
    func rotate() throws {
        let original = Synthetic.twoFingerLines()
        let once = RecordingTransforms.rotatedQuarterTurn(original)
        var four = original
        for _ in 0..<4 { four = RecordingTransforms.rotatedQuarterTurn(four) }
        #expect(four == original)
        #expect(RecordingTransforms.rotatedQuarterTurn(once) != original)
        let d = once.devices[0].description
        #expect(d.absInfo(for: .mtPositionX) == original.devices[0].description.absInfo(for: .mtPositionY))
        #expect(d.absInfo(for: .mtPositionY) == original.devices[0].description.absInfo(for: .mtPositionX))

        let screen = Size(width: 1000, height: 500)
        let a = Synthetic.contacts(try Synthetic.frames(original, mapping: OutputMapping(size: screen)))
        let b = Synthetic.contacts(try Synthetic.frames(once, mapping: OutputMapping(size: screen, rotation: .clockwise90)))
        #expect(a.count == 2 && b.count == 2)
        for (ca, cb) in zip(a, b) {
            #expect(ca.count == cb.count)
            for (x, y) in zip(ca, cb) {
                #expect(x.time == y.time && x.contact.phase == y.contact.phase)
                // On screen, the same point (within the one unit of libinput's normalization).
                #expect(abs(y.contact.location.x - x.contact.location.x - 1) < 1e-9, "\(x.contact.location) vs \(y.contact.location)")
                #expect(abs(y.contact.location.y - x.contact.location.y) < 1e-9)
                // On the sensor, the millimetres turned: x' = y, y' = (999 − x) / 10.
                #expect(abs(y.contact.millimetres.x - x.contact.millimetres.y) < 1e-9)
                #expect(abs(y.contact.millimetres.y - (99.9 - x.contact.millimetres.x)) < 1e-9)
            }
        }
    }

    // MARK: Resolution

    @Test("scaling the resolution keeps millimetres, screen positions and the sensor's size", arguments: [0.5, 2.0])
    func resolution(_ factor: Double) throws {
        let original = Synthetic.twoFingerLines()
        let scaled = RecordingTransforms.resolutionScaled(original, by: factor)
        let x = try #require(scaled.devices[0].description.absInfo(for: .mtPositionX))
        #expect(x.resolution == Int32(10 * factor))
        #expect(x.maximum == Int32((999 * factor).rounded()))
        let a = Synthetic.contacts(try Synthetic.frames(original))
        let b = Synthetic.contacts(try Synthetic.frames(scaled))
        #expect(a.count == 2 && b.count == 2)
        let y = try #require(scaled.devices[0].description.absInfo(for: .mtPositionY))
        let unitMM = 1 / Double(x.resolution)
        let mapping = OutputMapping(size: Size(width: 1000, height: 500))
        let size = try #require(try TouchDecoder(description: original.devices[0].description, id: DeviceID(1), mapping: mapping).device.sizeMillimetres)
        let scaledSize = try #require(try TouchDecoder(description: scaled.devices[0].description, id: DeviceID(1), mapping: mapping).device.sizeMillimetres)
        #expect(abs(size.width - scaledSize.width) <= unitMM && abs(size.height - scaledSize.height) <= unitMM, "\(size) vs \(scaledSize)")
        // On screen: half a scaled unit of rounding, and the one unit libinput's normalization
        // (span + 1) puts between scales.
        let unitPoints = max(1000 / (x.span + 1), 500 / (y.span + 1))
        for (ca, cb) in zip(a, b) {
            #expect(ca.count == cb.count)
            for (p, q) in zip(ca, cb) {
                #expect(p.contact.millimetres.distance(to: q.contact.millimetres) <= unitMM, "\(p.contact.millimetres) vs \(q.contact.millimetres)")
                #expect(p.contact.location.distance(to: q.contact.location) <= 1.5 * unitPoints * 2.squareRoot(), "\(p.contact.location) vs \(q.contact.location)")
            }
        }
    }

    @Test("an odd resolution halves to a whole one, and the values follow it")
    func oddResolution() throws {
        var s = Synthetic.Script()
        s.frame(0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 550), (.mtPositionY, 110)])
        s.frame(10_000, [(.mtTrackingID, -1)])
        let scaled = RecordingTransforms.resolutionScaled(s.recording(Synthetic.touchscreen(resolution: 11)), by: 0.5)
        let x = try #require(scaled.devices[0].description.absInfo(for: .mtPositionX))
        #expect(x.resolution == 6)
        #expect(scaled.devices[0].events.first { $0.is(.mtPositionX) }?.value == 300)  // 550 × 6/11: 50 mm either way
        #expect(scaled.devices[0].events.first { $0.is(.mtPositionY) }?.value == 60)
    }

    // MARK: Resampling

    @Test("resampling to 60 Hz: frames on the grid, endpoints kept, positions interpolated")
    func resample60() throws {
        let resampled = try RecordingTransforms.resampled(Synthetic.twoFingerLines(), rate: 60)
        let frames = try Synthetic.frames(resampled)
        func grid(_ k: Int64) -> Timestamp { Timestamp(microseconds: Int64((Double(k) * 1_000_000 / 60).rounded())) }
        for f in frames {
            let k = (Double(f.timestamp.microseconds) * 60 / 1_000_000).rounded()
            #expect(grid(Int64(k)) == f.timestamp, "frame at \(f.timestamp) is off the 60 Hz grid")
        }
        let contacts = Synthetic.contacts(frames)
        try #require(contacts.count == 2)
        let a = contacts[0], b = contacts[1]
        // A lands at 0 ms where it landed, lifts at the first frame at or after 210 ms (216.667 ms)
        // where it was last (x 303), and in between follows x = 100 + t/ms.
        #expect(a.first?.time == .zero && close(a.first?.contact.location, Point(x: 100, y: 100)))
        #expect(a.last?.time == grid(13) && a.last?.contact.phase == .ended)
        #expect(close(a.last?.contact.location, Point(x: 303, y: 100)))
        for r in a.dropFirst().dropLast() {
            let x = (100 + Double(r.time.microseconds) / 1000).rounded()
            #expect(close(r.contact.location, Point(x: x, y: 100)), "\(r.time): \(r.contact.location)")
        }
        // B lands at 49 ms → 50 ms where it was then, (500, 302) (a sensor sampling at 60 Hz first
        // sees it there), lifts at 154 ms → 166.667 ms at y 496, and in between follows
        // y = 300 + 2 (t/ms − 49).
        #expect(b.first?.time == grid(3) && b.first?.contact.phase == .began)
        #expect(close(b.first?.contact.location, Point(x: 500, y: 302)))
        #expect(b.last?.time == grid(10) && close(b.last?.contact.location, Point(x: 500, y: 496)))
        for r in b.dropFirst().dropLast() {
            // Its last report before the lift was at 147 ms, y 496.
            let y = min(300 + 2 * (Double(r.time.microseconds) / 1000 - 49), 496).rounded()
            #expect(close(r.contact.location, Point(x: 500, y: y)), "\(r.time): \(r.contact.location)")
        }
    }

    @Test("a contact shorter than a frame keeps one frame")
    func shortContact() throws {
        var s = Synthetic.Script()
        s.frame(20_000, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 10), (.mtPositionY, 10)])
        s.frame(25_000, [(.mtTrackingID, -1)])
        let frames = try Synthetic.frames(try RecordingTransforms.resampled(s.recording(), rate: 60))
        #expect(frames.map(\.timestamp) == [Timestamp(microseconds: 33_333), Timestamp(microseconds: 50_000)])
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.ended]])
    }

    /// Whether two points are the same within rounding.
    func close(_ a: Point?, _ b: Point) -> Bool {
        guard let a else { return false }
        return a.distance(to: b) < 1e-6
    }

    // MARK: Splitting

    /// Whether a decoded frame has contacts doing different things.
    static func isMixed(_ f: TouchFrame) -> Bool {
        let began = f.contacts.contains { $0.phase == .began }
        let ended = f.contacts.contains { $0.phase == .ended || $0.phase == .cancelled }
        let moved = f.contacts.contains { $0.phase == .moved }
        return [began, ended, moved].filter { $0 }.count > 1
    }

    @Test("splitting puts landings, motion and lifts in frames of their own, 1 µs apart, in that order")
    func split() throws {
        let original = Synthetic.twoFingerLines()
        let split = try RecordingTransforms.splittingMixedFrames(original)
        #expect(try RecordingTransforms.mixedFrameCount(original.devices[0]) == 2)
        #expect(try RecordingTransforms.mixedFrameCount(split.devices[0]) == 0)
        let before = try Synthetic.frames(original), after = try Synthetic.frames(split)
        #expect(before.filter(Self.isMixed).map(\.timestamp) == [Timestamp(microseconds: 49_000), Timestamp(microseconds: 154_000)])
        #expect(after.filter(Self.isMixed).isEmpty)
        #expect(after.count == before.count + 2)
        let landing = after.filter { $0.timestamp.microseconds / 1000 == 49 }
        #expect(landing.map(\.timestamp.microseconds) == [49_000, 49_001])
        // The landing first (the moving finger repeated, unmoved), then the motion.
        #expect(landing.map { $0.contacts.map(\.phase) } == [[.stationary, .began], [.moved, .stationary]])
        let lift = after.filter { $0.timestamp.microseconds / 1000 == 154 }
        #expect(lift.map { $0.contacts.map(\.phase) } == [[.moved, .stationary], [.stationary, .ended]])
        Self.expectSamePaths(before, after, "synthetic")
    }

    /// Each contact goes through the same positions in the same order and ends the same way.
    static func expectSamePaths(_ a: [TouchFrame], _ b: [TouchFrame], _ name: String) {
        func paths(_ frames: [TouchFrame]) -> [[Point]] {
            Synthetic.contacts(frames).map { reports in
                var path: [Point] = []
                for r in reports where path.last != r.contact.location { path.append(r.contact.location) }
                return path
            }
        }
        #expect(paths(a) == paths(b), "\(name): contact paths differ")
        #expect(Synthetic.contacts(a).map { $0.last?.contact.phase } == Synthetic.contacts(b).map { $0.last?.contact.phase }, "\(name)")
    }

    // MARK: The whole path, on synthetic gestures

    @Test("through the demo graph: a swipe right mirrors into a swipe left, and resamples into itself")
    func demoGraphSwipe() throws {
        // 40 mm to the right in 200 ms, 5 ms frames (the synthetic screen maps 100 × 50 mm on 1920 × 1080).
        var s = Synthetic.Script()
        s.frame(0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 300), (.mtPositionY, 250), (.touch, 1)])
        for i in 1...40 { s.frame(Int64(i) * 5000, [(.mtPositionX, Int32(300 + 10 * i))]) }
        s.frame(205_000, [(.mtTrackingID, -1), (.touch, 0)])
        let original = try DemoReplay.run(s.recording()).gestures
        let swipe = try #require(original.first { $0.recognizer == "swipe" })
        #expect(swipe.direction == .right && swipe.states == ["recognized"])
        #expect(original.contains { $0.recognizer == "pan" && $0.states == ["began", "ended"] })

        let mirrored = try DemoReplay.run(RecordingTransforms.mirroredHorizontally(s.recording())).gestures
        #expect(mirrored.first { $0.recognizer == "swipe" }?.direction == .left)
        #expect(GestureComparison.differences(expected: original.map(MetamorphicRelation.mirror.expected), actual: mirrored).isEmpty)
        // Without the expectation's mirroring, the comparison sees the change.
        #expect(!GestureComparison.differences(expected: original, actual: mirrored).isEmpty)

        let resampled = try DemoReplay.run(try RecordingTransforms.resampled(s.recording(), rate: 60)).gestures
        #expect(GestureComparison.differences(expected: original, actual: resampled).isEmpty)
    }

    @Test("through the demo graph: a tap is one 1-finger tap")
    func demoGraphTap() throws {
        var s = Synthetic.Script()
        s.frame(0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 500), (.mtPositionY, 250), (.touch, 1)])
        s.frame(60_000, [(.mtTrackingID, -1), (.touch, 0)])
        let gestures = try DemoReplay.run(s.recording()).gestures
        #expect(gestures.map(\.description) == ["tap recognized 1f @0.360s"])
    }

    // MARK: Comparison

    static func gesture(
        _ recognizer: String, _ kind: String, _ states: [String], fingers: Int = 1, at ms: Int64 = 100,
        direction: SwipeDirection = [], scale: Double? = nil, rotation: Double? = nil
    ) -> RecognizedGesture {
        RecognizedGesture(
            recognizer: recognizer, kind: kind, states: states, fingers: fingers, direction: direction, scale: scale,
            rotation: rotation, start: .milliseconds(ms), end: .milliseconds(ms + 200), location: .zero)
    }

    @Test("the comparison reports missing, extra and changed gestures, within its tolerances")
    func comparison() {
        let pinch = Self.gesture("pinch", "pinch", ["began", "ended"], fingers: 2, scale: 0.6, rotation: nil)
        let swipe = Self.gesture("swipe", "swipe", ["recognized"], direction: .up)
        #expect(GestureComparison.differences(expected: [pinch, swipe], actual: [pinch, swipe]).isEmpty)

        var close = pinch
        close.scale = 0.62  // +3.3 %
        close.start = .milliseconds(200)  // paired within 150 ms
        #expect(GestureComparison.differences(expected: [pinch], actual: [close]).isEmpty)

        var far = pinch
        far.scale = 0.65  // +8.3 %
        far.fingers = 3
        let changed = GestureComparison.differences(expected: [pinch], actual: [far])
        #expect(changed.count == 1)
        #expect(changed.first?.contains("fingers 2 → 3") == true)
        #expect(changed.first?.contains("scale 0.600 → 0.650 (+8.3 %)") == true)

        var right = swipe
        right.direction = .right
        #expect(GestureComparison.differences(expected: [swipe], actual: [right]).first?.contains("direction up → right") == true)

        var late = swipe
        late.start = .milliseconds(400)  // too far to pair
        let unpaired = GestureComparison.differences(expected: [swipe], actual: [late])
        #expect(unpaired.count == 2)
        #expect(unpaired.first?.contains("missing") == true && unpaired.last?.contains("extra") == true)

        // A continuous gesture that begins 300 ms later but runs over the same span is the same
        // gesture (one recognizer follows one gesture at a time); one that does not overlap is not.
        var long = pinch
        long.end = .milliseconds(1000)
        var later = long
        later.start = .milliseconds(300)
        #expect(GestureComparison.differences(expected: [long], actual: [later]).isEmpty)
        var after = pinch
        after.start = .milliseconds(400)
        after.end = .milliseconds(600)
        #expect(GestureComparison.differences(expected: [pinch], actual: [after]).map { String($0.dropFirst(11).prefix(7)) } == ["missing", "extra  "])
        // Pairing by start comes first: the overlapping gesture that starts together is chosen.
        var together = long
        together.fingers = 3
        #expect(GestureComparison.differences(expected: [long, later], actual: [later, together]).count == 1)

        let rotation = Self.gesture("rotation", "rotation", ["began", "ended"], fingers: 2, rotation: 0.5)
        var turned = rotation
        turned.rotation = 0.5 + 2.5 * .pi / 180
        #expect(GestureComparison.differences(expected: [rotation], actual: [turned]).isEmpty)
        turned.rotation = 0.5 + 4 * .pi / 180
        #expect(GestureComparison.differences(expected: [rotation], actual: [turned]).count == 1)
        #expect(GestureComparison.differences(expected: [rotation], actual: []).count == 1)
    }
}

/// The transforms on the shared recordings (skipped, and said so, when they are absent).
@Suite(
    "Metamorphic transforms on the shared recordings",
    .enabled(if: SharedRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct SharedTransformTests {
    @Test("a difference passes as a threshold crossed only when the original, one threshold moved by 10 %, shows it too")
    func thresholdCrossing() throws {
        // One finger moves `units` tenths of a millimetre right in 30 ms and lifts.
        func stroke(_ units: Int32) -> Recording {
            var s = Synthetic.Script()
            s.frame(0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 500), (.mtPositionY, 250), (.touch, 1)])
            s.frame(30_000, [(.mtPositionX, 500 + units)])
            s.frame(60_000, [(.mtTrackingID, -1), (.touch, 0)])
            return s.recording()
        }
        let moved21 = try DemoReplay.run(stroke(21)).gestures
        #expect(moved21.contains { $0.recognizer == "pan" }, "\(moved21)")
        // 1.9 mm against the 2 mm pan hysteresis: a tap, and a pan once the hysteresis is 1.8 mm.
        let onThreshold = try DemoReplay.run(stroke(19)).gestures
        #expect(onThreshold.map(\.recognizer) == ["tap"], "\(onThreshold)")
        let variants = try ThresholdSensitivity.variants(of: stroke(19), original: onThreshold)
        let crossed = GestureComparison.compare(expected: onThreshold, actual: moved21)
        #expect(crossed.map(\.kind) == [.missing, .extra] || crossed.map(\.kind) == [.extra, .missing], "\(crossed.map(\.text))")
        for d in crossed {
            #expect(ThresholdSensitivity.explanation(of: d, in: variants)?.description == "panMinimumDistance −10 %", "\(d.text)")
        }
        // 1 mm is no threshold's neighbour: the same difference is a fault.
        let still = try DemoReplay.run(stroke(10)).gestures
        #expect(still.map(\.recognizer) == ["tap"], "\(still)")
        let stillVariants = try ThresholdSensitivity.variants(of: stroke(10), original: still)
        let fault = GestureComparison.compare(expected: still, actual: moved21)
        #expect(fault.count == 2)
        for d in fault { #expect(ThresholdSensitivity.explanation(of: d, in: stillVariants) == nil, "\(d.text)") }
    }

    @Test("resampled shared recordings keep every contact, landing on its path and lifting where it lifted", arguments: [60, 120, 240])
    func resampleShared(_ rate: Int) throws {
        for file in try SharedRecordings.touchscreenFiles() {
            let original = try SharedRecordings.read(file)
            let a = Synthetic.contacts(try Synthetic.frames(original, mapping: OutputMapping(size: Size(width: 1920, height: 1080))))
            let b = Synthetic.contacts(try Synthetic.frames(
                try RecordingTransforms.resampled(original, rate: Double(rate)), mapping: OutputMapping(size: Size(width: 1920, height: 1080))))
            #expect(a.count == b.count, "\(file): \(a.count) contacts, \(b.count) resampled")
            let period = 1_000_000 / Int64(rate) + 1
            for (ca, cb) in zip(a, b) {
                guard let a0 = ca.first, let b0 = cb.first, let a1 = ca.last, let b1 = cb.last else { continue }
                // It lands where the original trajectory was at its new first frame: on the segment
                // between the original reports around that time (within a sensor unit, under 2.5
                // points on every shared recording).
                let before = ca.last { $0.time <= b0.time } ?? a0
                let after = ca.first { $0.time > b0.time } ?? before
                let low = Point(x: min(before.contact.location.x, after.contact.location.x) - 2.5,
                                y: min(before.contact.location.y, after.contact.location.y) - 2.5)
                let high = Point(x: max(before.contact.location.x, after.contact.location.x) + 2.5,
                                 y: max(before.contact.location.y, after.contact.location.y) + 2.5)
                let p = b0.contact.location
                #expect(p.x >= low.x && p.x <= high.x && p.y >= low.y && p.y <= high.y,
                        "\(file): landing at \(p), off the path from \(before.contact.location) to \(after.contact.location)")
                #expect(a1.contact.location == b1.contact.location && a1.contact.phase == b1.contact.phase, "\(file): lift")
                let shift = b0.time.microseconds - a0.time.microseconds
                #expect(shift >= 0 && shift < period, "\(file): landing moved by \(shift) µs")
            }
        }
    }

    @Test("split shared recordings have no mixed frame, and every contact takes the same path")
    func splitShared() throws {
        var counts: [String] = []
        for file in try SharedRecordings.touchscreenFiles() {
            let original = try SharedRecordings.read(file)
            let split = try RecordingTransforms.splittingMixedFrames(original)
            let mapping = OutputMapping(size: Size(width: 1920, height: 1080))
            let before = try Synthetic.frames(original, mapping: mapping), after = try Synthetic.frames(split, mapping: mapping)
            #expect(after.filter(TransformTests.isMixed).isEmpty, "\(file)")
            TransformTests.expectSamePaths(before, after, file)
            counts.append("\(file): \(before.filter(TransformTests.isMixed).count) of \(before.count)")
        }
        report("frames mixing landings, lifts and motion of different contacts:\n  " + counts.joined(separator: "\n  "))
    }
}
