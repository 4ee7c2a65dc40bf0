import GestureKit
import Testing
@testable import GestureKitLibinput

/// Several touchscreens, each on its own output, chosen by the host per device.
@Suite("One output per touchscreen")
struct OutputAssignmentTests {
    static let second = RawDeviceHandle(0x11)
    static let third = RawDeviceHandle(0x12)
    static let secondInfo = RawDeviceInfo(
        handle: second, name: "Portrait Panel", sysname: "event6", devnode: "/dev/input/event6",
        capabilities: [.touch], sizeMillimetres: Size(width: 135, height: 240), touchCount: 5,
        udevProperties: ["ID_PATH": "platform-i2c-1", "WL_OUTPUT": "DSI-1"])
    static let thirdInfo = RawDeviceInfo(
        handle: third, name: "USB Touch", sysname: "event9", devnode: "/dev/input/event9",
        capabilities: [.touch], sizeMillimetres: Size(width: 300, height: 200), touchCount: 2)

    /// The landscape output on the left and a portrait one, turned, to its right.
    static let left = OutputMapping(size: Size(width: 1920, height: 1080), physicalSize: Size(width: 527, height: 296))
    static let right = OutputMapping(
        size: Size(width: 1080, height: 1920), rotation: .clockwise90, origin: Point(x: 1920, y: 0))
    static let spare = OutputMapping(size: Size(width: 800, height: 600), origin: Point(x: 0, y: 1080))

    static func backend(
        _ assignment: OutputAssignment, nodes: [ScriptedLibinputSystem.Node]
    ) throws -> (LibinputBackend, ScriptedLibinputSystem) {
        var config = Fixture.configuration(nodes: nodes)
        config.outputAssignment = assignment
        let backend = try LibinputBackend(configuration: config)
        return (backend, backend.system as! ScriptedLibinputSystem)
    }

    static func touchAt(_ x: Double, _ y: Double, on device: RawDeviceHandle, at ms: UInt64) -> [RawLibinputEvent] {
        [Fixture.touch(.down, device == second ? 1 : 0, at: ms, normalized: (x, y), device: device),
         Fixture.frame(at: ms, device: device)]
    }

    @Test("Two touchscreens on two outputs map independently: by name and by a udev property")
    func twoOutputs() throws {
        let (backend, system) = try Self.backend(
            OutputAssignment([(.name("Test Touchscreen"), Self.left), (.outputName("DSI-1"), Self.right)]),
            nodes: [Fixture.node(Fixture.touchscreenInfo), Fixture.node(Self.secondInfo)])
        let added = try Fixture.drain(backend)
        let devices = added.compactMap { if case .deviceAdded(let d, _) = $0 { d } else { nil } }
        #expect(devices.map(\.name) == ["Test Touchscreen", "Portrait Panel"])
        #expect(backend.outputMapping(for: devices[0].id) == Self.left)
        #expect(backend.outputMapping(for: devices[1].id) == Self.right)

        system.queued = Self.touchAt(0.5, 0.5, on: Fixture.touchscreen, at: 1) + Self.touchAt(0.25, 0.5, on: Self.second, at: 2)
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.map(\.device) == devices.map(\.id))
        #expect(frames[0].contacts.map(\.location) == [Point(x: 960, y: 540)])
        // Turned clockwise: (1 − 0.5, 0.25) on 1080 × 1920, then moved right by 1920.
        #expect(frames[1].contacts.map(\.location) == [Point(x: 1920 + 540, y: 480)])
        // Each density from its own sensor and output: turned a quarter, the sensor's 240 mm run
        // along the output's 1080 points of x, its 135 mm along the 1920 of y.
        let density = try #require(devices[1].density)
        #expect(abs(density.x - 1080.0 / 240) < 1e-9 && abs(density.y - 1920.0 / 135) < 1e-9)
    }

    @Test("A hot-plugged touchscreen gets its mapping when it arrives; one the host does not name gets the default")
    func hotplug() throws {
        let (backend, system) = try Self.backend(
            OutputAssignment { device in device.sysname == "event9" ? Self.spare : nil },
            nodes: [Fixture.node(Fixture.touchscreenInfo)])
        _ = try Fixture.drain(backend)
        #expect(backend.outputMapping(for: DeviceID(1)) == backend.defaultOutput)
        system.queued = [.deviceAdded(Self.thirdInfo)] + Self.touchAt(0.5, 0.5, on: Self.third, at: 7)
        let events = try Fixture.drain(backend)
        let plugged = try #require(events.compactMap { if case .deviceAdded(let d, _) = $0 { d } else { nil } }.first)
        #expect(plugged.name == "USB Touch")
        #expect(backend.outputMapping(for: plugged.id) == Self.spare)
        #expect(Fixture.frames(events).first?.contacts.map(\.location) == [Point(x: 400, y: 1080 + 300)])
        let density = try #require(plugged.density)
        #expect(abs(density.x - 800.0 / 300) < 1e-9 && abs(density.y - 600.0 / 200) < 1e-9)
    }

    @Test("Pinning a device and replacing the assignment while running remap it without losing its touch")
    func liveReassignment() throws {
        let (backend, system) = try Self.backend(
            OutputAssignment([(.sysname("event3"), Self.left)]), nodes: [Fixture.node(Fixture.touchscreenInfo)])
        _ = try Fixture.drain(backend)
        let id = DeviceID(1)
        system.queued = Self.touchAt(0.5, 0.5, on: Fixture.touchscreen, at: 1)
        #expect(Fixture.frames(try Fixture.drain(backend)).first?.contacts.map(\.location) == [Point(x: 960, y: 540)])

        try backend.setOutputMapping(Self.spare, for: id)
        system.queued = [Fixture.frame(at: 2)]
        // Placed on the pinned output at once, and so in the frame read next.
        let pinned = Fixture.frames(try Fixture.drain(backend))
        #expect(pinned.map { $0.contacts.map(\.phase) } == [[.stationary], [.stationary]])
        #expect(pinned.allSatisfy { $0.contacts.map(\.location) == [Point(x: 400, y: 1380)] })

        // Unpinned, the new assignment decides.
        backend.outputAssignment = OutputAssignment([(.udevProperty("ID_PATH", "nowhere"), Self.left), (.devnode("/dev/input/event3"), Self.right)])
        try backend.setOutputMapping(nil, for: id)
        #expect(backend.outputMapping(for: id) == Self.right)
        system.queued = [Fixture.touch(.up, 0, at: 3), Fixture.frame(at: 3)]
        let events = try Fixture.drain(backend)
        // Placed on the assigned output as the pin is dropped, then lifted there.
        #expect(Fixture.frames(events).map { $0.contacts.map(\.phase) } == [[.stationary], [.ended]])
        #expect(Fixture.frames(events).allSatisfy { $0.contacts.map(\.location) == [Point(x: 1920 + 540, y: 960)] })
        #expect(throws: LibinputBackendError.unknownDevice(DeviceID(9))) { try backend.setOutputMapping(nil, for: DeviceID(9)) }
    }

    /// A kiosk pins its touchscreen to the output it covers; the seat is disabled (a VT switch,
    /// the screen locked by the session manager) and enabled again. libinput opens the device
    /// again under a new id. Before, the pin went with the old id and the screen mapped onto the
    /// default output: a touch in its middle landed at (500, 250) rather than on the pinned
    /// output at (400, 1380). Unpinned before the suspend, it stays unpinned.
    @Test("A touchscreen pinned to an output comes back pinned after the seat is suspended and resumed")
    func pinKeptAcrossSuspend() throws {
        let (backend, system) = try Self.backend(
            OutputAssignment { _ in nil }, nodes: [Fixture.node(Fixture.touchscreenInfo), Fixture.node(Self.secondInfo)])
        _ = try Fixture.drain(backend)
        try backend.setOutputMapping(Self.spare, for: DeviceID(1))
        _ = try Fixture.drain(backend)

        var removed: [DeviceID] = []
        try backend.suspend { if case .deviceRemoved(let id, _) = $0 { removed.append(id) } }
        #expect(removed == [DeviceID(1), DeviceID(2)])
        var added: [InputDevice] = []
        try backend.resume { if case .deviceAdded(let d, _) = $0 { added.append(d) } }
        let pinned = try #require(added.first { $0.name == Fixture.touchscreenInfo.name })
        let other = try #require(added.first { $0.name == Self.secondInfo.name })
        #expect(pinned.id != DeviceID(1), "libinput's devices come back under new ids")
        #expect(backend.outputMapping(for: pinned.id) == Self.spare)
        #expect(backend.outputMapping(for: other.id) == backend.defaultOutput)

        system.queued = Self.touchAt(0.5, 0.5, on: Fixture.touchscreen, at: 9)
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.first?.contacts.map(\.location) == [Point(x: 400, y: 1380)])

        // Unpinned, a second suspend and resume bring it back on the default output.
        system.queued = [Fixture.touch(.up, 0, at: 10), Fixture.frame(at: 10)]
        _ = try Fixture.drain(backend)
        try backend.setOutputMapping(nil, for: pinned.id)
        try backend.suspend { _ in }
        added.removeAll()
        try backend.resume { if case .deviceAdded(let d, _) = $0 { added.append(d) } }
        let again = try #require(added.first { $0.name == Fixture.touchscreenInfo.name })
        #expect(backend.outputMapping(for: again.id) == backend.defaultOutput)
    }

    @Test("Matches name a device by what libinput and udev report", arguments: [
        (OutputAssignment.Match.name("Portrait Panel"), true), (.name("Portrait"), false),
        (.sysname("event6"), true), (.devnode("/dev/input/event6"), true), (.outputName("DSI-1"), true),
        (.outputName("HDMI-A-1"), false), (.udevProperty("ID_PATH", "platform-i2c-1"), true),
        (.udevProperty("ID_PATH", "other"), false),
    ])
    func matches(_ match: OutputAssignment.Match, expected: Bool) {
        #expect(match.matches(Self.secondInfo) == expected)
    }
}
