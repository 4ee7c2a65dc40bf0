import GestureKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The engine's device table grows by one entry per device plugged in, with nothing copied:
/// when it was written through `GestureEngine.devices`' getter, each device copied the whole
/// table, and plugging in n devices took time quadratic in n.
@Suite("The device table")
struct DeviceTableTests {
    /// The CPU time this thread spent plugging `count` touchscreens into a new engine.
    private func plug(_ count: Int) -> Duration {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 800, height: 480))
        var devices: [InputDevice] = []
        devices.reserveCapacity(count)
        for n in 0..<count {
            devices.append(InputDevice(
                id: DeviceID(n), name: "screen \(n)", kind: .touchscreen,
                sizeMillimetres: Size(width: 154, height: 86), hasResolution: true, maximumContacts: 10))
        }
        let start = threadCPUTime()
        for (n, device) in devices.enumerated() {
            engine.send(.deviceAdded(device, at: .milliseconds(Int64(n))))
        }
        let spent = threadCPUTime() - start
        #expect(engine.devices.count == count)
        #expect(engine.devices[DeviceID(count - 1)]?.name == "screen \(count - 1)")
        return spent
    }

    @Test("plugging in ten times the devices takes about ten times as long, not a hundred")
    func linear() {
        // The quicker of two runs each. Measured in debug: about 10 times as long (alone and
        // with the suite beside it); with the table copied at each device, about 100 times.
        let small = min(plug(2_000), plug(2_000))
        let large = min(plug(20_000), plug(20_000))
        #expect(large < small * 30, "2,000 devices: \(small); 20,000: \(large)")
        print("device table: 2,000 devices plugged in \(small) of CPU, 20,000 in \(large)")
    }

    /// The CPU time this thread has used.
    private func threadCPUTime() -> Duration {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
    }
}
