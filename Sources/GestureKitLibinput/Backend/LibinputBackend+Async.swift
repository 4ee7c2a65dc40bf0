import GestureKit

/// What a backend running on a thread of its own yields: ``LibinputBackend/gestures(configuration:engine:)``'s
/// gesture updates or ``LibinputBackend/events(configuration:)``'s input events, with the
/// ``controller`` that changes the backend while it runs.
///
/// Iterate it once. Elements are buffered without limit while the consumer is busy, so no
/// transition is lost; a consumer that stops iterating (or whose task is cancelled) stops the
/// backend, which releases every device.
public struct LibinputStream<Element: Sendable>: AsyncSequence, Sendable {
    /// The stream's failure: a ``LibinputBackendError``.
    public typealias Failure = any Error

    let base: AsyncThrowingStream<Element, any Error>
    /// Changes the running backend (outputs, rotation, calibration, the engine) from any actor,
    /// or stops it.
    public let controller: LibinputController

    /// The stream's iterator. When it goes (the loop over the stream ended, by a `break`, a
    /// `return` or a thrown error), the backend stops, even while the host still holds the
    /// stream (to reach its ``controller``, say).
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), end: IterationEnd(controller: controller))
    }

    /// Iterates a ``LibinputStream``; the backend stops when the last copy of it goes.
    public struct Iterator: AsyncIteratorProtocol {
        /// The iterator's failure: a ``LibinputBackendError``.
        public typealias Failure = any Error
        var base: AsyncThrowingStream<Element, any Error>.Iterator
        let end: IterationEnd

        /// The next element, or `nil` once the backend has stopped.
        public mutating func next() async throws -> Element? {
            try await base.next()
        }

        /// The next element, awaited in the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            try await base.next(isolation: actor)
        }
    }
}

/// Stops a stream's backend when the iterator holding it goes (see ``LibinputStream/Iterator``).
final class IterationEnd: Sendable {
    let controller: LibinputController
    init(controller: LibinputController) { self.controller = controller }
    deinit { controller.stop() }
}

extension LibinputBackend {
    /// The gestures of the configured devices, as an `AsyncSequence` of `GestureUpdate`
    /// values, for hosts built on Swift concurrency.
    ///
    /// The backend and the engine live together on a thread of its own, which is their only
    /// thread: `engine` is called there once the devices are open and builds the engine with its
    /// regions and recognizers; the thread then feeds it as ``run(engine:handlingSignals:onEvent:)``
    /// does. Its deadlines (a long press beginning, a double tap timing out, the stuck-touch
    /// watchdog) fire on their own: the loop's poll timeout is the engine's next deadline on
    /// ``MonotonicClock``, and when the poll times out the engine advances to the clock's present.
    ///
    /// Every state change of every recognizer is yielded as a value, except the resets to
    /// `possible` that follow each outcome, in the order they happened. To change the graph later,
    /// use ``LibinputStream/controller``'s ``LibinputController/withEngine(_:)``, which runs on
    /// the engine's thread. An observer the builder sets on the engine keeps hearing every change;
    /// the sequence hears them through an observer of its own, which setting the engine's
    /// `observer` (in the builder or in a ``LibinputController/withEngine(_:)`` change) leaves in
    /// place.
    ///
    /// ```swift
    /// let gestures = LibinputBackend.gestures(configuration: .seat()) {
    ///     let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1920, height: 1080))
    ///     let hold = LongPressGestureRecognizer()
    ///     hold.name = "menu"
    ///     engine.root.addGestureRecognizer(hold)
    ///     return engine
    /// }
    /// for try await update in gestures where update.name == "menu" && update.state == .began {
    ///     await showMenu(at: update.location)
    /// }
    /// ```
    ///
    /// The sequence ends with an error if the backend cannot open or fails, and finishes when the
    /// consumer stops iterating, the task is cancelled or the controller stops it. Either way the
    /// engine hears the devices the backend still holds removed first (see ``close(into:)``): a
    /// gesture under way is cancelled, and a recognizer still deciding fails, and those updates
    /// are yielded before the end (to a consumer still iterating). It does not handle signals.
    ///
    /// - Parameters:
    ///   - configuration: Where the devices come from and how they map onto outputs.
    ///   - engine: Builds the engine, on the backend's thread. It may capture only `Sendable`
    ///     values: recognizers are made inside it, not handed in.
    public static func gestures(
        configuration: Configuration, engine: @escaping @Sendable () -> GestureEngine
    ) -> LibinputStream<GestureUpdate> {
        stream(configuration: configuration) { backend, continuation in
            let built = engine()
            let forwarder = GestureUpdateForwarder(continuation: continuation)
            built.leadingObserver = forwarder
            return try withExtendedLifetime(forwarder) {
                // A failure has closed it so already (see `run(engine:handlingSignals:onEvent:)`).
                defer { backend.close(into: { built.send($0) }) }
                return try backend.run(engine: built, handlingSignals: false)
            }
        }
    }
}

/// Yields each recognizer state change as a `GestureUpdate`: the engine's leading observer, told
/// of each change before the host's own (`GestureEngine.observer`).
final class GestureUpdateForwarder: GestureEngineObserver {
    let continuation: AsyncThrowingStream<GestureUpdate, any Error>.Continuation

    init(continuation: AsyncThrowingStream<GestureUpdate, any Error>.Continuation) {
        self.continuation = continuation
    }

    func engine(
        _ engine: GestureEngine, recognizer: GestureRecognizer, didChangeFrom old: GestureState, to new: GestureState,
        because cause: TransitionCause
    ) {
        if new != .possible {
            continuation.yield(GestureUpdate(recognizer: recognizer, from: old, to: new, at: engine.now))
        }
    }
}
