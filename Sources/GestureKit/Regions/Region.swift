/// A hit-testable rectangle in a tree: what a view is to UIKit.
public final class Region {
    public var frame: Rect
    public var name: String
    public init(frame: Rect, name: String = "") { self.frame = frame; self.name = name }
}
