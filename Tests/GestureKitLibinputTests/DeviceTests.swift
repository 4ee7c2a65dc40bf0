import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

@Suite("Devices: added, removed, listed, refused")
struct DeviceTests {
    @Test("Touchscreens and touchpads are added with kind, size and contacts; other devices are not")
    func added() throws {
        let (backend, _) = try Fixture.backend()
        var events = try Fixture.drain(backend)
        // The fixture's 1000×500-point output over the 240×135 mm sensor, per axis.
        if case .deviceAdded(var screen, let t) = events.first {
            let d = try #require(screen.density)
            #expect(abs(d.x - 1000 / 240) < 1e-9 && abs(d.y - 500 / 135) < 1e-9, "\(d)")
            #expect(screen.densitySource == .deviceResolution)
            screen.density = nil
            events[0] = .deviceAdded(screen, at: t)
        }
        #expect(events == [
            .deviceAdded(
                InputDevice(
                    id: DeviceID(1), name: "Test Touchscreen", kind: .touchscreen,
                    sizeMillimetres: Size(width: 240, height: 135), maximumContacts: 10,
                    outputFrame: Rect(x: 0, y: 0, width: 1000, height: 500)),
                at: .zero),
            .deviceAdded(
                InputDevice(id: DeviceID(2), name: "Test Touchpad", kind: .touchpad, sizeMillimetres: Size(width: 100, height: 66)),
                at: .zero),
        ])
        #expect(backend.touchDevices.map(\.name) == ["Test Touchscreen", "Test Touchpad"])
    }

    @Test("A touchscreen without a size takes its millimetres from the output's physical size when given")
    func outputMillimetres() throws {
        var info = Fixture.touchscreenInfo
        info.sizeMillimetres = nil
        var configuration = Fixture.configuration(nodes: [Fixture.node(info)])
        configuration.outputMillimetres = Size(width: 250, height: 125)
        let backend = try LibinputBackend(configuration: configuration)
        guard case .deviceAdded(let device, _) = try #require(try Fixture.drain(backend).first) else {
            Issue.record("expected a device")
            return
        }
        #expect(device.hasResolution == false)
        #expect(device.densitySource == .outputSize)
        let d = try #require(device.density)
        #expect(abs(d.x - 4) < 1e-9 && abs(d.y - 4) < 1e-9, "\(d)")
        // Without it, the engine's fallback.
        let (plain, _) = try Fixture.backend(nodes: [Fixture.node(info)])
        guard case .deviceAdded(let fallback, _) = try #require(try Fixture.drain(plain).first) else {
            Issue.record("expected a device")
            return
        }
        #expect(fallback.densitySource == .fallback)
        #expect(fallback.density == nil)
    }

    @Test("A touch device without a size is flagged as having no resolution")
    func noResolution() throws {
        var info = Fixture.touchscreenInfo
        info.sizeMillimetres = nil
        let (backend, _) = try Fixture.backend(nodes: [Fixture.node(info)])
        guard case .deviceAdded(let device, _) = try #require(try Fixture.drain(backend).first) else {
            Issue.record("expected a device")
            return
        }
        #expect(device.sizeMillimetres == nil)
        #expect(device.hasResolution == false)
        let summary = try #require(backend.deviceSummaries.first)
        #expect(summary.hasResolution == false)
        #expect(summary.hint != nil)
    }

    @Test("Removing a device mid-gesture produces deviceRemoved, stamped with the latest event time")
    func removedMidGesture() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 0, at: 500, normalized: (0.5, 0.5)), Fixture.frame(at: 500),
            Fixture.touch(.motion, 0, at: 512, normalized: (0.6, 0.5)),
            .deviceRemoved(Fixture.touchscreen),
            Fixture.frame(at: 524),
        ]
        let events = try Fixture.drain(backend)
        #expect(events.count == 2)
        #expect(events.last == .deviceRemoved(DeviceID(1), at: .milliseconds(512)))
        #expect(backend.touchDevices.map(\.id) == [DeviceID(2)])
    }

    @Test("A removed device's id is not reused by the next device")
    func idsNotReused() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        var info = Fixture.touchscreenInfo
        info.handle = RawDeviceHandle(0x77)
        system.queued = [.deviceRemoved(Fixture.touchscreen), .deviceAdded(info), .deviceRemoved(Fixture.keyboard)]
        let events = try Fixture.drain(backend)
        #expect(events.count == 2)
        guard case .deviceAdded(let device, _) = events[1] else {
            Issue.record("expected a device")
            return
        }
        #expect(device.id == DeviceID(3))
    }

    @Test("Devices are opened with libinput's flags plus O_NONBLOCK and O_CLOEXEC, and all closed on close()")
    func openFlagsAndRelease() throws {
        let (backend, system) = try Fixture.backend()
        let opens = system.calls.compactMap { if case .open(let path, let flags) = $0 { (path, flags) } else { nil } }
        #expect(opens.map(\.0) == ["/dev/input/event3", "/dev/input/event4", "/dev/input/event5"])
        #expect(opens.allSatisfy { $0.1 == O_RDWR | O_NONBLOCK | O_CLOEXEC })
        #expect(system.calls.contains(.createUdevContext(seat: "seat0")))
        #expect(system.openDescriptors.count == 3)
        backend.close()
        #expect(system.openDescriptors.isEmpty)
        #expect(system.calls.contains(.destroyContext))
        #expect(system.calls.contains(.closeWakePipe))
        #expect(backend.fileDescriptor == -1)
        backend.close()
        #expect(system.calls.filter { $0 == .destroyContext }.count == 1)
    }

    @Test("No touch device: the error lists every device seen")
    func noTouchDevices() throws {
        let mouse = RawDeviceInfo(
            handle: RawDeviceHandle(0x40), name: "Test Mouse", sysname: "event6", devnode: "/dev/input/event6",
            capabilities: [.pointer])
        let config = Fixture.configuration(nodes: [Fixture.node(Fixture.keyboardInfo), Fixture.node(mouse)])
        let error = try #require(throws: LibinputBackendError.self) { try LibinputBackend(configuration: config) }
        guard case .noTouchDevices(let seen) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(seen.map(\.name) == ["Test Keyboard", "Test Mouse"])
        #expect(seen.allSatisfy { $0.kind == nil && $0.access == .opened })
        #expect(error.description.contains("Test Keyboard"))
        #expect(error.description.contains("/dev/input/event6"))
    }

    @Test("An empty seat says so")
    func emptySeat() throws {
        let error = try #require(throws: LibinputBackendError.self) {
            try LibinputBackend(configuration: Fixture.configuration(nodes: []))
        }
        #expect(error == .noTouchDevices(seen: []))
        #expect(error.description.contains("no input devices"))
    }

    @Test("Nodes that cannot be opened for lack of permission give the clear error, not an empty run")
    func permissionDenied() throws {
        let config = Fixture.configuration(nodes: [
            Fixture.node(Fixture.touchscreenInfo, openErrno: EACCES), Fixture.node(Fixture.keyboardInfo),
            Fixture.node(Fixture.touchpadInfo, openErrno: EPERM),
        ])
        let error = try #require(throws: LibinputBackendError.self) { try LibinputBackend(configuration: config) }
        // The scripted seat has no session, so the default (automatic) access fell back to open(2).
        #expect(error == .permissionDenied(
            paths: ["/dev/input/event3", "/dev/input/event4"], access: .direct(libseatErrno: ENOENT)))
        let text = error.description
        #expect(text.contains("permission denied"))
        #expect(text.contains("'input' group"))
        #expect(text.contains("ACL") && text.contains("uaccess"))
        #expect(text.contains("root"))
    }

    @Test("Explicit paths: added through the path backend; refusals are explained")
    func paths() throws {
        let (backend, system) = try Fixture.backend(.paths(["/dev/input/event4"]))
        #expect(system.calls.prefix(3) == [
            .createPathContext, .addPathDevice("/dev/input/event4"),
            .open("/dev/input/event4", flags: O_RDWR | O_NONBLOCK | O_CLOEXEC),
        ])
        #expect(backend.touchDevices.map(\.kind) == [.touchpad])

        let denied = Fixture.configuration(.paths(["/dev/input/event3"]), nodes: [Fixture.node(Fixture.touchscreenInfo, openErrno: EACCES)])
        #expect(throws: LibinputBackendError.permissionDenied(
            paths: ["/dev/input/event3"], access: .direct(libseatErrno: ENOENT))) {
            try LibinputBackend(configuration: denied)
        }
        #expect(throws: LibinputBackendError.deviceNotFound(path: "/dev/input/event9")) {
            try LibinputBackend(configuration: Fixture.configuration(.paths(["/dev/input/event9"])))
        }
        let notInput = Fixture.configuration(.paths(["/dev/null"]), nodes: [.init(path: "/dev/null", info: nil)])
        #expect(throws: LibinputBackendError.deviceRejected(path: "/dev/null", errno: 0)) {
            try LibinputBackend(configuration: notInput)
        }
    }

    /// A kiosk names its touchscreen by udev's stable link and, in the same list, by its node
    /// (a configuration that globs `/dev/input/by-path/*event*` beside `event3`). libinput adds a
    /// node once per call: the touchscreen was announced twice, as two devices, and every finger
    /// came in twice, a one-finger tap read as a two-finger one. The node is opened once.
    @Test("A node named twice in .paths, by a udev link and by itself, is opened once")
    func pathsNamingOneNodeTwice() throws {
        let link = "/dev/input/by-path/platform-i2c-1-event"
        var screen = Fixture.node(Fixture.touchscreenInfo)
        screen.aliases = [link]
        let (backend, system) = try Fixture.backend(
            .paths([link, "/dev/input/event3", "/dev/input/event4", link]), nodes: [screen, Fixture.node(Fixture.touchpadInfo)])
        #expect(system.calls.filter { if case .addPathDevice = $0 { true } else { false } } == [
            .addPathDevice(link), .addPathDevice("/dev/input/event4"),
        ])
        let added = try Fixture.drain(backend).compactMap { if case .deviceAdded(let d, _) = $0 { d.name } else { nil } }
        #expect(added == ["Test Touchscreen", "Test Touchpad"])
        #expect(backend.touchDevices.map(\.kind) == [.touchscreen, .touchpad])
    }

    @Test("Listing shows opened devices with kind and size, and refused nodes with the permission hint")
    func listing() throws {
        let config = Fixture.configuration(nodes: [
            Fixture.node(Fixture.touchscreenInfo), Fixture.node(Fixture.keyboardInfo),
            Fixture.node(Fixture.touchpadInfo, openErrno: EACCES),
        ])
        let list = try LibinputBackend.listDevices(configuration: config)
        #expect(list.map(\.node) == ["/dev/input/event3", "/dev/input/event5", "/dev/input/event4"])
        #expect(list.map(\.kind) == [.touchscreen, nil, nil])
        #expect(list[0].sizeMillimetres == Size(width: 240, height: 135))
        #expect(list[0].hasResolution && list[0].maximumContacts == 10 && list[0].id == DeviceID(1))
        #expect(list[0].hint == nil)
        #expect(list[1].description.contains("not a touch device"))
        #expect(list[2].access == .permissionDenied(errno: EACCES))
        #expect(list[2].hint == LibinputBackendError.permissionHint)
        #expect(list[2].description.contains("permission denied"))
    }
}
