import GestureKit
import GestureKitLibinput

extension String {
    /// `value` with two decimals.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = String(hundredths % 100)
        self = "\(hundredths / 100).\(fraction.count == 1 ? "0" : "")\(fraction)"
    }
}

/// A scripted touchscreen: what libinput would report, played through the backend's seam. A
/// `.timeout` step is silence: the backend's poll times out at the engine's next deadline.
enum Script {
    static let device = RawDeviceHandle(1)
    static let info = RawDeviceInfo(
        handle: device, name: "Scripted Touchscreen", sysname: "event0", devnode: "/dev/input/event0",
        capabilities: [.touch], sizeMillimetres: Size(width: 240, height: 150), touchCount: 10)

    static func system() -> ScriptedLibinputSystem {
        let system = ScriptedLibinputSystem(nodes: [ScriptedLibinputSystem.Node(path: "/dev/input/event0", info: info)])
        system.clock = .milliseconds(1000)
        system.pollScript = steps
        return system
    }

    static func touch(_ kind: RawTouchEvent.Kind, _ slot: Int32, _ ms: UInt64, _ x: Double = 0, _ y: Double = 0) -> RawLibinputEvent {
        let position = RawTouchEvent.Position(
            millimetres: Point(x: x * 240, y: y * 150), normalized: Point(x: x, y: y))
        return .touch(RawTouchEvent(
            kind: kind, device: device, timeMicroseconds: ms * 1000, slot: slot, seatSlot: slot,
            position: kind == .down || kind == .motion ? position : nil))
    }

    static func frame(_ ms: UInt64, _ events: RawLibinputEvent...) -> ScriptedLibinputSystem.PollStep {
        .events(events + [.touch(RawTouchEvent(kind: .frame, device: device, timeMicroseconds: ms * 1000))])
    }

    static var steps: [ScriptedLibinputSystem.PollStep] {
        var steps: [ScriptedLibinputSystem.PollStep] = [
            // Hold still: the menu opens when the poll times out, 0.5 s after landing.
            frame(1000, touch(.down, 0, 1000, 0.5, 0.5)), .timeout, frame(1700, touch(.up, 0, 1700)),
            // One tap, then silence: the double tap times out and the tap is recognized.
            frame(3000, touch(.down, 0, 3000, 0.25, 0.25)), frame(3060, touch(.up, 0, 3060)), .timeout,
            // Two taps.
            frame(5000, touch(.down, 0, 5000, 0.75, 0.25)), frame(5060, touch(.up, 0, 5060)),
            frame(5200, touch(.down, 0, 5200, 0.75, 0.25)), frame(5260, touch(.up, 0, 5260)),
            // Two fingers spread from 0.2 to 0.6 of the width apart: three times the distance.
            frame(7000, touch(.down, 0, 7000, 0.4, 0.5), touch(.down, 1, 7000, 0.6, 0.5)),
        ]
        for i in 1...10 {
            let ms = UInt64(7000 + 10 * i)
            let d = 0.1 + 0.02 * Double(i)
            steps.append(frame(ms, touch(.motion, 0, ms, 0.5 - d, 0.5), touch(.motion, 1, ms, 0.5 + d, 0.5)))
        }
        steps.append(frame(7120, touch(.up, 0, 7120), touch(.up, 1, 7120)))
        return steps  // then the script ends, and with it the sequence
    }
}
