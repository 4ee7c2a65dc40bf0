import GestureKit
import Testing
@testable import GestureKitLibinput

@Suite("Touchpad gesture events")
struct GestureMappingTests {
    static func gesture(
        _ kind: RawGestureEvent.Kind, _ phase: RawGestureEvent.Phase, at ms: UInt64, fingers: Int,
        cancelled: Bool = false, delta: Point = .zero, unaccelerated: Point = .zero, scale: Double = 1,
        angle: Double = 0
    ) -> RawLibinputEvent {
        .gesture(RawGestureEvent(
            kind: kind, phase: phase, device: Fixture.touchpad, timeMicroseconds: ms * 1000, fingerCount: fingers,
            cancelled: cancelled, delta: delta, unacceleratedDelta: unaccelerated, scale: scale, angleDelta: angle))
    }

    @Test("A swipe maps begin, update and end with fingers and deltas")
    func swipe() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.gesture(.swipe, .begin, at: 100, fingers: 3),
            Self.gesture(.swipe, .update, at: 112, fingers: 3, delta: Point(x: 4, y: -1), unaccelerated: Point(x: 3, y: -0.5)),
            Self.gesture(.swipe, .end, at: 124, fingers: 3),
        ]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures == [
            TouchpadGestureEvent(device: DeviceID(2), timestamp: .milliseconds(100), kind: .swipe, phase: .begin, fingerCount: 3),
            TouchpadGestureEvent(
                device: DeviceID(2), timestamp: .milliseconds(112), kind: .swipe, phase: .update, fingerCount: 3,
                delta: Point(x: 4, y: -1), unacceleratedDelta: Point(x: 3, y: -0.5)),
            TouchpadGestureEvent(device: DeviceID(2), timestamp: .milliseconds(124), kind: .swipe, phase: .end, fingerCount: 3),
        ])
    }

    @Test("A pinch carries scale and angle; a cancelled end becomes .cancel")
    func pinch() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.gesture(.pinch, .begin, at: 1, fingers: 2),
            Self.gesture(.pinch, .update, at: 2, fingers: 2, scale: 1.5, angle: 12),
            Self.gesture(.pinch, .end, at: 3, fingers: 2, cancelled: true, scale: 1.5),
        ]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures.map(\.phase) == [.begin, .update, .cancel])
        #expect(gestures.map(\.kind) == [.pinch, .pinch, .pinch])
        #expect(gestures[1].scale == 1.5)
        #expect(gestures[1].angleDelta == 12)
    }

    @Test("A hold maps begin and end, cancelled or not")
    func hold() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            Self.gesture(.hold, .begin, at: 1, fingers: 2),
            Self.gesture(.hold, .end, at: 2, fingers: 2, cancelled: true),
            Self.gesture(.hold, .begin, at: 3, fingers: 1),
            Self.gesture(.hold, .end, at: 4, fingers: 1),
        ]
        let gestures = Fixture.gestures(try Fixture.drain(backend))
        #expect(gestures.map(\.phase) == [.begin, .cancel, .begin, .end])
        #expect(gestures.map(\.fingerCount) == [2, 2, 1, 1])
        #expect(gestures.allSatisfy { $0.kind == .hold && $0.device == DeviceID(2) })
    }

    @Test("Other libinput events (pointer, keyboard) are ignored")
    func otherEvents() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [.other(type: 400), .other(type: 300)]
        #expect(try Fixture.drain(backend).isEmpty)
    }
}

@Suite("Touchpad removal")
struct TouchpadRemovalTests {
    @Test("Removing a touchpad mid-swipe produces deviceRemoved and drops its later events")
    func removedMidSwipe() throws {
        let (backend, system) = try Fixture.backend()
        _ = try Fixture.drain(backend)
        system.queued = [
            GestureMappingTests.gesture(.swipe, .begin, at: 10, fingers: 3),
            GestureMappingTests.gesture(.swipe, .update, at: 22, fingers: 3, delta: Point(x: 1, y: 0)),
            .deviceRemoved(Fixture.touchpad),
            GestureMappingTests.gesture(.swipe, .end, at: 34, fingers: 3),
        ]
        let events = try Fixture.drain(backend)
        #expect(events.count == 3)
        #expect(events.last == .deviceRemoved(DeviceID(2), at: .milliseconds(22)))
    }
}
