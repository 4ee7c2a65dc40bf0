import GestureKit
import Testing
@testable import GestureKitLibinput

/// The touchpad path as a Wayland compositor uses it: a workspace pan on 3-finger
/// swipes, an overview pinch, a hold that stops kinetic scrolling, 2-finger scrolling, beside a
/// touchscreen.
@Suite("Touchpad gestures ended by a removal, a suspend, a focus gone")
struct TouchpadEndedByRemovalTests {
    static func gesture(
        _ kind: RawGestureEvent.Kind, _ phase: RawGestureEvent.Phase, at ms: UInt64, fingers: Int,
        cancelled: Bool = false, dx: Double = 0, scale: Double = 1
    ) -> RawLibinputEvent {
        GestureMappingTests.gesture(
            kind, phase, at: ms, fingers: fingers, cancelled: cancelled, delta: Point(x: dx, y: 0),
            unaccelerated: Point(x: dx, y: 0), scale: scale)
    }

    static func scroll(at ms: UInt64, dy: Double) -> RawLibinputEvent {
        .scrollFinger(RawScrollEvent(device: Fixture.touchpad, timeMicroseconds: ms * 1000, vertical: dy, horizontal: 0))
    }

    /// A recognizer of the kind a compositor puts on the root for `kind`, and the states its
    /// targets saw.
    final class Watched {
        let recognizer: GestureRecognizer
        private(set) var states: [GestureState] = []
        init(_ recognizer: GestureRecognizer) {
            self.recognizer = recognizer
            recognizer.addTarget { [unowned self] r in self.states.append(r.state) }
        }
        var outcomes: [GestureState] { states.filter { $0 == .ended || $0 == .cancelled } }
    }

    static func recognizer(for kind: RawGestureEvent.Kind) -> GestureRecognizer {
        switch kind {
        case .swipe: return PanGestureRecognizer()
        case .pinch: return PinchGestureRecognizer()
        case .hold:
            let hold = LongPressGestureRecognizer()
            hold.numberOfTouchesRequired = 3
            return hold
        }
    }

    /// libinput, as it removes a touchpad (`evdev_device_remove` → `evdev_device_suspend` →
    /// `tp_interface_suspend` → `tp_clear_state`), lifts every touch, and its gesture code then
    /// ends the gesture under way with `tp_gesture_stop`: a `GESTURE_*_END` whose `get_cancelled`
    /// is 0, queued just before `DEVICE_REMOVED`. The backend holds a touchscreen's cancel back
    /// for exactly this (a removal next drops it, and the engine cancels as `deviceRemoved`), but
    /// hands the gesture's END on: the compositor's workspace pan (overview pinch, hold) *ends*,
    /// as if the user had lifted to commit, when the touchpad is unplugged mid-gesture.
    @Test(
        "A gesture under way when its touchpad is unplugged is cancelled as deviceRemoved, though libinput ends it (not cancelled) just before the removal",
        arguments: [RawGestureEvent.Kind.swipe, .pinch, .hold])
    func unplugMidGesture(kind: RawGestureEvent.Kind) throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let watched = Watched(Self.recognizer(for: kind))
        engine.root.addGestureRecognizer(watched.recognizer)
        try backend.dispatch { engine.send($0) }

        system.queued = [Self.gesture(kind, .begin, at: 100, fingers: 3)]
        if kind != .hold {
            system.queued += (1...6).map {
                Self.gesture(kind, .update, at: 100 + UInt64($0) * 8, fingers: 3, dx: 10, scale: 1 + Double($0) * 0.05)
            }
        }
        try backend.dispatch { engine.send($0) }
        if kind == .hold { engine.advance(to: .milliseconds(700)) }
        #expect(watched.recognizer.state.isActive, "the \(kind) is under way before the unplug")

        // What libinput queues as the touchpad goes: the gesture's end, then the removal.
        system.queued = [Self.gesture(kind, .end, at: 800, fingers: 3, scale: 1.3), .deviceRemoved(Fixture.touchpad)]
        try backend.dispatch { engine.send($0) }

        #expect(watched.outcomes == [.cancelled], "the \(kind)'s recognizer \(watched.outcomes) rather than cancelled")
        #expect(watched.recognizer.cancellationReason == .deviceRemoved)
    }

    /// The same on a VT switch: `libinput_suspend` removes every device the same way, so a
    /// 2-finger scroll under way ends with libinput's scroll stop (every axis 0), which the
    /// backend maps to the 2-finger swipe's `.end`: a pan following the scroll ends, and the
    /// compositor starts a kinetic scroll on a seat it no longer holds. troubleshooting.md: "When
    /// the seat is disabled ... every touch in flight is cancelled (each touch device is reported
    /// removed)", and `suspend(into:)`: "Nothing is left active, whatever libinput itself reported."
    @Test("A 2-finger scroll under way when the seat is suspended is cancelled as deviceRemoved, not ended by libinput's scroll stop")
    func suspendMidScroll() throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let pan = PanGestureRecognizer()
        pan.touchpadFingerCounts = 2...4
        let watched = Watched(pan)
        engine.root.addGestureRecognizer(pan)
        try backend.dispatch { engine.send($0) }
        system.queued = (0..<5).map { Self.scroll(at: 100 + UInt64($0) * 8, dy: 6) }
        try backend.dispatch { engine.send($0) }
        #expect(pan.state.isActive, "the scroll's pan is under way before the suspend")

        // libinput_suspend: tp_clear_state stops the scroll (a stop event), then DEVICE_REMOVED
        // (the scripted system queues the removals itself).
        system.queued = [Self.scroll(at: 160, dy: 0)]
        try backend.suspend { engine.send($0) }

        #expect(watched.outcomes == [.cancelled], "the scroll's pan \(watched.outcomes) rather than cancelled")
        #expect(pan.cancellationReason == .deviceRemoved)
    }

    /// A compositor sets ``GestureEngine/touchpadFocus`` to the focused client's region; the client
    /// closes, its region leaves the tree, and the focus is not updated at once (it is strong, so
    /// the region stays alive). From then on no touchpad gesture reaches any recognizer, not even
    /// the root's workspace pan: the begin's offer walks up from the focus
    /// (`GestureEngine+Touchpad.swift`, the `while let region = r` loop), skips the detached
    /// region's recognizers (`region.engine === self` is false) and stops at its `nil` parent, never
    /// reaching the root. `nil` means the root; a focus outside the engine's tree should too, as a
    /// region taken out of the tree gets no touchscreen finger either.
    @Test("A touchpad focus whose region left the tree leaves the root's recognizers reachable, as nil does")
    func detachedFocus() {
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        let pad = DeviceID(7)
        var time = Timestamp.milliseconds(1000)
        engine.send(.deviceAdded(
            InputDevice(id: pad, name: "pad", kind: .touchpad, sizeMillimetres: Size(width: 100, height: 60),
                        hasResolution: true, maximumContacts: 5), at: time))
        let client = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "client")
        engine.root.addChild(client)
        let workspaces = PanGestureRecognizer()
        let watched = Watched(workspaces)
        engine.root.addGestureRecognizer(workspaces)
        engine.touchpadFocus = client

        func swipe() {
            for phase in [TouchpadGesturePhase.begin, .update, .update, .update, .update, .end] {
                time = time + .milliseconds(8)
                engine.send(.touchpadGesture(TouchpadGestureEvent(
                    device: pad, timestamp: time, kind: .swipe, phase: phase, fingerCount: 3,
                    delta: phase == .update ? Point(x: 10, y: 0) : .zero)))
            }
        }
        swipe()
        #expect(watched.outcomes == [.ended], "the workspace pan follows a swipe on the focused client")
        client.removeFromParent()
        swipe()
        #expect(watched.outcomes == [.ended, .ended], "after the focused client left the tree, the workspace pan heard nothing")
    }
}
