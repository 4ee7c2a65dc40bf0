@testable import GestureKit

/// The hooks of a recognizer subclass, in ``Mode/reentrant``: each tells the run what it is
/// handed (before the recognizer's own code runs) and may then send input (after it; from
/// `touchesBegan`, `touchesEnded` and `touchesCancelled` only when the run's
/// ``InvariantRun/ownTouchHookInput`` is set).
enum Hook: String { case began, moved, ended, cancelled }

/// Recognizers of the reentrant graph: the built-in kinds, subclassed so that the run hears their
/// hooks and sends input from them (and from their relation hooks, whose answers stay the
/// superclass's). Only ``Mode/reentrant`` builds them: a subclass of the pinch or the rotation
/// hears motion with one finger, where the library's own does not.
final class HookedTap: TapGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedLongPress: LongPressGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedPan: PanGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedPinch: PinchGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedRotation: RotationGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedSwipe: SwipeGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedDirectionalSwipe: DirectionalSwipeGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}

final class HookedScreenEdgePan: ScreenEdgePanGestureRecognizer {
    unowned let run: InvariantRun
    init(run: InvariantRun) { self.run = run; super.init() }
    override func touchesBegan(_ t: [Touch]) { run.heard(self, .began, t); super.touchesBegan(t); run.maybeSendInputFromOwnHook(0.02, "touchesBegan", self) }
    override func touchesMoved(_ t: [Touch]) { run.heard(self, .moved, t); super.touchesMoved(t); run.maybeSendInput(0.005, "touchesMoved", self) }
    override func touchesEnded(_ t: [Touch]) { run.heard(self, .ended, t); super.touchesEnded(t); run.maybeSendInputFromOwnHook(0.02, "touchesEnded", self) }
    override func touchesCancelled(_ t: [Touch]) { run.heard(self, .cancelled, t); super.touchesCancelled(t); run.maybeSendInputFromOwnHook(0.02, "touchesCancelled", self) }
    override func touchpadGesture(_ e: TouchpadGestureEvent) { run.heard(self, e); super.touchpadGesture(e); run.maybeSendInput(0.05, "touchpadGesture", self) }
    override func deadlineReached(at time: Timestamp) { super.deadlineReached(at: time); run.maybeSendInput(0.05, "deadlineReached", self) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "shouldRequireFailure", self); return super.shouldRequireFailure(of: other) }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { run.maybeSendInput(0.01, "canPrevent", self); return super.canPrevent(other) }
}
