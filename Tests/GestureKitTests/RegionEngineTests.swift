import Testing
@testable import GestureKit

/// A region's ``Region/engine`` is cached for its subtree when the tree changes; these stories check
/// that the cached answer is always the one a walk up the tree would give.
@Suite("A region's engine follows the tree")
struct RegionEngineTests {
    let screen = Rect(x: 0, y: 0, width: 1000, height: 600)

    @Test("a subtree built detached learns its engine when attached, and forgets it when removed")
    func attachAndDetach() {
        let engine = GestureEngine(screen: screen)
        let panel = Region(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "panel")
        let leaf = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "leaf")
        panel.addChild(leaf)
        #expect(panel.engine == nil)
        #expect(leaf.engine == nil)

        engine.root.addChild(panel)
        #expect(panel.engine === engine)
        #expect(leaf.engine === engine)

        panel.removeFromParent()
        #expect(panel.engine == nil)
        #expect(leaf.engine == nil)
    }

    @Test("a subtree moved from one engine's tree to another's follows it")
    func moveBetweenEngines() {
        let first = GestureEngine(screen: screen)
        let second = GestureEngine(screen: screen)
        let panel = Region(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "panel")
        let leaf = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "leaf")
        first.root.addChild(panel)
        panel.addChild(leaf)
        #expect(leaf.engine === first)

        second.root.addChild(panel)
        #expect(panel.engine === second)
        #expect(leaf.engine === second)
        #expect(first.root.children.isEmpty)
    }

    @Test("an engine's root placed under another tree keeps its own engine, and so does its subtree")
    func nestedRootKeepsItsEngine() {
        let outer = GestureEngine(screen: screen)
        let inner = GestureEngine(screen: screen)
        let leaf = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "leaf")
        inner.root.addChild(leaf)
        outer.root.addChild(inner.root)
        #expect(inner.root.engine === inner)
        #expect(leaf.engine === inner)
    }

    @Test("when the nearest engine is gone, the one further up answers, as a walk up the tree would")
    func goneEngineFallsBackToTheWalk() {
        let outer = GestureEngine(screen: screen)
        let leaf = Region(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "leaf")
        var root: Region?
        do {
            let inner = GestureEngine(screen: screen)
            inner.root.addChild(leaf)
            outer.root.addChild(inner.root)
            root = inner.root
            #expect(leaf.engine === inner)
        }
        #expect(root != nil)
        #expect(leaf.engine === outer)
    }
}
