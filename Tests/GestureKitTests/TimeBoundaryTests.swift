import Testing
@testable import GestureKit

/// A touchscreen (250 × 150 mm on 1000 × 600 points: 4 points per millimetre) driven with frames
/// at exact microsecond timestamps, and a log of every recognizer's transitions with the engine's
/// time at each.
private final class TimePanel: GestureEngineObserver {
    let engine: GestureEngine
    var log: [String] = []
    var times: [Timestamp] = []
    static let start = Timestamp.milliseconds(1000)

    init(configuration: GestureConfiguration = .default, devices: [Int] = [1]) {
        engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600), configuration: configuration)
        engine.observer = self
        for d in devices {
            engine.send(.deviceAdded(InputDevice(
                id: DeviceID(d), name: "panel \(d)", kind: .touchscreen, sizeMillimetres: Size(width: 250, height: 150),
                hasResolution: true, maximumContacts: 10), at: Self.start))
        }
    }

    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        switch new {
        case .possible: return
        case .failed: log.append("\(recognizer.name): failed(\(recognizer.failureReason.map { "\($0)" } ?? "?"))")
        default: log.append("\(recognizer.name): \(new.rawValue)")
        }
        times.append(engine.now)
    }

    var outcomes: [String] { log.filter { !$0.hasSuffix(": changed") } }

    static func contact(_ id: Int, _ phase: TouchPhase, _ p: Point) -> TouchContact {
        TouchContact(id: id, phase: phase, location: p, millimetres: p / 4)
    }

    func frame(_ t: Timestamp, device: Int = 1, _ contacts: [TouchContact]) {
        engine.send(.touchFrame(TouchFrame(device: DeviceID(device), timestamp: t, contacts: contacts)))
    }

    func frame(_ t: Timestamp, device: Int = 1, _ contacts: TouchContact...) { frame(t, device: device, contacts) }
}

private func us(_ n: Int64) -> Duration { .microseconds(n) }
private let origin = TimePanel.start + .milliseconds(8)
private let middle = Point(x: 400, y: 300)

@Suite("Time: limits at their boundary, repeated and late stamps")
struct TimeBoundaryTests {
    // MARK: Boundaries: a limit is the first time that fails
    //
    // `send` runs `advance(to: frame.timestamp)` first, and `advance` fires every deadline at or
    // before that time; the tap and the swipe set their deadline at exactly landing + limit
    // (lift + interval), so a frame at exactly the limit is heard after the failure, at every
    // frame rate. The engine's own count of taps (`Touch.tapCount`) must agree: it once counted
    // a tap held, or a pause lasting, exactly the limit (`<=`), and said 2 for a second tap the
    // double tap had failed as too slow.

    @Test("a tap held exactly maximumTapDuration fails at every frame rate, and tapCount does not count it")
    func tapHeldExactlyTheLimit() {
        for hz: Int64 in [60, 120, 240, 250] {
            let p = TimePanel()
            let tap = TapGestureRecognizer().named("tap")
            p.engine.root.addGestureRecognizer(tap)
            let limit = tap.maximumTapDuration
            p.frame(origin, TimePanel.contact(1, .began, middle))
            // Resting frames at the panel's rate up to the lift.
            var t = origin
            let step = us(1_000_000 / hz)
            while t + step < origin + limit {
                t = t + step
                p.frame(t, TimePanel.contact(1, .stationary, middle))
            }
            p.frame(origin + limit, TimePanel.contact(1, .ended, middle))
            #expect(p.outcomes == ["tap: failed(held longer than 750.0 ms)"], "\(hz) Hz")
            // The next finger, 100 ms later, is a first tap.
            p.frame(origin + limit + .milliseconds(100), TimePanel.contact(1, .began, middle))
            #expect(p.engine.activeTouches.first?.tapCount == 1, "\(hz) Hz")
        }
    }

    /// Records the tap count of each finger that lands in a view.
    final class Counts: TouchHandler {
        var counts: [Int] = []
        func touchBegan(_ touch: Touch) { counts.append(touch.tapCount) }
        func touchMoved(_ touch: Touch) {}
        func touchEnded(_ touch: Touch) {}
        func touchCancelled(_ touch: Touch) {}
    }

    @Test("a second tap landing exactly maximumIntervalBetweenTaps after the first lift: the double tap failed as too slow, and tapCount agrees (1); a microsecond earlier both count 2")
    func doubleTapExactInterval() {
        for early in [Int64(0), 1] {
            let p = TimePanel()
            let double = TapGestureRecognizer().named("double")
            double.numberOfTapsRequired = 2
            let h = Counts()
            let view = Region(frame: Rect(x: 0, y: 0, width: 1000, height: 600), name: "view")
            view.touchHandler = h
            double.cancelsTouchesInView = false
            p.engine.root.addChild(view)
            view.addGestureRecognizer(double)
            p.frame(origin, TimePanel.contact(1, .began, middle))
            let lift = origin + .milliseconds(60)
            p.frame(lift, TimePanel.contact(1, .ended, middle))
            let second = lift + double.maximumIntervalBetweenTaps - us(early)
            p.frame(second, TimePanel.contact(1, .began, middle))
            p.frame(second + .milliseconds(60), TimePanel.contact(1, .ended, middle))
            if early == 0 {
                #expect(h.counts == [1, 1])
                #expect(p.outcomes == ["double: failed(slower than 300.0 ms)"])
            } else {
                #expect(h.counts == [1, 2])
                #expect(p.outcomes == ["double: ended"])
            }
        }
    }

    @Test("a swipe that reaches its distance exactly maximumDuration after landing fails as too slow, at the limit's deadline")
    func swipeExactDuration() {
        let p = TimePanel()
        let swipe = SwipeGestureRecognizer().named("swipe")
        p.engine.root.addGestureRecognizer(swipe)
        let limit = swipe.maximumDuration
        p.frame(origin, TimePanel.contact(1, .began, middle))
        // 5 mm early on, then the last 15 mm in the frame at the limit.
        p.frame(origin + .milliseconds(100), TimePanel.contact(1, .moved, middle + Point(x: 20, y: 0)))
        p.frame(origin + limit, TimePanel.contact(1, .moved, middle + Point(x: 80, y: 0)))
        #expect(p.outcomes == ["swipe: failed(slower than 600.0 ms)"])
        #expect(p.times == [origin + limit])
    }

    // MARK: Repeated and backward stamps

    /// A swipe recognizes on finger 1 and follows it until it lifts; fingers 2 and 3 land
    /// meanwhile (the swipe, finished, is not offered them). Finger 1 then lifts, in a frame a
    /// microsecond after the landings, stamped the same, or stamped before them (late, another
    /// clock): the swipe resets, and is offered the fingers still down. How it is offered them
    /// must not depend on the stamp.
    /// `offerTouchesMissed` once told a touch that landed in this cycle by its stamp alone: a
    /// frame stamped the same as the landing frame, or before it (heard at `now`), made fingers
    /// that landed a frame earlier look as if they landed now, and they joined a gesture already
    /// under way (docs: "a touch that landed before never joins a gesture already under way").
    @Test("a lift frame stamped the same as (or before) the previous frame is heard as one a microsecond later")
    func repeatedStampAfterReset() {
        var results: [String: [String]] = [:]
        for (name, offset) in [("later", us(1)), ("same", us(0)), ("earlier", us(-2000))] {
            let p = TimePanel()
            let swipe = SwipeGestureRecognizer().named("swipe")
            p.engine.root.addGestureRecognizer(swipe)
            p.frame(origin, TimePanel.contact(1, .began, Point(x: 100, y: 300)))
            p.frame(origin + .milliseconds(50), TimePanel.contact(1, .moved, Point(x: 200, y: 300)))
            let landed = origin + .milliseconds(100)
            p.frame(landed, [
                TimePanel.contact(1, .stationary, Point(x: 200, y: 300)),
                TimePanel.contact(2, .began, Point(x: 500, y: 100)),
                TimePanel.contact(3, .began, Point(x: 500, y: 500)),
            ])
            p.frame(landed + offset, [
                TimePanel.contact(1, .ended, Point(x: 200, y: 300)),
                TimePanel.contact(2, .stationary, Point(x: 500, y: 100)),
                TimePanel.contact(3, .stationary, Point(x: 500, y: 500)),
            ])
            results[name] = p.log
        }
        #expect(results["later"] == ["swipe: ended"])
        #expect(results["same"] == results["later"])
        #expect(results["earlier"] == results["later"])
    }

    // MARK: Watchdog
}
