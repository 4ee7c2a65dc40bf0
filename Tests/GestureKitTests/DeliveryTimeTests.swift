// Touch delivery and deadlines with host code (touch handlers, targets, the observer)
// re-entering the engine. The tests under "Fixed" each broke a documented promise on the code
// before their fixes (a touch cancelled, claimed or left by its region was heard otherwise);
// those under "Pinned" pin promises that held already (deadlines once and in order when time is advanced
// or input sent from their callbacks, nothing left after the fingers lift).

import Testing
@testable import GestureKit

/// A touch handler whose calls the story scripts: it logs every call (touches by contact id) and
/// runs the closure set for it after logging.
private final class Script: TouchHandler {
    private(set) var entries: [String] = []
    var onBegan: ((Touch) -> Void)?
    var onMoved: ((Touch) -> Void)?
    var onEnded: ((Touch) -> Void)?
    var onCancelled: ((Touch) -> Void)?
    var scope: TouchCancellationScope = .touch
    var cancellationScope: TouchCancellationScope { scope }

    func touchBegan(_ t: Touch) {
        entries.append("began \(t.contactID)")
        onBegan?(t)
    }
    func touchMoved(_ t: Touch) {
        entries.append("moved \(t.contactID)")
        onMoved?(t)
    }
    func touchEnded(_ t: Touch) {
        entries.append("ended \(t.contactID)")
        onEnded?(t)
    }
    func touchCancelled(_ t: Touch) {
        entries.append("cancelled \(t.contactID)")
        onCancelled?(t)
    }
    func touchesCancelled(_ touches: [Touch], in region: Region) {
        entries.append("cancelled [\(touches.map { String($0.contactID) }.joined(separator: ","))]")
        for t in touches { onCancelled?(t) }
    }
}

/// Whether every touch named in `entries` began once and then ended or was cancelled exactly once,
/// with nothing heard of it after (a region-wide cancel `cancelled [1,2]` ends each touch it names).
private func endsOnce(_ entries: [String]) -> Bool {
    var open: [String: Int] = [:]
    var closed: Set<String> = []
    for e in entries {
        let parts = e.split(separator: " ")
        guard parts.count == 2 else { return false }
        let word = parts[0]
        let ids = parts[1].hasPrefix("[")
            ? parts[1].dropFirst().dropLast().split(separator: ",").map(String.init)
            : [String(parts[1])]
        for id in ids {
            if closed.contains(id) { return false }
            switch word {
            case "began":
                if open[id] != nil { return false }
                open[id] = 1
            case "moved":
                if open[id] == nil { return false }
            case "ended", "cancelled":
                if open.removeValue(forKey: id) == nil { return false }
                closed.insert(id)
            default:
                return false
            }
        }
    }
    return open.isEmpty
}

@Suite("Touch delivery and deadlines with host code re-entering the engine")
struct DeliveryTimeTests {
    private static let device = ReentryPanel.device

    private func frame(_ time: Timestamp, _ contacts: [TouchContact]) -> InputEvent {
        .touchFrame(TouchFrame(device: Self.device, timestamp: time, contacts: contacts))
    }

    private func contact(_ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchContact {
        ReentryPanel.contact(id, phase, x)
    }

    /// An engine with the panel, and a view (a child of the root, over the left half) with a
    /// scripted handler.
    private func panelWithView() -> (GestureEngine, Timestamp, Region, Script) {
        let (engine, start) = ReentryPanel.engine()
        let view = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "view")
        engine.root.addChild(view)
        let script = Script()
        view.touchHandler = script
        return (engine, start, view, script)
    }

    // MARK: - Fixed: each broke a documented promise before its fix

    /// A finger lands in a view with no recognizer; its handler, told of the touch, calls
    /// `cancelAllTouches()` (the host gives up on its input). The host cancelled the touch, so
    /// the handler must hear it cancelled: "A touch the device cancels, or whose device, region
    /// or host gives up, is cancelled too."
    @Test("cancelAllTouches() from touchBegan: the handler hears the touch cancelled, not ended")
    func cancelAllFromTouchBegan() {
        let (engine, start, _, script) = panelWithView()
        script.onBegan = { [unowned engine] _ in engine.cancelAllTouches() }
        engine.send(frame(start + .milliseconds(8), [contact(1, .began, 100)]))
        #expect(script.entries == ["began 1", "cancelled 1"])
        #expect(engine.activeTouches.isEmpty)
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// The same with the device unplugged from `touchBegan`: "A device removed mid-gesture
    /// cancels its touches … every raw touch delivered to a region ends with `touchEnded` or a
    /// cancel" — a touch whose device went away is cancelled, not lifted.
    @Test("the device removed from touchBegan: the handler hears the touch cancelled, not ended")
    func deviceRemovedFromTouchBegan() {
        let (engine, start, _, script) = panelWithView()
        let time = start + .milliseconds(8)
        script.onBegan = { [unowned engine] _ in engine.send(.deviceRemoved(Self.device, at: time)) }
        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(script.entries == ["began 1", "cancelled 1"])
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// Two fingers land together in a view whose handler cancels region-wide (`wl_touch.cancel`).
    /// As the second is delivered the handler calls `cancelAllTouches()`. Both touches were
    /// delivered and both are cancelled: the region must hear one `touchesCancelled` naming
    /// both. (Before the fix the second was heard lifted, and the first cancelled on its own.)
    @Test("cancelAllTouches() from touchBegan with a region-wide cancel: one cancel names every touch")
    func regionCancelFromTouchBegan() {
        let (engine, start, _, script) = panelWithView()
        script.scope = .region
        script.onBegan = { [unowned engine] t in if t.contactID == 2 { engine.cancelAllTouches() } }
        engine.send(frame(start + .milliseconds(8), [contact(1, .began, 100), contact(2, .began, 200)]))
        #expect(script.entries == ["began 1", "began 2", "cancelled [1,2]"])
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// A single tap on the view, `delaysTouchesEnded` off (its `cancelsTouchesInView` on, the
    /// default). The handler, told of the touch, sends the next frame of the stream, in which
    /// the finger lifts: the tap recognizes on that lift and so claims the touch, which the
    /// handler has: it must hear it cancelled, as it does when the lift comes on its own
    /// (`tapClaimsOnLift` below). (Before the fix it heard it ended.)
    @Test("a lift sent from touchBegan that a tap recognizes: the claimed touch is cancelled")
    func tapClaimOnLiftSentFromTouchBegan() {
        let (engine, start, view, script) = panelWithView()
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesEnded = false
        view.addGestureRecognizer(tap)
        var recognized = false
        tap.addTarget { g in if g.state == .ended { recognized = true } }
        let time = start + .milliseconds(8)
        var sent = false
        script.onBegan = { [unowned engine] _ in
            guard !sent else { return }
            sent = true
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time + .milliseconds(50), contacts: [
                ReentryPanel.contact(1, .ended, 100),
            ])))
        }
        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(recognized)
        #expect(script.entries == ["began 1", "cancelled 1"])
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// Finger 1 is in the view; the host removes the view. Told that touch 1 is cancelled, the
    /// handler sends a frame in which finger 2 lands in the view (still in the tree while its
    /// touches are cancelled), and it is delivered there. "Touches delivered to a handler in the
    /// subtree are cancelled there (its surface is gone)": once the view has left the tree,
    /// every touch its handler heard of has ended, and it hears nothing more. (Before the fix touch
    /// 2 was left open, and its handler went on hearing it after the view left: its lift.)
    @Test("a finger landing from touchCancelled while the view is removed is cancelled with it")
    func landingDuringRegionRemovalIsCancelled() {
        let (engine, start, view, script) = panelWithView()
        var time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(script.entries == ["began 1"])
        time = time + .milliseconds(8)
        let landing = time
        var sent = false
        script.onCancelled = { [unowned engine] t in
            guard t.contactID == 1, !sent else { return }
            sent = true
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: landing, contacts: [
                ReentryPanel.contact(2, .began, 200),
            ])))
        }
        view.removeFromParent()
        #expect(sent)
        #expect(endsOnce(script.entries), "after the removal: \(script.entries)")
        let heard = script.entries
        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .ended, 100), contact(2, .ended, 200)]))
        #expect(script.entries == heard, "heard after the view left the tree")
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// A pan on the view holds its touches back (`delaysTouchesBegan`) and cancels them when it
    /// recognizes (`cancelsTouchesInView`, the default). Its target, told it began, disables it
    /// (UIKit's way to cancel a gesture: `isEnabled = false`). The pan recognized, so the touch
    /// was claimed while held: "a held one is dropped unheard". (Before the fix it was
    /// delivered to the view, as if no gesture had taken it.)
    @Test("a pan disabled by its own target as it begins: the touch it claimed stays unheard")
    func claimKeptWhenRecognizerDisabledAsItBegins() {
        let (engine, start, view, script) = panelWithView()
        let pan = PanGestureRecognizer().named("pan")
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        var began = false
        pan.addTarget { g in
            guard g.state == .began else { return }
            began = true
            g.isEnabled = false
        }
        var time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(script.entries.isEmpty)
        for x in stride(from: 110.0, through: 200, by: 10) {
            time = time + .milliseconds(8)
            engine.send(frame(time, [contact(1, .moved, x)]))
        }
        #expect(began)
        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .ended, 200)]))
        #expect(script.entries.isEmpty)
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// The same without `delaysTouchesBegan`: the view has the touch when the pan begins, and
    /// the claim must cancel it ("a delivered touch is cancelled"). (Before the fix the view
    /// heard it moved and lifted.)
    @Test("a pan disabled by its own target as it begins: the delivered touch it claimed is cancelled")
    func claimCancelsWhenRecognizerDisabledAsItBegins() {
        let (engine, start, view, script) = panelWithView()
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        pan.addTarget { g in if g.state == .began { g.isEnabled = false } }
        var time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(script.entries == ["began 1"])
        for x in stride(from: 110.0, through: 200, by: 10) {
            time = time + .milliseconds(8)
            engine.send(frame(time, [contact(1, .moved, x)]))
        }
        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .ended, 200)]))
        #expect(script.entries.first == "began 1")
        #expect(script.entries.last == "cancelled 1")
        #expect(endsOnce(script.entries))
    }

    /// The deadline path of the same: a long press on the view (it claims its touch when it
    /// begins) is disabled by its target as its deadline makes it begin. The view had the touch;
    /// the claim must cancel it. (Before the fix the view heard it lifted.)
    @Test("a long press disabled by its target as its deadline fires: the touch it claimed is cancelled")
    func claimCancelsWhenLongPressDisabledAsItBegins() {
        let (engine, start, view, script) = panelWithView()
        let press = LongPressGestureRecognizer().named("press")
        view.addGestureRecognizer(press)
        var began = false
        press.addTarget { g in
            guard g.state == .began else { return }
            began = true
            g.isEnabled = false
        }
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        engine.advance(to: time + .milliseconds(600))
        #expect(began)
        engine.send(frame(time + .milliseconds(700), [contact(1, .ended, 100)]))
        #expect(script.entries == ["began 1", "cancelled 1"])
        #expect(engine.deliveryTouches.isEmpty)
    }

    // MARK: - Pinned: promises that held already

    /// The baseline of `tapClaimOnLiftSentFromTouchBegan`: the lift comes as a frame of its own.
    @Test("pin: a tap that recognizes on the lift cancels the delivered touch")
    func tapClaimsOnLift() {
        let (engine, start, view, script) = panelWithView()
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesEnded = false
        view.addGestureRecognizer(tap)
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        engine.send(frame(time + .milliseconds(50), [contact(1, .ended, 100)]))
        #expect(script.entries == ["began 1", "cancelled 1"])
    }

    /// The baseline of the pan tests: the pan is disabled only after the frame it began in.
    @Test("pin: a pan that began claims the delivered touch")
    func panClaims() {
        let (engine, start, view, script) = panelWithView()
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        var time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        for x in stride(from: 110.0, through: 200, by: 10) {
            time = time + .milliseconds(8)
            engine.send(frame(time, [contact(1, .moved, x)]))
        }
        #expect(pan.state == .began || pan.state == .changed)
        pan.isEnabled = false
        time = time + .milliseconds(8)
        engine.send(frame(time, [contact(1, .ended, 200)]))
        #expect(script.entries.last == "cancelled 1")
        #expect(endsOnce(script.entries))
    }

    /// The handler lifts the finger from `touchBegan`: it hears the end once, after the begin.
    @Test("pin: a lift sent from touchBegan is heard once, after the begin")
    func liftFromTouchBegan() {
        let (engine, start, _, script) = panelWithView()
        let time = start + .milliseconds(8)
        var sent = false
        script.onBegan = { [unowned engine] _ in
            guard !sent else { return }
            sent = true
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: time + .milliseconds(8), contacts: [
                ReentryPanel.contact(1, .ended, 100),
            ])))
        }
        engine.send(frame(time, [contact(1, .began, 100)]))
        #expect(script.entries == ["began 1", "ended 1"])
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// The handler removes its own view from `touchBegan`: the touch is cancelled once.
    @Test("pin: the view removed from touchBegan: the touch is cancelled once")
    func removeViewFromTouchBegan() {
        let (engine, start, view, script) = panelWithView()
        script.onBegan = { [unowned view] _ in view.removeFromParent() }
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100), contact(2, .began, 200)]))
        #expect(script.entries == ["began 1", "cancelled 1"])
        engine.send(frame(time + .milliseconds(8), [contact(1, .ended, 100), contact(2, .ended, 200)]))
        #expect(script.entries == ["began 1", "cancelled 1"])
        #expect(engine.deliveryTouches.isEmpty)
    }

    /// A long press's target, told it began (its deadline), advances time itself, past a double
    /// tap's deadline on another finger, and lands a finger. Every deadline fires once, in time
    /// order, and once every finger lifts and time passes everything is back at rest.
    @Test("pin: a deadline's target advancing time and sending input: deadlines once, in order; all at rest after")
    func nestedAdvanceFromDeadlineTarget() {
        let (engine, start) = ReentryPanel.engine()
        let left = Region(frame: Rect(x: 0, y: 0, width: 500, height: 600), name: "left")
        let right = Region(frame: Rect(x: 500, y: 0, width: 500, height: 600), name: "right")
        engine.root.addChild(left)
        engine.root.addChild(right)
        let press = LongPressGestureRecognizer().named("press")
        left.addGestureRecognizer(press)
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        right.addGestureRecognizer(double)
        final class Log: GestureEngineObserver {
            var entries: [String] = []
            var times: [Timestamp] = []
            func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {}
            func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState, because cause: TransitionCause) {
                guard cause == .deadline else { return }
                entries.append("\(recognizer.name): \(new.rawValue)")
                times.append(engine.now)
            }
        }
        let log = Log()
        engine.observer = log
        // The press's finger on the left; then the double tap's first tap on the right, whose
        // interval runs out at 750 ms, after the press begins (508 ms).
        engine.send(frame(start + .milliseconds(8), [contact(1, .began, 100)]))
        engine.send(frame(start + .milliseconds(400), [contact(2, .began, 700)]))
        engine.send(frame(start + .milliseconds(450), [contact(2, .ended, 700)]))
        let pressBegan = start + .milliseconds(8) + .milliseconds(500)
        var nested = false
        press.addTarget { [unowned engine] g in
            guard g.state == .began, !nested else { return }
            nested = true
            engine.advance(to: pressBegan + .milliseconds(400))
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: pressBegan + .milliseconds(400), contacts: [
                ReentryPanel.contact(3, .began, 300),
            ])))
        }
        engine.advance(to: pressBegan + .milliseconds(100))
        #expect(nested)
        #expect(log.entries == ["press: began", "double: failed"])
        #expect(log.times == [pressBegan, start + .milliseconds(750)])
        #expect(engine.now == pressBegan + .milliseconds(400))
        let time = pressBegan + .milliseconds(450)
        engine.send(frame(time, [contact(1, .ended, 100), contact(3, .ended, 300)]))
        engine.advance(to: time + .seconds(60))
        #expect(press.state == .possible && double.state == .possible)
        #expect(engine.nextDeadline == nil)
        #expect(engine.activeTouches.isEmpty && engine.deliveryTouches.isEmpty)
    }

    /// A long press's target, told it began, cancels every touch: the press is cancelled, the
    /// view hears its touch cancelled once, and after time passes all is at rest.
    @Test("pin: cancelAllTouches() from a deadline's target")
    func cancelAllFromDeadlineTarget() {
        let (engine, start, view, script) = panelWithView()
        let press = LongPressGestureRecognizer().named("press")
        view.addGestureRecognizer(press)
        var states: [GestureState] = []
        press.addTarget { [unowned engine] g in
            states.append(g.state)
            if g.state == .began { engine.cancelAllTouches() }
        }
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        engine.advance(to: time + .milliseconds(600))
        #expect(states == [.began, .cancelled])
        #expect(script.entries == ["began 1", "cancelled 1"])
        engine.send(frame(time + .milliseconds(700), [contact(1, .ended, 100)]))
        engine.advance(to: time + .seconds(60))
        #expect(press.state == .possible)
        #expect(engine.nextDeadline == nil)
        #expect(engine.activeTouches.isEmpty && engine.deliveryTouches.isEmpty)
    }

    /// The watchdog cancels a finger the panel stopped reporting; the handler, told of it, lands
    /// a new finger, which then lifts: each touch ends once, and nothing is left.
    @Test("pin: a finger landed from the watchdog's cancel ends once; nothing is left")
    func landingFromWatchdogCancel() {
        let (engine, start, _, script) = panelWithView()
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        var landed: Timestamp?
        script.onCancelled = { [unowned engine] t in
            guard t.contactID == 1, landed == nil else { return }
            landed = engine.now
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: engine.now, contacts: [
                ReentryPanel.contact(2, .began, 200),
            ])))
        }
        engine.advance(to: time + .seconds(31))
        #expect(landed == time + .seconds(30))
        #expect(script.entries == ["began 1", "cancelled 1", "began 2"])
        engine.send(frame(time + .seconds(32), [contact(2, .ended, 200)]))
        #expect(script.entries == ["began 1", "cancelled 1", "began 2", "ended 2"])
        engine.advance(to: time + .seconds(100))
        #expect(engine.nextDeadline == nil)
        #expect(engine.activeTouches.isEmpty && engine.deliveryTouches.isEmpty)
    }

    /// A recognizer that re-arms its deadline 10 ms on each time it passes: one `advance(to:)`
    /// over 100 ms fires it at each of its moments, once each, in order, with time at that moment.
    @Test("pin: a deadline re-armed from deadlineReached fires at each of its moments, once")
    func rearmedDeadline() {
        final class Ticker: GestureRecognizer {
            var fired: [Timestamp] = []
            var seen: [Timestamp] = []
            override func touchesBegan(_ touches: [Touch]) { deadline = now + .milliseconds(10) }
            override func deadlineReached(at time: Timestamp) {
                fired.append(time)
                seen.append(now)
                deadline = time + .milliseconds(10)
            }
            override func touchesEnded(_ touches: [Touch]) { fail(.endedTooSoon) }
        }
        let (engine, start) = ReentryPanel.engine()
        let ticker = Ticker()
        engine.root.addGestureRecognizer(ticker)
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        engine.advance(to: time + .milliseconds(100))
        let expected = (1...10).map { time + .milliseconds(Int64($0) * 10) }
        #expect(ticker.fired == expected)
        #expect(ticker.seen == expected)
        engine.send(frame(time + .milliseconds(105), [contact(1, .ended, 100)]))
        engine.advance(to: time + .seconds(60))
        #expect(ticker.state == .possible)
        #expect(engine.nextDeadline == nil)
    }

    /// A double tap holds the end of its first tap back (`delaysTouchesEnded`) and fails when its
    /// interval runs out; the end is then delivered, and the handler, told of it, lands a finger
    /// at that moment, while the double tap is still failed. The double tap is offered that
    /// finger once it resets: it and the next tap make a double tap.
    @Test("pin: a finger landed from a held end let go by a deadline is offered to the recognizer that failed")
    func landingFromEndLetGoByDeadline() {
        let (engine, start, view, script) = panelWithView()
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        view.addGestureRecognizer(double)
        var states: [GestureState] = []
        double.addTarget { g in states.append(g.state) }
        let time = start + .milliseconds(8)
        engine.send(frame(time, [contact(1, .began, 100)]))
        engine.send(frame(time + .milliseconds(50), [contact(1, .ended, 100)]))
        #expect(script.entries == ["began 1"])
        var landed: Timestamp?
        script.onEnded = { [unowned engine] t in
            guard t.contactID == 1, landed == nil else { return }
            landed = engine.now
            engine.send(.touchFrame(TouchFrame(device: Self.device, timestamp: engine.now, contacts: [
                ReentryPanel.contact(2, .began, 100),
            ])))
        }
        engine.advance(to: time + .milliseconds(400))
        #expect(landed == time + .milliseconds(350))
        #expect(double.failureReason != nil || double.state == .possible)
        let t2 = time + .milliseconds(350)
        engine.send(frame(t2 + .milliseconds(50), [contact(2, .ended, 100)]))
        engine.send(frame(t2 + .milliseconds(100), [contact(3, .began, 100)]))
        engine.send(frame(t2 + .milliseconds(150), [contact(3, .ended, 100)]))
        #expect(states == [.ended])
        engine.advance(to: t2 + .seconds(60))
        #expect(double.state == .possible)
        #expect(engine.nextDeadline == nil)
        #expect(engine.activeTouches.isEmpty && engine.deliveryTouches.isEmpty)
        #expect(endsOnce(script.entries), "\(script.entries)")
    }
}
