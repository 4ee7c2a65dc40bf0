/// Every tunable of the recognizers, in one place, with its unit.
public struct GestureConfiguration: Sendable, Hashable {
    public init() {}
    /// The defaults.
    public static let `default` = GestureConfiguration()
}
