/// Receives the raw touches of a region, as UIKit's `touchesBegan/Moved/Ended/Cancelled` do, and
/// as a Wayland client receives `wl_touch` events from its compositor.
///
/// What arrives here follows the delivery flags of the recognizers that receive the same touches:
/// ``GestureRecognizer/delaysTouchesBegan`` holds a touch back until those recognizers fail,
/// ``GestureRecognizer/delaysTouchesEnded`` holds its end back likewise, and
/// ``GestureRecognizer/cancelsTouchesInView`` turns a touch into a cancel when a gesture claims it.
/// Every touch that began here ends with exactly one ``touchEnded(_:)`` or cancel, and hears
/// nothing more after it. A handler replaced on its region (or taken away) while it has touches
/// gets their cancels then, with a frame; the handler that follows never hears of them.
///
/// Touchpad fingers (``TouchType/indirect``, from a touchpad's raw frames, as a replayed
/// touchpad recording sends them) have no screen position: they reach the handler of
/// ``GestureEngine/touchpadFocus`` (the root's when it is `nil`), as UIKit hands indirect touches
/// to a view. A compositor that forwards touches as `wl_touch` checks ``Touch/type`` and leaves
/// them out: Wayland clients hear touchpads as pointer gestures, not as touches.
///
/// ## Frames
///
/// The calls come in *frames*: everything one input event (a touch frame, a device leaving, a
/// deadline passing, ``GestureEngine/cancelAllTouches()``, a region or recognizer leaving the tree)
/// delivers to a region, then one ``touchFrame(in:)`` for that region: `wl_touch.frame`. A region
/// that got nothing from an event gets no frame; touches held back and delivered later are followed
/// by a frame of their own, in the event that lets them go. The frame goes to the handler that
/// heard the calls, even if the region has another handler (or none) by the end of the event: a
/// region taken out of the tree from a target, then given another handler, say.
///
/// ## Cancels
///
/// ``cancellationScope`` chooses what a cancel covers. ``TouchCancellationScope/touch`` (the
/// default, UIKit's way) cancels the touches a gesture claims, or the device gave up, one
/// ``touchCancelled(_:)`` each; the region's other touches go on. ``TouchCancellationScope/region``
/// (Wayland's way: `wl_touch.cancel` ends every touch of the surface) answers any cancel of a touch
/// delivered here with one ``touchesCancelled(_:in:)`` naming the region and every touch it had
/// been delivered and not yet ended; none of them is heard of again. Touches held back and never
/// delivered are not in it: they were never the handler's to cancel.
public protocol TouchHandler: AnyObject {
    /// A touch landed (possibly after being held back: its location is the current one).
    func touchBegan(_ touch: Touch)
    /// A delivered touch moved.
    func touchMoved(_ touch: Touch)
    /// A delivered touch lifted.
    func touchEnded(_ touch: Touch)
    /// A delivered touch was cancelled: a gesture claimed it, its device gave up on it or went
    /// away, or its region left the tree. Called when ``cancellationScope`` is
    /// ``TouchCancellationScope/touch``.
    func touchCancelled(_ touch: Touch)
    /// Every touch delivered to `region` and not yet ended was cancelled at once, in the order
    /// they landed. Called, instead of ``touchCancelled(_:)``, when ``cancellationScope`` is
    /// ``TouchCancellationScope/region``.
    ///
    /// The array is lent for the call: keep the touches, not the array, if they are needed later.
    /// By default it calls ``touchCancelled(_:)`` for each touch.
    func touchesCancelled(_ touches: [Touch], in region: Region)
    /// The calls of one input event to `region` are complete: `wl_touch.frame`. Called once per
    /// event for each region that was delivered something, a cancel included, after all of it.
    /// By default it does nothing.
    func touchFrame(in region: Region)
    /// What one cancel covers: the touch alone (UIKit) or every delivered touch of the region
    /// (Wayland). Read when a cancel is due. By default ``TouchCancellationScope/touch``.
    var cancellationScope: TouchCancellationScope { get }
}

extension TouchHandler {
    /// Calls ``touchCancelled(_:)`` for each touch, in order.
    public func touchesCancelled(_ touches: [Touch], in region: Region) {
        for t in touches { touchCancelled(t) }
    }

    /// Does nothing: a handler that does not group its calls by frame ignores frames.
    public func touchFrame(in region: Region) {}

    /// ``TouchCancellationScope/touch``: a cancel covers the touch it names, as in UIKit.
    public var cancellationScope: TouchCancellationScope { .touch }
}

/// What one cancel delivered to a ``TouchHandler`` covers.
public enum TouchCancellationScope: Hashable, Sendable {
    /// The cancelled touch alone, one ``TouchHandler/touchCancelled(_:)`` each; the region's other
    /// touches go on (UIKit's `touchesCancelled` for the touches a gesture recognized).
    case touch
    /// Every touch delivered to the region and not yet ended, in one
    /// ``TouchHandler/touchesCancelled(_:in:)``, and none of them is heard of again: a surface's
    /// `wl_touch.cancel`, which ends all the client's touch points on it.
    case region
}
