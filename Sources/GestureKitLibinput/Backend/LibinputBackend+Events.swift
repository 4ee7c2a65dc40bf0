import GestureKit

extension LibinputBackend {
    /// The events of the configured devices, as an `AsyncSequence`, for hosts built on Swift
    /// concurrency that own their engine.
    ///
    /// The backend lives on a thread of its own (libinput's context and devices never leave it):
    /// the thread opens it, polls it and yields each event. The sequence ends with an error if the
    /// backend cannot open or fails, and finishes — releasing every device — when the consumer
    /// stops iterating, the task is cancelled or ``LibinputStream/controller`` stops it. Before
    /// it ends (with an error or not), it yields a `.deviceRemoved` for each touch device the
    /// backend still holds (see ``close(into:)``; a consumer that stopped iterating hears none):
    /// an engine fed by the sequence cancels the touches still down rather than keeping them.
    /// It does not handle signals: the host decides what SIGINT means.
    ///
    /// ```swift
    /// for try await event in LibinputBackend.events(configuration: .seat()) {
    ///     engine.send(event)
    /// }
    /// ```
    ///
    /// The backend does not see the host's engine, so it cannot wake for the engine's deadlines:
    /// a host that owns the engine runs a timer of its own to `engine.nextDeadline` and calls
    /// `engine.advance(to: MonotonicClock.now)` when it passes (``MonotonicClock`` is the events'
    /// clock). ``gestures(configuration:engine:)`` keeps the engine beside the backend instead, and
    /// its deadlines fire on their own.
    public static func events(configuration: Configuration) -> LibinputStream<InputEvent> {
        stream(configuration: configuration) { backend, continuation in
            defer { backend.close(into: { continuation.yield($0) }) }
            return try backend.loop(
                handlingSignals: false, deadline: { nil }, onTimeout: { _ in },
                handler: { continuation.yield($0) })
        }
    }

    /// Opens a backend on a thread of its own, runs `body` there, and ends the stream when it
    /// returns or throws, or when the consumer goes away.
    static func stream<Element: Sendable>(
        configuration: Configuration,
        body: @escaping @Sendable (LibinputBackend, AsyncThrowingStream<Element, any Error>.Continuation) throws ->
            LibinputStopReason
    ) -> LibinputStream<Element> {
        let stopHandle = LibinputStopHandle()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        continuation.onTermination = { _ in stopHandle.stop() }
        let started = LibinputThread.start {
            // However the stream ends (a backend that never opened included), the controller's
            // changes are let go from then on.
            defer { stopHandle.close() }
            do {
                let backend = try LibinputBackend(configuration: configuration, stopHandle: stopHandle)
                _ = try body(backend, continuation)
                backend.close()
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        if let error = started {
            stopHandle.close()
            continuation.finish(throwing: error)
        }
        return LibinputStream(base: stream, controller: LibinputController(handle: stopHandle))
    }
}
