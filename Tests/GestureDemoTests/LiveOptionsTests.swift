import Foundation
import GestureKitLibinput
import Testing

@testable import GestureDemo

@Suite("gesture-demo live: options that cannot work together, and nodes it could not open")
struct LiveOptionsTests {
    @Test("--seat with --device is a usage error, not a seat silently ignored")
    func seatWithDevice() throws {
        let run = try DemoRun.run(["live", "--seat", "seat1", "--device", "/dev/input/event99"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--seat seat1 and --device exclude each other"), "\(run.stderr)")
    }

    @Test("--wait-for-devices with --device is a usage error: the path backend opens the nodes once")
    func waitWithDevice() throws {
        // Before: the demo ran on with no device at all, saying only libinput's "Invalid path".
        let run = try DemoRun.run(["live", "--device", "/dev/input/event99", "--wait-for-devices"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--wait-for-devices waits for devices plugged into a seat"), "\(run.stderr)")
    }

    @Test("waiting for devices, each node that could not be opened is named, with its fix")
    func unopenedNodesNamed() {
        let summaries = [
            LibinputDeviceSummary(node: "/dev/input/event3", kind: .touchscreen, access: .opened),
            LibinputDeviceSummary(node: "/dev/input/event7", access: .permissionDenied(errno: EACCES), openedThrough: .libseat(seat: "seat0")),
            LibinputDeviceSummary(node: "/dev/input/event9", access: .permissionDenied(errno: EACCES), openedThrough: .direct(libseatErrno: nil)),
        ]
        let notes = Live.unopenedNotes(summaries)
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.first?.contains("/dev/input/event7") == true && notes.first?.contains("permission denied") == true, "\(notes)")
        #expect(notes.first?.contains(LibinputBackendError.permissionHint(for: .libseat(seat: "seat0"))) == true, "\(notes)")
        #expect(notes.last?.contains("/dev/input/event9") == true, "\(notes)")
        #expect(notes.last?.contains(LibinputBackendError.permissionHint) == true, "\(notes)")
        #expect(!notes.joined().contains("event3"))
    }
}
