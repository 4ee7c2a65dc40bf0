import Glibc

/// A value behind a `pthread_mutex_t`, for state the backend's thread shares with others.
///
/// The standard library's `Mutex` would do, but on Linux a contended `Mutex` waits and wakes on a
/// futex inside the Synchronization library, which ThreadSanitizer does not see: two threads that
/// took turns through it read as a race (a test of two threads taking one `Mutex` 200,000 times
/// each reports one under `-sanitize=thread`). ThreadSanitizer intercepts `pthread_mutex_lock`,
/// so through this lock it sees the order, and a host that runs its own tests under it hears
/// nothing from the backend's handles.
///
/// This file holds the backend's only `@unchecked Sendable` and its only pointer into a lock; the
/// value is reached only inside ``withLock(_:)``.
final class ThreadLock<Value: Sendable>: @unchecked Sendable {
    private let storage: ManagedBuffer<Value, pthread_mutex_t>

    /// Creates a lock around `value`.
    init(_ value: Value) {
        storage = ManagedBuffer<Value, pthread_mutex_t>.create(minimumCapacity: 1) { _ in value }
        storage.withUnsafeMutablePointerToElements { mutex in
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
    }

    deinit {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) }
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&value.pointee)
        }
    }
}
