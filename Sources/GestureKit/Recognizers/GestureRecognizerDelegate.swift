/// Fine-tunes a recognizer's behaviour, as `UIGestureRecognizerDelegate` does. Every method is
/// optional: the defaults are UIKit's.
///
/// A question the delegate leaves to the default is asked of it once per recognizer (but whether
/// it receives a touchpad gesture, asked as each begins): the first answer, from the protocol's default, tells the recognizer that this delegate's conformance has
/// no answer of its own, and from then on the engine takes the default without loading the
/// delegate (a weak reference). Setting ``GestureRecognizer/delegate`` again starts over.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave `possible` (to begin or to recognize). Answering
    /// false makes it fail with ``FailureReason/delegateRefusedBegin``. Default true.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked once per touch, when it begins, before the recognizer sees it. Answering false keeps
    /// the touch from the recognizer for its whole life. Default true.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Asked when a touchpad gesture sequence begins. Default true.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive gesture: TouchpadGestureEvent) -> Bool
    /// Whether `recognizer` may recognize together with `other`. Either side's delegate answering
    /// true is enough. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `recognizer` must wait for `other` to fail before it may recognize. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `recognizer` to fail before it may recognize. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    // Each default also tells the recognizer that its delegate answers this question with the
    // default, so that the engine asks it no more (see `DelegateQuestions`).
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.learnDefault(.shouldBegin, from: self)
        return true
    }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        recognizer.learnDefault(.receiveTouch, from: self)
        return true
    }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive gesture: TouchpadGestureEvent) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        recognizer.learnDefault(.simultaneous, from: self)
        return false
    }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        recognizer.learnDefault(.requireFailure, from: self)
        return false
    }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        recognizer.learnDefault(.requiredToFail, from: self)
        return false
    }
}

/// The questions of ``GestureRecognizerDelegate`` the engine asks on its hot paths, as bits: those
/// a recognizer's delegate is known to answer with the protocol's default.
///
/// UIKit asks a delegate only the optional methods it implements, which it looks up once when
/// the delegate is set. A Swift protocol cannot be asked that, so the recognizer learns it: the
/// default implementation of a question, when it runs for the recognizer's own delegate, can only
/// have been reached because that delegate's conformance has no implementation of its own (a
/// method of a subclass that the conforming class does not declare is not in the conformance
/// either, so the engine's call would not reach it). From then on the engine does not load the
/// delegate (a weak reference: a side-table load and a slow release, about 130 instructions) to
/// ask that question, and takes the default answer, which is also what a recognizer without a
/// delegate gets. Setting ``GestureRecognizer/delegate`` forgets what was learnt.
struct DelegateQuestions: OptionSet {
    let rawValue: UInt8
    static let shouldBegin = DelegateQuestions(rawValue: 1 << 0)
    static let receiveTouch = DelegateQuestions(rawValue: 1 << 1)
    static let simultaneous = DelegateQuestions(rawValue: 1 << 2)
    static let requireFailure = DelegateQuestions(rawValue: 1 << 3)
    static let requiredToFail = DelegateQuestions(rawValue: 1 << 4)
}

extension GestureRecognizer {
    /// The delegate, to ask `questions`; `nil` when it is known to answer all of them with the
    /// defaults, which a `nil` delegate answers too.
    @inline(__always)
    func delegate(asking questions: DelegateQuestions) -> (any GestureRecognizerDelegate)? {
        book.value.delegateDefaults.isSuperset(of: questions) ? nil : book.value.delegate
    }

    /// Whether the delegate is known to answer `question` with the default (a delegate loaded
    /// for several questions is not asked those).
    @inline(__always)
    func answersByDefault(_ question: DelegateQuestions) -> Bool {
        book.value.delegateDefaults.contains(question)
    }

    /// Records that the delegate answers `question` with the default, when `delegate` (whose
    /// default implementation is running) is this recognizer's delegate.
    func learnDefault(_ question: DelegateQuestions, from delegate: AnyObject) {
        if !answersByDefault(question) && book.value.delegate === delegate {
            book.value.delegateDefaults.insert(question)
        }
    }
}
