@testable import GestureKit
import Testing

/// A producer announces a device again (`.deviceAdded`, same id) when its description changes
/// (the libinput backend does, with the new density, once an output turned): while the device is
/// idle the engine takes the new description and cancels nothing; with fingers down it takes the
/// device as unplugged and plugged in again.
@Suite("Devices announced again: described anew while idle, replugged with input under way")
struct DeviceAnnouncedAgainTests {
    /// The story's panel, described again with twice its density (as a quarter turn of a
    /// non-square output changes it).
    func announceAgain(_ s: Fingers) {
        s.tick()
        let density = PointDensity(uniform: 2 * Fingers.pointsPerMillimetre)
        s.engine.send(.deviceAdded(InputDevice(
            id: s.device.id, name: s.device.name, kind: s.device.kind, sizeMillimetres: s.device.sizeMillimetres,
            hasResolution: true, maximumContacts: s.device.maximumContacts, density: density), at: s.time))
    }

    @Test("announced again between a double tap's taps: the double tap goes on, and the new density holds")
    func betweenTaps() {
        let s = Fingers()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        s.engine.root.addGestureRecognizer(double)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.release([1])
        announceAgain(s)
        #expect(s.engine.density(of: s.device.id) == PointDensity(uniform: 8))
        s.tick()
        s.press([1], at: [Point(x: 300, y: 300)])
        s.release([1])
        #expect(s.outcomes == ["double: ended"])
    }

    @Test("announced again with a finger down: the finger and its gesture are cancelled, as on a replug")
    func withFingerDown() {
        let s = Fingers()
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 300, y: 300)])
        s.drag(1, by: Point(x: 80, y: 0), over: 100)
        announceAgain(s)
        #expect(s.outcomes == ["pan: began", "pan: cancelled"])
        #expect(s.engine.activeTouches.isEmpty)
    }
}
