import ArgumentParser
import GestureKitLibinput

/// `--seat-access auto|libseat|direct`: how `live` and `devices` open device nodes.
enum SeatAccessOption: String, CaseIterable, ExpressibleByArgument {
    /// libseat when a seatd or logind session opens, else open(2).
    case auto
    /// libseat only (seatd or logind); no `input` group needed.
    case libseat
    /// open(2) only: the `input` group, a uaccess ACL, or root.
    case direct

    static let help: ArgumentHelp =
        "How to open device nodes: auto (libseat when a seatd or logind session is available, else open(2)), libseat, or direct (open(2))."

    var seatAccess: SeatAccess {
        switch self {
        case .auto: .automatic
        case .libseat: .libseat
        case .direct: .direct
        }
    }
}
