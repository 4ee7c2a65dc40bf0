import Testing
@testable import GestureKit

/// A region's parent and a recognizer's region are held unowned (docs/architecture.md, "Regions
/// have no side table"): a region that goes away first lets go of both, so they read `nil`, as
/// the weak references they replace did, and go on working elsewhere.
@Suite("Regions that go away before their children and recognizers")
struct RegionLifetimeTests {
    @Test("a recognizer outlives its region: its region reads nil, and it works on another")
    func recognizerOutlivesRegion() {
        let tap = TapGestureRecognizer().named("tap")
        weak var gone: Region?
        do {
            let r = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "short-lived")
            r.addGestureRecognizer(tap)
            #expect(tap.region === r)
            gone = r
        }
        #expect(gone == nil)
        #expect(tap.region == nil)
        #expect(tap.now == .zero)  // no engine to ask

        let s = Fingers()
        s.engine.root.addGestureRecognizer(tap)
        #expect(tap.region === s.engine.root)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.release([1])
        #expect(s.log == ["tap: ended"])
    }

    @Test("a child outlives its parent: its parent reads nil, and it joins another tree")
    func childOutlivesParent() {
        let child = Region(frame: Rect(x: 10, y: 10, width: 50, height: 50), name: "child")
        let grandchild = Region(frame: Rect(x: 5, y: 5, width: 10, height: 10), name: "grandchild")
        child.addChild(grandchild)
        weak var gone: Region?
        do {
            let parent = Region(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "parent")
            parent.addChild(child)
            #expect(child.parent === parent)
            #expect(grandchild.screenFrame.origin == Point(x: 115, y: 115))
            gone = parent
        }
        #expect(gone == nil)
        #expect(child.parent == nil)
        #expect(grandchild.parent === child)
        #expect(grandchild.screenFrame.origin == Point(x: 15, y: 15))
        #expect(!grandchild.isDescendant(of: Region(frame: .zero)))

        let s = Fingers()
        let tap = TapGestureRecognizer().named("tap")
        grandchild.addGestureRecognizer(tap)
        s.engine.root.addChild(child)
        #expect(grandchild.engine === s.engine)
        s.press([1], at: [Point(x: 20, y: 20)])
        s.release([1])
        #expect(s.log == ["tap: ended"])
    }

    @Test("a region dropped with recognizers and children frees them all when nothing else holds them")
    func subtreeFreed() {
        weak var parent: Region?
        weak var child: Region?
        weak var pan: PanGestureRecognizer?
        do {
            let p = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let c = Region(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let g = PanGestureRecognizer()
            p.addChild(c)
            c.addGestureRecognizer(g)
            (parent, child, pan) = (p, c, g)
        }
        #expect(parent == nil)
        #expect(child == nil)
        #expect(pan == nil)
    }
}
