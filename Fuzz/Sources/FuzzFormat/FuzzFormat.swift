import FuzzSupport
import GestureKitEvdev

/// libFuzzer's entry point: the input's format detected, then read by the reader detection
/// chooses. Any error is an answer; a trap, a leak or a memory error is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    _ = RecordingReader.format(of: text)
    _ = try? RecordingReader.parse(text, source: "fuzz")
    return 0
}

/// libFuzzer's set-up hook: writes this target's seeds and exits when asked (``Seeds``).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    Seeds.writeSeedsIfAsked { text, _ in Array(text.utf8) }
    return 0
}
