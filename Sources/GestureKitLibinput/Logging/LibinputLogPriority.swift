import Logging

/// libinput's log priorities (`enum libinput_log_priority`).
public enum LibinputLogPriority: Int32, Hashable, Sendable, CaseIterable {
    /// `LIBINPUT_LOG_PRIORITY_DEBUG`.
    case debug = 10
    /// `LIBINPUT_LOG_PRIORITY_INFO`.
    case info = 20
    /// `LIBINPUT_LOG_PRIORITY_ERROR`.
    case error = 30

    /// The priority for a raw C value: unknown values round to the nearest priority below them
    /// (anything under `info` is debug, anything at or above `error` is an error).
    public init(clamping raw: Int32) {
        if raw >= LibinputLogPriority.error.rawValue {
            self = .error
        } else if raw >= LibinputLogPriority.info.rawValue {
            self = .info
        } else {
            self = .debug
        }
    }

    /// The swift-log level messages of this priority are logged at.
    public var loggerLevel: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .error: .error
        }
    }

    /// The most verbose libinput priority that a logger at `level` would print: libinput is asked
    /// for nothing the logger would drop.
    public init(for level: Logger.Level) {
        switch level {
        case .trace, .debug: self = .debug
        case .info, .notice: self = .info
        case .warning, .error, .critical: self = .error
        }
    }
}
