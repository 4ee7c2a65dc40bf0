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
/// stored here unchecked: they are read-only views of the box, or ordinary checked properties.
///
/// Each box is a separate object held by a `let`, so it costs one allocation when its owner is
/// created (a touch when its finger lands, a recognizer, an engine) and one pointer load per
/// access.
final class Unchecked<Value> {
    /// The boxed value.
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
