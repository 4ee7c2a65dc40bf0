/// Stops a backend's event loop from any thread.
///
/// ``stop()`` marks the loop stopped and wakes it through its wake pipe; the loop returns
/// ``LibinputStopReason/stopRequested`` the next time it looks. Stopping is final: a stopped
/// backend's loop returns at once.
public final class LibinputStopHandle: Sendable {
    private struct State {
        var requested = false
        var wake: (@Sendable () -> Void)?
        /// Changes a ``LibinputController`` sent, for the loop's thread to apply.
        var changes: [LibinputController.Change] = []
        /// Whether the backend closed (or never opened): no change will be applied.
        var closed = false
    }

    private let state = ThreadLock(State())

    /// Creates a handle for a loop that is not stopped.
    public init() {}

    /// Asks the loop to stop and wakes it.
    public func stop() {
        state.withLock { state in
            state.requested = true
            // Under the lock, so the pipe cannot be closed while this writes to it.
            state.wake?()
        }
    }

    /// Whether ``stop()`` was called.
    public var isStopRequested: Bool { state.withLock { $0.requested } }

    /// Connects the handle to the loop's wake pipe.
    func attach(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// Disconnects the handle for good, as the backend closes or fails to open: the changes still
    /// queued, and any sent later, will never be applied, so they are let go (with what their
    /// closures captured) rather than kept for as long as a controller exists.
    func close() {
        // Taken out and released after the lock: a closure's captures may run code as they go.
        var dropped: [LibinputController.Change] = []
        state.withLock { state in
            state.wake = nil
            state.closed = true
            swap(&dropped, &state.changes)
        }
        dropped.removeAll()
    }

    /// Queues a change for the loop's thread and wakes the loop; drops it once the backend closed.
    func send(_ change: LibinputController.Change) {
        state.withLock { state in
            guard !state.closed else { return }
            state.changes.append(change)
            state.wake?()
        }
    }

    /// Takes every queued change, oldest first.
    func takeChanges() -> [LibinputController.Change] {
        state.withLock { state in
            guard !state.changes.isEmpty else { return [] }
            defer { state.changes.removeAll() }
            return state.changes
        }
    }
}

/// Why an event loop returned.
public enum LibinputStopReason: Hashable, Sendable {
    /// The process received this signal (`SIGINT` or `SIGTERM`).
    case signal(Int32)
    /// ``LibinputStopHandle/stop()`` was called, or the backend was closed from inside the loop
    /// (``LibinputBackend/close()``).
    case stopRequested
}
