import Testing
@testable import GestureKit

@Suite("Touch delivery")
struct TouchDeliveryTests {
    /// A view in the middle of the screen with a touch log.
    func view(_ s: Fingers) -> (Region, TouchLog) {
        let view = s.region("view", Rect(x: 100, y: 100, width: 600, height: 400))
        let log = TouchLog()
        view.touchHandler = log
        return (view, log)
    }

    /// Every touch the handler heard of ends with exactly one ended or cancelled.
    func endsOnce(_ entries: [String]) -> Bool {
        var open: [String: Int] = [:]
        for e in entries {
            let parts = e.split(separator: " ")
            let id = String(parts[1])
            switch parts[0] {
            case "began": open[id, default: 0] += 1
            case "ended", "cancelled": open[id, default: 0] -= 1; if open[id]! < 0 { return false }
            default: if (open[id] ?? 0) != 1 { return false }
            }
        }
        return open.values.allSatisfy { $0 == 0 }
    }

    @Test("with no recognizer the view gets every touch as it happens")
    func noRecognizer() {
        let s = Fingers()
        let (_, log) = view(s)
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(log.entries == ["began 1"])
        s.drag(1, by: Point(x: 30, y: 0), over: 50)
        s.release([1])
        #expect(log.entries == ["began 1", "moved 1", "ended 1"])
    }

    @Test("cancelsTouchesInView on: the view's touch is cancelled when the pan begins")
    func cancelsTouches() {
        let s = Fingers()
        let (view, log) = view(s)
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 80, y: 0), over: 200)
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        s.release([1])
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(endsOnce(log.entries))
    }

    @Test("cancelsTouchesInView off: the view keeps its touch to the end")
    func keepsTouches() {
        let s = Fingers()
        let (view, log) = view(s)
        let pan = PanGestureRecognizer().named("pan")
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 80, y: 0), over: 200)
        s.release([1])
        #expect(log.entries == ["began 1", "moved 1", "ended 1"])
        #expect(s.outcomes == ["pan: began", "pan: ended"])
    }

    @Test("delaysTouchesBegan: a touch the tap claims never reaches the view")
    func delayedAndClaimed() {
        let s = Fingers()
        let (view, log) = view(s)
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        s.press([1], at: [Point(x: 200, y: 200)])
        #expect(log.entries.isEmpty)
        s.wait(60)
        s.release([1])
        #expect(s.log == ["tap: ended"])
        #expect(log.entries.isEmpty)
    }

    @Test("delaysTouchesBegan: a touch is held until the tap fails, then begins where it is")
    func delayedThenDelivered() {
        let s = Fingers()
        let (view, log) = view(s)
        let tap = TapGestureRecognizer().named("tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        var beganAt: Point?
        final class Where: TouchHandler {
            let inner: TouchLog
            let began: (Point) -> Void
            init(_ inner: TouchLog, _ began: @escaping (Point) -> Void) { self.inner = inner; self.began = began }
            func touchBegan(_ t: Touch) { began(t.location); inner.touchBegan(t) }
            func touchMoved(_ t: Touch) { inner.touchMoved(t) }
            func touchEnded(_ t: Touch) { inner.touchEnded(t) }
            func touchCancelled(_ t: Touch) { inner.touchCancelled(t) }
        }
        view.touchHandler = Where(log, { beganAt = $0 })
        s.press([1], at: [Point(x: 200, y: 200)])
        s.drag(1, by: Point(x: 15, y: 0), over: 50)  // within the tap's 16 pt
        #expect(log.entries.isEmpty)
        s.drag(1, by: Point(x: 2.5, y: 0), over: 10)  // 17.5 pt
        #expect(s.log == ["tap: failed(moved further than 4 mm)"])
        #expect(log.entries == ["began 1"])
        #expect(beganAt == Point(x: 217.5, y: 200))
        s.drag(1, by: Point(x: 20, y: 0), over: 50)
        s.release([1])
        #expect(log.entries == ["began 1", "moved 1", "ended 1"])
    }

    @Test("delaysTouchesEnded on: with a double tap present the first tap's end waits for it to fail")
    func delaysEndedUntilDoubleFails() {
        let s = Fingers()
        let (view, log) = view(s)
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        view.addGestureRecognizer(double)
        s.tap(at: Point(x: 200, y: 200))
        #expect(log.entries == ["began 1"])
        s.wait(299)
        #expect(log.entries == ["began 1"])
        s.wait(1)
        #expect(s.log == ["double: failed(slower than 300.0 ms)"])
        #expect(log.entries == ["began 1", "ended 1"])
    }

    @Test("delaysTouchesEnded on: when the double tap recognizes, both held touches are cancelled")
    func heldEndsCancelledOnRecognition() {
        let s = Fingers()
        let (view, log) = view(s)
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        s.tap(at: Point(x: 200, y: 200))
        s.wait(100)
        s.tap(at: Point(x: 200, y: 200))
        #expect(s.log == ["double: ended"])
        #expect(log.entries == ["began 1", "began 1", "cancelled 1", "cancelled 1"])
        #expect(endsOnce(log.entries))
    }

    @Test("delaysTouchesEnded off: the first tap's end goes through at once")
    func endsNotDelayed() {
        let s = Fingers()
        let (view, log) = view(s)
        let double = TapGestureRecognizer().named("double")
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        double.delaysTouchesEnded = false
        view.addGestureRecognizer(double)
        s.tap(at: Point(x: 200, y: 200))
        #expect(log.entries == ["began 1", "ended 1"])
        s.wait(400)
        #expect(log.entries == ["began 1", "ended 1"])
    }

    @Test("recognizers on an ancestor decide the delivery to a subview")
    func ancestorRecognizer() {
        let s = Fingers()
        let (view, _) = view(s)
        let button = s.region("button", Rect(x: 10, y: 10, width: 100, height: 50), in: view)
        let log = TouchLog()
        button.touchHandler = log
        let pan = PanGestureRecognizer().named("pan")
        s.engine.root.addGestureRecognizer(pan)
        s.press([1], at: [Point(x: 120, y: 120)])
        s.drag(1, by: Point(x: 80, y: 0), over: 200)
        s.release([1])
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
    }

    @Test("two fingers, one claimed by a pan on its own region: each ends exactly once")
    func twoFingers() {
        let s = Fingers()
        let (view, log) = view(s)
        let other = s.region("other", Rect(x: 750, y: 100, width: 200, height: 400))
        let otherLog = TouchLog()
        other.touchHandler = otherLog
        let pan = PanGestureRecognizer().named("pan")
        view.addGestureRecognizer(pan)
        s.press([1, 2], at: [Point(x: 200, y: 200), Point(x: 800, y: 200)])
        s.drag([1: Point(x: 50, y: 0), 2: Point(x: 0, y: 50)], over: 100)
        s.release([1, 2])
        #expect(log.entries == ["began 1", "moved 1", "cancelled 1"])
        #expect(otherLog.entries == ["began 2", "moved 2", "ended 2"])
        #expect(endsOnce(log.entries) && endsOnce(otherLog.entries))
    }

    @Test("a handler that changes the graph while it is called still hears each touch end exactly once")
    func reentrantHandler() {
        final class Remover: TouchHandler {
            var entries: [String] = []
            var onEnd: () -> Void = {}
            func touchBegan(_ touch: Touch) { entries.append("began \(touch.contactID)") }
            func touchMoved(_ touch: Touch) {}
            func touchEnded(_ touch: Touch) {
                entries.append("ended \(touch.contactID)")
                onEnd()
            }
            func touchCancelled(_ touch: Touch) { entries.append("cancelled \(touch.contactID)") }
        }
        let s = Fingers()
        let control = s.region("control", Rect(x: 0, y: 0, width: 300, height: 300))
        let swipe = SwipeGestureRecognizer().named("swipe")
        let tap = TapGestureRecognizer().named("tap")
        s.engine.root.addGestureRecognizer(swipe)
        s.engine.root.addGestureRecognizer(tap)
        let handler = Remover()
        handler.onEnd = { [unowned s, unowned swipe, unowned tap] in
            s.engine.root.removeGestureRecognizer(swipe)
            s.engine.root.removeGestureRecognizer(tap)
        }
        control.touchHandler = handler
        s.press([1, 2], at: [Point(x: 50, y: 50), Point(x: 120, y: 50)])
        s.release([1, 2])
        #expect(handler.entries == ["began 1", "began 2", "ended 1", "ended 2"])
        #expect(s.engine.deliveryTouches.isEmpty)
    }
}
