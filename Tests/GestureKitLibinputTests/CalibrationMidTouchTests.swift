import GestureKit
import Testing
@testable import GestureKitLibinput

/// libinput's calibration matrix changed with fingers down: every contact is placed at once where
/// the new mapping puts it (a frame of stationary contacts), and mapped the new way from then on,
/// the ones that stay still included.
@Suite struct CalibrationMidTouchTests {
    @Test func aFingerThatStaysStillIsCalibratedTheNewWay() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Fixture.touch(.down, 0, at: 10, normalized: (0.2, 0.4)),
            Fixture.touch(.down, 1, at: 10, normalized: (0.6, 0.4)), Fixture.frame(at: 10),
        ]
        _ = try Fixture.drain(backend)
        // Mirrored left to right: libinput reports the positions it reads from now on mirrored.
        try backend.setCalibrationMatrix(CalibrationMatrix(-1, 0, 1, 0, 1, 0), for: DeviceID(1))
        system.queued = [Fixture.touch(.motion, 1, at: 20, normalized: (0.39, 0.4)), Fixture.frame(at: 20)]
        let frames = Fixture.frames(try Fixture.drain(backend))
        #expect(frames.count == 2)
        // The placement: both fingers where the mirrored calibration puts them, neither moving.
        let placed = try #require(frames.first).contacts
        #expect(placed.map(\.id) == [0, 1] && placed.map(\.phase) == [.stationary, .stationary])
        #expect(abs(placed[1].location.x - 400) < 1e-4)
        let contacts = try #require(frames.last).contacts
        #expect(contacts.map(\.id) == [0, 1])
        #expect(contacts.map(\.phase) == [.stationary, .moved])
        // Finger 0, still at 0.2 of the sensor's width, now maps onto 0.8 of the output's.
        #expect(abs(contacts[0].location.x - 800) < 1e-4 && abs(contacts[0].location.y - 200) < 1e-4)
        #expect(abs(contacts[1].location.x - 390) < 1e-4)
    }
}
