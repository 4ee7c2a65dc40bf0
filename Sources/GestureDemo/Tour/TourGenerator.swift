import GestureKit
import GestureKitEvdev

/// Writes the bundled tour: a virtual 10-slot touchscreen (240×135 mm, 16 units/mm, 3840×2160
/// units: two units per point of a 1920×1080 screen) playing each gesture of the demo graph in
/// turn, at 100 frames per second, as evdev events a kernel would produce.
struct TourGenerator {
    static let unitsPerPoint = 2.0
    static let frameInterval: Int64 = 10_000  // µs

    private var events: [EvdevEvent] = []
    private var slots: [Int: Point] = [:]
    private var nextTrackingID: Int32 = 100
    private var time: Int64 = 0

    /// The device the tour plays on.
    static var device: DeviceDescription {
        var d = DeviceDescription(name: "GestureKit tour touchscreen", bus: 0x18, vendor: 0x1d6b, product: 0x0001, version: 1, properties: .direct)
        d.declare(.synReport)
        d.declare(.touch)
        d.declare(.absX, absInfo: AbsInfo(minimum: 0, maximum: 3839, resolution: 16))
        d.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 2159, resolution: 16))
        d.declare(.mtSlot, absInfo: AbsInfo(minimum: 0, maximum: 9))
        d.declare(.mtPositionX, absInfo: AbsInfo(minimum: 0, maximum: 3839, resolution: 16))
        d.declare(.mtPositionY, absInfo: AbsInfo(minimum: 0, maximum: 2159, resolution: 16))
        d.declare(.mtTrackingID, absInfo: AbsInfo(minimum: 0, maximum: 65535))
        return d
    }

    /// The tour as a recording.
    static func tour() -> Recording {
        var g = TourGenerator()
        g.at(500) { $0.tap([P(400, 300)], holding: 80) }
        g.at(1500) {
            $0.tap([P(800, 300)], holding: 70)
            $0.pause(120)
            $0.tap([P(804, 302)], holding: 70)
        }
        g.at(2500) { $0.hold([P(1200, 300)], for: 900) }
        g.at(4000) { $0.stroke(from: [P(400, 650)], by: P(300, 50), over: 2000) }
        g.at(6800) { $0.stroke(from: [P(300, 900)], by: P(500, 0), over: 150) }
        g.at(7500) { $0.stroke(from: [P(1000, 950)], by: P(0, -300), over: 150) }
        g.at(8300) { $0.pinch(center: P(1400, 600), from: 60, to: 200, over: 500) }
        g.at(9400) { $0.rotate(center: P(1400, 600), radius: 120, by: .pi / 3, over: 600) }
        g.at(10600) { $0.stroke(from: [P(4, 500)], by: P(500, 20), over: 300) }
        g.at(11400) { $0.stroke(from: [P(1400, 900), P(1550, 880), P(1700, 900)], by: P(-400, 0), over: 200) }
        let device = RecordedDevice(node: "/dev/input/event0", description: device, events: g.events)
        return Recording(source: "tour.yaml", devices: [device])
    }

    // MARK: Script

    private mutating func at(_ ms: Int64, _ body: (inout TourGenerator) -> Void) {
        time = max(time, ms * 1000)
        body(&self)
    }

    private mutating func pause(_ ms: Int64) { time += ms * 1000 }

    private mutating func tap(_ points: [Point], holding ms: Int64) {
        down(points)
        pause(ms)
        up()
    }

    private mutating func hold(_ points: [Point], for ms: Int64) {
        down(points)
        pause(ms)
        up()
    }

    private mutating func stroke(from points: [Point], by offset: Point, over ms: Int64) {
        down(points)
        let steps = Int(ms * 1000 / Self.frameInterval)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(points.map { $0 + offset * f })
        }
        up()
    }

    private mutating func pinch(center c: Point, from r0: Double, to r1: Double, over ms: Int64) {
        down([c + P(-r0, 0), c + P(r0, 0)])
        let steps = Int(ms * 1000 / Self.frameInterval)
        for i in 1...steps {
            let r = r0 + (r1 - r0) * Double(i) / Double(steps)
            move([c + P(-r, 0), c + P(r, 0)])
        }
        up()
    }

    private mutating func rotate(center c: Point, radius r: Double, by angle: Double, over ms: Int64) {
        down([c + P(-r, 0), c + P(r, 0)])
        let steps = Int(ms * 1000 / Self.frameInterval)
        for i in 1...steps {
            let a = angle * Double(i) / Double(steps)
            // cos and sin by small steps of a unit vector, keeping the core free of C maths.
            let v = unitVector(a)
            move([c - v * r, c + v * r])
        }
        up()
    }

    /// (cos a, sin a) by repeated small rotations: exact enough for a synthetic recording.
    private func unitVector(_ a: Double) -> Point {
        let n = 1024
        let d = a / Double(n)
        // Taylor terms for the small step.
        let cd = 1 - d * d / 2 + d * d * d * d / 24
        let sd = d - d * d * d / 6
        var v = Point(x: 1, y: 0)
        for _ in 0..<n { v = Point(x: v.x * cd - v.y * sd, y: v.x * sd + v.y * cd) }
        return v
    }

    // MARK: Frames

    private mutating func emit(_ code: EventCode, _ value: Int32) {
        events.append(EvdevEvent(time: Timestamp(microseconds: time), code, value))
    }

    private func units(_ v: Double) -> Int32 { Int32((v * Self.unitsPerPoint).rounded()) }

    private mutating func down(_ points: [Point]) {
        for (slot, p) in points.enumerated() {
            emit(.mtSlot, Int32(slot))
            emit(.mtTrackingID, nextTrackingID)
            nextTrackingID += 1
            emit(.mtPositionX, units(p.x))
            emit(.mtPositionY, units(p.y))
            slots[slot] = p
        }
        emit(.touch, 1)
        emit(.absX, units(points[0].x))
        emit(.absY, units(points[0].y))
        emit(.synReport, 0)
    }

    private mutating func move(_ points: [Point]) {
        time += Self.frameInterval
        for (slot, p) in points.enumerated() where slots[slot] != p {
            emit(.mtSlot, Int32(slot))
            if units(p.x) != units(slots[slot]!.x) { emit(.mtPositionX, units(p.x)) }
            if units(p.y) != units(slots[slot]!.y) { emit(.mtPositionY, units(p.y)) }
            slots[slot] = p
        }
        emit(.absX, units(points[0].x))
        emit(.absY, units(points[0].y))
        emit(.synReport, 0)
    }

    private mutating func up() {
        time += Self.frameInterval
        for slot in slots.keys.sorted() {
            emit(.mtSlot, Int32(slot))
            emit(.mtTrackingID, -1)
        }
        slots.removeAll()
        emit(.touch, 0)
        emit(.synReport, 0)
    }
}

private func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
