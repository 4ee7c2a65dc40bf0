import GestureKit
import GestureKitEvdev

/// The decoder fuzz target's input: raw evdev events through a ``TouchDecoder``, and the frames
/// it closes through a ``GestureEngine`` with a pan, a pinch and a tap. Shared, as the same file,
/// by the fuzz target (Fuzz/Sources/FuzzDecoder, a link to this file) and the test that replays
/// the inputs it kept (FuzzRegressionTests).
///
/// The first byte chooses the device (even: a 10-slot touchscreen, odd: a 5-slot clickpad); the
/// rest is read as 8-byte events: a type (1 byte, folded onto `EV_SYN`, `EV_KEY`, `EV_ABS` and
/// `EV_MSC`), a code (1 byte: the low byte of the code; `EV_KEY` codes are offset by 0x100), a
/// value (4 bytes, little-endian) and a time step (2 bytes, microseconds). A recording, converted
/// by `Fuzz/run`, makes a seed of the same shape.
enum FuzzDecoderInput {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        let mapping = OutputMapping(size: Size(width: 1000, height: 600))
        guard var decoder = try? TouchDecoder(description: first % 2 == 0 ? touchscreen : touchpad, id: DeviceID(1), mapping: mapping)
        else { fatalError("the fuzz target's own device is refused") }
        let engine = graph
        engine.send(decoder.deviceAdded(at: .zero))
        var time: Int64 = 0
        var i = 1
        while i + 8 <= bytes.count {
            let type: EventType = [.syn, .key, .abs, .msc][Int(bytes[i] % 4)]
            let code = UInt16(bytes[i + 1]) + (type == .key ? 0x100 : 0)
            let value = Int32(bitPattern: UInt32(bytes[i + 2]) | UInt32(bytes[i + 3]) << 8 | UInt32(bytes[i + 4]) << 16 | UInt32(bytes[i + 5]) << 24)
            time += Int64(bytes[i + 6]) | Int64(bytes[i + 7]) << 8
            i += 8
            do {
                if try decoder.decode(EvdevEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value)) {
                    engine.send(.touchFrame(decoder.frame))
                }
            } catch {
                // A protocol violation is an answer; the decoder starts again, as a replay would.
                decoder.reset()
            }
        }
        engine.advance(to: Timestamp(microseconds: time + 10_000_000))
        engine.send(.deviceRemoved(DeviceID(1), at: Timestamp(microseconds: time + 10_000_001)))
    }
}

/// A new engine with a pan, a pinch and a tap on its root.
private var graph: GestureEngine {
    let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
    engine.root.addGestureRecognizer(PanGestureRecognizer())
    engine.root.addGestureRecognizer(PinchGestureRecognizer())
    engine.root.addGestureRecognizer(TapGestureRecognizer())
    return engine
}

private func axes(_ slots: Int32, resolution: Int32) -> [UInt16: AbsInfo] {
    [
        EventCode.absX.code: AbsInfo(minimum: 0, maximum: 4095, resolution: resolution),
        EventCode.absY.code: AbsInfo(minimum: 0, maximum: 2047, resolution: resolution),
        EventCode.mtSlot.code: AbsInfo(minimum: 0, maximum: slots - 1),
        EventCode.mtPositionX.code: AbsInfo(minimum: 0, maximum: 4095, resolution: resolution),
        EventCode.mtPositionY.code: AbsInfo(minimum: 0, maximum: 2047, resolution: resolution),
        EventCode.mtTrackingID.code: AbsInfo(minimum: 0, maximum: 65535),
        EventCode.mtPressure.code: AbsInfo(minimum: 0, maximum: 255),
        EventCode.mtTouchMajor.code: AbsInfo(minimum: 0, maximum: 255),
    ]
}

private let absCodes: Set<UInt16> = Set([EventCode.absX, .absY, .mtSlot, .mtPositionX, .mtPositionY, .mtTrackingID, .mtPressure, .mtTouchMajor].map(\.code))

private let touchscreen = DeviceDescription(
    name: "fuzz touchscreen", bus: 0x18, properties: [.direct],
    codes: [.key: [EventCode.touch.code], .abs: absCodes], absInfo: axes(10, resolution: 16))

private let touchpad = DeviceDescription(
    name: "fuzz touchpad", bus: 0x11, properties: [.pointer, .buttonPad],
    codes: [
        .key: Set([EventCode.touch, .buttonLeft, .toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadTap, .toolQuintTap].map(\.code)),
        .abs: absCodes,
    ],
    absInfo: axes(5, resolution: 40))
