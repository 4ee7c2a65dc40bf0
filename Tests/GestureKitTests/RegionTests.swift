import Testing
@testable import GestureKit

/// A small deterministic generator for the random trees below (a 64-bit linear congruential
/// generator, its high bits).
private struct Shuffle {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

@Suite("Regions and device scale")
struct RegionTests {
    /// root 1000×600 ⊃ panel (100,100 400×400) ⊃ a (0,0 200×200), b (100,100 200×200) on top.
    func tree() -> (Region, Region, Region, Region) {
        let root = Region(frame: Rect(x: 0, y: 0, width: 1000, height: 600), name: "root")
        let panel = Region(frame: Rect(x: 100, y: 100, width: 400, height: 400), name: "panel")
        let a = Region(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "a")
        let b = Region(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "b")
        root.addChild(panel)
        panel.addChild(a)
        panel.addChild(b)
        return (root, panel, a, b)
    }

    @Test("hit-testing finds the deepest region, the last child on top")
    func deepestAndTopmost() {
        let (root, panel, a, b) = tree()
        #expect(root.hitTest(Point(x: 50, y: 50)) === root)
        #expect(root.hitTest(Point(x: 150, y: 150)) === a)
        #expect(root.hitTest(Point(x: 250, y: 250)) === b, "the overlap goes to b, added last")
        #expect(root.hitTest(Point(x: 450, y: 450)) === panel)
        #expect(root.hitTest(Point(x: 1000, y: 100)) == nil, "the maximum edge is outside")
        panel.insertChild(b, at: 0)
        #expect(root.hitTest(Point(x: 250, y: 250)) === a, "b moved to the back")
        #expect(panel.children.map(\.name) == ["b", "a"])
    }

    @Test("a region with interaction disabled is skipped with its subtree")
    func interactionDisabled() {
        let (root, panel, a, b) = tree()
        b.isInteractionEnabled = false
        #expect(root.hitTest(Point(x: 250, y: 250)) === a)
        #expect(root.hitTest(Point(x: 350, y: 350)) === panel)
        panel.isInteractionEnabled = false
        #expect(root.hitTest(Point(x: 150, y: 150)) === root)
        #expect(a.isInteractionEnabled)
    }

    /// The definition `hitTest` walks down iteratively: the region itself when it is interactive
    /// and contains the point and no child answers, the topmost child's answer otherwise.
    func recursiveHitTest(_ r: Region, _ point: Point) -> Region? {
        guard r.isInteractionEnabled, r.frame.contains(point) else { return nil }
        let local = point - r.frame.origin
        for child in r.children.reversed() {
            if let hit = recursiveHitTest(child, local) { return hit }
        }
        return r
    }

    @Test("hit-testing agrees with the recursive definition on random trees")
    func hitTestMatchesDefinition() {
        var rng = Shuffle(seed: 0x5EED_1234)
        var answered = 0
        for _ in 0..<200 {
            let root = Region(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
            var all = [root]
            for k in 0..<Int(rng.next() % 12) {
                let parent = all[Int(rng.next() % UInt64(all.count))]
                let w = Double(20 + rng.next() % 200), h = Double(20 + rng.next() % 200)
                let child = Region(
                    frame: Rect(x: Double(rng.next() % 250) - 20, y: Double(rng.next() % 200) - 20, width: w, height: h),
                    name: "r\(k)")
                child.isInteractionEnabled = rng.next() % 5 != 0
                parent.addChild(child)
                all.append(child)
            }
            for _ in 0..<50 {
                let p = Point(x: Double(rng.next() % 460) - 30, y: Double(rng.next() % 360) - 30)
                let expected = recursiveHitTest(root, p)
                #expect(root.hitTest(p) === expected, "at \(p)")
                if expected != nil && expected !== root { answered += 1 }
            }
        }
        #expect(answered > 1000, "the points land in children often enough to test the descent")
    }

    @Test("conversions between screen and region coordinates")
    func conversions() {
        let (root, panel, a, b) = tree()
        #expect(b.screenFrame == Rect(x: 200, y: 200, width: 200, height: 200))
        #expect(b.bounds == Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(b.convert(fromScreen: Point(x: 250, y: 260)) == Point(x: 50, y: 60))
        #expect(b.convert(toScreen: Point(x: 50, y: 60)) == Point(x: 250, y: 260))
        #expect(a.convert(Point(x: 50, y: 60), from: b) == Point(x: 150, y: 160))
        #expect(a.convert(Point(x: 50, y: 60), from: nil) == Point(x: -50, y: -40))
        #expect(b.isDescendant(of: root) && b.isDescendant(of: panel) && !b.isDescendant(of: a))
        b.removeFromParent()
        #expect(b.parent == nil)
        #expect(b.screenFrame == Rect(x: 100, y: 100, width: 200, height: 200))
    }

    @Test("a touch's location in a region, and a recognizer's")
    func touchLocations() {
        let s = Fingers()
        let panel = s.region("panel", Rect(x: 100, y: 100, width: 400, height: 400))
        let inner = s.region("inner", Rect(x: 50, y: 50, width: 100, height: 100), in: panel)
        let log = Recorder()
        inner.touchHandler = log
        let pan = PanGestureRecognizer().named("pan")
        panel.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 170, y: 180)])
        #expect(log.touches.first?.region === inner)
        #expect(log.touches.first?.location(in: inner) == Point(x: 20, y: 30))
        #expect(log.touches.first?.location(in: panel) == Point(x: 70, y: 80))
        #expect(log.touches.first?.location(in: nil) == Point(x: 170, y: 180))
        #expect(log.touches.first?.gestureRecognizers.map(\.name) == ["pan"])
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        #expect(pan.location(in: panel) == Point(x: 90, y: 80))
        #expect(log.touches.first?.previousLocation(in: inner).x ?? 0 < 40)
        s.release([1])

        // A touch outside the panel reaches only the root's recognizers.
        s.press([2], at: [Point(x: 800, y: 500)])
        #expect(pan.touches.isEmpty)
        s.release([2])
        // The kept touches hold their region, which holds this handler.
        log.touches.removeAll()
    }

    final class Recorder: TouchHandler {
        var touches: [Touch] = []
        func touchBegan(_ t: Touch) { touches.append(t) }
        func touchMoved(_ t: Touch) {}
        func touchEnded(_ t: Touch) {}
        func touchCancelled(_ t: Touch) {}
    }

    @Test("the device scale comes from its size; a device without resolution uses the fallback")
    func deviceScale() {
        let s = Fingers()
        #expect(s.engine.density(for: s.device) == PointDensity(uniform: 4))
        let noRes = InputDevice(id: DeviceID(9), name: "cheap", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150), hasResolution: false)
        #expect(!noRes.hasResolution)
        #expect(s.engine.density(for: noRes) == PointDensity(uniform: 96 / 25.4))
        let noSize = InputDevice(id: DeviceID(10), name: "unknown", kind: .touchscreen)
        #expect(!noSize.hasResolution, "no size means no resolution")
        #expect(s.engine.density(for: noSize) == PointDensity(uniform: 96 / 25.4))
        #expect(noRes.description == "device#9 \"cheap\" touchscreen 250×150 mm (no resolution)")
    }

    @Test("on a device without resolution a 4 mm tap threshold is about 15 points")
    func fallbackThreshold() {
        let s = Fingers(hasResolution: false)
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 15, y: 0), over: 50)
        s.release([1])
        #expect(s.takeLog() == ["tap: ended"])
        s.wait(500)
        s.press([1], at: [Point(x: 100, y: 100)])
        s.drag(1, by: Point(x: 15.2, y: 0), over: 50)
        s.release([1])
        #expect(s.takeLog() == ["tap: failed(moved further than 4 mm)"])

        var config = GestureConfiguration()
        config.fallbackPointsPerMillimetre = 10
        let t = Fingers(configuration: config, hasResolution: false)
        let tap2 = TapGestureRecognizer(configuration: config).named("tap")
        t.engine.root.addGestureRecognizer(tap2)
        t.press([1], at: [Point(x: 100, y: 100)])
        t.drag(1, by: Point(x: 39, y: 0), over: 50)
        t.release([1])
        #expect(t.log == ["tap: ended"])
    }
}
