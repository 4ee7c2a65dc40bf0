import Glibc
import Testing
@testable import GestureKitLibinput

/// The lock behind the stop handle and the scripted system's wake bytes, taken by two threads in
/// turn as hard as they can. Run under ThreadSanitizer (`scripts/sanitize thread`), this is also
/// the test that the sanitizer sees the lock's order: with the standard library's `Mutex` in its
/// place, contention read as a race.
@Suite("The backend's lock")
struct ThreadLockTests {
    private struct Counts: Sendable {
        var total = 0
        var inside = false
        var overlaps = 0
        var finished = 0
    }

    @Test("Two threads each taking the lock 100,000 times: no update lost, never two inside")
    func contended() async throws {
        let rounds = 100_000
        let lock = ThreadLock(Counts())
        for _ in 0..<2 {
            let failure = LibinputThread.start {
                for _ in 0..<rounds {
                    lock.withLock { counts in
                        if counts.inside { counts.overlaps += 1 }
                        counts.inside = true
                        counts.total += 1
                        counts.inside = false
                    }
                }
                lock.withLock { $0.finished += 1 }
            }
            #expect(failure == nil)
        }
        var waited = 0
        while lock.withLock({ $0.finished }) < 2 && waited < 120_000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 10
        }
        let counts = lock.withLock { $0 }
        #expect(counts.finished == 2, "the threads did not finish in 120 s")
        #expect(counts.total == 2 * rounds)
        #expect(counts.overlaps == 0)
    }
}
