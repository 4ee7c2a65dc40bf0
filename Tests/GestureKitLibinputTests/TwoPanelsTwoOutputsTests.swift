import GestureKit
import Testing
@testable import GestureKitLibinput

/// A compositor's desk: two monitors side by side in one space, each with its own touchscreen,
/// assigned through `OutputAssignment`, driven through the scripted libinput seat.
///
/// - Output A (left): 1920 × 1080 points at (0, 0), its panel a 527 × 296 mm sensor
///   (about 3.64 points per mm).
/// - Output B (right): 1280 × 800 points at (1920, 0), smaller and denser, its panel a
///   300 × 188 mm sensor (about 4.26 points per mm).
///
/// The engine's root covers both: 3200 × 1080 points (LiveConfiguration: "a host with two
/// screens side by side makes its engine's root region cover both").
private final class Desk {
    static let panelA = RawDeviceHandle(0x41)
    static let panelB = RawDeviceHandle(0x42)
    static let infoA = RawDeviceInfo(
        handle: panelA, name: "Panel A", sysname: "event11", devnode: "/dev/input/event11",
        capabilities: [.touch], sizeMillimetres: Size(width: 527, height: 296), touchCount: 10,
        udevProperties: ["WL_OUTPUT": "DP-1"])
    static let infoB = RawDeviceInfo(
        handle: panelB, name: "Panel B", sysname: "event12", devnode: "/dev/input/event12",
        capabilities: [.touch], sizeMillimetres: Size(width: 300, height: 188), touchCount: 10,
        udevProperties: ["WL_OUTPUT": "DP-2"])
    static let outputA = OutputMapping(size: Size(width: 1920, height: 1080), physicalSize: Size(width: 527, height: 296))
    static let outputB = OutputMapping(
        size: Size(width: 1280, height: 800), physicalSize: Size(width: 300, height: 188), origin: Point(x: 1920, y: 0))

    let backend: LibinputBackend
    let system: ScriptedLibinputSystem
    let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 3200, height: 1080))
    let log = TransitionLog()
    private(set) var ms: UInt64 = 1000

    init() throws {
        var configuration = Fixture.configuration(nodes: [
            ScriptedLibinputSystem.Node(path: Self.infoA.devnode!, info: Self.infoA),
            ScriptedLibinputSystem.Node(path: Self.infoB.devnode!, info: Self.infoB),
        ])
        configuration.outputAssignment = OutputAssignment([
            (.outputName("DP-1"), Self.outputA),
            (.outputName("DP-2"), Self.outputB),
        ])
        backend = try LibinputBackend(configuration: configuration)
        system = backend.system as! ScriptedLibinputSystem
        engine.observer = log
        try backend.dispatch { engine.send($0) }
    }

    /// The engine's id of a panel.
    func id(_ handle: RawDeviceHandle) -> DeviceID {
        backend.touchDevices.first { $0.name == (handle == Self.panelA ? "Panel A" : "Panel B") }!.id
    }

    /// Moves the clock on by `step` milliseconds.
    func tick(_ step: UInt64 = 8) { ms += step }

    /// One libinput touch event on `panel` at the sensor's normalized position.
    func event(_ kind: RawTouchEvent.Kind, _ panel: RawDeviceHandle, slot: Int32, _ x: Double = 0, _ y: Double = 0) -> RawLibinputEvent {
        let mm = panel == Self.panelA ? Self.infoA.sizeMillimetres! : Self.infoB.sizeMillimetres!
        let position = kind == .down || kind == .motion
            ? RawTouchEvent.Position(millimetres: Point(x: x * mm.width, y: y * mm.height), normalized: Point(x: x, y: y))
            : nil
        // libinput's seat slots are unique across the seat: panel B's start at 5 here.
        let seatSlot = panel == Self.panelA ? slot : slot + 5
        return .touch(RawTouchEvent(
            kind: kind, device: panel, timeMicroseconds: ms * 1000, slot: slot, seatSlot: seatSlot, position: position))
    }

    /// One libinput frame of `panel`'s events.
    func frame(_ panel: RawDeviceHandle, _ events: [RawLibinputEvent]) throws {
        system.queued = events + [.touch(RawTouchEvent(kind: .frame, device: panel, timeMicroseconds: ms * 1000))]
        try backend.dispatch { engine.send($0) }
    }

    /// A one-finger stroke on `panel`: lands at `from`, moves in `steps` frames by `step` each
    /// (normalized sensor units), and lifts.
    func stroke(_ panel: RawDeviceHandle, from: (Double, Double), step: (Double, Double), steps: Int = 12) throws {
        try frame(panel, [event(.down, panel, slot: 0, from.0, from.1)])
        for i in 1...steps {
            tick()
            try frame(panel, [event(.motion, panel, slot: 0, from.0 + step.0 * Double(i), from.1 + step.1 * Double(i))])
        }
        tick()
        try frame(panel, [event(.up, panel, slot: 0)])
    }
}

/// Every transition out of `possible` and back, as "name: state", with the failure's reason.
private final class TransitionLog: GestureEngineObserver {
    private(set) var entries: [String] = []
    private(set) var updates: [GestureUpdate] = []
    func engine(_ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState) {
        updates.append(GestureUpdate(recognizer: recognizer, from: old, to: new, at: engine.now))
        switch new {
        case .possible, .changed: break
        case .failed: entries.append("\(recognizer.name): failed(\(recognizer.failureReason.map { "\($0)" } ?? "?"))")
        default: entries.append("\(recognizer.name): \(new.rawValue)")
        }
    }
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// What a client surface hears of each touch as it begins: the touch's `tapCount`, by device.
private final class TapCounts: TouchHandler {
    private(set) var began: [(device: DeviceID, tapCount: Int)] = []
    func touchBegan(_ touch: Touch) { began.append((touch.device, touch.tapCount)) }
    func touchMoved(_ touch: Touch) {}
    func touchEnded(_ touch: Touch) {}
    func touchCancelled(_ touch: Touch) {}
}

@Suite("Two touchscreens, each on its own output, in one compositor")
struct TwoPanelsTwoOutputsTests {
    // MARK: Edge zones belong to the output the touch's panel covers

    /// "Swipe from the bottom of the second monitor": B is 800 points tall, the desk 1080. A
    /// finger landing 4 points (under 1 mm) above B's bottom edge and moving up is as clear an
    /// edge swipe as there is: the band is measured from B's own bottom edge (y 800), not from
    /// the union's (y 1080), 280 points below the panel's last row.
    @Test("A swipe up from the bottom edge of the second, shorter monitor is a bottom edge pan")
    func bottomEdgeOfTheShorterOutput() throws {
        let desk = try Desk()
        let overview = ScreenEdgePanGestureRecognizer()
        overview.name = "overview"
        overview.zones = [.edge(EdgeZone(.bottom, depth: .millimetres(8)))]
        desk.engine.root.addGestureRecognizer(overview)

        // Panel B, 0.5 % of its height above its bottom (y = 796 of 800), up 8 points a frame.
        try desk.stroke(Desk.panelB, from: (0.5, 0.995), step: (0, -0.01))
        #expect(desk.log.take() == ["overview: began", "overview: ended"],
                "the bottom band is output B's bottom edge (y 800), not the union's (y 1080)")
        // The same stroke on the taller panel A, whose bottom is the union's, is one.
        desk.tick(500)
        try desk.stroke(Desk.panelA, from: (0.5, 0.995), step: (0, -0.01))
        #expect(desk.log.take() == ["overview: began", "overview: ended"])
    }

    /// "Swipe in from the inner edge between the monitors": output B's left edge (x 1920) and
    /// output A's right edge (x 1920 too) are each panel's own edge, a bezel under the finger,
    /// though the middle of the union: each swipe is an edge pan.
    @Test("A swipe in from the inner edge of each monitor is an edge pan from that output's edge")
    func innerEdgesBetweenTheOutputs() throws {
        let desk = try Desk()
        let fromLeft = ScreenEdgePanGestureRecognizer()
        fromLeft.name = "fromLeft"
        fromLeft.zones = [.edge(EdgeZone(.left, depth: .millimetres(8)))]
        let fromRight = ScreenEdgePanGestureRecognizer()
        fromRight.name = "fromRight"
        fromRight.zones = [.edge(EdgeZone(.right, depth: .millimetres(8)))]
        desk.engine.root.addGestureRecognizer(fromLeft)
        desk.engine.root.addGestureRecognizer(fromRight)

        // Panel B, 0.3 % of its width in from its left edge (x = 1923.8), moving right.
        try desk.stroke(Desk.panelB, from: (0.003, 0.5), step: (0.01, 0))
        let onB = desk.log.take()
        #expect(onB.contains("fromLeft: began"), "B's left edge is no edge: \(onB)")
        #expect(desk.log.updates.last { $0.name == "fromLeft" && $0.state == .began }?.edge == .left)

        // Panel A, 0.3 % of its width in from its right edge (x = 1914.2), moving left.
        desk.tick(500)
        try desk.stroke(Desk.panelA, from: (0.997, 0.5), step: (-0.01, 0))
        let onA = desk.log.take()
        #expect(onA.contains("fromRight: began"), "A's right edge is no edge: \(onA)")
    }

    /// A corner zone at the top-right corner: output A's top-right corner (1920, 0) is as much
    /// a corner under the finger as output B's (3200, 0), the union's: both are corner pans.
    @Test("A corner pan from output A's top-right corner is a corner pan")
    func cornerOfTheLeftOutput() throws {
        let desk = try Desk()
        let launcher = ScreenEdgePanGestureRecognizer()
        launcher.name = "launcher"
        launcher.zones = [.corner(CornerZone(.topRight, size: .millimetres(12)))]
        desk.engine.root.addGestureRecognizer(launcher)

        // Panel A, near its top-right corner, moving down-left into the screen.
        try desk.stroke(Desk.panelA, from: (0.995, 0.005), step: (-0.008, 0.008))
        #expect(desk.log.take() == ["launcher: began", "launcher: ended"],
                "the corner was taken as the union's top-right (3200, 0), not output A's (1920, 0)")
        // On panel B the union's corner is its own.
        desk.tick(500)
        try desk.stroke(Desk.panelB, from: (0.995, 0.005), step: (-0.008, 0.008))
        #expect(desk.log.take() == ["launcher: began", "launcher: ended"])
    }

    // MARK: Two people, two panels: no cross-talk

    /// Person A scrolls a client window in the middle of panel A while person B swipes in from
    /// the right edge of panel B. Each output has a region of its own holding its system
    /// gestures (LiveConfiguration): B's edge swipe is B's output's, and A's finger is never
    /// offered to it. The same edge pan on the root, offered A's finger first, fails on it and
    /// takes no other finger until A's lifts: a recognizer is one state machine (documented).
    @Test("With a region per output, a finger scrolling on panel A leaves panel B's edge swipe to B")
    func perOutputRegionsKeepPanelsApart() throws {
        for onRoot in [false, true] {
            let desk = try Desk()
            let outputA = Region(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "outputA")
            let outputB = Region(frame: Rect(x: 1920, y: 0, width: 1280, height: 800), name: "outputB")
            desk.engine.root.addChild(outputA)
            desk.engine.root.addChild(outputB)
            let fromRight = ScreenEdgePanGestureRecognizer()
            fromRight.name = "fromRight"
            fromRight.edges = .right
            (onRoot ? desk.engine.root : outputB).addGestureRecognizer(fromRight)
            let windowA = Region(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "windowA")
            outputA.addChild(windowA)
            let scrollA = PanGestureRecognizer()
            scrollA.name = "scrollA"
            windowA.addGestureRecognizer(scrollA)

            try desk.frame(Desk.panelA, [desk.event(.down, Desk.panelA, slot: 0, 0.5, 0.5)])
            desk.tick()
            // B lands 0.3 % of its width in from its right edge and moves left.
            try desk.frame(Desk.panelB, [desk.event(.down, Desk.panelB, slot: 0, 0.997, 0.5)])
            for i in 1...12 {
                desk.tick()
                try desk.frame(Desk.panelA, [desk.event(.motion, Desk.panelA, slot: 0, 0.5, 0.5 + 0.01 * Double(i))])
                try desk.frame(Desk.panelB, [desk.event(.motion, Desk.panelB, slot: 0, 0.997 - 0.01 * Double(i), 0.5)])
            }
            let log = desk.log.take()
            #expect(log.contains("scrollA: began"))
            if onRoot {
                #expect(log == ["fromRight: failed(started outside its area)", "scrollA: began"], "\(log)")
            } else {
                #expect(log.contains("fromRight: began"), "\(log)")
                #expect(!log.contains { $0.hasPrefix("fromRight: failed") }, "\(log)")
            }
        }
    }

    /// Person A taps twice on panel A (a double tap, as a client reading `Touch.tapCount`
    /// sees it); between A's taps person B taps once on panel B, far away. Each panel's taps
    /// are counted apart: A's second tap is counted 2.
    @Test("A tap on the other panel between two taps on this one does not reset this one's tap count")
    func tapCountIsKeptPerPanel() throws {
        let desk = try Desk()
        let window = Region(frame: Rect(x: 0, y: 0, width: 3200, height: 1080), name: "window")
        let client = TapCounts()
        window.touchHandler = client
        desk.engine.root.addChild(window)

        func tap(_ panel: RawDeviceHandle) throws {
            try desk.frame(panel, [desk.event(.down, panel, slot: 0, 0.5, 0.5)])
            desk.tick(40)
            try desk.frame(panel, [desk.event(.up, panel, slot: 0)])
        }
        try tap(Desk.panelA)
        desk.tick(60)
        try tap(Desk.panelB)
        desk.tick(60)
        try tap(Desk.panelA)
        let a = desk.id(Desk.panelA)
        #expect(client.began.filter { $0.device == a }.map(\.tapCount) == [1, 2],
                "panel B's tap, on another screen, reset the tap count of panel A's double tap")
    }

    /// A client window on panel B scrolls with a pan that waits for its output's edge swipe to
    /// fail (the usual UIKit pairing: the edge swipe wins over the content under it). Person A
    /// makes panel A's edge swipe meanwhile. With a region per output, each holding its own
    /// edge swipe, B's scroll waits on B's edge swipe only, which fails on B's finger: the
    /// scroll begins.
    @Test("With a region per output, an edge swipe on panel A does not fail the scroll on panel B")
    func requirementStaysOnItsOutput() throws {
        let desk = try Desk()
        let outputA = Region(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "outputA")
        let outputB = Region(frame: Rect(x: 1920, y: 0, width: 1280, height: 800), name: "outputB")
        desk.engine.root.addChild(outputA)
        desk.engine.root.addChild(outputB)
        let backA = ScreenEdgePanGestureRecognizer()
        backA.name = "backA"
        outputA.addGestureRecognizer(backA)
        let backB = ScreenEdgePanGestureRecognizer()
        backB.name = "backB"
        outputB.addGestureRecognizer(backB)
        // In its parent's coordinates: output B's whole surface.
        let windowB = Region(frame: Rect(x: 0, y: 0, width: 1280, height: 800), name: "windowB")
        outputB.addChild(windowB)
        let scroll = PanGestureRecognizer()
        scroll.name = "scroll"
        scroll.require(toFail: backB)
        windowB.addGestureRecognizer(scroll)

        // A lands at panel A's left edge.
        try desk.frame(Desk.panelA, [desk.event(.down, Desk.panelA, slot: 0, 0.003, 0.5)])
        desk.tick()
        // B lands in the middle of its window and drags down, one frame each.
        try desk.frame(Desk.panelB, [desk.event(.down, Desk.panelB, slot: 0, 0.5, 0.3)])
        for i in 1...12 {
            desk.tick()
            try desk.frame(Desk.panelA, [desk.event(.motion, Desk.panelA, slot: 0, 0.003 + 0.01 * Double(i), 0.5)])
            try desk.frame(Desk.panelB, [desk.event(.motion, Desk.panelB, slot: 0, 0.5, 0.3 + 0.01 * Double(i))])
        }
        let log = desk.log.take()
        #expect(log.contains("backA: began"), "\(log)")
        #expect(log.contains("backB: failed(started outside its area)"), "\(log)")
        #expect(log.contains("scroll: began"), "\(log)")
        #expect(!log.contains { $0.hasPrefix("scroll: failed") }, "\(log)")
    }

    // MARK: An output turned under a pinch

    /// Person B pinches open in the middle of panel B, the fingers symmetric about the output's
    /// centre; the compositor turns output B half a turn (`setOutputMapping`). The backend places
    /// both fingers anew in one frame. The pinch re-measures its spread as each finger is placed,
    /// the others where they were as the frame began: the first finger, placed exactly where
    /// the second was, gives a spread of 0 for a moment, and the second placement measures it
    /// again, so the pinch goes on scaling (skipped at a spread of 0, it stayed at the scale it
    /// had, its target never called again, until the fingers lift).
    @Test("A pinch in progress on a panel whose output turns half a turn goes on scaling")
    func pinchGoesOnAfterAHalfTurn() throws {
        let desk = try Desk()
        let zoom = PinchGestureRecognizer()
        zoom.name = "zoom"
        desk.engine.root.addGestureRecognizer(zoom)
        var scales: [Double] = []
        zoom.addTarget { scales.append($0.scale) }
        let b = Desk.panelB
        try desk.frame(b, [desk.event(.down, b, slot: 0, 0.4, 0.5), desk.event(.down, b, slot: 1, 0.6, 0.5)])
        for i in 1...10 {
            desk.tick()
            let d = 0.01 * Double(i)
            try desk.frame(b, [desk.event(.motion, b, slot: 0, 0.4 - d, 0.5), desk.event(.motion, b, slot: 1, 0.6 + d, 0.5)])
        }
        #expect(abs(zoom.scale - 2.0) < 1e-9)
        var turned = Desk.outputB
        turned.rotation = .upsideDown
        try desk.backend.setOutputMapping(turned, for: desk.id(b))
        scales.removeAll()
        // The fingers go on spreading: 0.4 → 0.5 apart on the sensor (0.2 at the start), the scale 2 → 2.5.
        for i in 11...15 {
            desk.tick()
            let d = 0.01 * Double(i)
            try desk.frame(b, [desk.event(.motion, b, slot: 0, 0.4 - d, 0.5), desk.event(.motion, b, slot: 1, 0.6 + d, 0.5)])
        }
        #expect(abs(zoom.scale - 2.5) < 1e-6, "the pinch stopped measuring at the turn: scale \(zoom.scale), targets heard \(scales)")
        #expect(scales.count == 5)
    }
}
