import Foundation
import GestureKit
import GestureKitLibinput
import Testing

@testable import GestureDemo

/// `live --json` promises (docs/json-schema.md) that `time` is "seconds since the first event of
/// the run, on the device clock". libinput stamps events with CLOCK_MONOTONIC (seconds since
/// boot), and its device announcements carry no time: those read before any event are stamped
/// with the monotonic clock as the backend reads them, so the log's origin is the run's start,
/// not boot.
@Suite("gesture-demo live: JSON times are relative to the run")
struct LiveTimeOriginTests {
    static let screen = RawDeviceHandle(0x10)
    static let info = RawDeviceInfo(
        handle: screen, name: "Test Panel", sysname: "event3", devnode: "/dev/input/event3",
        capabilities: [.touch], sizeMillimetres: Size(width: 240, height: 135), touchCount: 10)
    /// One hour after boot, in microseconds: what CLOCK_MONOTONIC reads on a machine up an hour.
    static let uptime: UInt64 = 3_600_000_000

    static func touch(_ kind: RawTouchEvent.Kind, at us: UInt64, _ p: (Double, Double)? = nil) -> RawLibinputEvent {
        .touch(RawTouchEvent(
            kind: kind, device: screen, timeMicroseconds: us, slot: 0, seatSlot: 0,
            position: p.map { RawTouchEvent.Position(millimetres: Point(x: $0.0 * 240, y: $0.1 * 135), normalized: Point(x: $0.0, y: $0.1)) }))
    }

    static func frame(at us: UInt64) -> RawLibinputEvent {
        .touch(RawTouchEvent(kind: .frame, device: screen, timeMicroseconds: us))
    }

    @Test("a tap 5 s into a run one hour after boot is logged at about 5 s, not at 3600 s; the device at 0 s")
    func gestureTimeIsSinceTheRunsFirstEvent() throws {
        let t0 = Self.uptime
        let tap: [RawLibinputEvent] = [
            Self.touch(.down, at: t0, (0.5, 0.5)), Self.frame(at: t0),
            Self.touch(.up, at: t0 + 60_000), Self.frame(at: t0 + 60_000),
        ]
        var configuration = LibinputBackend.Configuration(
            source: .seat("seat0"), outputSize: Size(width: 1000, height: 500),
            makeSystem: {
                let system = ScriptedLibinputSystem(nodes: [
                    ScriptedLibinputSystem.Node(path: "/dev/input/event3", info: LiveTimeOriginTests.info),
                ])
                system.clock = Timestamp(microseconds: Int64(t0) - 5_000_000)  // the demo started 5 s earlier
                system.pollScript = [.events(tap), .timeout, .timeout]
                return system
            })
        configuration.seatAccess = .direct

        // As `gesture-demo live --json` wires it (Live.run).
        let backend = try LibinputBackend(configuration: configuration)
        defer { backend.close() }
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let demo = DemoGraph(engine: engine, only: nil)
        let log = GestureLog(graph: demo, json: true, verbose: false, changes: false, terminal: .forStandardOutput())
        log.logsDevices = true
        var lines: [String] = []
        log.write = { lines.append($0) }
        engine.observer = log
        _ = try backend.run(engine: engine, handlingSignals: false) { log.note($0) }

        let tapLine = try #require(lines.first { $0.contains("\"recognizer\":\"tap\"") }, "lines: \(lines)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(tapLine.utf8)) as? [String: Any])
        let time = try #require(object["time"] as? Double)
        // The finger landed 5 s after the run began (the device's announcement) and lifted 60 ms
        // later; the tap is recognized once the double tap's 300 ms have passed.
        #expect(abs(time - 5.36) < 0.001, "the tap is logged at \(time) s. Lines: \(lines)")
        let deviceLine = try #require(lines.first { $0.contains("device_added") }, "lines: \(lines)")
        let device = try #require(try JSONSerialization.jsonObject(with: Data(deviceLine.utf8)) as? [String: Any])
        #expect(device["time"] as? Double == 0)
    }
}
