/// Why a recognizer changed state: what the engine was doing when the transition was made.
///
/// The observer hears each transition as old state → cause → new state
/// (``GestureEngineObserver/engine(_:recognizer:didChangeFrom:to:because:)``). For `failed`,
/// ``GestureRecognizer/failureReason`` says more.
public struct TransitionCause: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of cause.
    public enum Kind: String, Hashable, Sendable {
        /// The recognizer's own hooks, hearing the touches of a frame or a touchpad gesture.
        case input
        /// Its touches were cancelled (``TransitionCause/cancellation`` says why).
        case touchesCancelled
        /// Its deadline passed: a long press held long enough, a multi-tap's interval ran out.
        case deadline
        /// Another recognizer's outcome (``TransitionCause/recognizer``): it won, and this one is
        /// excluded or its requirement succeeded; or it failed, and a transition this one was
        /// waiting to make is made now.
        case otherRecognizer
        /// Left `possible` with no touch, no deadline and nothing to wait for: it fails as
        /// undecided.
        case touchesGone
        /// It was disabled or removed from the graph.
        case detached
        /// Its outcome done and its touches gone, it returns to `possible`.
        case reset

        /// Whether `a` and `b` are the same case. Written out, as a `switch` on the cases, rather
        /// than left to the compiler: the synthesized comparison goes through memory and keeps
        /// references alive around it (docs/architecture.md, "Comparing cases").
        @inlinable public static func == (a: Self, b: Self) -> Bool { a.ordinal == b.ordinal }

        /// The case's position in the declaration.
        @usableFromInline var ordinal: Int {
            switch self {
            case .input: 0
            case .touchesCancelled: 1
            case .deadline: 2
            case .otherRecognizer: 3
            case .touchesGone: 4
            case .detached: 5
            case .reset: 6
            }
        }
    }

    /// What kind of cause.
    public var kind: Kind
    /// The other recognizer's name, for ``Kind/otherRecognizer``.
    public var recognizer: String?
    /// Why the touches were cancelled, for ``Kind/touchesCancelled``.
    public var cancellation: TouchCancellation?

    /// The recognizer's own hooks, on input.
    public static let input = TransitionCause(kind: .input)
    /// Its deadline passed.
    public static let deadline = TransitionCause(kind: .deadline)
    /// Nothing left to decide on.
    public static let touchesGone = TransitionCause(kind: .touchesGone)
    /// Disabled or removed.
    public static let detached = TransitionCause(kind: .detached)
    /// Back to `possible`.
    public static let reset = TransitionCause(kind: .reset)
    /// Its touches were cancelled, for `reason`.
    public static func touchesCancelled(_ reason: TouchCancellation) -> TransitionCause {
        TransitionCause(kind: .touchesCancelled, cancellation: reason)
    }
    /// Another recognizer's outcome, `name`'s.
    public static func otherRecognizer(_ name: String) -> TransitionCause {
        TransitionCause(kind: .otherRecognizer, recognizer: name)
    }

    /// `input`, `deadline`, `touchesCancelled(palm)`, `otherRecognizer(double-tap)`, …
    public var description: String {
        if let recognizer { return "\(kind.rawValue)(\(recognizer))" }
        if let cancellation { return "\(kind.rawValue)(\(cancellation.rawValue))" }
        return kind.rawValue
    }
}

extension GestureEngine {
    /// Runs `body` with `cause` as the cause of the transitions it makes, then restores the
    /// cause before it. For the engine's rare paths (deadlines, cancellations, arbitration,
    /// detaching); a frame's hooks run under ``TransitionCause/input``, set once per event.
    @inline(__always)
    func with<T>(cause: TransitionCause, _ body: () -> T) -> T {
        let outer = book.value.cause
        book.value.cause = cause
        defer { book.value.cause = outer }
        return body()
    }
}
