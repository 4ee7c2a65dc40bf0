// Every construct of the core that switches a Swift check off, with the measurement that
// justifies it: the unchecked boxes, the engine link, the closure target's cast and the loops
// that borrow recognizers from their list without counting a reference. Outside this file the
// core has no unchecked-exclusivity attribute, unsafe unowned reference, unmanaged reference,
// unchecked downcast or underscored standard-library call (docs/architecture.md, "Checks
// switched off").

/// A value the engine reads and writes on every frame, stored without Swift's run-time
/// exclusivity check. It is the core's only use of the unchecked-exclusivity attribute.
///
/// Swift checks every access to a class's stored `var` at run time (a probe of a thread-local
/// set of accesses in progress), because it cannot prove statically that two accesses to a
/// class instance never overlap. The engine touches a few dozen such fields for every recognizer
/// and every touch in every frame: with the check on all of them, a 10-finger frame through the
/// 24-recognizer benchmark graph cost 32,905 instructions instead of 10,936 (callgrind, Swift
/// 6.3.1, x86_64), a 1-finger frame 25,956 instead of 4,429.
///
/// What lives in a box is internal and written only by plain assignments or by array mutations
/// that never call out (no closure, delegate, target or hook runs while an access is open), so
/// no two accesses can overlap and the check has nothing to find. Public properties are never
/// unchecked stored properties: they are getters (and setters) over a box, each access ending
/// before any code outside the core runs, or ordinary checked properties.
///
/// Each box is a separate object held by a `let`, so it costs one allocation when its owner is
/// created (a touch, a recognizer, a region, an engine; a pooled touch reused for a finger that
/// lands allocates nothing) and one pointer load per access.
@usableFromInline final class Unchecked<Value> {
    /// The boxed value.
    @usableFromInline @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// The engine, as a recognizer taking part in one of its cycles reaches it: without counting a
/// reference and without a weak load.
///
/// A recognizer's hooks and transitions reach the engine several times per frame. A strong
/// reference would be a cycle (the engine holds its participants); a weak one costs a side-table
/// load on every use; an ordinary `unowned` one a check and a count on every use. The link is
/// set when the recognizer receives input from the engine and cleared when the recognizer
/// resets, is released, or the engine goes (its `deinit`), so it never outlives the engine.
struct EngineLink {
    private let engine: Unmanaged<GestureEngine>

    init(_ engine: GestureEngine) {
        self.engine = .passUnretained(engine)
    }

    /// The engine's address, never 0: what `RecognizerBook.partOf` compares.
    var address: UInt { UInt(bitPattern: engine.toOpaque()) }

    /// Calls `body` with the engine, which the link's owner guarantees is alive.
    @inline(__always)
    func with<R>(_ body: (GestureEngine) -> R) -> R {
        engine._withUnsafeGuaranteedRef(body)
    }

    /// Tells the engine of a recognizer's transition. Spelled out rather than through
    /// `with(_:)`, whose closure the compiler does not inline here (40 instructions more per
    /// 1-finger frame): this runs on every state change.
    @inline(__always)
    func didTransition(_ recognizer: GestureRecognizer, from old: GestureState, to new: GestureState) {
        engine._withUnsafeGuaranteedRef { $0.didTransition(recognizer, from: old, to: new) }
    }
}

extension GestureRecognizer {
    /// The recognizer as `R`, the class a closure target was added through, without the run-time
    /// cast's check in release builds (debug builds still check).
    ///
    /// A target added with ``addTarget(_:)`` takes the recognizer typed as the class it was added
    /// through (`Self` of that call, the recognizer's own class), and its closure is stored in that
    /// recognizer's list of targets, which only `sendActions()` calls, and only with the
    /// recognizer itself: the type always holds. The checked cast (`as! Self`) is a call into the
    /// run time, about 35 instructions per target called: without it the 1-finger graph frame
    /// went from 1,575 instructions to 1,504, the 10-finger one from 4,999 to 4,859 and the
    /// recording's from 6,929 to 6,852 (callgrind, Swift 6.3.1, x86_64).
    @inline(__always)
    func asTargetType<R: GestureRecognizer>(_: R.Type) -> R {
        unsafeDowncast(self, to: R.self)
    }
}

// Loops over recognizers that call into each one. Swift retains and releases a class reference read
// from a list around a call it cannot see into (a hook, a delegate), even when the list holds the
// reference for the whole call, bound by `for`, by index or through a span alike: about 40
// instructions per recognizer visited (docs/architecture.md, "Borrowing without unsafe code", has
// the loops that call nothing, which a span serves). These loops pass each recognizer on as
// the standard library's guaranteed-reference call does, promising the compiler that something
// holds it for the whole call, and keep that promise: a list the loop holds itself (a copy, alive
// until the loop ends), or the participants while a loop over them runs, from which no
// recognizer a loop calls out for is taken out then (the order kept from the last sequence,
// listed after them, may be dropped).
// Measured with callgrind (instructions per frame, Swift 6.3.1, x86_64), the motion of a frame
// (`dispatchMoves`): the 10-finger graph frame 4,856 → 4,668, the 1-finger one 1,496 → 1,402, the
// recording on one engine 5,765 → 5,531; the hooks of a cycle (`dispatchHooks`): the 1-finger
// landing 17,106 → 16,026, the 10-finger one 93,033 → 91,953; the offer of a landing touch: 16,026
// → 15,066 and 91,953 → 82,353; the arbiter's exclusion and the end of a cycle: the 1-finger
// lifting 34,310 → 32,101, the 10-finger one 83,589 → 82,364; the arbiter's searches
// (`containsUnretained`): the 1-finger lifting 32,101 → 31,260; the queueing of a lifted touch for
// its recognizers, the 10-finger lifting 82,364 → 71,516 and the 1-finger one 31,260 → 30,177.
// `BorrowedRecognizerTests` takes a recognizer out of its region inside each kind of loop while
// only the engine's lists hold it, under AddressSanitizer in the sanitizer tier (with the
// participants pruned at once instead, it reports a use after free). The check that a loop over the
// participants runs, made in every build, costs the landing rows 46 instructions and the lifting
// rows 90 and 162.

extension Array where Element == GestureRecognizer {
    /// Calls `body` with each recognizer of the list in turn, not retained: the list, alive until
    /// the loop ends, holds each.
    @inline(__always)
    func forEachUnretained(_ body: (GestureRecognizer) -> Void) {
        _ = containsUnretained { body($0); return false }
    }

    /// Whether `predicate` holds for some recognizer of the list, each passed not retained: the
    /// list, alive until the search ends, holds each.
    @inline(__always)
    func containsUnretained(where predicate: (GestureRecognizer) -> Bool) -> Bool {
        withExtendedLifetime(self) {
            var i = 0
            while i < count {
                if Unmanaged.passUnretained(self[i])._withUnsafeGuaranteedRef(predicate) { return true }
                i += 1
            }
            return false
        }
    }
}

extension GestureEngine {
    /// Calls `body` with participant `i`, not retained. Only inside a loop over the participants
    /// (`participantLoops > 0`, checked in every build: a loop that forgot to count itself would
    /// stop the program rather than risk a recognizer freed under it): the list then loses no
    /// participant (those released are pruned once every loop is done; only the order kept from
    /// the last sequence, listed after every participant, may be dropped), so it holds the
    /// recognizer for the whole call, even if it grows meanwhile. The access to the list ends
    /// before `body` runs.
    @inline(__always)
    func withParticipant(at i: Int, _ body: (GestureRecognizer) -> Void) {
        precondition(participantLoops > 0, "a participant borrowed outside a loop over the participants")
        Unmanaged.passUnretained(book.value.participants[i])._withUnsafeGuaranteedRef(body)
    }
}
