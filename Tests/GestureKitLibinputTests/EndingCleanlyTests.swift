import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// However the backend stops reading — closed by its host, a loop or a stream that ends, libinput,
/// libseat or `poll` failing, a seat whose read fails — an engine fed by it is told that the
/// devices went, so that no touch or gesture is left under way; and nothing a handler queues is
/// lost on the way.
@Suite("Ending cleanly")
struct EndingCleanlyTests {
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 500)

    /// The events of a finger landing on the touchscreen at `ms` and moving right for 8 frames.
    static func stroke(from ms: UInt64) -> [RawLibinputEvent] {
        var events = [Fixture.touch(.down, 0, at: ms, normalized: (0.3, 0.5)), Fixture.frame(at: ms)]
        for i in 1...8 {
            let t = ms + UInt64(i) * 10
            events += [Fixture.touch(.motion, 0, at: t, normalized: (0.3 + Double(i) * 0.03, 0.5)), Fixture.frame(at: t)]
        }
        return events
    }

    /// An engine with one pan, and the states its target heard.
    final class PanEngine {
        let engine = GestureEngine(screen: EndingCleanlyTests.screen)
        let pan = PanGestureRecognizer()
        var states: [GestureState] = []
        init() {
            engine.root.addGestureRecognizer(pan)
            pan.addTarget { [unowned self] p in self.states.append(p.state) }
        }
    }

    static func removed(_ events: [InputEvent]) -> [DeviceID] {
        events.compactMap { if case .deviceRemoved(let id, _) = $0 { id } else { nil } }
    }

    @Test("close(into:) hands on what waits, then each touch device's removal; the pan under way is cancelled")
    func closeInto() throws {
        let (backend, system) = try Fixture.backend()
        let host = PanEngine()
        system.queued = Self.stroke(from: 10)
        try backend.dispatch { host.engine.send($0) }
        #expect(host.states.last == .changed)
        // An output change queues the touchscreen's announcement for when its finger lifts.
        var output = backend.defaultOutput
        output.size = Size(width: 2000, height: 1000)
        backend.defaultOutput = output

        var events: [InputEvent] = []
        backend.close { events.append($0); host.engine.send($0) }
        #expect(Self.removed(events) == [DeviceID(1), DeviceID(2)])
        #expect(host.states.last == .cancelled)
        #expect(host.pan.touches.isEmpty)
        #expect(host.engine.devices.isEmpty)
        #expect(backend.fileDescriptor == -1)
        #expect(!system.hasContext)
        // Closed: a second call hands on nothing.
        backend.close { _ in Issue.record("a closed backend handed on an event") }
    }

    @Test("run(engine:) that fails mid-gesture cancels the gesture, closes the backend, and throws")
    func runFailureMidGesture() throws {
        let (backend, system) = try Fixture.backend()
        system.pollScript = [.events(Self.stroke(from: 10)), .failure(EIO)]
        let host = PanEngine()
        var seen: [InputEvent] = []
        #expect(throws: LibinputBackendError.pollFailed(errno: EIO)) {
            try backend.run(engine: host.engine, handlingSignals: false) { seen.append($0) }
        }
        #expect(host.states.contains(.changed))
        #expect(host.states.last == .cancelled)
        #expect(host.pan.touches.isEmpty)
        #expect(host.engine.devices.isEmpty)
        // onEvent heard the removals too, last.
        #expect(Self.removed(seen) == [DeviceID(1), DeviceID(2)])
        #expect(Array(seen.suffix(2)).count == 2 && Self.removed(Array(seen.suffix(2))).count == 2)
        #expect(backend.fileDescriptor == -1)
    }

    @Test("run(engine:) whose signal handlers cannot be installed reads nothing and leaves the backend open")
    func runSetupFailureKeepsBackend() throws {
        let (backend, system) = try Fixture.backend()
        let host = PanEngine()
        try backend.dispatch { host.engine.send($0) }
        system.stopSignalsResult = -EINVAL
        #expect(throws: LibinputBackendError.eventLoopSetupFailed(errno: EINVAL)) {
            try backend.run(engine: host.engine, handlingSignals: true)
        }
        #expect(host.engine.devices.count == 2)
        #expect(backend.fileDescriptor != -1)
    }

    @Test("A handler that sets an output while an announcement is handed on loses no announcement")
    func handlerQueuesDuringFlush() throws {
        let (backend, _) = try Fixture.backend()
        let engine = GestureEngine(screen: Self.screen)
        try backend.dispatch { engine.send($0) }
        var output = backend.defaultOutput
        output.size = Size(width: 2000, height: 1000)
        backend.defaultOutput = output
        var announced: [InputDevice] = []
        try backend.dispatch { event in
            engine.send(event)
            guard case .deviceAdded(let device, _) = event else { return }
            announced.append(device)
            if announced.count == 1 {
                // The host answers the announcement with the output's new size.
                var again = backend.defaultOutput
                again.size = Size(width: 3000, height: 1500)
                backend.defaultOutput = again
            }
        }
        #expect(announced.map(\.id) == [DeviceID(1), DeviceID(1)])
        // The engine measures the touchscreen (240 mm wide) on the last output: 3000 points.
        let density = try #require(engine.devices[DeviceID(1)]?.density)
        #expect(abs(density.x - 3000.0 / 240) < 1e-9)
    }

    @Test("A suspend whose read fails still releases the devices, ends the gesture, and is acknowledged")
    func suspendReadFails() throws {
        let (backend, system, engine, pan, _) = try SeatAccessTests.panInFlight()
        let seat = system.seat
        seat.pendingEvents = [.disabled]
        system.dispatchResult = -EIO
        var events: [InputEvent] = []
        #expect(throws: LibinputBackendError.dispatchFailed(errno: EIO)) {
            try backend.dispatch { events.append($0); engine.send($0) }
        }
        #expect(backend.isSuspended)
        #expect(Self.removed(events) == [DeviceID(1), DeviceID(2)])
        #expect(pan.touches.isEmpty)
        #expect(engine.devices.isEmpty)
        #expect(seat.openDevices.isEmpty)
        #expect(seat.calls.contains(.disableSeat))
        #expect(!seat.isEnabled)
    }

    @Test("A seat read that fails after its listener heard a disable still suspends, then throws")
    func seatReadFailsAfterDisable() throws {
        let (backend, system, engine, pan, _) = try SeatAccessTests.panInFlight()
        let seat = system.seat
        seat.pendingEvents = [.disabled]
        seat.dispatchErrno = EPIPE
        var events: [InputEvent] = []
        #expect(throws: LibinputBackendError.seatDispatchFailed(errno: EPIPE)) {
            try backend.dispatch { events.append($0); engine.send($0) }
        }
        #expect(backend.isSuspended)
        #expect(Self.removed(events) == [DeviceID(1), DeviceID(2)])
        #expect(pan.touches.isEmpty)
        #expect(engine.devices.isEmpty)
        #expect(seat.calls.contains(.disableSeat))
    }

    /// A configuration whose scripted system answers polls with `script`, then waits for a wake.
    static func configuration(_ script: [ScriptedLibinputSystem.PollStep]) -> LibinputBackend.Configuration {
        AsyncGestureTests.configuration(script, waitsWhenIdle: true)
    }

    @Test("events(configuration:) stopped with a finger down ends with the devices' removals")
    func eventsStoppedMidTouch() async throws {
        let stream = LibinputBackend.events(configuration: Self.configuration([
            .events([Fixture.touch(.down, 0, at: 5, normalized: (0.5, 0.5)), Fixture.frame(at: 5)]),
        ]))
        var received: [InputEvent] = []
        for try await event in stream {
            received.append(event)
            if case .touchFrame = event { stream.controller.stop() }
        }
        #expect(Fixture.frames(received).map { $0.contacts.map(\.phase) } == [[.began]])
        #expect(Self.removed(received) == [DeviceID(1), DeviceID(2)])
        // An engine fed the sequence is left with nothing down.
        let host = PanEngine()
        for event in received { host.engine.send(event) }
        #expect(host.pan.touches.isEmpty && host.engine.devices.isEmpty)
    }

    @Test("events(configuration:) that fails with a finger down yields the removals, then the error")
    func eventsFailMidTouch() async throws {
        let stream = LibinputBackend.events(configuration: Self.configuration([
            .events([Fixture.touch(.down, 0, at: 5, normalized: (0.5, 0.5)), Fixture.frame(at: 5)]),
            .failure(EIO),
        ]))
        var received: [InputEvent] = []
        await #expect(throws: LibinputBackendError.pollFailed(errno: EIO)) {
            for try await event in stream { received.append(event) }
        }
        #expect(Self.removed(received) == [DeviceID(1), DeviceID(2)])
        #expect(Fixture.frames(received).count == 1)
    }

    @Test("gestures(configuration:engine:) stopped mid-pan yields the pan's cancel before it finishes")
    func gesturesStoppedMidPan() async throws {
        let stream = LibinputBackend.gestures(configuration: Self.configuration([.events(Self.stroke(from: 100))])) {
            let engine = GestureEngine(screen: EndingCleanlyTests.screen)
            let pan = PanGestureRecognizer()
            pan.name = "pan"
            engine.root.addGestureRecognizer(pan)
            return engine
        }
        var states: [GestureState] = []
        for try await update in stream where update.name == "pan" {
            states.append(update.state)
            if update.state == .changed && states.filter({ $0 == .changed }).count == 1 { stream.controller.stop() }
        }
        #expect(states.first == .began)
        #expect(states.last == .cancelled)
    }

    @Test("A handler that closes the backend from inside close(into:) hears no announcement after the removals")
    func reentrantCloseInto() throws {
        let (backend, _) = try Fixture.backend()
        var events: [InputEvent] = []
        var nested = false
        backend.close { event in
            events.append(event)
            if !nested {
                nested = true
                backend.close { events.append($0) }
            }
        }
        // Device 1's announcement, then both removals from the inner close: nothing after them.
        #expect(Self.removed(events) == [DeviceID(1), DeviceID(2)])
        guard case .deviceRemoved? = events.last else {
            Issue.record("an event after the removals: \(events)")
            return
        }
    }

    @Test("A handler that calls close() while queued events are handed on hears nothing more")
    func closeDuringFlush() throws {
        let (backend, _) = try Fixture.backend()
        var events: [InputEvent] = []
        // The two devices' announcements wait for the first dispatch.
        try backend.dispatch { event in
            events.append(event)
            backend.close()
        }
        #expect(events.count == 1, "\(events)")
    }
}
