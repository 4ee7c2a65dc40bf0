import GestureKit
import GestureKitEvdev

/// Small protocol-B recordings built in code, for testing the transforms themselves.
enum Synthetic {
    /// A touchscreen: x 0…999, y 0…499 at `resolution` units/mm, `slots` slots, pressure,
    /// `BTN_TOUCH`, and the single-touch axes.
    static func touchscreen(resolution: Int32 = 10, slots: Int32 = 4) -> DeviceDescription {
        var d = DeviceDescription(name: "Synthetic Touchscreen", bus: 0x18, properties: .direct)
        d.declare(.touch)
        d.declare(.absX, absInfo: AbsInfo(minimum: 0, maximum: 999, resolution: resolution))
        d.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 499, resolution: resolution))
        d.declare(.mtSlot, absInfo: AbsInfo(minimum: 0, maximum: slots - 1))
        d.declare(.mtPositionX, absInfo: AbsInfo(minimum: 0, maximum: 999, resolution: resolution))
        d.declare(.mtPositionY, absInfo: AbsInfo(minimum: 0, maximum: 499, resolution: resolution))
        d.declare(.mtTrackingID, absInfo: AbsInfo(minimum: 0, maximum: 65535))
        d.declare(.mtPressure, absInfo: AbsInfo(minimum: 0, maximum: 255))
        return d
    }

    /// Builds an event stream frame by frame.
    struct Script {
        var events: [EvdevEvent] = []

        /// Appends `items` and a `SYN_REPORT`, all at `µs` microseconds.
        mutating func frame(_ µs: Int64, _ items: [(EventCode, Int32)]) {
            let t = Timestamp(microseconds: µs)
            for (code, value) in items { events.append(EvdevEvent(time: t, code, value)) }
            events.append(EvdevEvent(time: t, .synReport, 0))
        }

        func recording(_ description: DeviceDescription = Synthetic.touchscreen()) -> Recording {
            Recording(source: "synthetic", devices: [RecordedDevice(description: description, events: events)])
        }
    }

    /// Two fingers: slot 0 lands at (100, 100) and moves right 1 unit per ms, frames every 7 ms from
    /// 0 to 203 ms, lifting at 210 ms; slot 1 lands at (500, 300) at 49 ms, moves down 2 units per ms,
    /// and lifts at 154 ms in the same frame in which slot 0 moves. Slot 0 frames are `SLOT 0, X`;
    /// slot 1 reports `SLOT 1, Y`.
    static func twoFingerLines() -> Recording {
        var s = Script()
        var ms: Int64 = 0
        while ms <= 210 {
            var items: [(EventCode, Int32)] = []
            if ms == 0 {
                items += [(.mtSlot, 0), (.mtTrackingID, 10), (.mtPositionX, 100), (.mtPositionY, 100), (.touch, 1)]
            } else if ms == 210 {
                items += [(.mtSlot, 0), (.mtTrackingID, -1), (.touch, 0)]
            } else {
                items += [(.mtSlot, 0), (.mtPositionX, Int32(100 + ms))]
            }
            if ms == 49 {
                items += [(.mtSlot, 1), (.mtTrackingID, 11), (.mtPositionX, 500), (.mtPositionY, 300)]
            } else if ms > 49 && ms < 154 {
                items += [(.mtSlot, 1), (.mtPositionY, Int32(300 + 2 * (ms - 49)))]
            } else if ms == 154 {
                items += [(.mtSlot, 1), (.mtTrackingID, -1)]
            }
            s.frame(ms * 1000, items)
            ms += 7
        }
        return s.recording()
    }

    /// The touch frames a recording decodes into, mapped one point per unit on a 1000×500 output
    /// (or `mapping`).
    static func frames(
        _ recording: Recording, mapping: OutputMapping = OutputMapping(size: Size(width: 1000, height: 500))
    ) throws -> [TouchFrame] {
        try Replayer(recording: recording, options: ReplayOptions(mapping: mapping)).inputEvents().compactMap {
            if case .touchFrame(let f) = $0 { return f }
            return nil
        }
    }

    /// Each contact's reports, in the order the contacts first appear.
    static func contacts(_ frames: [TouchFrame]) -> [[(time: Timestamp, contact: TouchContact)]] {
        var order: [Int] = []
        var byID: [Int: [(time: Timestamp, contact: TouchContact)]] = [:]
        for f in frames {
            for c in f.contacts {
                if byID[c.id] == nil { order.append(c.id) }
                byID[c.id, default: []].append((f.timestamp, c))
            }
        }
        return order.map { byID[$0]! }
    }
}
