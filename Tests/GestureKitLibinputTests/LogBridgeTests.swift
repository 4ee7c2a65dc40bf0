import CLibinputShim
import Logging
import Testing
@testable import GestureKitLibinput

/// Messages the C sink below received (a C function pointer cannot capture context).
private let sunk = ThreadLock<[(Int32, String)]>([])

@Suite("libinput's log, bridged to swift-log", .serialized)
struct LogBridgeTests {
    @Test(
        "Priorities map to logger levels",
        arguments: [
            (LibinputLogPriority.debug, Logger.Level.debug), (.info, .info), (.error, .error),
        ])
    func priorityMapping(_ priority: LibinputLogPriority, _ level: Logger.Level) {
        #expect(priority.loggerLevel == level)
    }

    @Test("Raw C priorities clamp to the nearest priority below")
    func clamping() {
        #expect(LibinputLogPriority(clamping: 10) == .debug)
        #expect(LibinputLogPriority(clamping: 15) == .debug)
        #expect(LibinputLogPriority(clamping: 20) == .info)
        #expect(LibinputLogPriority(clamping: 30) == .error)
        #expect(LibinputLogPriority(clamping: 99) == .error)
        #expect(LibinputLogPriority(for: .trace) == .debug)
        #expect(LibinputLogPriority(for: .notice) == .info)
        #expect(LibinputLogPriority(for: .critical) == .error)
    }

    @Test("The bridge logs at the mapped level, from source libinput, without the trailing newline")
    func bridge() {
        let (logger, store) = CapturingLogHandler.logger()
        let bridge = LibinputLogBridge(logger: logger)
        bridge.log(priority: .error, message: "event3: kernel bug: something\n")
        bridge.log(priority: .debug, message: "touch down\n")
        let entries = store.all
        #expect(entries.map(\.message) == ["event3: kernel bug: something", "touch down"])
        #expect(entries.map(\.level) == [.error, .debug])
        #expect(entries.allSatisfy { $0.source == "libinput" })
    }

    @Test("Messages libinput logs during a run reach the configured logger, and the priority follows its level")
    func throughBackend() throws {
        let (logger, store) = CapturingLogHandler.logger()
        var quiet = logger
        quiet.logLevel = .info
        let (backend, system) = try Fixture.backend(logger: quiet)
        defer { backend.close() }
        #expect(system.calls.contains(.setLogPriority(.info)))
        system.emitLog(.info, "event4: device is a touchpad\n")
        #expect(store.all.last?.message == "event4: device is a touchpad")
        #expect(store.all.last?.level == .info)
    }

    @Test("The shim formats a va_list with vsnprintf")
    func shimFormatting() {
        let text = "seat"
        let message = text.withCString { name in
            withVaList([Int32(3), name, 2.5]) { args in
                var buffer = [CChar](repeating: 0, count: 64)
                let needed = gk_libinput_format_message(&buffer, buffer.count, "event%d on %s at %.1f mm\n", args)
                #expect(needed == 25)
                return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        #expect(message == "event3 on seat at 2.5 mm\n")
    }

    @Test("The shim's handler forwards short and long messages whole to a non-variadic sink")
    func shimForwarding() {
        sunk.withLock { $0.removeAll() }
        let sink: gk_libinput_log_sink = { _, priority, message in
            guard let message else { return }
            let text = String(cString: message)
            sunk.withLock { $0.append((priority, text)) }
        }
        let long = String(repeating: "x", count: 2000)
        long.withCString { payload in
            withVaList([Int32(7)]) { gk_libinput_forward_log(sink, nil, 20, "short %d", $0) }
            withVaList([payload]) { gk_libinput_forward_log(sink, nil, 30, "long %s!", $0) }
        }
        let received = sunk.withLock { $0 }
        #expect(received.count == 2)
        #expect(received.first?.0 == 20 && received.first?.1 == "short 7")
        #expect(received.last?.0 == 30 && received.last?.1 == "long " + long + "!")
    }
}
