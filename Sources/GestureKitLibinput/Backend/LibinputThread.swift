import Glibc

/// Starts a detached thread for a blocking event loop, which must not occupy one of Swift
/// concurrency's cooperative threads.
enum LibinputThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread. Returns an error if the thread could not be created.
    static func start(_ body: @escaping @Sendable () -> Void) -> LibinputBackendError? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            return .eventLoopSetupFailed(errno: result)
        }
        pthread_detach(thread)
        return nil
    }
}
