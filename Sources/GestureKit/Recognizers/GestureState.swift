/// A recognizer's state, as UIKit defines it.
///
/// Continuous gestures go `possible → began → changed* → ended | cancelled`; discrete gestures go
/// `possible → recognized | failed` (``recognized`` is ``ended``). After ended, cancelled or
/// failed the recognizer resets to `possible` once all its touches are gone.
public enum GestureState: String, Hashable, Sendable, CaseIterable {
    /// Undecided: the recognizer is watching its touches (the state it starts and resets to).
    case possible
    /// A continuous gesture started; the touches are claimed.
    case began
    /// A continuous gesture moved on.
    case changed
    /// A continuous gesture finished, or a discrete one was recognized.
    case ended
    /// A continuous gesture was cut short (its touches were cancelled, or it was disabled).
    case cancelled
    /// The touches did not make this gesture; ``GestureRecognizer/failureReason`` says why.
    case failed

    /// A discrete gesture's success: the same as ``ended``.
    public static let recognized = GestureState.ended

    /// Whether the recognizer has reached an outcome and waits for its touches to go.
    @inlinable public var isFinished: Bool {
        switch self {
        case .ended, .cancelled, .failed: true
        case .possible, .began, .changed: false
        }
    }

    /// Whether a continuous gesture is in progress.
    @inlinable public var isActive: Bool {
        switch self {
        case .began, .changed: true
        case .possible, .ended, .cancelled, .failed: false
        }
    }

    /// Whether a recognizer in this state has claimed its touches (began, changed or recognized).
    @inlinable public var hasRecognized: Bool {
        switch self {
        case .began, .changed, .ended: true
        case .possible, .cancelled, .failed: false
        }
    }

    /// Whether a recognizer in this state recognized in its sequence: began, changed, recognized,
    /// or cancelled (reached only from began or changed). What a recognizer with
    /// `cancelsTouchesInView` claims its touches by, even when it began and was cancelled in one
    /// cycle, before the touches' delivery saw it began.
    @inlinable var hasBegun: Bool {
        switch self {
        case .began, .changed, .ended, .cancelled: true
        case .possible, .failed: false
        }
    }

    /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
    /// than left to the compiler: the synthesized comparison goes through memory and keeps
    /// references alive around it (docs/architecture.md, "Comparing cases").
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

    /// The case's position in the declaration.
    @usableFromInline var ordinal: Int {
        switch self {
        case .possible: 0
        case .began: 1
        case .changed: 2
        case .ended: 3
        case .cancelled: 4
        case .failed: 5
        }
    }
}

/// Why a recognizer failed: a value a host can log or test against.
public enum FailureReason: Hashable, Sendable, CustomStringConvertible {
    /// The fingers moved further than the gesture allows.
    case movedTooFar(allowed: Distance)
    /// The gesture took longer than it may.
    case tooSlow(allowed: Duration)
    /// A finger stayed down too long for a tap.
    case heldTooLong(allowed: Duration)
    /// Too few or too many fingers.
    case wrongNumberOfTouches(expected: ClosedRange<Int>, actual: Int)
    /// The fingers of a multi-finger gesture landed further apart in time than the landing
    /// window allows (``GestureConfiguration/multiTouchLandingWindow``).
    case fingersLandedApart(allowed: Duration)
    /// The motion went in a direction the recognizer does not accept.
    case wrongDirection
    /// The fingers lifted before the gesture was complete.
    case endedTooSoon
    /// A touch began outside the area the gesture must start in (an edge band).
    case startedOutsideArea
    /// A finger of a multi-finger edge gesture landed outside the zone the others landed in.
    case fingerOutsideZone(ScreenZone)
    /// A recognizer this one requires to fail recognized instead.
    case requiredRecognizerSucceeded(String)
    /// Another recognizer that shares the touches recognized first and may not be simultaneous.
    case excludedBy(String)
    /// Another recognizer that shares the touches was already recognizing.
    case preventedBy(String)
    /// The delegate's `gestureRecognizerShouldBegin` answered false.
    case delegateRefusedBegin
    /// The touches were cancelled (by the device, a palm, the watchdog or the host).
    case touchesCancelled(TouchCancellation)
    /// The recognizer was disabled or removed while it had touches.
    case disabled
    /// The touch sequence ended with the recognizer still undecided and nothing left to wait for.
    case undecided
    /// A reason a custom recognizer gives.
    case custom(String)
    /// The state was set to failed without a reason.
    case unspecified

    public var description: String {
        switch self {
        case .movedTooFar(let d): "moved further than \(d)"
        case .tooSlow(let d): "slower than \(d.gestureSeconds * 1000) ms"
        case .heldTooLong(let d): "held longer than \(d.gestureSeconds * 1000) ms"
        case .wrongNumberOfTouches(let r, let n):
            "\(n) touches, expected \(r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "\(r.lowerBound)…\(r.upperBound)")"
        case .fingersLandedApart(let d): "fingers landed more than \(d.gestureSeconds * 1000) ms apart"
        case .wrongDirection: "wrong direction"
        case .endedTooSoon: "ended too soon"
        case .startedOutsideArea: "started outside its area"
        case .fingerOutsideZone(let z): "a finger landed outside the \(z)"
        case .requiredRecognizerSucceeded(let n): "required \(n) to fail, but it recognized"
        case .excludedBy(let n): "excluded by \(n)"
        case .preventedBy(let n): "prevented by \(n)"
        case .delegateRefusedBegin: "delegate refused to begin"
        case .touchesCancelled(let c): "touches cancelled (\(c.rawValue))"
        case .disabled: "disabled"
        case .undecided: "undecided when its touches ended"
        case .custom(let s): s
        case .unspecified: "unspecified"
        }
    }
}
