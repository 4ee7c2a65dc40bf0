import GestureKit

extension LibinputBackend {
    /// The events of the configured devices, as an `AsyncSequence`, for hosts built on Swift
    /// concurrency.
    ///
    /// The backend lives on a thread of its own (libinput's context and devices never leave it):
    /// the thread opens it, polls it and yields each event. The sequence ends with an error if the
    /// backend cannot open or fails, and finishes — releasing every device — when the consumer
    /// stops iterating or the task is cancelled. It does not handle signals: the host decides what
    /// SIGINT means.
    ///
    /// ```swift
    /// for try await event in LibinputBackend.events(configuration: .seat()) {
    ///     engine.send(event)
    /// }
    /// ```
    ///
    /// Deadlines are the host's: between events, call `engine.advance(to:)` from a timer of its own.
    public static func events(configuration: Configuration) -> AsyncThrowingStream<InputEvent, any Error> {
        let stopHandle = LibinputStopHandle()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: InputEvent.self)
        continuation.onTermination = { _ in stopHandle.stop() }
        let started = LibinputThread.start {
            do {
                let backend = try LibinputBackend(configuration: configuration, stopHandle: stopHandle)
                _ = try backend.loop(
                    handlingSignals: false, deadline: { nil }, onTimeout: { _ in },
                    handler: { continuation.yield($0) })
                backend.close()
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        if let error = started { continuation.finish(throwing: error) }
        return stream
    }
}
