import Glibc
import Logging

/// Opens and closes device nodes for libinput (`open_restricted`/`close_restricted`) through the
/// chosen path — the host's callbacks, a libseat session, or `open(2)` — and remembers the
/// latest attempt on each node, so failures (permission above all) can be explained instead of
/// ending in a silent empty run. What it keeps grows with the nodes tried, not with the
/// attempts: a backend that runs for months through hotplugs and seat switches reopens the same
/// few nodes.
final class DeviceAccessRecorder {
    /// Where opens go.
    enum Route {
        case host(HostDeviceAccess)
        case libseat(LibseatSession)
        case direct
    }

    /// One `open` attempt: the node and what `open` returned (a descriptor or `-errno`).
    struct Attempt: Hashable {
        var path: String
        var result: Int32
    }

    weak var system: (any LibinputSystem)?
    let logger: Logger
    /// Set once, when the backend has chosen how to open devices (before libinput opens any).
    var route: Route = .direct
    /// The nodes tried, in the order first tried, and the latest result on each.
    private var triedInOrder: [String] = []
    private var latest: [String: Int32] = [:]
    /// How many nodes were tried: what the recorder keeps, whatever the number of attempts.
    var nodesTried: Int { triedInOrder.count }

    init(system: any LibinputSystem, logger: Logger) {
        self.system = system
        self.logger = logger
    }

    /// Opens `path` with libinput's flags plus `O_NONBLOCK | O_CLOEXEC`; returns the descriptor or
    /// `-errno`, exactly as libinput expects.
    func open(_ path: String, flags: Int32) -> Int32 {
        let result: Int32
        switch route {
        case .host(let host): result = host.open(path, flags | O_NONBLOCK | O_CLOEXEC)
        case .libseat(let session): result = session.openDevice(path)
        case .direct: result = system?.open(path, flags: flags | O_NONBLOCK | O_CLOEXEC) ?? -ENODEV
        }
        if latest.updateValue(result, forKey: path) == nil { triedInOrder.append(path) }
        if result < 0 {
            logger.debug("open \(path) failed: \(LibinputBackendError.describe(errno: result))")
        }
        return result
    }

    func close(_ fd: Int32) {
        switch route {
        case .host(let host): host.close(fd)
        case .libseat(let session):
            if !session.closeDevice(fd, closeDescriptor: { system?.close($0) }) { system?.close(fd) }
        case .direct: system?.close(fd)
        }
    }

    /// The latest result for `path`, if it was tried.
    func latestResult(for path: String) -> Int32? {
        latest[path]
    }

    /// Nodes whose latest attempt failed, in the order first tried.
    var failures: [Attempt] {
        triedInOrder.compactMap { path in
            latest[path].flatMap { $0 < 0 ? Attempt(path: path, result: $0) : nil }
        }
    }
}
