import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// Recordings as users feed them: a buffer overrun in the middle (`SYN_DROPPED`), a pen recorded
/// as a device of its own. Each test failed on the code before its fix.
@Suite("Recordings as users feed them") struct RecordingQuirksTests {
    static func decode(_ steps: [(Int64, [(EventCode, Int32)])], dropAt: Int64) throws -> [TouchFrame] {
        var d = try TouchDecoder(description: testTouchscreen(), id: DeviceID(1), mapping: testMapping)
        var frames: [TouchFrame] = []
        for (ms, events) in steps {
            if ms == dropAt { _ = try d.decode(EvdevEvent(time: .milliseconds(ms), .synDropped, 0)) }
            if let f = try frame(&d, at: ms, events), ms != dropAt { frames.append(f) }
        }
        return frames
    }

    @Test("After SYN_DROPPED the selected slot stays selected (the kernel sends ABS_MT_SLOT only when it changes)")
    func slotSelectionSurvivesSynDropped() throws {
        // multi-touch-protocol.rst: "The slot being modified is already 0, so the ABS_MT_SLOT is omitted."
        let frames = try Self.decode([
            (0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 100), (.mtPositionY, 100),
                 (.mtSlot, 1), (.mtTrackingID, 2), (.mtPositionX, 500), (.mtPositionY, 250)]),  // A slot 0, B slot 1
            (10, [(.mtPositionX, 505)]),                                  // SYN_DROPPED, rest of packet, SYN_REPORT
            (20, [(.mtTrackingID, -1)]),                                  // B (slot 1) lifts
            (30, [(.mtTrackingID, 3), (.mtPositionX, 800), (.mtPositionY, 400)]),  // C lands in free slot 1
            (40, [(.mtSlot, 0), (.mtPositionX, 120)]), (50, [(.mtTrackingID, -1)]),  // A moves, lifts
            (60, [(.mtSlot, 1), (.mtPositionX, 820)]), (70, [(.mtTrackingID, -1)]),  // C moves, lifts
        ], dropAt: 10).filter { $0.timestamp >= .milliseconds(20) }
        let c = try #require(frames.lazy.flatMap(\.contacts).first { $0.phase == .began }?.id)
        let track = frames.compactMap { f in f.contact(c).map { (f.timestamp.microseconds / 1000, $0.location.x) } }
        // Expected: C at 800 (30 ms), 820 (60 ms), ends at 70 ms. Actual: C takes A's x 120 at 40 ms, ends at 50 ms.
        #expect(track.map(\.0) == [30, 60, 70] && track.map(\.1) == [800, 820, 820], "\(track)")
    }

    @Test("After SYN_DROPPED a new touch sent without X (unchanged) keeps the slot's last known x, not the axis minimum")
    func lastPositionSurvivesSynDropped() throws {
        // TouchDecoder: "a new tracking id may come without a position: the slot's last known position is used".
        let frames = try Self.decode([
            (0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 300), (.mtPositionY, 200)]),
            (10, []), (20, [(.mtTrackingID, -1)]),                       // SYN_DROPPED at 10 ms; the finger lifts
            (100, [(.mtTrackingID, 2), (.mtPositionY, 210)]), (180, [(.mtTrackingID, -1)]),  // same x, a bit lower
        ], dropAt: 10)
        let began = try #require(frames.lazy.flatMap(\.contacts).first { $0.phase == .began && $0.id != 1 })
        #expect(began.location == Point(x: 300, y: 210), "actual: x 0, the screen's left edge")
    }

    @Test("After SYN_DROPPED a single-touch device's position sent before the next SYN_REPORT is kept, as for protocol B")
    func singleTouchPositionDuringDrop() throws {
        var st = DeviceDescription(name: "Resistive Touchscreen", bus: 0x18, properties: .direct)
        for code in [EventCode.synReport, .synDropped, .touch] { st.declare(code) }
        st.declare(.absX, absInfo: AbsInfo(minimum: 0, maximum: 999, resolution: 10))
        st.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 499, resolution: 10))
        var d = try TouchDecoder(description: st, id: DeviceID(1), mapping: testMapping)
        var frames: [TouchFrame] = []
        if let f = try frame(&d, at: 0, [(.touch, 1), (.absX, 300), (.absY, 200)]) { frames.append(f) }
        _ = try d.decode(EvdevEvent(time: .milliseconds(10), .synDropped, 0))
        _ = try frame(&d, at: 10, [(.absX, 600)])                       // the rest of the packet: x is now 600
        if let f = try frame(&d, at: 20, [(.touch, 0)]) { frames.append(f) }  // lifts
        if let f = try frame(&d, at: 100, [(.touch, 1), (.absY, 210)]) { frames.append(f) }  // same x: not resent
        let began = try #require(frames.lazy.flatMap(\.contacts).last { $0.phase == .began })
        #expect(began.location == Point(x: 600, y: 210), "actual: \(began.location), the x from before the drop")
    }

    @Test("After SYN_DROPPED a slot's last touch major and pressure are kept, as its position and tool are")
    func contactSizeSurvivesSynDropped() throws {
        func newTouch(dropAt: Int64) throws -> TouchContact? {
            try RecordingQuirksTests.decode([
                (0, [(.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 300), (.mtPositionY, 200),
                     (.mtTouchMajor, 40), (.mtPressure, 100)]),
                (10, []), (20, [(.mtTrackingID, -1)]),
                // The kernel drops a slot's repeated values: same major and pressure, not resent.
                (100, [(.mtTrackingID, 2), (.mtPositionY, 210)]), (180, [(.mtTrackingID, -1)]),
            ], dropAt: dropAt).lazy.flatMap(\.contacts).first { $0.phase == .began && $0.id != 1 }
        }
        let plain = try #require(try newTouch(dropAt: -1))
        let dropped = try #require(try newTouch(dropAt: 10))
        #expect(plain.majorAxisMillimetres == 4 && plain.pressure != nil)
        #expect(dropped.majorAxisMillimetres == plain.majorAxisMillimetres && dropped.pressure == plain.pressure,
                "after the drop: major \(String(describing: dropped.majorAxisMillimetres)), pressure \(String(describing: dropped.pressure))")
    }

    @Test("A pen (BTN_TOOL_PEN, BTN_STYLUS) is a tablet tool, not a finger: its strokes are not replayed as touches")
    func penIsNotATouchscreen() throws {
        // udev input_id (libinput's classification): BTN_STYLUS or BTN_TOOL_PEN makes a tablet, before BTN_TOUCH/DIRECT.
        var pen = DeviceDescription(name: "Wacom ISDv4 E6 Pen", bus: 3, vendor: 0x56a, product: 0xe6, properties: .direct)
        let toolPen = EventCode(.key, 0x140)  // BTN_TOOL_PEN; 0x141 BTN_TOOL_RUBBER, 0x14b/0x14c BTN_STYLUS/2
        for code in [EventCode.synReport, .touch, toolPen, EventCode(.key, 0x141), EventCode(.key, 0x14b), EventCode(.key, 0x14c)] {
            pen.declare(code)
        }
        pen.declare(.absX, absInfo: AbsInfo(minimum: 0, maximum: 27760, resolution: 100))
        pen.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 15694, resolution: 100))
        pen.declare(.absPressure, absInfo: AbsInfo(minimum: 0, maximum: 255))
        func e(_ ms: Int64, _ code: EventCode, _ value: Int32) -> EvdevEvent { EvdevEvent(time: .milliseconds(ms), code, value) }
        var events = [e(0, toolPen, 1), e(0, .absX, 10000), e(0, .absY, 8000), e(0, .synReport, 0)]   // hovers
        events += [e(20, .touch, 1), e(20, .absPressure, 90), e(20, .synReport, 0)]                      // tip down
        for i in Int64(1)...10 { events += [e(20 + 10 * i, .absX, 10000 + 400 * Int32(i)), e(20 + 10 * i, .synReport, 0)] }
        events += [e(140, .touch, 0), e(140, .absPressure, 0), e(140, .synReport, 0), e(160, toolPen, 0), e(160, .synReport, 0)]
        let recording = Recording(source: "pen.yaml", devices: [RecordedDevice(description: pen, events: events)])
        #expect(pen.classification != .touchscreen)
        let replayed = (try? Replayer(recording: recording, options: ReplayOptions(mapping: testMapping, skipsUnsupportedDevices: true))
            .inputEvents()) ?? []
        let touches = replayed.filter { if case .touchFrame = $0 { true } else { false } }
        #expect(touches.count == 0, "actual: the pen stroke is a one-finger drag")
    }
}
