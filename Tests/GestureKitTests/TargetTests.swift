import Testing
@testable import GestureKit

/// The static type a closure parameter was given: what `addTarget` typed it as.
private func staticType<T>(_: T) -> Any.Type { T.self }

/// A pinch of a subclass's own, with a property the built-in pinch does not have.
private final class FirmPinch: PinchGestureRecognizer {
    let firmness = 3
}

/// Counts the calls of a target object's action; owned by the test, so it outlives the target.
private final class CallCount {
    var value = 0
}

/// A target object in UIKit's style: a model with a method the pinch calls.
private final class MapModel {
    let calls: CallCount
    private(set) var zoom = 1.0
    init(calls: CallCount) { self.calls = calls }
    func zoom(_ pinch: PinchGestureRecognizer) {
        calls.value += 1
        if pinch.state == .ended { zoom *= pinch.scale }
    }
}

@Suite("Targets: typed, removable, and owned as documented")
struct TargetTests {
    let centre = Point(x: 500, y: 300)

    /// Two fingers 200 points apart spreading to 400: a pinch to scale 2.
    func spread(_ s: Fingers) {
        s.press([1, 2], at: [pair(centre, 100, 0, 1), pair(centre, 100, 0, 2)])
        s.drag([1: Point(x: -100, y: 0), 2: Point(x: 100, y: 0)], over: 200)
        s.release([1, 2])
        s.wait(100)
    }

    // MARK: Typed targets

    @Test("a target gets the recognizer as its own class: a built-in, a subclass of one, a custom one")
    func typedParameter() {
        let s = Fingers()
        var pinchTypes: [Any.Type] = []
        var endScale = 0.0
        let pinch = PinchGestureRecognizer().named("pinch")
        pinch.addTarget { p in
            pinchTypes.append(staticType(p))
            if p.state == .ended { endScale = p.scale }
        }
        s.engine.root.addGestureRecognizer(pinch)
        spread(s)
        #expect(!pinchTypes.isEmpty && pinchTypes.allSatisfy { $0 == PinchGestureRecognizer.self })
        #expect(abs(endScale - 2) < 1e-9)

        // A subclass of a built-in, through the inherited initializer taking the action.
        var firmness: [Int] = []
        var firmTypes: [Any.Type] = []
        var firmScale = 0.0
        let firm = FirmPinch { f in
            firmTypes.append(staticType(f))
            firmness.append(f.firmness)
            if f.state == .ended { firmScale = f.scale }
        }
        pinch.isEnabled = false
        s.engine.root.addGestureRecognizer(firm)
        spread(s)
        #expect(!firmTypes.isEmpty && firmTypes.allSatisfy { $0 == FirmPinch.self })
        #expect(firmness.first == 3)
        #expect(abs(firmScale - 2) < 1e-9)

        // A custom subclass of the base class.
        var manualTypes: [Any.Type] = []
        let manual = Manual().named("manual")
        manual.addTarget { m in manualTypes.append(staticType(m)) }
        manual.state = .ended
        #expect(manualTypes.count == 1 && manualTypes[0] == Manual.self)

        // Added through the base class, the parameter is the base class.
        let base: GestureRecognizer = Manual()
        var baseTypes: [Any.Type] = []
        base.addTarget { g in baseTypes.append(staticType(g)) }
        base.state = .ended
        #expect(baseTypes.count == 1 && baseTypes[0] == GestureRecognizer.self)
    }

    @Test("a typed target is called with its own recognizer, whichever class it was added through")
    func typedTargetGetsItsRecognizer() {
        let firm = FirmPinch { _ in }
        let manual = Manual()
        let base: GestureRecognizer = Manual()
        var seen: [ObjectIdentifier] = []
        firm.addTarget { f in seen.append(ObjectIdentifier(f)); #expect(f.firmness == 3) }
        manual.addTarget { m in seen.append(ObjectIdentifier(m)) }
        base.addTarget { g in seen.append(ObjectIdentifier(g)) }
        firm.state = .ended
        manual.state = .ended
        base.state = .ended
        #expect(seen == [ObjectIdentifier(firm), ObjectIdentifier(manual), ObjectIdentifier(base)])
    }

    @Test("a closure typed (GestureRecognizer) -> Void is still accepted")
    func untypedClosure() {
        let tap = TapGestureRecognizer()
        var states: [GestureState] = []
        let untyped: (GestureRecognizer) -> Void = { g in states.append(g.state) }
        tap.addTarget(untyped)
        tap.state = .recognized
        #expect(states == [.recognized])
    }

    @Test("removeTarget takes typed and target-object targets away by their tokens")
    func removeByToken() {
        let s = Fingers()
        let calls = CallCount()
        let model = MapModel(calls: calls)
        let pinch = PinchGestureRecognizer().named("pinch")
        var typed = 0, kept = 0
        let typedToken = pinch.addTarget { _ in typed += 1 }
        let objectToken = pinch.addTarget(model, action: MapModel.zoom)
        pinch.addTarget { _ in kept += 1 }
        #expect(pinch.targetCount == 3)
        s.engine.root.addGestureRecognizer(pinch)
        spread(s)
        #expect(typed > 0 && calls.value == typed && kept == typed)

        pinch.removeTarget(typedToken)
        pinch.removeTarget(objectToken)
        #expect(pinch.targetCount == 1)
        let (typedBefore, callsBefore, keptBefore) = (typed, calls.value, kept)
        spread(s)
        #expect(typed == typedBefore)
        #expect(calls.value == callsBefore)
        #expect(kept > keptBefore)
        pinch.removeTarget(typedToken)          // no longer attached: nothing happens
        #expect(pinch.targetCount == 1)
    }

    // MARK: Ownership

    /// Attaches a pinch with one target to `s`'s root, pinches, detaches it and returns a weak
    /// reference to it, the last strong one gone. `capturingItself` adds a target that captures
    /// the recognizer, as the documentation says not to.
    func pinchLeftBehind(_ s: Fingers, capturingItself: Bool) -> (recognizer: () -> PinchGestureRecognizer?, scales: () -> [Double]) {
        final class Scales { var values: [Double] = [] }
        let scales = Scales()
        let pinch = PinchGestureRecognizer().named("pinch")
        if capturingItself {
            pinch.addTarget { _ in scales.values.append(pinch.scale) }
        } else {
            pinch.addTarget { p in scales.values.append(p.scale) }
        }
        s.engine.root.addGestureRecognizer(pinch)
        spread(s)
        s.engine.root.removeGestureRecognizer(pinch)
        weak let weakPinch = pinch
        return ({ weakPinch }, { scales.values })
    }

    @Test("a recognizer whose target uses only its parameter is freed once detached and unreferenced")
    func typedTargetDoesNotLeak() {
        let s = Fingers()
        let (recognizer, scales) = pinchLeftBehind(s, capturingItself: false)
        #expect(!scales().isEmpty)
        #expect(recognizer() == nil)

        // The check catches a leak: a target capturing its recognizer keeps it alive, as
        // documented, until the target is removed.
        let (captured, capturedScales) = pinchLeftBehind(s, capturingItself: true)
        #expect(!capturedScales().isEmpty)
        #expect(captured() != nil)
        captured()?.removeTarget(nil)
        #expect(captured() == nil)
    }

    @Test("a target object is held weakly: once its owner lets it go it is freed, and no longer called")
    func targetObjectIsWeak() {
        let s = Fingers()
        let calls = CallCount()
        let pinch = PinchGestureRecognizer().named("pinch")
        var others = 0
        var owner: MapModel? = MapModel(calls: calls)
        pinch.addTarget(owner!, action: MapModel.zoom)
        pinch.addTarget { _ in others += 1 }
        s.engine.root.addGestureRecognizer(pinch)
        spread(s)
        #expect(calls.value > 0 && calls.value == others)
        #expect(abs(owner!.zoom - 2) < 1e-9)

        weak let model = owner
        owner = nil
        #expect(model == nil)
        #expect(pinch.targetCount == 1)         // the dead target is no longer counted…
        let (callsBefore, othersBefore) = (calls.value, others)
        spread(s)
        #expect(calls.value == callsBefore)     // …nor called
        #expect(others > othersBefore)          // and the other target still is
        #expect(pinch.targetCount == 1)
        #expect(pinch.targets.count == 1)       // and it was dropped
    }

    @Test("init(target:action:) holds its target weakly too")
    func initializerTargetIsWeak() {
        let s = Fingers()
        let calls = CallCount()
        var owner: MapModel? = MapModel(calls: calls)
        let pinch = PinchGestureRecognizer(target: owner!, action: MapModel.zoom).named("pinch")
        #expect(pinch.targetCount == 1)
        s.engine.root.addGestureRecognizer(pinch)
        spread(s)
        #expect(calls.value > 0)
        #expect(abs(owner!.zoom - 2) < 1e-9)

        weak let model = owner
        owner = nil
        #expect(model == nil)
        #expect(pinch.targetCount == 0)
        let callsBefore = calls.value
        spread(s)
        #expect(calls.value == callsBefore)
        #expect(pinch.targets.isEmpty)
        #expect(s.outcomes == ["pinch: began", "pinch: ended", "pinch: began", "pinch: ended"])
    }

    // MARK: Changes from inside a target

    @Test("a target added by a target is called in the same round, after the others")
    func addedDuringCall() {
        let r = Manual()
        var calls: [String] = []
        r.addTarget { m in
            calls.append("first")
            if m.state == .began { m.addTarget { _ in calls.append("added") } }
        }
        r.addTarget { _ in calls.append("second") }
        r.state = .began
        #expect(calls == ["first", "second", "added"])
        calls.removeAll()
        r.state = .changed
        #expect(calls == ["first", "second", "added"])
        #expect(r.targetCount == 3)
    }

    @Test("a lone target that adds a target, or replaces itself with one, has it called in the same round")
    func loneTargetChanges() {
        let adding = Manual()
        var calls: [String] = []
        adding.addTarget { m in
            calls.append("lone")
            if m.state == .began { m.addTarget { _ in calls.append("added") } }
        }
        adding.state = .began
        #expect(calls == ["lone", "added"])

        let replacing = Manual()
        calls.removeAll()
        var own: TargetToken?
        own = replacing.addTarget { m in
            calls.append("lone")
            guard m.state == .began, let own else { return }
            m.removeTarget(own)
            m.addTarget { _ in calls.append("replacement") }
        }
        replacing.state = .began
        #expect(calls == ["lone", "replacement"])
        calls.removeAll()
        replacing.state = .changed
        #expect(calls == ["replacement"])
        #expect(replacing.targetCount == 1)
    }

    @Test("a target removed by a target before its turn is not called; the others are, once each")
    func removedDuringCall() {
        let r = Manual()
        var calls: [String] = []
        var third: TargetToken?
        var second: TargetToken?
        r.addTarget { m in
            calls.append("first")
            if let third { m.removeTarget(third) }
        }
        second = r.addTarget { m in
            calls.append("second")
            if let second { m.removeTarget(second) }   // itself
        }
        third = r.addTarget { _ in calls.append("third") }
        r.addTarget { _ in calls.append("fourth") }
        r.state = .began
        #expect(calls == ["first", "second", "fourth"])
        calls.removeAll()
        r.state = .changed
        #expect(calls == ["first", "fourth"])
        #expect(r.targetCount == 2)
    }

    @Test("a target removing an earlier one, or all of them, neither skips nor repeats a target")
    func removedEarlierOrAllDuringCall() {
        let r = Manual()
        var calls: [String] = []
        let first = r.addTarget { _ in calls.append("first") }
        r.addTarget { m in
            calls.append("second")
            m.removeTarget(first)
        }
        r.addTarget { m in
            calls.append("third")
            if m.state == .changed { m.removeTarget(nil) }
        }
        r.addTarget { _ in calls.append("fourth") }
        r.state = .began
        #expect(calls == ["first", "second", "third", "fourth"])
        calls.removeAll()
        r.state = .changed
        #expect(calls == ["second", "third"])
        #expect(r.targetCount == 0)
    }
}
