import Foundation
import GestureKit
import GestureKitLibinput

/// Workload (10): the live path's first half, libinput's events to GestureKit's frames. A
/// ``LibinputBackend`` on a scripted seat with one touchscreen reads 10 fingers moving at 240 Hz,
/// one frame per ``step()``: 10 `TOUCH_MOTION` events and a `TOUCH_FRAME`, mapped to one
/// `TouchFrame` and handed to a handler that only reads it. The engine is left out: the graph
/// workloads measure it.
///
/// The events come from ``StreamSystem``, which makes each one as libinput's wrapper would, with
/// no queue, so that most of the cost counted is the backend's (reading the controller's changes,
/// asking the system for events, mapping them): the script's own part is about 1,000
/// instructions per frame.
public final class MappingWorkload {
    public let backend: LibinputBackend
    /// Contacts handed on so far, so that the work cannot be optimised away.
    public private(set) var contacts = 0
    private let handler: (InputEvent) -> Void

    public init() throws {
        let stream = StreamSystem.Stream()
        let sink = Box()
        handler = { event in
            if case .touchFrame(let frame) = event { sink.contacts += frame.contacts.count }
        }
        self.sink = sink
        backend = try LibinputBackend(configuration: .init(
            source: .seat("seat0"), outputSize: Size(width: 1920, height: 1080),
            makeSystem: { StreamSystem(stream) }))
        // The device is added, then the fingers land; then warm up.
        for _ in 0..<GraphWorkload.warmUpFrames { step() }
    }

    private final class Box {
        var contacts = 0
    }
    private let sink: Box

    /// Reads one frame.
    @inline(__always)
    public func step() {
        try? backend.dispatch(into: handler)
        contacts = sink.contacts
    }
}

/// A ``LibinputSystem`` for the mapping workload: a ``ScriptedLibinputSystem`` with one
/// touchscreen for everything but the events, which it makes on demand, one frame per dispatch:
/// the fingers land in the first frame, then move along a precomputed path forever.
final class StreamSystem: LibinputSystem {
    /// The fingers' path: `positions[phase * fingers + finger]`, in millimetres and normalized.
    struct Stream: Sendable {
        static let fingers = 10
        static let period = 240
        static let size = Size(width: 476, height: 268)
        let positions: [RawTouchEvent.Position]

        init() {
            var positions: [RawTouchEvent.Position] = []
            for k in 0..<Self.period {
                let t = Double(k) / Double(Self.period) * 2 * Double.pi
                for i in 0..<Self.fingers {
                    // Fingers 20 mm apart in a row, the hand drifting in a 30 × 20 mm ellipse.
                    let mm = Point(x: 150 + Double(i) * 20 + 15 * cos(t), y: 134 + 10 * sin(t))
                    positions.append(RawTouchEvent.Position(
                        millimetres: mm, normalized: Point(x: mm.x / Self.size.width, y: mm.y / Self.size.height)))
                }
            }
            self.positions = positions
        }
    }

    static let handle = RawDeviceHandle(0x10)
    private let base: ScriptedLibinputSystem
    private let stream: Stream
    /// The next event of the current frame: a finger's index, or `fingers` for its `TOUCH_FRAME`.
    private var next = 0
    private var phase = 0
    private var landed = false
    private var time: UInt64 = 1_000_000
    private var frameDone = false
    /// Whether the script's own events (the device added) have all been read.
    private var scriptRead = false

    init(_ stream: Stream) {
        self.stream = stream
        let info = RawDeviceInfo(
            handle: Self.handle, name: "benchmark touchscreen", sysname: "event3", devnode: "/dev/input/event3",
            capabilities: [.touch], sizeMillimetres: Stream.size, touchCount: 10, hasCalibrationMatrix: true)
        base = ScriptedLibinputSystem(nodes: [ScriptedLibinputSystem.Node(path: "/dev/input/event3", info: info)])
    }

    func dispatch() -> Int32 {
        frameDone = false
        return 0
    }

    /// The script's events first (the device added), then one frame per dispatch.
    func nextEvent() -> RawLibinputEvent? {
        if !scriptRead {
            if let queued = base.nextEvent() { return queued }
            scriptRead = true
        }
        if frameDone { return nil }
        let fingers = Stream.fingers
        if next < fingers {
            defer { next += 1 }
            return .touch(RawTouchEvent(
                kind: landed ? .motion : .down, device: Self.handle, timeMicroseconds: time,
                slot: Int32(next), seatSlot: Int32(next), position: stream.positions[phase * fingers + next]))
        }
        next = 0
        landed = true
        frameDone = true
        phase = (phase + 1) % Stream.period
        defer { time += 4_167 }
        return .touch(RawTouchEvent(kind: .frame, device: Self.handle, timeMicroseconds: time))
    }

    // Everything else is the script's.
    func createUdevContext(seat: String, callbacks: LibinputContextCallbacks) -> Int32 {
        base.createUdevContext(seat: seat, callbacks: callbacks)
    }
    func createPathContext(callbacks: LibinputContextCallbacks) -> Int32 { base.createPathContext(callbacks: callbacks) }
    func addPathDevice(_ path: String) -> Bool { base.addPathDevice(path) }
    func destroyContext() { base.destroyContext() }
    func contextFileDescriptor() -> Int32 { base.contextFileDescriptor() }
    func setLogPriority(_ priority: LibinputLogPriority) { base.setLogPriority(priority) }
    func calibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix { base.calibrationMatrix(of: device) }
    func defaultCalibrationMatrix(of device: RawDeviceHandle) -> CalibrationMatrix {
        base.defaultCalibrationMatrix(of: device)
    }
    func setCalibrationMatrix(_ matrix: CalibrationMatrix, of device: RawDeviceHandle) -> Bool {
        base.setCalibrationMatrix(matrix, of: device)
    }
    func open(_ path: String, flags: Int32) -> Int32 { base.open(path, flags: flags) }
    func close(_ fd: Int32) { base.close(fd) }
    func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) -> Int32 {
        base.poll(&descriptors, timeoutMilliseconds: timeoutMilliseconds)
    }
    func monotonicNow() -> Timestamp { base.monotonicNow() }
    func makeWakePipe() -> Result<WakePipe, LibinputBackendError> { base.makeWakePipe() }
    func waker(for pipe: WakePipe) -> @Sendable () -> Void { base.waker(for: pipe) }
    func drainWakePipe(_ pipe: WakePipe) -> [UInt8] { base.drainWakePipe(pipe) }
    func closeWakePipe(_ pipe: WakePipe) { base.closeWakePipe(pipe) }
    func installStopSignals(_ pipe: WakePipe) -> Int32 { base.installStopSignals(pipe) }
    func restoreStopSignals() { base.restoreStopSignals() }
    func suspend() { base.suspend() }
    func resume() -> Int32 { base.resume() }
    func makeSeatSystem() -> any SeatSystem { base.makeSeatSystem() }
}
