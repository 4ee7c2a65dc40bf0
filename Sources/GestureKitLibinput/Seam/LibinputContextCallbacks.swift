/// What libinput calls back into: `open_restricted`, `close_restricted` and the log handler.
///
/// The live system hands this object to libinput as the context's user data (through
/// `Unmanaged`, retained for the context's life) and routes the C callbacks to these closures; a
/// scripted system calls them the same way when it "opens" a scripted device.
public final class LibinputContextCallbacks {
    /// `open_restricted`: opens `path` with libinput's `flags`; returns a descriptor or `-errno`.
    public let openRestricted: (_ path: String, _ flags: Int32) -> Int32
    /// `close_restricted`.
    public let closeRestricted: (_ fd: Int32) -> Void
    /// The log handler, with the message already formatted.
    public let log: (_ priority: LibinputLogPriority, _ message: String) -> Void

    /// Creates the callbacks.
    public init(
        openRestricted: @escaping (_ path: String, _ flags: Int32) -> Int32,
        closeRestricted: @escaping (_ fd: Int32) -> Void,
        log: @escaping (_ priority: LibinputLogPriority, _ message: String) -> Void
    ) {
        self.openRestricted = openRestricted
        self.closeRestricted = closeRestricted
        self.log = log
    }
}
