extension GestureRecognizer {
    // MARK: Targets

    /// Creates a recognizer with the tunables of `configuration` and one target, `action`, called
    /// with the recognizer as its own class: `PinchGestureRecognizer { p in print(p.scale) }`.
    ///
    /// The same as creating the recognizer and calling ``addTarget(_:)``, whose ownership rule
    /// applies. Subclasses inherit this initializer when they inherit or override every designated
    /// initializer of their superclass (as the built-in recognizers do with
    /// ``init(configuration:)``).
    public convenience init(configuration: GestureConfiguration = .default, action: @escaping (Self) -> Void) {
        self.init(configuration: configuration)
        addTarget(action)
    }

    /// Creates a recognizer with the tunables of `configuration` and one target: `action` called
    /// on `target`, which the recognizer holds weakly — UIKit's `init(target:action:)`, as in
    /// `PinchGestureRecognizer(target: self, action: MapView.zoom)`.
    ///
    /// The same as creating the recognizer and calling ``addTarget(_:action:)``.
    public convenience init<Target: AnyObject>(
        configuration: GestureConfiguration = .default, target: Target, action: @escaping (Target) -> (Self) -> Void
    ) {
        self.init(configuration: configuration)
        addTarget(target, action: action)
    }

    /// Adds a target, called on every state change except `failed` (UIKit's target-action).
    /// Several targets are called in the order they were added.
    ///
    /// The target receives the recognizer typed as the class it was added through, so it reads
    /// that class's properties without a cast:
    ///
    /// ```swift
    /// pinch.addTarget { p in                      // p: PinchGestureRecognizer
    ///     if p.state == .changed { print("zoom", p.scale) }
    /// }
    /// ```
    ///
    /// A closure typed `(GestureRecognizer) -> Void` is accepted too.
    ///
    /// - Important: The recognizer holds `action` strongly, with everything the closure captures,
    ///   for as long as the target is attached. Use the parameter rather than capturing the
    ///   recognizer: a closure that captures its own recognizer makes a reference cycle and keeps
    ///   it alive until the target is removed. Capture the objects that own the recognizer — a
    ///   view model, the region — `weak` or `unowned`, or add them with ``addTarget(_:action:)``,
    ///   which holds its target object weakly.
    ///
    /// - Parameter action: Called with the recognizer after each state change but `failed`.
    /// - Returns: A token for ``removeTarget(_:)``.
    @discardableResult
    public func addTarget(_ action: @escaping (Self) -> Void) -> TargetToken {
        // Targets are only ever called with `self`, whose class is `Self` (see `asTargetType`).
        append(object: nil, holdsObject: false) { _, r in action(r.asTargetType(Self.self)) }
    }

    /// Adds a target object and a method of it to call: UIKit's `addTarget(_:action:)`, with the
    /// method named the Swift way.
    ///
    /// ```swift
    /// final class MapView {
    ///     var scale = 1.0
    ///     func zoom(_ pinch: PinchGestureRecognizer) {
    ///         if pinch.state == .ended { scale *= pinch.scale }
    ///     }
    /// }
    /// pinch.addTarget(mapView, action: MapView.zoom)
    /// ```
    ///
    /// The recognizer holds `target` weakly, as UIKit does: it does not keep it alive. Once
    /// `target` has been deallocated its action is no longer called: ``targetCount`` stops counting
    /// it at once, and the recognizer drops it the next time it calls its targets.
    /// The action itself is held strongly; a method reference such as `MapView.zoom` captures
    /// nothing.
    ///
    /// - Parameters:
    ///   - target: The object to call, held weakly.
    ///   - action: A method of `target`'s class that takes the recognizer as its own class (or as
    ///     any superclass of it), called after each state change but `failed`.
    /// - Returns: A token for ``removeTarget(_:)``.
    @discardableResult
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Self) -> Void) -> TargetToken {
        append(object: target, holdsObject: true) { object, r in
            // Called only with the object, still alive, and with `self`: the checked casts hold.
            action(object as! Target)(r as! Self)
        }
    }

    /// Removes one target, or every target when `token` is `nil` (as UIKit's `removeTarget(nil, …)`).
    /// Removing a target that is no longer attached does nothing.
    public func removeTarget(_ token: TargetToken?) {
        guard let token else { book.value.targets.removeAll(); return }
        book.value.targets.removeAll { $0.token == token.value }
    }

    /// How many targets are attached, not counting those whose target object has gone.
    public var targetCount: Int {
        var n = 0
        for t in targets where !t.holdsObject || t.object != nil { n += 1 }
        return n
    }

    /// A target: a closure, or a method with the object it is called on, held weakly.
    struct TargetEntry {
        let token: Int
        /// The target object, for a target added with one; `nil` for a closure.
        weak var object: AnyObject?
        /// Whether the target was added with an object (and is dropped once it has gone).
        let holdsObject: Bool
        /// Calls the target with its object (`nil` for a closure) and the recognizer.
        let call: (AnyObject?, GestureRecognizer) -> Void
    }

    private func append(
        object: AnyObject?, holdsObject: Bool, call: @escaping (AnyObject?, GestureRecognizer) -> Void
    ) -> TargetToken {
        nextToken += 1
        book.value.targets.append(TargetEntry(token: nextToken, object: object, holdsObject: holdsObject, call: call))
        return TargetToken(value: nextToken)
    }

    /// Calls each target in the order they were added. A target may add or remove targets,
    /// itself included: those added are called in the same round, those removed before their turn
    /// are not, and the others are each called once. A target whose object has gone is dropped.
    /// A transition that input sent from a target makes meanwhile waits for its own round (see
    /// `commit(_:reason:)`): this one goes on to every target.
    func sendActions() {
        var i = 0
        // The usual case, one closure: called through one copy of the list (which keeps the
        // closure alive should the call remove it). Targets the call adds are called next.
        let list = book.value.targets
        if list.count == 1 && !list[0].holdsObject {
            let token = list[0].token
            list[0].call(nil, self)
            if book.value.targets.count == 1 && book.value.targets[0].token == token { return }
            i = targets.firstIndex { $0.token > token } ?? targets.count
        }
        while i < targets.count {
            let token = targets[i].token
            if !targets[i].holdsObject {
                targets[i].call(nil, self)
            } else if let object = targets[i].object {
                targets[i].call(object, self)
            } else {
                book.value.targets.remove(at: i)
                continue
            }
            // Carry on after this target's token: the array may have changed around it.
            if i < targets.count && targets[i].token == token {
                i += 1
            } else {
                i = targets.firstIndex { $0.token > token } ?? targets.count
            }
        }
    }
}
