import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// Invariance checks the metamorphic tier does not make: rotations other than a quarter turn, a
/// sensor stretched onto an output of another aspect ratio (a density per axis), and a
/// directional swipe's cancel distance on such a device.
@Suite("Invariance beyond the metamorphic tier")
struct InvarianceTests {
    /// Drives an engine with one touchscreen of a given density over a 1000×600-point screen.
    final class Driver {
        let engine: GestureEngine
        let device: InputDevice
        var time = Timestamp.milliseconds(1000)
        let period: Duration

        init(density: PointDensity, hz: Double = 120) {
            engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
            device = InputDevice(
                id: DeviceID(1), name: "panel", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
                hasResolution: true, maximumContacts: 10, density: density)
            period = .microseconds(Int64((1_000_000 / hz).rounded()))
            engine.send(.deviceAdded(device, at: time))
        }

        func frame(_ phase: TouchPhase, _ p: Point) {
            time = time + period
            let c = TouchContact(id: 1, phase: phase, location: p, millimetres: p)
            engine.send(.touchFrame(TouchFrame(device: device.id, timestamp: time, contacts: [c])))
        }
    }

    final class Watcher: DirectionalSwipeGestureRecognizerDelegate {
        var calls: [String] = []
        func swipeDidCancel(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("cancel") }
        func swipeDidFinish(_ swipe: DirectionalSwipeGestureRecognizer) { calls.append("finish") }
    }

    /// One finger 20 mm right, then 5 mm back, and lifts: 15 mm along its initial direction, past
    /// a cancel distance of 10 mm, so the swipe finishes, whatever the device's density.
    func swipeOutcome(density: PointDensity) -> [String] {
        let d = Driver(density: density)
        let swipe = DirectionalSwipeGestureRecognizer()
        swipe.cancelDistance = .millimetres(10)
        let watcher = Watcher()
        swipe.swipeDelegate = watcher
        d.engine.root.addGestureRecognizer(swipe)
        let start = Point(x: 300, y: 300)
        func at(_ mm: Double) -> Point { Point(x: start.x + mm * density.x, y: start.y) }
        d.frame(.began, start)
        for i in 1...20 { d.frame(.moved, at(Double(i))) }
        for i in 1...5 { d.frame(.moved, at(Double(20 - i))) }
        d.frame(.ended, at(15))
        withExtendedLifetime(watcher) {}
        return watcher.calls
    }

    @Test("a directional swipe's cancel distance in millimetres does not depend on the density's split between axes")
    func directionalSwipeCancelDistanceAnisotropic() {
        // Both devices have a mean density of 4 pt/mm; the second is stretched 2 × 8.
        let uniform = swipeOutcome(density: PointDensity(uniform: 4))
        let stretched = swipeOutcome(density: PointDensity(x: 2, y: 8))
        #expect(uniform == ["finish"])
        #expect(stretched == uniform, "15 mm back from 20 mm, past a 10 mm cancel distance: \(stretched)")
    }

    /// The same, with the swipe going down on a device whose y axis is the sparse one.
    @Test("the same physical swipe down, on a device stretched the other way")
    func directionalSwipeCancelDistanceAnisotropicVertical() {
        let d = Driver(density: PointDensity(x: 8, y: 2))
        let swipe = DirectionalSwipeGestureRecognizer()
        swipe.cancelDistance = .millimetres(10)
        let watcher = Watcher()
        swipe.swipeDelegate = watcher
        d.engine.root.addGestureRecognizer(swipe)
        let start = Point(x: 500, y: 100)
        func at(_ mm: Double) -> Point { Point(x: start.x, y: start.y + mm * 2) }
        d.frame(.began, start)
        for i in 1...20 { d.frame(.moved, at(Double(i))) }
        for i in 1...5 { d.frame(.moved, at(Double(20 - i))) }
        d.frame(.ended, at(15))
        #expect(watcher.calls == ["finish"], "swipe down 20 mm, back to 15 mm, 10 mm cancel distance: \(watcher.calls)")
    }
}

/// The demo graph on the shared recordings, under relations the tier leaves out (these pass).
@Suite(
    "Invariance on the shared recordings",
    .enabled(if: SharedRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct SharedInvarianceTests {
    static func turned(_ r: Recording, _ quarterTurns: Int) -> Recording {
        var r = r
        for _ in 0..<quarterTurns { r = RecordingTransforms.rotatedQuarterTurn(r) }
        return r
    }

    static let relations: [String: (transform: @Sendable (Recording) throws -> Recording, arguments: [String])] = [
        "rotate 180°": ({ turned($0, 2) }, ["--rotation", "180"]),
        "rotate 270°": ({ turned($0, 3) }, ["--rotation", "270"]),
        "rotate 90° at 240 Hz": ({ try RecordingTransforms.resampled(turned($0, 1), rate: 240) }, ["--rotation", "90"]),
        "rotate 270° at 60 Hz": ({ try RecordingTransforms.resampled(turned($0, 3), rate: 60) }, ["--rotation", "270"]),
        "mirror at 60 Hz": ({ try RecordingTransforms.resampled(RecordingTransforms.mirroredHorizontally($0), rate: 60) }, []),
    ]

    @Test("the original's gestures, but for thresholds crossed", arguments: relations.keys.sorted())
    func relation(_ name: String) throws {
        let (transform, arguments) = try #require(Self.relations[name])
        let mirrored = name.hasPrefix("mirror")
        for file in try SharedRecordings.touchscreenFiles() {
            let recording = try SharedRecordings.read(file)
            let original = try DemoReplay.run(recording).gestures
            let expected = mirrored ? original.map(MetamorphicRelation.mirror.expected) : original
            let got = try DemoReplay.run(try transform(recording), arguments: arguments).gestures
            let found = GestureComparison.compare(expected: expected, actual: got)
            guard !found.isEmpty else { continue }
            let variants = try ThresholdSensitivity.variants(of: recording, original: original)
            let faults = found.filter { ThresholdSensitivity.explanation(of: $0, in: variants) == nil }
            if !faults.isEmpty {
                Issue.record("\(name): \(file):\n\(faults.map { "    " + $0.text }.joined(separator: "\n"))")
            }
        }
    }
}
