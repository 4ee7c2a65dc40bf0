import GestureKit
import Testing
@testable import GestureKitLibinput

@Suite("Touch events become touch frames")
struct TouchMappingTests {
    @Test("TOUCH_DOWN and TOUCH_FRAME make one frame with a began contact")
    func downAndFrame() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [Fixture.touch(.down, 3, at: 1000, normalized: (0.25, 0.5)), Fixture.frame(at: 1000)]
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.count == 1)
        let frame = try #require(frames.first)
        #expect(frame.device == DeviceID(1))
        #expect(frame.timestamp == Timestamp.milliseconds(1000))
        #expect(frame.contacts == [
            TouchContact(id: 3, phase: .began, location: Point(x: 250, y: 250), millimetres: Point(x: 60, y: 67.5))
        ])
    }

    @Test("Contacts not mentioned stay listed as stationary; ended contacts leave after their frame")
    func stationaryAndEnded() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 0, at: 10, normalized: (0.1, 0.1)),
            Fixture.touch(.down, 1, at: 10, normalized: (0.9, 0.9)),
            Fixture.frame(at: 10),
            Fixture.touch(.motion, 1, at: 22, normalized: (0.8, 0.8)),
            Fixture.frame(at: 22),
            Fixture.touch(.up, 0, at: 34),
            Fixture.frame(at: 34),
            Fixture.touch(.up, 1, at: 46),
            Fixture.frame(at: 46),
        ]
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.map { $0.contacts.map(\.id) } == [[0, 1], [0, 1], [0, 1], [1]])
        #expect(frames.map { $0.contacts.map(\.phase) } == [
            [.began, .began], [.stationary, .moved], [.ended, .stationary], [.ended],
        ])
        #expect(frames[1].contacts[1].location == Point(x: 800, y: 400))
        #expect(frames[2].contacts[0].location == Point(x: 100, y: 50))
        #expect(frames.map(\.timestamp) == [10, 22, 34, 46].map { Timestamp.milliseconds($0) })
    }

    @Test("TOUCH_CANCEL cancels the contact and it is gone afterwards")
    func cancel() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 5, at: 1, normalized: (0.5, 0.5)), Fixture.frame(at: 1),
            Fixture.touch(.cancel, 5, at: 2), Fixture.frame(at: 2),
            Fixture.frame(at: 3),
        ]
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.cancelled], []])
    }

    @Test("A TOUCH_CANCEL of some touches is libinput's palm handling (.palm); of every touch at once, a device cancel")
    func palmCancel() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            // A palm among fingers: the one touch is cancelled while another stays down.
            Fixture.touch(.down, 0, at: 1, normalized: (0.2, 0.5)), Fixture.touch(.down, 1, at: 1, normalized: (0.8, 0.5)),
            Fixture.frame(at: 1),
            Fixture.touch(.cancel, 1, at: 2), Fixture.touch(.motion, 0, at: 2, normalized: (0.25, 0.5)), Fixture.frame(at: 2),
            Fixture.touch(.up, 0, at: 3), Fixture.frame(at: 3),
            // A palm alone.
            Fixture.touch(.down, 2, at: 4, normalized: (0.5, 0.5)), Fixture.frame(at: 4),
            Fixture.touch(.cancel, 2, at: 5), Fixture.frame(at: 5),
            // libinput letting go of everything (a pen in proximity, a suspend): every touch at once.
            Fixture.touch(.down, 3, at: 6, normalized: (0.3, 0.3)), Fixture.touch(.down, 4, at: 6, normalized: (0.6, 0.6)),
            Fixture.frame(at: 6),
            Fixture.touch(.cancel, 3, at: 7), Fixture.touch(.cancel, 4, at: 7), Fixture.frame(at: 7),
        ]
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.map { $0.contacts.map(\.phase) } == [
            [.began, .began], [.moved, .cancelled], [.ended], [.began], [.cancelled], [.began, .began], [.cancelled, .cancelled],
        ])
        #expect(frames.map { $0.contacts.map(\.isPalm) } == [
            [false, false], [false, true], [false], [false], [true], [false, false], [false, false],
        ])

        // Through an engine: the palm cancels as .palm in the recognizer it reached.
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let hold = LongPressGestureRecognizer()
        engine.root.addGestureRecognizer(hold)
        engine.send(.deviceAdded(InputDevice(id: DeviceID(1), name: "panel", kind: .touchscreen), at: .milliseconds(0)))
        for f in frames[3...4] { engine.send(.touchFrame(f)) }
        #expect(hold.failureReason == .touchesCancelled(.palm))
    }

    @Test("libinput cancelling the touches of a device it removes is a removal, not a palm: the pan is cancelled as deviceRemoved")
    func cancelBeforeRemoval() throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let pan = PanGestureRecognizer()
        engine.root.addGestureRecognizer(pan)
        var reasons: [TouchCancellation?] = []
        pan.addTarget { p in if p.state == .cancelled { reasons.append(p.cancellationReason) } }
        for e in try Fixture.drain(backend) { engine.send(e) }
        system.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.5)), Fixture.frame(at: 10)]
        for ms in stride(from: 20, through: 100, by: 10) {
            system.queued += [Fixture.touch(.motion, 0, at: UInt64(ms), normalized: (0.2 + Double(ms) / 500, 0.5)), Fixture.frame(at: UInt64(ms))]
        }
        // The unplug: the touch cancelled in a frame of its own, then the device removed, in one dispatch.
        system.queued += [Fixture.touch(.cancel, 0, at: 110), Fixture.frame(at: 110), .deviceRemoved(Fixture.touchscreen)]
        let events = try Fixture.drain(backend)
        for e in events { engine.send(e) }
        #expect(reasons == [.deviceRemoved], "\(reasons)")
        #expect(!Fixture.frames(events).contains { $0.contacts.contains { $0.phase == .cancelled } }, "the cancel frame is dropped")

        // The same cancel with nothing after it in the dispatch is libinput's palm handling.
        let (backend2, system2) = try Fixture.backend()
        _ = try Fixture.drain(backend2)
        system2.queued = [Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.5)), Fixture.frame(at: 10),
                          Fixture.touch(.cancel, 0, at: 20), Fixture.frame(at: 20)]
        let palm = Fixture.frames(try Fixture.drain(backend2))
        #expect(palm.map { $0.contacts.map(\.isPalm) } == [[false], [true]])
    }

    @Test("A cancel held back to see whether a removal follows is handed on when a motion comes first")
    func motionAfterHeldCancel() throws {
        // A motion is mapped on the fast path only when no cancel is held: here it releases the
        // held palm frame, so the removal after it is a removal of a device with a touch down, and
        // the palm stays a palm.
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.5)), Fixture.frame(at: 10),
            Fixture.touch(.cancel, 0, at: 20), Fixture.frame(at: 20),
            Fixture.touch(.motion, 1, at: 30, normalized: (0.6, 0.5)),
            .deviceRemoved(Fixture.touchscreen),
        ]
        let events = try Fixture.drain(backend)
        let frames = Fixture.frames(events)
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.cancelled]])
        #expect(frames.map { $0.contacts.map(\.isPalm) } == [[false], [true]])
        #expect(events.contains { if case .deviceRemoved = $0 { true } else { false } })
    }

    @Test("A seat slot that ends and begins again before a frame gives two frames")
    func slotReuseWithinFrame() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 0, at: 1, normalized: (0.5, 0.5)), Fixture.frame(at: 1),
            Fixture.touch(.up, 0, at: 2), Fixture.touch(.down, 0, at: 2, normalized: (0.2, 0.2)), Fixture.frame(at: 2),
        ]
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.ended], [.began]])
        #expect(frames[2].contacts[0].location == Point(x: 200, y: 100))
    }

    @Test("Two touchscreens whose events interleave keep their own frames, also after a third is removed between them")
    func interleavedDevices() throws {
        let second = RawDeviceHandle(0x11), third = RawDeviceHandle(0x12)
        func info(_ handle: RawDeviceHandle, _ name: String, _ event: String) -> RawDeviceInfo {
            RawDeviceInfo(
                handle: handle, name: name, sysname: event, devnode: "/dev/input/\(event)", capabilities: [.touch],
                sizeMillimetres: Size(width: 240, height: 135), touchCount: 10)
        }
        let nodes = [
            Fixture.node(Fixture.touchscreenInfo), Fixture.node(info(third, "Third", "event7")),
            Fixture.node(info(second, "Second", "event6")),
        ]
        let (backend, system) = try Fixture.backend(.paths(nodes.map(\.path)), nodes: nodes)
        let added = try Fixture.drain(backend).compactMap { if case .deviceAdded(let d, _) = $0 { d.name } else { nil } }
        #expect(added == ["Test Touchscreen", "Third", "Second"])
        let ids = Dictionary(uniqueKeysWithValues: backend.touchDevices.map { ($0.name, $0.id) })
        func round(_ at: UInt64, _ x: Double) -> [RawLibinputEvent] {
            [
                Fixture.touch(at == 10 ? .down : .motion, 0, at: at, normalized: (x, 0.5)),
                Fixture.touch(at == 10 ? .down : .motion, 4, at: at, normalized: (x, 0.2), device: second),
                Fixture.touch(at == 10 ? .down : .motion, 1, at: at, normalized: (x, 0.8)),
                Fixture.frame(at: at),
                Fixture.frame(at: at, device: second),
            ]
        }
        // The removal comes between two events of the device after it in the list, so its place changes.
        system.queued = round(10, 0.1) + round(20, 0.2)
            + [.deviceRemoved(third), Fixture.touch(.motion, 4, at: 30, normalized: (0.25, 0.2), device: second)]
            + round(30, 0.3)
        let events = try Fixture.drain(backend)
        let frames = Fixture.frames(events)
        let pair = [try #require(ids["Test Touchscreen"]), try #require(ids["Second"])]
        #expect(frames.map(\.device) == pair + pair + pair)
        #expect(frames.map { $0.contacts.map(\.id) } == [[0, 1], [4], [0, 1], [4], [0, 1], [4]])
        #expect(frames[4].contacts.map(\.location) == [Point(x: 300, y: 250), Point(x: 300, y: 400)])
        #expect(frames.last?.contacts.map(\.location) == [Point(x: 300, y: 100)])
        #expect(events.contains { if case .deviceRemoved(let id, _) = $0 { id == ids["Third"] } else { false } })
        #expect(backend.touchDevices.map(\.name) == ["Test Touchscreen", "Second"])
    }

    @Test("Touch events of devices the backend does not hold are ignored")
    func unknownDevice() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        let stranger = RawDeviceHandle(0x99)
        system.queued = [
            Fixture.touch(.down, 0, at: 1, normalized: (0.5, 0.5), device: stranger), Fixture.frame(at: 1, device: stranger),
        ]
        #expect(try Fixture.drain(backend).isEmpty)
    }

    @Test("Steady frames reuse one contacts buffer (dispatch does not allocate per event)")
    func bufferReuse() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 0, at: 0, normalized: (0.1, 0.1)), Fixture.touch(.down, 1, at: 0, normalized: (0.2, 0.2)),
            Fixture.frame(at: 0),
        ]
        _ = try Fixture.drain(backend)
        var addresses = Set<UInt>()
        var frameCount = 0
        for step in 1...200 {
            let x = 0.1 + Double(step) / 1000
            system.queued = [
                Fixture.touch(.motion, 0, at: UInt64(step) * 12, normalized: (x, 0.1)),
                Fixture.touch(.motion, 1, at: UInt64(step) * 12, normalized: (x, 0.2)),
                Fixture.frame(at: UInt64(step) * 12),
            ]
            try backend.dispatch { event in
                guard case .touchFrame(let frame) = event else { return }
                frameCount += 1
                #expect(frame.contacts.count == 2)
                addresses.insert(frame.contacts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
            }
        }
        #expect(frameCount == 200)
        #expect(addresses.count == 1)
    }
}
