import Foundation
import GestureKit
import GestureKitEvdev

/// The real recordings: `GESTUREKIT_RECORDINGS`, or `../shared/recordings` beside the repository.
public enum Recordings {
    /// The largest recording: a 21.5" Wacom DTH-2242 touchscreen, taps of one to ten fingers.
    public static let largest = "ts-wacom-dth2242-taps-multifinger-10.evemu"

    public static var directory: String {
        if let dir = ProcessInfo.processInfo.environment["GESTUREKIT_RECORDINGS"], !dir.isEmpty { return dir }
        // Benchmarks/Sources/Workloads/ → the repository → its parent.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
    }

    /// Whether the recording is there (the recording workloads are left out when it is not).
    public static func isAvailable(_ name: String = largest) -> Bool {
        FileManager.default.isReadableFile(atPath: directory + "/" + name)
    }

    /// Reads a recording; stops the process with a message naming the path when it cannot.
    public static func load(_ name: String = largest) -> Recording {
        let path = directory + "/" + name
        do {
            return try EvemuReader.read(contentsOf: path)
        } catch {
            fatalError("cannot read the recording \(path) (set GESTUREKIT_RECORDINGS): \(error)")
        }
    }
}

/// Workload (3): a real recording replayed through the 24-recognizer graph. The recording is read
/// and decoded into input events once, outside the measured region; ``replay()`` measures the
/// engine alone, on a fresh engine and graph made by ``prepare()``.
public final class ReplayWorkload {
    public private(set) var events: [InputEvent]
    /// Touch frames among ``events``.
    public let frameCount: Int
    private var engine: GestureEngine?
    private var graph: RecognizerGraph?

    public init(recording: Recording = Recordings.load()) {
        let options = ReplayOptions(mapping: OutputMapping(size: FingerStream.screen.size))
        do {
            events = try Replayer(recording: recording, options: options).inputEvents()
        } catch {
            fatalError("cannot decode the recording: \(error)")
        }
        frameCount = events.count { if case .touchFrame = $0 { true } else { false } }
    }

    /// A fresh engine and graph (not measured).
    public func prepare() {
        let engine = GestureEngine(screen: FingerStream.screen)
        graph = RecognizerGraph(engine: engine)
        self.engine = engine
    }

    /// Sends every event to the prepared engine. Never inlined: `Benchmarks/run` counts the
    /// instructions spent inside it under callgrind (`--toggle-collect`), without `prepare()`.
    @inline(never)
    public func replay() {
        guard let engine else { preconditionFailure("prepare() first") }
        for event in events { engine.send(event) }
    }

    /// Passes played before a steady replay is measured. The recording's touches come back
    /// from the engine's pool in another order from pass to pass, and a touch's list of
    /// recognizers grows the first time it holds more than before; after 8 passes a pass
    /// allocates nothing (measured up to 16).
    public static let steadyWarmUpPasses = 8

    /// A fresh engine and graph (``prepare()``) on which the recording has been played
    /// ``steadyWarmUpPasses`` times, ready for the next pass (``shiftForNextPass()``).
    public func warmUpSteadyReplay() {
        prepare()
        for _ in 0..<Self.steadyWarmUpPasses {
            replay()
            shiftForNextPass()
        }
    }

    /// Makes the next ``replay()`` on the same engine the recording's touches played again after
    /// a pause, with the device still plugged in: the engine's steady state, its touches, lists
    /// and buffers already at their size. Every event moves later by the recording's length
    /// plus 10 s, in place, and the device events go (the first pass plugged the device in).
    /// Not measured; it allocates nothing (each frame's contacts are shared, not copied).
    public func shiftForNextPass() {
        guard let first = events.first?.timestamp, let last = events.last?.timestamp else { return }
        let shift = (last - first) + .seconds(10)
        events.removeAll {
            switch $0 {
            case .deviceAdded, .deviceRemoved: true
            case .touchFrame, .touchpadGesture: false
            }
        }
        for i in events.indices {
            switch events[i] {
            case .deviceAdded, .deviceRemoved: break
            case .touchFrame(var frame):
                frame.timestamp = frame.timestamp + shift
                events[i] = .touchFrame(frame)
            case .touchpadGesture(var gesture):
                gesture.timestamp = gesture.timestamp + shift
                events[i] = .touchpadGesture(gesture)
            }
        }
    }
}

/// Workload (4): the evdev decoder alone, turning the recording's evdev events into touch frames.
public struct DecoderWorkload {
    public let events: [EvdevEvent]
    /// Frames one pass closes.
    public private(set) var frameCount = 0
    private var decoder: TouchDecoder

    public init(recording: Recording = Recordings.load()) {
        let device = recording.devices[0]
        events = device.events
        do {
            decoder = try TouchDecoder(
                description: device.description, id: DeviceID(1), mapping: OutputMapping(size: FingerStream.screen.size))
        } catch {
            fatalError("cannot decode the recording: \(error)")
        }
        frameCount = decodeAll()
    }

    /// Decodes the whole recording once from a neutral decoder; returns the frames closed.
    public mutating func decodeAll() -> Int {
        decoder.reset()
        var frames = 0
        do {
            for e in events {
                if try decoder.decode(e) { frames += 1 }
            }
        } catch {
            fatalError("the recording does not decode: \(error)")
        }
        return frames
    }
}
