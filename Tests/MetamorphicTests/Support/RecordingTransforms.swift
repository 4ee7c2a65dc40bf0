import GestureKit
import GestureKitEvdev

/// Transforms of evdev recordings that should not change the gestures a recognizer graph finds
/// (or should change them in a known way: a mirror swaps left and right). They work on the evdev
/// events, so a transformed recording goes through the whole decoding path again.
///
/// Only multitouch protocol B devices are handled: the shared touchscreen recordings are all of
/// that kind. Each transform applies to every device of a recording.
enum RecordingTransforms {
    /// The position axes: x, y, single-touch and multitouch.
    static let xAxes: [EventCode] = [.absX, .mtPositionX]
    static let yAxes: [EventCode] = [.absY, .mtPositionY]
    /// Axes whose values are lengths on the surface, in its units (scaled with the resolution).
    static let sizeAxes: [EventCode] = [.mtTouchMajor, .mtTouchMinor, .mtWidthMajor, .mtWidthMinor]

    // MARK: - Mirror

    /// Mirrors x: `x → minimum + maximum − x` on `ABS_X` and `ABS_MT_POSITION_X`. The axis
    /// descriptions do not change. Left becomes right on the screen.
    ///
    /// The output mapping normalizes with `(x − minimum) / (maximum − minimum + 1)`, so a mirrored
    /// point lands one sensor unit (below 2.5 points on every shared recording) left of the exact
    /// mirror image.
    static func mirroredHorizontally(_ recording: Recording) -> Recording {
        transformingDevices(recording) { device in
            var axes: [UInt16: AbsInfo] = [:]
            for code in xAxes { if let info = device.description.absInfo(for: code) { axes[code.code] = info } }
            var d = device
            d.events = device.events.map { e in
                guard e.type == .abs, let info = axes[e.code] else { return e }
                var e = e
                e.value = clamp(Int64(info.minimum) + Int64(info.maximum) - Int64(e.value))
                return e
            }
            return d
        }
    }

    // MARK: - Rotation

    /// Turns the sensor a quarter turn: the new x axis is the old y axis (its range and
    /// resolution too) with the same values, the new y axis is the old x axis with values
    /// `minimum + maximum − x`. Content that was on the right is now at the top, content at the
    /// bottom is on the right: the picture turned 90° counterclockwise. Replayed with
    /// `OutputRotation.clockwise90` (`gesture-demo replay --rotation 90`), the screen sees the
    /// original gesture again (within one sensor unit, see ``mirroredHorizontally(_:)``), and the
    /// sensor's millimetres are the original ones turned.
    ///
    /// Other axes (touch major and minor, orientation) are left as they are.
    static func rotatedQuarterTurn(_ recording: Recording) -> Recording {
        transformingDevices(recording) { device in
            var d = device
            var remap: [UInt16: (to: UInt16, value: (Int32) -> Int32)] = [:]
            for (x, y) in zip(xAxes, yAxes) {
                guard let xi = device.description.absInfo(for: x), let yi = device.description.absInfo(for: y) else { continue }
                d.description.absInfo[x.code] = yi
                d.description.absInfo[y.code] = xi
                remap[x.code] = (y.code, { clamp(Int64(xi.minimum) + Int64(xi.maximum) - Int64($0)) })
                remap[y.code] = (x.code, { $0 })
            }
            d.events = device.events.map { e in
                guard e.type == .abs, let r = remap[e.code] else { return e }
                var e = e
                e.code = r.to
                e.value = r.value(e.value)
                return e
            }
            return d
        }
    }

    // MARK: - Resolution

    /// Changes the sensor's resolution by `factor` while its physical size stays the same: the
    /// position axes' values, minimum, maximum, fuzz, flat and resolution are multiplied, and so
    /// are the size axes (touch and width major/minor), which are in position units.
    ///
    /// Resolutions are integers: an axis with a resolution gets `round(resolution × factor)`, and its
    /// values are scaled by the factor that gives exactly that (11 u/mm × 0.5 becomes 6 u/mm, its
    /// values × 6/11), so millimetres do not change. An axis without a resolution is scaled by
    /// `factor` itself. Values are rounded to the nearest unit.
    static func resolutionScaled(_ recording: Recording, by factor: Double) -> Recording {
        transformingDevices(recording) { device in
            var d = device
            var scales: [UInt16: Double] = [:]
            for code in xAxes + yAxes + sizeAxes {
                guard let info = device.description.absInfo(for: code) else { continue }
                let newResolution = Int32((Double(info.resolution) * factor).rounded())
                let k = info.resolution > 0 ? Double(newResolution) / Double(info.resolution) : factor
                scales[code.code] = k
                d.description.absInfo[code.code] = AbsInfo(
                    minimum: scaled(info.minimum, k), maximum: scaled(info.maximum, k), fuzz: scaled(info.fuzz, k),
                    flat: scaled(info.flat, k), resolution: info.resolution > 0 ? newResolution : 0)
            }
            d.events = device.events.map { e in
                guard e.type == .abs, let k = scales[e.code] else { return e }
                var e = e
                e.value = scaled(e.value, k)
                return e
            }
            return d
        }
    }

    // MARK: - Resampling

    /// Resamples every contact onto a fixed frame rate.
    ///
    /// Each slot's contacts are decoded from the events (tracking ids, positions, and the other
    /// `ABS_MT_*` axes): a contact's trajectory is its position at every frame (`SYN_REPORT`)
    /// while it is down, the last one being where it lifted. New frames are emitted at
    /// `round(k × 1 s / rate)`:
    /// - a contact lands at the first new frame at or after its original landing and lifts at
    ///   the first new frame at or after its original lift, with its original last position (set
    ///   in the lift frame before the tracking id −1), but at least one frame after it landed, so
    ///   every contact that existed keeps a frame;
    /// - from its landing frame on, its position is the trajectory linearly interpolated at the
    ///   frame's time (rounded to the unit), as a sensor sampling at that rate would report it: a
    ///   finger that landed 6 ms before its first new frame is reported where it was then, not
    ///   where it landed; other axes (pressure, touch major, tool type, …) hold their latest value
    ///   at that time;
    /// - a contact keeps its slot and tracking id unless the new timing makes it overlap another
    ///   contact of that slot, in which case it takes the lowest free slot;
    /// - as evdev does, a value equal to the slot's last one is not sent again; `BTN_TOUCH` and
    ///   `BTN_TOOL_*` (when declared) follow the number of contacts down; other events (`ABS_X`,
    ///   `ABS_Y`, `MSC_TIMESTAMP`, buttons) are dropped, as the touch decoder does not read them on
    ///   a multitouch device.
    ///
    /// A contact that began and ended within one original frame, or never had a position, is not
    /// kept: the decoder never reports it either.
    static func resampled(_ recording: Recording, rate: Double) throws -> Recording {
        try transformingDevices(recording) { device in
            var d = device
            d.events = try resampledEvents(device, rate: rate)
            return d
        }
    }

    /// One contact's life as recorded: its slot, tracking id and state at each frame it was down.
    struct Track {
        struct Sample {
            var time: Int64
            var x: Int32
            var y: Int32
            /// Other `ABS_MT_*` values of the slot (pressure, touch major, tool type, …).
            var extras: [UInt16: Int32]
        }

        var slot: Int
        var trackingID: Int32
        /// The slot's state at each frame the contact was down, then where it lifted.
        var samples: [Sample] = []
        /// The time of the frame it lifted in, or `nil` when it never lifted.
        var lift: Int64?
    }

    /// The contacts of a protocol-B device, in the order they were first reported.
    static func tracks(_ device: RecordedDevice) throws -> [Track] {
        let description = device.description
        guard let slotCount = description.slotCount,
              let xInfo = description.absInfo(for: .mtPositionX), let yInfo = description.absInfo(for: .mtPositionY)
        else { throw TransformError("\(description.name): not a multitouch protocol B device") }
        struct Slot {
            var trackingID: Int32 = -1
            var x: Int32
            var y: Int32
            var hasPosition = false
            var extras: [UInt16: Int32] = [:]
            var track: Int?  // index in `open`
        }
        var slots = Array(repeating: Slot(x: xInfo.minimum, y: yInfo.minimum), count: slotCount)
        var current = 0
        var open: [Track] = []  // indexed by Slot.track
        var pendingLift: [(track: Int, sample: Track.Sample)] = []
        var done: [(order: Int, track: Track)] = []
        var firstReported: [Int: Int] = [:]  // open index → order of its first sample
        var order = 0

        func lift(_ s: Int) {
            guard let t = slots[s].track else { return }
            let sample = Track.Sample(time: 0, x: slots[s].x, y: slots[s].y, extras: slots[s].extras)
            pendingLift.append((t, sample))
            slots[s].track = nil
        }

        for frame in frames(device.events) {
            let time = frame.last!.time.microseconds
            for e in frame where e.type == .abs {
                switch e.code {
                case EventCode.mtSlot.code:
                    guard e.value >= 0, Int(e.value) < slotCount else {
                        throw TransformError("\(description.name): slot \(e.value) outside 0…\(slotCount - 1)")
                    }
                    current = Int(e.value)
                case EventCode.mtTrackingID.code:
                    if e.value < 0 {
                        lift(current)
                        slots[current].trackingID = -1
                    } else if e.value != slots[current].trackingID {
                        lift(current)
                        slots[current].trackingID = e.value
                        slots[current].track = open.count
                        open.append(Track(slot: current, trackingID: e.value))
                    }
                case EventCode.mtPositionX.code:
                    slots[current].x = e.value
                    slots[current].hasPosition = true
                case EventCode.mtPositionY.code:
                    slots[current].y = e.value
                    slots[current].hasPosition = true
                case EventCode.mtSlot.code ... EventCode.mtDistance.code + 2:
                    slots[current].extras[e.code] = e.value
                default:
                    break
                }
            }
            guard frame.last!.is(.synReport) else { continue }
            for (t, var sample) in pendingLift where !open[t].samples.isEmpty {
                sample.time = time
                open[t].samples.append(sample)
                open[t].lift = time
                done.append((firstReported[t]!, open[t]))
            }
            pendingLift.removeAll()
            for s in slots.indices {
                guard let t = slots[s].track, slots[s].hasPosition else { continue }
                if open[t].samples.isEmpty {
                    firstReported[t] = order
                    order += 1
                }
                open[t].samples.append(Track.Sample(time: time, x: slots[s].x, y: slots[s].y, extras: slots[s].extras))
            }
        }
        for s in slots.indices {
            if let t = slots[s].track, !open[t].samples.isEmpty { done.append((firstReported[t]!, open[t])) }
        }
        return done.sorted { $0.order < $1.order }.map(\.track)
    }

    private static func resampledEvents(_ device: RecordedDevice, rate: Double) throws -> [EvdevEvent] {
        precondition(rate > 0)
        let description = device.description
        let tracks = try tracks(device)
        let slotCount = description.slotCount ?? 1
        func time(_ k: Int) -> Int64 { Int64((Double(k) * 1_000_000 / rate).rounded()) }
        func frameAtOrAfter(_ t: Int64) -> Int {
            var k = Int((Double(t) * rate / 1_000_000).rounded(.up))
            while k > 0 && time(k - 1) >= t { k -= 1 }
            while time(k) < t { k += 1 }
            return k
        }

        // Timing and slots.
        struct Placed {
            var track: Track
            var land: Int
            var lift: Int?  // nil: still down at the end
            var slot: Int
        }
        var placed: [Placed] = []
        var busyUntil = Array(repeating: Int.min, count: slotCount)  // frame from which the slot is free
        let byLanding = tracks.enumerated().sorted {
            ($0.element.samples[0].time, $0.offset) < ($1.element.samples[0].time, $1.offset)
        }.map(\.element)
        for track in byLanding {
            let land = frameAtOrAfter(track.samples[0].time)
            let lift = track.lift.map { max(frameAtOrAfter($0), land + 1) }
            var slot = track.slot
            if busyUntil[slot] > land {
                guard let free = busyUntil.indices.first(where: { busyUntil[$0] <= land }) else {
                    throw TransformError("\(description.name): more than \(slotCount) contacts down at \(time(land)) µs after resampling")
                }
                slot = free
            }
            busyUntil[slot] = lift ?? Int.max
            placed.append(Placed(track: track, land: land, lift: lift, slot: slot))
        }
        guard let first = placed.map(\.land).min() else { return [] }
        let last = placed.map { $0.lift ?? $0.land }.max()!

        // Emission, frame by frame, slot by slot.
        var events: [EvdevEvent] = []
        var emittedSlot = -1
        var emitted: [[UInt16: Int32]] = Array(repeating: [:], count: slotCount)  // last value per slot and code
        var cursor = Array(repeating: 0, count: placed.count)
        var down = 0
        let toolCodes: [EventCode] = [.toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadTap, .toolQuintTap]
        let bySlot = Dictionary(grouping: placed.indices, by: { placed[$0].slot })
        for k in first...last {
            let t = Timestamp(microseconds: time(k))
            var frame: [EvdevEvent] = []
            func select(_ slot: Int) {
                if slot != emittedSlot {
                    frame.append(EvdevEvent(time: t, .mtSlot, Int32(slot)))
                    emittedSlot = slot
                }
            }
            func set(_ slot: Int, _ code: UInt16, _ value: Int32) {
                guard emitted[slot][code] != value else { return }
                select(slot)
                frame.append(EvdevEvent(time: t, type: .abs, code: code, value: value))
                emitted[slot][code] = value
            }
            func setState(_ slot: Int, x: Int32, y: Int32, extras: [UInt16: Int32]) {
                set(slot, EventCode.mtPositionX.code, x)
                set(slot, EventCode.mtPositionY.code, y)
                for code in extras.keys.sorted() { set(slot, code, extras[code]!) }
            }
            let downBefore = down
            for slot in 0..<slotCount {
                let here = bySlot[slot] ?? []
                // Lifts first: a contact landing in this slot in this frame follows.
                for i in here where placed[i].lift == k {
                    let s = placed[i].track.samples.last!
                    setState(slot, x: s.x, y: s.y, extras: s.extras)
                    select(slot)
                    frame.append(EvdevEvent(time: t, .mtTrackingID, -1))
                    emitted[slot][EventCode.mtTrackingID.code] = -1
                    down -= 1
                }
                // The contact's trajectory at this frame's time, linearly interpolated.
                func state(_ i: Int) -> Track.Sample {
                    let samples = placed[i].track.samples
                    let g = t.microseconds
                    while cursor[i] + 1 < samples.count && samples[cursor[i] + 1].time <= g { cursor[i] += 1 }
                    var a = samples[cursor[i]]
                    if cursor[i] + 1 < samples.count, g > a.time {
                        let b = samples[cursor[i] + 1]
                        let f = Double(g - a.time) / Double(b.time - a.time)
                        a.x = Int32((Double(a.x) + f * Double(b.x - a.x)).rounded())
                        a.y = Int32((Double(a.y) + f * Double(b.y - a.y)).rounded())
                    }
                    return a
                }
                for i in here where placed[i].land == k {
                    select(slot)
                    frame.append(EvdevEvent(time: t, .mtTrackingID, placed[i].track.trackingID))
                    emitted[slot][EventCode.mtTrackingID.code] = placed[i].track.trackingID
                    let s = state(i)
                    setState(slot, x: s.x, y: s.y, extras: s.extras)
                    down += 1
                }
                for i in here where placed[i].land < k && (placed[i].lift ?? Int.max) > k {
                    let s = state(i)
                    setState(slot, x: s.x, y: s.y, extras: s.extras)
                }
            }
            if down != downBefore {
                if description.supports(.touch) && (down > 0) != (downBefore > 0) {
                    frame.append(EvdevEvent(time: t, .touch, down > 0 ? 1 : 0))
                }
                let before = min(downBefore, toolCodes.count), after = min(down, toolCodes.count)
                if before != after {
                    if before > 0, description.supports(toolCodes[before - 1]) {
                        frame.append(EvdevEvent(time: t, toolCodes[before - 1], 0))
                    }
                    if after > 0, description.supports(toolCodes[after - 1]) {
                        frame.append(EvdevEvent(time: t, toolCodes[after - 1], 1))
                    }
                }
            }
            guard !frame.isEmpty else { continue }
            events += frame
            events.append(EvdevEvent(time: t, .synReport, 0))
        }
        return events
    }

    // MARK: - Splitting mixed frames

    /// Splits every frame in which contacts do different things — one lands or lifts while
    /// another moves, or one lands while another lifts — into frames that each do one thing:
    /// first the landings (with their positions), then the motion (including a lifting contact's
    /// last motion), then the lifts — the order in which the engine hears a mixed frame — except
    /// where a slot lifts and lands again in the frame: then motion, lifts, landings. The first
    /// frame keeps the original time, each following one is 1 µs later (so that frame times stay
    /// strictly increasing and no velocity divides by a zero interval). A tracking id that
    /// replaces another in its slot is split into the lift (`−1`) and the landing. Key events
    /// (`BTN_TOUCH`, `BTN_TOOL_*`) go with the last part; other events without a slot go with
    /// the first.
    /// Frames in which only one kind of thing happens are left as they are.
    static func splittingMixedFrames(_ recording: Recording) throws -> Recording {
        try transformingDevices(recording) { device in
            var d = device
            d.events = try splitEvents(device)
            return d
        }
    }

    /// How many frames of `device` ``splittingMixedFrames(_:)`` splits.
    static func mixedFrameCount(_ device: RecordedDevice) throws -> Int {
        var n = 0
        try forEachClassifiedFrame(device) { _, split in if split != nil { n += 1 } }
        return n
    }

    private struct SplitFrame {
        var moves: [(slot: Int, events: [EvdevEvent])] = []
        var lifts: [(slot: Int, events: [EvdevEvent])] = []
        var lands: [(slot: Int, events: [EvdevEvent])] = []
        var keys: [EvdevEvent] = []
        var others: [EvdevEvent] = []
        var finalSlot = 0
        var time: Timestamp = .zero
        /// A slot lifts and lands again in this frame: its lift must come before its landing.
        var reusesSlot = false
    }

    /// Calls `body` with each frame and, for a mixed one, its parts.
    private static func forEachClassifiedFrame(
        _ device: RecordedDevice, _ body: ([EvdevEvent], SplitFrame?) throws -> Void
    ) throws {
        guard let slotCount = device.description.slotCount else {
            throw TransformError("\(device.description.name): not a multitouch protocol B device")
        }
        var trackingIDs = Array(repeating: Int32(-1), count: slotCount)
        var current = 0
        for frame in frames(device.events) {
            var parts = SplitFrame()
            parts.time = frame.last!.time
            var landed = Set<Int>(), lifted = Set<Int>(), moved = Set<Int>()
            func append(_ e: EvdevEvent, to group: WritableKeyPath<SplitFrame, [(slot: Int, events: [EvdevEvent])]>, slot: Int) {
                if let i = parts[keyPath: group].lastIndex(where: { $0.slot == slot }) {
                    parts[keyPath: group][i].events.append(e)
                } else {
                    parts[keyPath: group].append((slot, [e]))
                }
            }
            for e in frame {
                if e.is(.synReport) { continue }
                if e.type == .key {
                    parts.keys.append(e)
                    continue
                }
                guard e.type == .abs, e.code >= EventCode.mtSlot.code, e.code <= EventCode.mtDistance.code + 2 else {
                    parts.others.append(e)
                    continue
                }
                if e.is(.mtSlot) {
                    guard e.value >= 0, Int(e.value) < slotCount else {
                        throw TransformError("\(device.description.name): slot \(e.value) outside 0…\(slotCount - 1)")
                    }
                    current = Int(e.value)
                    continue
                }
                if e.is(.mtTrackingID) {
                    if e.value < 0 {
                        if landed.contains(current) {
                            // Down and up within the frame: the decoder reports nothing; keep the order.
                            append(e, to: \.lands, slot: current)
                        } else {
                            if trackingIDs[current] >= 0 { lifted.insert(current) }
                            append(e, to: \.lifts, slot: current)
                        }
                        trackingIDs[current] = -1
                    } else if e.value != trackingIDs[current] {
                        if trackingIDs[current] >= 0 {
                            lifted.insert(current)
                            append(EvdevEvent(time: e.time, .mtTrackingID, -1), to: \.lifts, slot: current)
                        }
                        landed.insert(current)
                        append(e, to: \.lands, slot: current)
                        trackingIDs[current] = e.value
                    }
                    continue
                }
                if landed.contains(current) {
                    append(e, to: \.lands, slot: current)
                } else if lifted.contains(current) {
                    append(e, to: \.lifts, slot: current)  // a value for the next touch of the slot
                } else {
                    if trackingIDs[current] >= 0 { moved.insert(current) }
                    append(e, to: \.moves, slot: current)
                }
            }
            parts.finalSlot = current
            parts.reusesSlot = !landed.isDisjoint(with: lifted)
            // One contact's own motion before it lifts is not a second kind of thing.
            let movers = moved.subtracting(lifted)
            let kinds = [!movers.isEmpty, !lifted.isEmpty, !landed.isEmpty].filter { $0 }.count
            try body(frame, kinds > 1 ? parts : nil)
        }
    }

    private static func splitEvents(_ device: RecordedDevice) throws -> [EvdevEvent] {
        var out: [EvdevEvent] = []
        out.reserveCapacity(device.events.count + 64)
        var emittedSlot: Int?
        try forEachClassifiedFrame(device) { frame, parts in
            guard let parts else {
                out += frame
                // The frame's own ABS_MT_SLOT events leave the slot where the original left it.
                if let last = frame.last(where: { $0.is(.mtSlot) }) { emittedSlot = Int(last.value) }
                return
            }
            // The engine hears a mixed frame's landings, then its motion, then its lifts: split in
            // that order, so that the split recording asks the same question of the engine (a
            // finger that lands while the others move joins before their motion is judged). A
            // slot that lifts and lands again keeps its lift first.
            let groups = (parts.reusesSlot ? [parts.moves, parts.lifts, parts.lands] : [parts.lands, parts.moves, parts.lifts])
                .filter { !$0.isEmpty }
            var subframes: [[EvdevEvent]] = groups.map { group in
                group.flatMap { [EvdevEvent(time: .zero, .mtSlot, Int32($0.slot))] + $0.events }
            }
            // Keys (BTN_TOUCH, BTN_TOOL_*) go with the last part.
            subframes[subframes.count - 1] += parts.keys
            subframes[0] = parts.others + subframes[0]
            // Leave the slot selected where the original frame left it.
            subframes[subframes.count - 1].append(EvdevEvent(time: .zero, .mtSlot, Int32(parts.finalSlot)))
            for (i, var sub) in subframes.enumerated() {
                let t = parts.time + .microseconds(Int64(i))
                sub.append(EvdevEvent(time: .zero, .synReport, 0))
                for var e in sub {
                    e.time = t
                    // Drop slot selections that select the slot already selected.
                    if e.is(.mtSlot) {
                        if emittedSlot == Int(e.value) { continue }
                        emittedSlot = Int(e.value)
                    }
                    out.append(e)
                }
            }
        }
        return out
    }

    // MARK: - Helpers

    /// The events split into frames, each ending with its `SYN_REPORT` (the last one may end
    /// without, when the recording stops mid-frame).
    static func frames(_ events: [EvdevEvent]) -> [[EvdevEvent]] {
        var result: [[EvdevEvent]] = []
        var frame: [EvdevEvent] = []
        for e in events {
            frame.append(e)
            if e.is(.synReport) {
                result.append(frame)
                frame = []
            }
        }
        if !frame.isEmpty { result.append(frame) }
        return result
    }

    private static func transformingDevices(
        _ recording: Recording, _ body: (RecordedDevice) throws -> RecordedDevice
    ) rethrows -> Recording {
        var r = recording
        r.devices = try recording.devices.map(body)
        return r
    }

    private static func clamp(_ v: Int64) -> Int32 { Int32(max(Int64(Int32.min), min(Int64(Int32.max), v))) }

    private static func scaled(_ v: Int32, _ k: Double) -> Int32 { clamp(Int64((Double(v) * k).rounded())) }
}

/// A recording a transform cannot handle.
struct TransformError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
