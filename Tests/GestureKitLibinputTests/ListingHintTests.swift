import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// `DeviceAccessPath`: "Errors and listings name it, so a permission problem points at the right
/// fix." The listing's hint for a node that could not be opened, by the way it was opened.
@Suite("Listing hints follow the way nodes were opened")
struct ListingHintTests {
    @Test("A node libseat refuses is listed with libseat's fix; one the host refuses, with the host's; open(2), the usual fix")
    func hintByAccess() throws {
        let nodes = [Fixture.node(Fixture.touchscreenInfo), Fixture.node(Fixture.touchpadInfo)]
        let libseat = SeatAccessTests.configuration(.libseat, nodes: nodes) {
            $0.seat = ScriptedSeatSystem(seat: "seat0")
            $0.seat.deviceErrnos = ["/dev/input/event4": EACCES]
        }
        let viaSeat = try LibinputBackend.listDevices(configuration: libseat)
        let refusedBySeat = try #require(viaSeat.first { $0.node == "/dev/input/event4" })
        #expect(refusedBySeat.access == .permissionDenied(errno: EACCES))
        // Before the fix: "run inside a seatd or logind session so that libseat opens them, add the
        // user to the 'input' group …", for a node libseat itself refused.
        #expect(refusedBySeat.hint == LibinputBackendError.permissionHint(for: .libseat(seat: "seat0")), "\(refusedBySeat.hint ?? "")")

        let host = HostDeviceAccess(
            open: { path, _ in path == "/dev/input/event4" ? -EACCES : 7 }, close: { _ in })
        let viaHost = try LibinputBackend.listDevices(configuration: SeatAccessTests.configuration(.host(host), nodes: nodes))
        let refusedByHost = try #require(viaHost.first { $0.node == "/dev/input/event4" })
        #expect(refusedByHost.hint == LibinputBackendError.permissionHint(for: .hostCallbacks), "\(refusedByHost.hint ?? "")")
        #expect(refusedByHost.hint?.contains("'input' group") == false)

        let direct = SeatAccessTests.configuration(.direct, nodes: [Fixture.node(Fixture.touchpadInfo, openErrno: EACCES)])
        let viaOpen = try LibinputBackend.listDevices(configuration: direct)
        #expect(viaOpen.first?.hint == LibinputBackendError.permissionHint)
    }
}
