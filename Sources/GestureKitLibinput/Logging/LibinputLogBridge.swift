import Logging

/// Forwards libinput's log messages into a swift-log `Logger`.
///
/// libinput ends every message with a newline; the bridge drops it. Messages are logged with the
/// `source` `"libinput"`.
public struct LibinputLogBridge: Sendable {
    /// The logger messages go to.
    public var logger: Logger

    /// Creates a bridge to `logger`.
    public init(logger: Logger) { self.logger = logger }

    /// Logs one formatted libinput message at the level its priority maps to.
    public func log(priority: LibinputLogPriority, message: String) {
        var text = Substring(message)
        while let last = text.last, last == "\n" || last == "\r" { text = text.dropLast() }
        logger.log(level: priority.loggerLevel, "\(text)", source: "libinput")
    }
}
