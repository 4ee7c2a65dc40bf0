import Foundation

/// Whether and how to colour output: only on a terminal, and never with `NO_COLOR` set.
struct Terminal {
    let colours: Bool

    static func forStandardOutput() -> Terminal {
        let env = ProcessInfo.processInfo.environment
        let noColor = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Terminal(colours: !noColor && isatty(STDOUT_FILENO) == 1 && env["TERM"] != "dumb")
    }

    func paint(_ s: String, _ code: String) -> String { colours ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { paint(s, "1") }
    func dim(_ s: String) -> String { paint(s, "2") }

    /// Colour for a state.
    func state(_ s: String) -> String {
        switch s {
        case "began": paint(s, "36")
        case "ended", "recognized": paint(s, "32")
        case "cancelled": paint(s, "33")
        case "failed": paint(s, "31")
        default: s
        }
    }

    /// Writes a line to standard error.
    static func error(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }
}
