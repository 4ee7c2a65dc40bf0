// Every construct of the core that switches a Swift check off, with the measurement that
// justifies it: the unchecked boxes, the engine link and the closure target's cast. Outside this
// file the core has no `@exclusivity(unchecked)`, `unowned(unsafe)`, `Unmanaged`,
// `unsafeDowncast` or underscored standard-library call (docs/architecture.md, "Checks switched
// off").

/// A value the engine reads and writes on every frame, stored without Swift's run-time
/// exclusivity check. It is the core's only use of `@exclusivity(unchecked)`.
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
/// created (a touch when its finger lands, a recognizer, an engine) and one pointer load per
/// access.
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
