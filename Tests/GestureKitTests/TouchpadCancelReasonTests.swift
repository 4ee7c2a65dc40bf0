import GestureKit
import Testing

/// A touchpad gesture cancelled by libinput, by the touchpad's removal or by the host says why,
/// as a cancelled touch does (docs/json-schema.md: every cancelled line carries a reason).
@Suite("Touchpad cancel reasons")
struct TouchpadCancelReasonTests {
    private static let pad = InputDevice(
        id: DeviceID(7), name: "pad", kind: .touchpad, sizeMillimetres: Size(width: 100, height: 60))

    private enum Ending: CaseIterable { case libinput, unplugged, host }

    private static func expected(_ ending: Ending) -> TouchCancellation {
        switch ending {
        case .libinput: .device
        case .unplugged: .deviceRemoved
        case .host: .host
        }
    }

    /// Drives one recognizer through a touchpad gesture of `kind` (begin, two updates) and ends it
    /// the way `ending` says; returns its cancellation reason when it was cancelled, and the reason
    /// it failed for otherwise.
    private func run(
        _ g: GestureRecognizer, kind: TouchpadGestureKind, fingers: Int, ending: Ending,
        update: (Int) -> TouchpadGestureEvent.Update
    ) -> (state: GestureState, cancelled: TouchCancellation?, failure: FailureReason?) {
        let e = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
        e.send(.deviceAdded(Self.pad, at: .zero))
        e.root.addGestureRecognizer(g)
        var last: (GestureState, TouchCancellation?, FailureReason?) = (.possible, nil, nil)
        g.addTarget { r in if r.state == .cancelled { last = (.cancelled, r.cancellationReason, nil) } }
        let watcher = FailureWatcher()
        e.observer = watcher
        func send(_ phase: TouchpadGesturePhase, at ms: Int64, _ u: TouchpadGestureEvent.Update = .init()) {
            e.send(.touchpadGesture(TouchpadGestureEvent(
                device: Self.pad.id, timestamp: .milliseconds(ms), kind: kind, phase: phase, fingerCount: fingers,
                delta: u.delta, unacceleratedDelta: u.delta, scale: u.scale, angleDelta: u.angle)))
        }
        send(.begin, at: 10)
        for i in 1...2 { send(.update, at: 10 + Int64(i) * 10, update(i)) }
        switch ending {
        case .libinput: send(.cancel, at: 40)
        case .unplugged: e.send(.deviceRemoved(Self.pad.id, at: .milliseconds(40)))
        case .host: e.cancelAllTouches()
        }
        if let f = watcher.failure { last = (.failed, nil, f) }
        return last
    }

    @Test("a pan, pinch or rotation under way is cancelled with the reason", arguments: Ending.allCases)
    private func active(_ ending: Ending) {
        let want = Self.expected(ending)
        let pan = run(PanGestureRecognizer(), kind: .swipe, fingers: 3, ending: ending) { _ in .init(delta: Point(x: 40, y: 0)) }
        #expect(pan.state == .cancelled && pan.cancelled == want, "pan: \(pan)")
        let pinch = run(PinchGestureRecognizer(), kind: .pinch, fingers: 2, ending: ending) { i in .init(scale: 1 + 0.3 * Double(i)) }
        #expect(pinch.state == .cancelled && pinch.cancelled == want, "pinch: \(pinch)")
        let rotation = run(RotationGestureRecognizer(), kind: .pinch, fingers: 2, ending: ending) { _ in .init(angle: 20) }
        #expect(rotation.state == .cancelled && rotation.cancelled == want, "rotation: \(rotation)")
    }

    @Test("a swipe not yet recognized fails with the reason", arguments: Ending.allCases)
    private func possible(_ ending: Ending) {
        let want = Self.expected(ending)
        let swipe = SwipeGestureRecognizer()
        swipe.touchpadFingerCounts = 3...3
        let r = run(swipe, kind: .swipe, fingers: 3, ending: ending) { _ in .init(delta: Point(x: 1, y: 0)) }
        #expect(r.state == .failed && r.failure == .touchesCancelled(want), "swipe: \(r)")
    }
}

extension TouchpadGestureEvent {
    /// What one update of a test's touchpad gesture carries.
    fileprivate struct Update {
        var delta: Point = .zero
        var scale: Double = 1
        var angle: Double = 0
    }
}

/// Remembers why a recognizer of the engine it observes failed.
private final class FailureWatcher: GestureEngineObserver {
    var failure: FailureReason?

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        if new == .failed { failure = recognizer.failureReason }
    }
}
