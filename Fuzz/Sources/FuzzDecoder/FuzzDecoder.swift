import FuzzSupport
import GestureKitEvdev

/// libFuzzer's entry point: the input through ``FuzzDecoderInput/run(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDecoderInput.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

/// libFuzzer's set-up hook: writes this target's seeds and exits when asked (``Seeds``).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    Seeds.writeSeedsIfAsked { _, recording in decoderSeed(recording) }
    return 0
}

/// A recording's first device as this target's input: the device byte (touchpads odd), then its
/// events as 8-byte records (codes outside the record's range are left out).
func decoderSeed(_ recording: Recording) -> [UInt8]? {
    guard let device = recording.devices.first else { return nil }
    let isTouchpad = device.description.properties?.contains(.direct) != true
    var bytes: [UInt8] = [isTouchpad ? 1 : 0]
    var last = device.events.first?.time.microseconds ?? 0
    for e in device.events {
        guard let type = [EventType.syn, .key, .abs, .msc].firstIndex(of: e.type) else { continue }
        let code = e.type == .key ? Int(e.code) - 0x100 : Int(e.code)
        guard (0...255).contains(code) else { continue }
        let step = UInt16(clamping: max(0, e.time.microseconds - last))
        last = e.time.microseconds
        let v = UInt32(bitPattern: e.value)
        bytes += [UInt8(type), UInt8(code), UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24), UInt8(step & 0xFF), UInt8(step >> 8)]
    }
    return bytes
}
