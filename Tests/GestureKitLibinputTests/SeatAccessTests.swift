import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// What a host's open/close pair saw, shared with its `@Sendable` closures.
private final class HostLedger: Sendable {
    struct State {
        var opened: [String] = []
        var open: Set<Int32> = []
        var closed: [Int32] = []
        var next: Int32 = 500
    }
    let state = ThreadLock(State())
    let denied: Set<String>

    init(denied: Set<String> = []) { self.denied = denied }

    var access: HostDeviceAccess {
        HostDeviceAccess(
            open: { path, _ in
                self.state.withLock { s in
                    s.opened.append(path)
                    if self.denied.contains(path) { return -EACCES }
                    let fd = s.next
                    s.next += 1
                    s.open.insert(fd)
                    return fd
                }
            },
            close: { fd in self.state.withLock { s in s.closed.append(fd); s.open.remove(fd) } })
    }
}

@Suite("Seat access: host callbacks, libseat, open(2), and a seat that goes away")
struct SeatAccessTests {
    /// A configuration on the fixture's three nodes with `access`; `prepare` adjusts the scripted
    /// system (its seat above all) before the backend sees it.
    static func configuration(
        _ access: SeatAccess, nodes: [ScriptedLibinputSystem.Node] = Fixture.allNodes,
        prepare: @escaping @Sendable (ScriptedLibinputSystem) -> Void = { _ in }
    ) -> LibinputBackend.Configuration {
        var configuration = LibinputBackend.Configuration(
            source: .seat("seat0"), outputSize: Size(width: 1000, height: 500), logger: Fixture.quietLogger,
            makeSystem: {
                let system = ScriptedLibinputSystem(nodes: nodes)
                prepare(system)
                return system
            })
        configuration.seatAccess = access
        return configuration
    }

    /// A scripted system whose seat session opens and is active.
    static let withSeat: @Sendable (ScriptedLibinputSystem) -> Void = { $0.seat = ScriptedSeatSystem(seat: "seat0") }

    static func opens(_ calls: [ScriptedLibinputSystem.Call]) -> [ScriptedLibinputSystem.Call] {
        calls.filter { if case .open = $0 { true } else { false } }
    }

    @Test("Host callbacks open every node when supplied, and close is called for every open")
    func hostCallbacks() throws {
        let ledger = HostLedger()
        let backend = try LibinputBackend(configuration: Self.configuration(.host(ledger.access), prepare: Self.withSeat))
        let system = backend.system as! ScriptedLibinputSystem
        #expect(backend.deviceAccess == .hostCallbacks)
        #expect(backend.touchDevices.map(\.name) == ["Test Touchscreen", "Test Touchpad"])
        #expect(ledger.state.withLock { $0.opened } == ["/dev/input/event3", "/dev/input/event4", "/dev/input/event5"])
        #expect(Self.opens(system.calls).isEmpty, "the backend opened a node itself")
        #expect(system.seat.calls.isEmpty, "libseat was tried although the host supplied a pair")
        #expect(backend.seatFileDescriptor == -1)
        backend.close()
        let after = ledger.state.withLock { $0 }
        #expect(after.open.isEmpty, "descriptors left open: \(after.open)")
        #expect(after.closed.sorted() == [500, 501, 502])
    }

    @Test("A host callback's EACCES names the host callbacks and the host's session, not the input group")
    func hostDenied() throws {
        let ledger = HostLedger(denied: ["/dev/input/event3", "/dev/input/event4"])
        let error = try #require(throws: LibinputBackendError.self) {
            try LibinputBackend(configuration: Self.configuration(.host(ledger.access)))
        }
        #expect(error == .permissionDenied(paths: ["/dev/input/event3", "/dev/input/event4"], access: .hostCallbacks))
        #expect(error.description.contains("through the host's open/close callbacks"))
        #expect(error.description.contains("seat session must be active"))
        #expect(!error.description.contains("'input' group"))
        #expect(ledger.state.withLock { $0.open.isEmpty })
    }

    @Test("Without a host pair, automatic access opens a libseat session, waits for it, and opens nodes through it")
    func libseatChosen() throws {
        let backend = try LibinputBackend(configuration: Self.configuration(.automatic, prepare: Self.withSeat))
        let system = backend.system as! ScriptedLibinputSystem
        let seat = system.seat
        #expect(backend.deviceAccess == .libseat(seat: "seat0"))
        #expect(backend.deviceAccess.description == "libseat (seat seat0)")
        #expect(seat.calls.prefix(5) == [
            .openSeat, .dispatch(timeoutMilliseconds: 100),
            .openDevice("/dev/input/event3"), .openDevice("/dev/input/event4"), .openDevice("/dev/input/event5"),
        ])
        #expect(Self.opens(system.calls).isEmpty, "open(2) used although libseat opened")
        #expect(backend.touchDevices.count == 2)
        #expect(backend.seatFileDescriptor == ScriptedSeatSystem.sessionDescriptor)
        let fds = seat.openDevices.values.map(\.fd).sorted()
        #expect(fds.count == 3)

        backend.close()
        #expect(seat.openDevices.isEmpty)
        #expect(seat.calls.last == .closeSeat)
        // libseat leaves the descriptor to its caller: each is closed after close_device.
        let closed = system.calls.compactMap { if case .close(let fd) = $0 { fd } else { nil } }
        #expect(closed.sorted() == fds)
    }

    @Test("Automatic access as root opens nodes with open(2) and never opens a seat session")
    func automaticAsRoot() throws {
        let backend = try LibinputBackend(configuration: Self.configuration(.automatic) {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.seat.root = true
        })
        let system = backend.system as! ScriptedLibinputSystem
        #expect(backend.deviceAccess == .direct(libseatErrno: nil))
        #expect(system.seat.calls.isEmpty)
        #expect(Self.opens(system.calls).count == 3)

        // Explicit libseat is still honoured for root.
        let explicit = try LibinputBackend(configuration: Self.configuration(.libseat) {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.seat.root = true
        })
        #expect(explicit.deviceAccess == .libseat(seat: "seat0"))
    }

    @Test("Explicit libseat without a seat session fails, naming libseat and what to start")
    func libseatUnavailable() throws {
        let error = try #require(throws: LibinputBackendError.self) {
            try LibinputBackend(configuration: Self.configuration(.libseat))
        }
        #expect(error == .libseatUnavailable(errno: ENOENT))
        let text = error.description
        #expect(text.contains("libseat could not open a seat session"))
        #expect(text.contains("seatd") && text.contains("logind") && text.contains("SeatAccess.direct"))
    }

    @Test("A seat that never becomes active: libseat fails with seatInactive, automatic falls back to open(2)")
    func seatInactive() throws {
        let inactive: @Sendable (ScriptedLibinputSystem) -> Void = {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.seat.enablesOnOpen = false
        }
        let error = try #require(throws: LibinputBackendError.self) {
            try LibinputBackend(configuration: Self.configuration(.libseat, prepare: inactive))
        }
        #expect(error == .seatInactive(seat: "seat0"))
        #expect(error.description.contains("another session holds it"))

        let backend = try LibinputBackend(configuration: Self.configuration(.automatic, prepare: inactive))
        let system = backend.system as! ScriptedLibinputSystem
        #expect(backend.deviceAccess == .direct(libseatErrno: EBUSY))
        #expect(system.seat.calls.filter { $0 == .dispatch(timeoutMilliseconds: 100) }.count == LibseatSession.enableWaitAttempts)
        #expect(system.seat.calls.last == .closeSeat)
        #expect(Self.opens(system.calls).count == 3)
    }

    @Test("Automatic access falls back to open(2) when libseat cannot open, and the error says both were tried")
    func fallback() throws {
        let config = Self.configuration(.automatic, nodes: [
            Fixture.node(Fixture.touchscreenInfo, openErrno: EACCES), Fixture.node(Fixture.keyboardInfo),
        ])
        let error = try #require(throws: LibinputBackendError.self) { try LibinputBackend(configuration: config) }
        #expect(error == .permissionDenied(paths: ["/dev/input/event3"], access: .direct(libseatErrno: ENOENT)))
        let text = error.description
        #expect(text.contains("through open(2), after libseat could not open a seat session"))
        #expect(text.contains("seatd or logind session") && text.contains("'input' group"))
    }

    @Test("Direct access never tries libseat; EACCES advice covers libseat, the input group, ACLs and root")
    func direct() throws {
        let config = Self.configuration(.direct, nodes: [Fixture.node(Fixture.touchscreenInfo, openErrno: EACCES)], prepare: Self.withSeat)
        let error = try #require(throws: LibinputBackendError.self) { try LibinputBackend(configuration: config) }
        #expect(error == .permissionDenied(paths: ["/dev/input/event3"], access: .direct(libseatErrno: nil)))
        let text = error.description
        #expect(text.contains("through open(2);"))
        #expect(text.contains("libseat") && text.contains("'input' group") && text.contains("uaccess") && text.contains("root"))

        let backend = try LibinputBackend(configuration: Self.configuration(.direct, prepare: Self.withSeat))
        let system = backend.system as! ScriptedLibinputSystem
        #expect(system.seat.calls.isEmpty)
        #expect(backend.deviceAccess == .direct(libseatErrno: nil))
        #expect(Self.opens(system.calls).count == 3)
    }

    @Test("libseat refusing a node names libseat and its seat")
    func libseatDenied() throws {
        let config = Self.configuration(.libseat, nodes: [Fixture.node(Fixture.touchscreenInfo)]) {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.seat.deviceErrnos = ["/dev/input/event3": EACCES]
        }
        let error = try #require(throws: LibinputBackendError.self) { try LibinputBackend(configuration: config) }
        #expect(error == .permissionDenied(paths: ["/dev/input/event3"], access: .libseat(seat: "seat0")))
        #expect(error.description.contains("through libseat (seat seat0); libseat refused it"))
    }

    /// A backend on libseat and an engine with a pan that has begun on the touchscreen.
    static func panInFlight(
        prepare: @escaping @Sendable (ScriptedLibinputSystem) -> Void = withSeat
    ) throws -> (LibinputBackend, ScriptedLibinputSystem, GestureEngine, PanGestureRecognizer, [GestureState]) {
        let backend = try LibinputBackend(configuration: configuration(.libseat, nodes: [
            Fixture.node(Fixture.touchscreenInfo), Fixture.node(Fixture.touchpadInfo),
        ], prepare: prepare))
        let system = backend.system as! ScriptedLibinputSystem
        let engine = GestureEngine(screen: RunLoopTests.screen)
        let pan = PanGestureRecognizer()
        engine.root.addGestureRecognizer(pan)
        try backend.dispatch { engine.send($0) }
        system.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.3, 0.5)), Fixture.frame(at: 10)]
        for i in 1...8 {
            let ms = 10 + UInt64(i) * 10
            system.queued += [Fixture.touch(.motion, 0, at: ms, normalized: (0.3 + Double(i) * 0.03, 0.5)), Fixture.frame(at: ms)]
        }
        try backend.dispatch { engine.send($0) }
        return (backend, system, engine, pan, [pan.state])
    }

    @Test("A seat disabled mid-gesture releases the devices, cancels the touch, acknowledges, and resumes cleanly")
    func disableMidGesture() throws {
        let (backend, system, engine, pan, before) = try Self.panInFlight()
        let seat = system.seat
        #expect(before == [.changed])
        #expect(pan.touches.count == 1)

        seat.pendingEvents = [.disabled]
        var events: [InputEvent] = []
        try backend.dispatch { events.append($0); engine.send($0) }
        #expect(backend.isSuspended)
        #expect(system.calls.contains(.suspend))
        let removed: [DeviceID] = events.compactMap { if case .deviceRemoved(let id, _) = $0 { id } else { nil } }
        #expect(removed == [DeviceID(1), DeviceID(2)])
        #expect(removed.count == events.count, "unexpected events: \(events)")
        #expect(pan.state == .cancelled || pan.state == .possible, "pan left in \(pan.state)")
        #expect(pan.touches.isEmpty)
        #expect(engine.devices.isEmpty)
        #expect(engine.nextDeadline == nil, "something still waits: \(String(describing: engine.nextDeadline))")
        // Every device closed through libseat before the disable was acknowledged.
        #expect(seat.openDevices.isEmpty)
        let disableAt = try #require(seat.calls.lastIndex(of: .disableSeat))
        #expect(seat.calls[..<disableAt].filter { if case .closeDevice = $0 { true } else { false } }.count == 2)
        #expect(!seat.isEnabled)

        seat.pendingEvents = [.enabled]
        events.removeAll()
        try backend.dispatch { events.append($0); engine.send($0) }
        #expect(!backend.isSuspended)
        #expect(system.calls.last(where: { $0 == .resume || $0 == .suspend }) == .resume)
        #expect(backend.touchDevices.map(\.name) == ["Test Touchscreen", "Test Touchpad"])
        #expect(events.count == 2)
        #expect(seat.openDevices.count == 2)
        backend.close()
        #expect(seat.openDevices.isEmpty && seat.calls.last == .closeSeat)
    }

    @Test("Suspending releases every device even when libinput reports no removals")
    func suspendWithoutRemovals() throws {
        let (backend, _, engine, pan, _) = try Self.panInFlight {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.suspendQueuesRemovals = false
        }
        var removed: [DeviceID] = []
        try backend.suspend { event in
            if case .deviceRemoved(let id, _) = event { removed.append(id) }
            engine.send(event)
        }
        #expect(removed == [DeviceID(1), DeviceID(2)])
        #expect(pan.touches.isEmpty)
        #expect(engine.devices.isEmpty)
        #expect(backend.touchDevices.isEmpty)
        // A second suspend does nothing.
        try backend.suspend { _ in Issue.record("a second suspend delivered an event") }
    }

    @Test("The run loop reads the seat's messages: a disable during run cancels the gesture")
    func runLoopDisable() throws {
        let (backend, system, engine, pan, _) = try Self.panInFlight()
        system.seat.pendingEvents = [.disabled]
        system.pollScript = [.events([]), .signal(SIGTERM)]
        let reason = try backend.run(engine: engine, handlingSignals: false)
        #expect(reason == .signal(SIGTERM))
        #expect(backend.isSuspended)
        #expect(pan.touches.isEmpty && engine.devices.isEmpty)
        #expect(system.seat.calls.contains(.disableSeat))
    }
}
