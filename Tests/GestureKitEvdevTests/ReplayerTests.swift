import GestureKit
import GestureKitEvdev
import Testing

@Suite struct ReplayerTests {
    let recording = try! EvemuReader.parse(evemuTouchscreen, source: "fixture.evemu")
    let mapping = OutputMapping(size: Size(width: 800, height: 480))

    @Test func inputEventsAnnounceTheDeviceThenFrames() throws {
        let replayer = Replayer(recording: recording, options: ReplayOptions(mapping: mapping, removesDevicesAtEnd: true))
        let events = try replayer.inputEvents()
        #expect(events.count == 5)
        guard case .deviceAdded(let device, .zero) = events[0] else {
            Issue.record("expected deviceAdded first, got \(events[0])")
            return
        }
        #expect(device.id == DeviceID(1) && device.kind == .touchscreen && device.name == "Fixture Touch")
        #expect(events.map(\.timestamp) == [.zero, .zero, Timestamp(microseconds: 35_092), .milliseconds(100), .milliseconds(1100)])
        guard case .deviceRemoved(DeviceID(1), _) = events[4] else {
            Issue.record("expected deviceRemoved last")
            return
        }
    }

    @Test func virtualClockRunsTheTail() throws {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 800, height: 480))
        var options = ReplayOptions(mapping: mapping, tail: .milliseconds(500), startTime: .seconds(10))
        options.firstDeviceID = 3
        let end = try Replayer(recording: recording, options: options).run(on: engine)
        #expect(end == .milliseconds(10_600))
        #expect(engine.now == end)
        #expect(engine.devices[DeviceID(3)]?.name == "Fixture Touch")
    }

    @Test func scaledRealTimeAsksTheCallerToSleep() async throws {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 800, height: 480))
        var slept: [Duration] = []
        let replayer = Replayer(recording: recording, options: ReplayOptions(mapping: mapping, tail: .seconds(1)))
        let end = try await replayer.run(on: engine, speed: 2) { slept.append($0) }
        #expect(end == .milliseconds(1100))
        #expect(slept == [.microseconds(17_546), .microseconds(32_454), .milliseconds(500)])
        #expect(engine.now == end)
    }

    @Test func touchpadsAndUnsupportedDevices() throws {
        let pad = try EvemuReader.parse(evemuOldTouchpad)
        #expect(try Replayer(recording: pad, options: ReplayOptions(mapping: mapping)).inputEvents().isEmpty)
        let included = try Replayer(recording: pad, options: ReplayOptions(mapping: mapping, includesTouchpads: true))
            .inputEvents()
        #expect(included.count == 3)

        var protocolA = recording
        protocolA.devices[0].description.codes[.abs]?.remove(EventCode.mtSlot.code)
        protocolA.devices[0].events.removeAll { $0.is(.mtSlot) }
        let error = try #require(throws: EvdevError.self) {
            try Replayer(recording: protocolA, options: ReplayOptions(mapping: mapping)).inputEvents()
        }
        #expect(error.file == "fixture.evemu")
        #expect(try Replayer(recording: protocolA, options: ReplayOptions(mapping: mapping, skipsUnsupportedDevices: true))
            .inputEvents().isEmpty)
    }
}
