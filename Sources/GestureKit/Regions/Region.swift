/// A hit-testable rectangle in a tree: what a view is to UIKit.
///
/// A touch is hit-tested once, when it begins, to the deepest interactive region that contains
/// it; recognizers attached to that region **and to all its ancestors** receive the touch, and the
/// region's ``touchHandler`` receives the raw touch, subject to the recognizers' delivery flags.
public final class Region {
    /// The frame in the parent's coordinates (screen points for the root).
    ///
    /// An engine's root resized (the screen's mode changed) gives the devices whose density the
    /// engine derives from the screen's area (``InputDevice/density`` `nil`) the new one, for the
    /// touches that land from then on.
    public var frame: Rect {
        get { storedFrame }
        set {
            let resized = newValue.size != storedFrame.size
            storedFrame = newValue
            if resized, let owner = ownerEngine { owner.screenDidResize() }
        }
    }
    /// A name for logs.
    public var name: String {
        get { storedName }
        set { storedName = newValue }
    }
    /// Whether touches may land in this region or its descendants (UIKit's
    /// `isUserInteractionEnabled`). A disabled region is skipped by hit-testing with its subtree.
    public var isInteractionEnabled: Bool {
        get { storedIsInteractionEnabled }
        set { storedIsInteractionEnabled = newValue }
    }
    /// Receives the raw touches that land in this region, a frame at a time (the hook a compositor
    /// uses to forward touches to a client surface; see ``TouchHandler``). Held strongly.
    ///
    /// Replaced by another handler, or set to `nil`, while the handler has touches: those touches
    /// are cancelled to it (as its ``TouchHandler/cancellationScope`` says) and it gets the frame
    /// of its calls at once; the handler that follows hears only touches delivered after it came.
    /// So are the touches whose cancel an engine that went owes the region (heard otherwise when
    /// it next joins an engine's tree).
    /// Set where there was none, it hears only touches that begin after it came (or whose
    /// beginning a recognizer still holds back), never the rest of one already down.
    public var touchHandler: (any TouchHandler)? {
        get { storedTouchHandler }
        set {
            let old = storedTouchHandler
            // The handler that heard those touches begin hears them end, not the one that follows.
            if old !== newValue && !cancelsOwed.isEmpty { settleCancelsOwed() }
            // Every engine that delivers to this region: its own, and each whose tree holds that
            // one's root (the touches it hit-tests are its own).
            var e = old !== newValue ? engine : nil
            while let current = e {
                if let old { current.touchHandlerWillChange(in: self, from: old) } else { current.touchHandlerWillArrive(in: self) }
                e = current.root.parent?.engine
            }
            storedTouchHandler = newValue
        }
    }
    /// The parent region, `nil` for a root. A child does not keep its parent alive: once the
    /// parent has gone, this reads `nil`.
    public var parent: Region? { storedParent }
    /// The child regions, back to front: the last child is on top for hit-testing.
    public var children: [Region] { storedChildren }
    /// The recognizers attached to this region, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { storedGestureRecognizers }

    // The storage of the properties hit-testing and every landing finger read. It is private and
    // only ever read or written whole, never across a call (a list is taken out, changed and put
    // back): the compiler proves that no two accesses overlap and checks none at run time.
    private var storedFrame: Rect
    private var storedName: String
    private var storedTouchHandler: (any TouchHandler)?
    private var storedIsInteractionEnabled = true
    // The parent, and a recognizer's region, are `unowned`: a weak reference to a region would
    // give it a side table, and every retain and release of it the slow path (6,700 of the
    // 10-finger landing's instructions). The region being held by neither, its deinit lets go of
    // both first, so that neither is read once it is gone. Each lives in an `Unchecked` box (the
    // parent in this one, the region in the recognizer's book): a class's stored `unowned`
    // property is checked for exclusive access at run time on every read (three per landing
    // touch, walking up from its region: 2,280 instructions of the 10-finger landing).
    private let links = Unchecked(Links())
    private var storedParent: Region? {
        get { links.value.parent }
        set { links.value.parent = newValue }
    }
    private var storedChildren: [Region] = []
    private var storedGestureRecognizers: [GestureRecognizer] = []
    /// Set on the root region of an engine.
    weak var ownerEngine: GestureEngine? {
        didSet { refreshEngine() }
    }
    /// ``engine`` as of the last change to the tree: the owner engine of the nearest region up the
    /// tree, this one included. Every state change and every `now` of a recognizer asks for its
    /// engine, and walking up costs two weak loads per level.
    private weak var treeEngine: GestureEngine?
    /// Fingers delivered here whose engine went while they were down, in a tree no other engine
    /// held: their cancel is owed, and heard when this region next joins an engine's tree, or
    /// when its handler (the one that heard them) is replaced or taken away before that.
    var cancelsOwed: [Touch] = []

    /// Creates a detached region.
    public init(frame: Rect, name: String = "") {
        storedFrame = frame
        storedName = name
    }

    /// What a region holds of the tree above it.
    struct Links {
        unowned var parent: Region?
    }

    deinit {
        // Its children and recognizers point back here, unowned: they are told first. A child
        // is listed here exactly while its parent is this region, a recognizer exactly while its
        // region is (`insertChild`, `removeFromParent`, `addGestureRecognizer`,
        // `removeGestureRecognizer`).
        for c in storedChildren { c.storedParent = nil }
        for g in storedGestureRecognizers { g.region = nil }
    }

    /// The engine this region's tree belongs to, if it is attached to one.
    public var engine: GestureEngine? {
        if let e = treeEngine { return e }
        // Not cached, or that engine is gone (one further up may remain).
        var r: Region? = self
        while let c = r {
            if let e = c.ownerEngine { return e }
            r = c.parent
        }
        return nil
    }

    // MARK: Tree

    /// Adds `child` on top of the existing children, removing it from its former parent first; a
    /// child of this region is raised to the top, its touches and gestures going on.
    public func addChild(_ child: Region) {
        insertChild(child, at: children.count)
    }

    /// Inserts `child` at `index` in back-to-front order. A child of this region already moves to
    /// `index` among the others (`index` counted without it), and what its recognizers and touch
    /// handlers are doing goes on, as UIKit's `insertSubview(_:at:)` on the same superview.
    ///
    /// Removing `child` from another parent cancels what its recognizers and handlers were
    /// doing, and so calls out. Should one of those calls move `child` itself, or this region into
    /// `child`'s subtree, that change stands and this insertion does nothing (the tree stays a tree).
    public func insertChild(_ child: Region, at index: Int) {
        precondition(!isDescendant(of: child), "a region cannot be its own child or descendant")
        // Already a child: only its place among its siblings changes (a compositor raising the
        // window that was touched). It stays in the tree, and nothing of it is cancelled.
        if child.parent === self {
            var list = storedChildren
            storedChildren = []
            list.removeAll { $0 === child }
            list.insert(child, at: min(max(0, index), list.count))
            storedChildren = list
            engine?.treeDidChange()
            return
        }
        child.removeFromParent()
        guard child.parent == nil, !isDescendant(of: child) else { return }
        var list = storedChildren
        storedChildren = []
        list.insert(child, at: min(max(0, index), list.count))
        storedChildren = list
        child.storedParent = self
        child.refreshEngine()
        engine?.treeDidChange()
    }

    /// Detaches this region from its parent. Gestures in progress on recognizers of this subtree
    /// are cancelled.
    ///
    /// The cancellations call out; should one of those calls move this region (or remove it), that
    /// change stands and this removal does nothing more.
    public func removeFromParent() {
        guard let parent else { return }
        let engine = self.engine
        engine?.treeDidChange()
        engine?.regionWillDetach(self)
        // The engines whose trees hold this engine's root deliver their fingers here too.
        var outer = engine?.root.parent?.engine
        while let e = outer, self.parent === parent {
            e.nestedRegionWillDetach(self)
            outer = e.root.parent?.engine
        }
        guard self.parent === parent else { return }
        var siblings = parent.storedChildren
        parent.storedChildren = []
        siblings.removeAll { $0 === self }
        parent.storedChildren = siblings
        storedParent = nil
        refreshEngine()
        // A recognizer of the subtree that took a touch while the calls above ran is let go now.
        if let engine { forEachRecognizerOfSubtree { engine.recognizerDidDetach($0) } }
    }

    /// Calls `body` with each recognizer of this region and its descendants.
    func forEachRecognizerOfSubtree(_ body: (GestureRecognizer) -> Void) {
        var stack = [self]
        while let r = stack.popLast() {
            for g in r.gestureRecognizers { body(g) }
            stack.append(contentsOf: r.children)
        }
    }

    /// Recomputes ``treeEngine`` for this subtree after it moved, and tells its recognizers the
    /// engine they are in now. Those whose engine went mid-gesture (see `GestureEngine.deinit`)
    /// hear of it once the whole subtree knows its engine: their targets may send input anywhere.
    private func refreshEngine() {
        var owed: [GestureRecognizer] = []
        var regionsOwed: [Region] = []
        refreshEngine(collectingOwed: &owed, regionsOwed: &regionsOwed)
        for r in regionsOwed where r.engine != nil { r.settleCancelsOwed() }
        for g in owed where g.region?.engine != nil { g.settleEngineLoss() }
    }

    /// The walk of ``refreshEngine()``, which calls nothing out. The parent's engine is asked
    /// for, not its cache: the cache of a tree whose nested engine went is cleared, with the
    /// engine further up still answering.
    private func refreshEngine(collectingOwed owed: inout [GestureRecognizer], regionsOwed: inout [Region]) {
        if let owner = ownerEngine {
            // An engine's root placed in another engine's tree: each engine learns it (below).
            owner.book.value.rootIsNested = parent != nil
            if let outer = parent?.engine { outer.book.value.holdsNestedRoots = true }
        }
        let arriving = treeEngine == nil
        treeEngine = ownerEngine ?? parent?.engine
        for g in storedGestureRecognizers {
            g.joinedTree(of: treeEngine, arriving: arriving)
            if treeEngine != nil && g.book.value.endOwed { owed.append(g) }
        }
        if treeEngine != nil && !cancelsOwed.isEmpty { regionsOwed.append(self) }
        for c in children { c.refreshEngine(collectingOwed: &owed, regionsOwed: &regionsOwed) }
    }

    /// Whether `self` is `other` or one of its descendants.
    public func isDescendant(of other: Region) -> Bool {
        var r: Region? = self
        while let c = r {
            if c === other { return true }
            r = c.parent
        }
        return false
    }

    // MARK: Recognizers

    /// Attaches a recognizer. A recognizer belongs to one region at a time.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let old = recognizer.region { old.removeGestureRecognizer(recognizer) }
        // The removal calls out; a call that attached the recognizer elsewhere stands.
        guard recognizer.region == nil else { return }
        var list = storedGestureRecognizers
        storedGestureRecognizers = []
        list.append(recognizer)
        storedGestureRecognizers = list
        recognizer.region = self
        let engine = self.engine
        recognizer.joinedTree(of: engine, arriving: true)
        engine?.treeDidChange()
        if engine != nil { recognizer.settleEngineLoss() }
    }

    /// Detaches a recognizer; a gesture it was recognizing is cancelled.
    ///
    /// The cancellation calls out; should one of those calls attach the recognizer to another
    /// region (or remove it), that change stands and this removal does nothing more.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.region === self else { return }
        engine?.treeDidChange()
        let engine = recognizer.withEngine { $0 }
        engine?.recognizerWillDetach(recognizer)
        guard recognizer.region === self else { return }
        var list = storedGestureRecognizers
        storedGestureRecognizers = []
        list.removeAll { $0 === recognizer }
        storedGestureRecognizers = list
        recognizer.region = nil
        // Should a call above have handed it a touch, it is let go now.
        engine?.recognizerDidDetach(recognizer)
    }

    // MARK: Geometry

    /// The frame in screen coordinates.
    public var screenFrame: Rect {
        Rect(origin: screenOrigin, size: frame.size)
    }

    /// The bounds: the frame's size at the origin of this region's own coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    var screenOrigin: Point {
        var p = frame.origin
        var r = parent
        while let c = r {
            p += c.frame.origin
            r = c.parent
        }
        return p
    }

    /// Converts a screen point into this region's coordinates.
    public func convert(fromScreen p: Point) -> Point { p - screenOrigin }

    /// Converts a point in this region's coordinates into screen coordinates.
    public func convert(toScreen p: Point) -> Point { p + screenOrigin }

    /// Converts a point from `other`'s coordinates (screen when `nil`) into this region's.
    public func convert(_ p: Point, from other: Region?) -> Point {
        convert(fromScreen: other?.convert(toScreen: p) ?? p)
    }

    /// The deepest interactive region containing `point` (in the parent's coordinates, screen
    /// points for the root), or `nil`.
    public func hitTest(_ point: Point) -> Region? {
        guard isInteractionEnabled, frame.contains(point) else { return nil }
        // Down the tree rather than by recursion: a child that contains the point is the answer
        // or holds it (its own hit test cannot come back empty), so the topmost such child is
        // the way down.
        var region = self
        var local = point - frame.origin
        descent: while true {
            let children = region.storedChildren
            var i = children.count
            while i > 0 {
                i -= 1
                let child = children[i]
                if child.isInteractionEnabled && child.frame.contains(local) {
                    local = local - child.frame.origin
                    region = child
                    continue descent
                }
            }
            return region
        }
    }
}

extension Region: CustomStringConvertible {
    public var description: String { name.isEmpty ? "region \(frame)" : name }
}
