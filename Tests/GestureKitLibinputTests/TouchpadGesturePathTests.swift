import GestureKit
import Testing
@testable import GestureKitLibinput

/// libinput's touchpad gestures and finger scrolling, through the backend's mapping and the
/// engine, to the recognizers.
@Suite("Touchpad gestures from libinput to the recognizers")
struct TouchpadGesturePathTests {
    static func gesture(
        _ kind: RawGestureEvent.Kind, _ phase: RawGestureEvent.Phase, at ms: UInt64, fingers: Int,
        cancelled: Bool = false, device: RawDeviceHandle = Fixture.touchpad, scale: Double = 1
    ) -> RawLibinputEvent {
        .gesture(RawGestureEvent(
            kind: kind, phase: phase, device: device, timeMicroseconds: ms * 1000, fingerCount: fingers,
            cancelled: cancelled, scale: scale))
    }

    static func scroll(at ms: UInt64, dy: Double, device: RawDeviceHandle = Fixture.touchpad) -> RawLibinputEvent {
        .scrollFinger(RawScrollEvent(device: device, timeMicroseconds: ms * 1000, vertical: dy, horizontal: 0))
    }

    /// The states a recognizer's targets saw.
    final class States {
        private(set) var all: [GestureState] = []
        init(_ recognizer: GestureRecognizer) {
            recognizer.addTarget { [unowned self] r in self.all.append(r.state) }
        }
        var outcomes: [GestureState] { all.filter { $0 != .changed } }
    }

    /// README.md, "Embedding", as written: a pinch on the `map` region, commented "also follows
    /// touchpad pinches", with the map as the touchpad's focus (without it, touchpad gestures go
    /// to the root's recognizers only, and the map's pinch never heard the touchpad).
    @Test("The README's embedding example: its map pinch follows a touchpad pinch, as its comment says")
    func readmePinchFollowsTouchpadPinch() throws {
        let (backend, system) = try Fixture.backend(outputSize: Size(width: 1280, height: 800))
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1280, height: 800))
        let map = Region(frame: Rect(x: 0, y: 0, width: 1280, height: 800), name: "map")
        engine.root.addChild(map)
        let pinch = PinchGestureRecognizer()
        let states = States(pinch)
        map.addGestureRecognizer(pinch)
        let back = ScreenEdgePanGestureRecognizer()
        engine.root.addGestureRecognizer(back)
        engine.touchpadFocus = map
        try backend.dispatch { engine.send($0) }

        system.queued = [Self.gesture(.pinch, .begin, at: 100, fingers: 2)]
        system.queued += (1...5).map { Self.gesture(.pinch, .update, at: 100 + UInt64($0) * 8, fingers: 2, scale: 1 + Double($0) * 0.1) }
        system.queued += [Self.gesture(.pinch, .end, at: 150, fingers: 2, scale: 1.5)]
        try backend.dispatch { engine.send($0) }

        #expect(states.outcomes == [.began, .ended], "the map's pinch saw \(states.all) of a touchpad pinch")
    }

    /// `Region.isInteractionEnabled` is UIKit's `isUserInteractionEnabled`: a region that takes
    /// no input, whose recognizers hear nothing (docs/coming-from-uikit.md: "the child's own
    /// recognizers then hear nothing either"). Touchscreen fingers respect it; touchpad gestures
    /// go to the focus (or the root) and its ancestors without looking at it
    /// (`GestureEngine+Touchpad.swift`, the offer loop in `handleNow`).
    @Test("A touchpad gesture reaches no recognizer of a region that takes no input")
    func interactionDisabledRegionHearsNoTouchpadGesture() throws {
        let (backend, system) = try Fixture.backend()
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let panel = Region(frame: Rect(x: 0, y: 0, width: 1000, height: 500), name: "panel")
        engine.root.addChild(panel)
        let pinch = PinchGestureRecognizer()
        let states = States(pinch)
        panel.addGestureRecognizer(pinch)
        engine.touchpadFocus = panel
        // The panel is busy (a modal transition, say): it takes no input.
        panel.isInteractionEnabled = false
        try backend.dispatch { engine.send($0) }

        // A finger on the screen does not reach the panel's pinch...
        system.queued = [
            Fixture.touch(.down, 0, at: 50, normalized: (0.4, 0.5)), Fixture.touch(.down, 1, at: 50, normalized: (0.6, 0.5)),
            Fixture.frame(at: 50),
        ]
        system.queued += (1...5).flatMap { k -> [RawLibinputEvent] in
            let t = 50 + UInt64(k) * 8
            return [
                Fixture.touch(.motion, 0, at: t, normalized: (0.4 - Double(k) * 0.02, 0.5)),
                Fixture.touch(.motion, 1, at: t, normalized: (0.6 + Double(k) * 0.02, 0.5)), Fixture.frame(at: t),
            ]
        }
        system.queued += [Fixture.touch(.up, 0, at: 100), Fixture.touch(.up, 1, at: 100), Fixture.frame(at: 100)]
        try backend.dispatch { engine.send($0) }
        #expect(states.all.isEmpty)

        // ...nor should a touchpad pinch.
        system.queued = [Self.gesture(.pinch, .begin, at: 200, fingers: 2)]
        system.queued += (1...5).map { Self.gesture(.pinch, .update, at: 200 + UInt64($0) * 8, fingers: 2, scale: 1 + Double($0) * 0.1) }
        system.queued += [Self.gesture(.pinch, .end, at: 250, fingers: 2, scale: 1.5)]
        try backend.dispatch { engine.send($0) }
        #expect(states.all.isEmpty, "the pinch of a region that takes no input saw \(states.all)")
    }

    /// libinput gives `LIBINPUT_DEVICE_CAP_GESTURE` only to touchpads whose gestures it enables
    /// (not to a semi-multitouch or single-slot one), but two-finger scrolling is always on: such a
    /// touchpad scrolls with two fingers (`POINTER_SCROLL_FINGER`) and has only the pointer
    /// capability. The mapper took a device for a touchpad only with both capabilities, announced
    /// no such touchpad and dropped its scrolling; udev's `ID_INPUT_TOUCHPAD` now says it is one.
    @Test("Two-finger scrolling on a touchpad without libinput's gesture capability (semi-MT) drives a pan that takes 2-finger swipes")
    func semiMultitouchTouchpadScrolls() throws {
        let semiMT = RawDeviceInfo(
            handle: RawDeviceHandle(0x50), name: "AlpsPS/2 ALPS GlidePoint", sysname: "event6",
            devnode: "/dev/input/event6", capabilities: [.pointer], sizeMillimetres: Size(width: 90, height: 50),
            udevProperties: ["ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1"])
        // A mouse has the pointer capability too, and udev calls it a mouse: not a touchpad.
        let mouse = RawDeviceInfo(
            handle: RawDeviceHandle(0x51), name: "Logitech USB Optical Mouse", sysname: "event7",
            devnode: "/dev/input/event7", capabilities: [.pointer], udevProperties: ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"])
        let (backend, system) = try Fixture.backend(
            nodes: [Fixture.node(Fixture.touchscreenInfo), Fixture.node(semiMT), Fixture.node(mouse)])
        let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 500))
        let pan = PanGestureRecognizer()
        pan.touchpadFingerCounts = 2...5
        let states = States(pan)
        engine.root.addGestureRecognizer(pan)
        try backend.dispatch { engine.send($0) }

        var seen: [InputEvent] = []
        system.queued = (0..<8).map { Self.scroll(at: 100 + UInt64($0) * 10, dy: 6, device: semiMT.handle) }
        system.queued += [Self.scroll(at: 180, dy: 0, device: semiMT.handle)]
        try backend.dispatch { seen.append($0); engine.send($0) }

        #expect(Fixture.gestures(seen).map(\.phase).first == .begin, "the scroll reached the engine as \(seen)")
        #expect(states.outcomes == [.began, .ended], "the pan saw \(states.all)")
        #expect(engine.devices.values.filter { $0.kind == .touchpad }.map(\.name) == ["AlpsPS/2 ALPS GlidePoint"])
        #expect(backend.deviceSummaries.contains { $0.name == "Logitech USB Optical Mouse" && $0.kind == nil })
    }
}
