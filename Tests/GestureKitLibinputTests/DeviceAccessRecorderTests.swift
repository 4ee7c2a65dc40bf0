import Glibc
import Logging
import Testing
@testable import GestureKitLibinput

@Suite("What the backend remembers of opening device nodes")
struct DeviceAccessRecorderTests {
    @Test("Reopening the same nodes through thousands of hotplugs and resumes keeps one entry per node, and the latest result on each")
    func boundedByNodesNotAttempts() {
        let system = ScriptedLibinputSystem(nodes: [
            .init(path: "/dev/input/event3", info: nil),
            .init(path: "/dev/input/event4", info: nil, openErrno: EACCES),
        ])
        let recorder = DeviceAccessRecorder(system: system, logger: Logger(label: "test"))
        for _ in 0..<5_000 {
            let fd = recorder.open("/dev/input/event3", flags: O_RDWR)
            #expect(fd >= 0)
            recorder.close(fd)
            #expect(recorder.open("/dev/input/event4", flags: O_RDWR) == -EACCES)
        }
        #expect(recorder.nodesTried == 2)
        #expect(recorder.failures == [.init(path: "/dev/input/event4", result: -EACCES)])
        #expect(recorder.latestResult(for: "/dev/input/event3").map { $0 >= 0 } == true)
        #expect(recorder.latestResult(for: "/dev/input/event9") == nil)
    }

    @Test("A node that failed and then opened is no longer a failure; failures keep the order first tried")
    func latestAttemptDecides() {
        let system = ScriptedLibinputSystem(nodes: [
            .init(path: "/dev/input/event5", info: nil, openErrno: EPERM),
            .init(path: "/dev/input/event3", info: nil, openErrno: EACCES),
            .init(path: "/dev/input/event4", info: nil),
        ])
        let recorder = DeviceAccessRecorder(system: system, logger: Logger(label: "test"))
        for path in ["/dev/input/event5", "/dev/input/event3", "/dev/input/event4"] {
            _ = recorder.open(path, flags: O_RDWR)
        }
        #expect(recorder.failures.map(\.path) == ["/dev/input/event5", "/dev/input/event3"])
        // The permission is granted (an ACL added), and the node is reopened.
        system.nodes[1].openErrno = 0
        #expect(recorder.open("/dev/input/event3", flags: O_RDWR) >= 0)
        #expect(recorder.failures == [.init(path: "/dev/input/event5", result: -EPERM)])
        #expect(recorder.nodesTried == 3)
    }
}
