import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// Two backends that each run their loop with `handlingSignals: true` (two seats, or a
/// touchscreen and a touchpad opened by path, each on a thread of its own): each loop hears
/// SIGINT and SIGTERM while it runs, and the process's own handlers come back after the last.
@Suite("Stop signals with two run loops", .serialized)
struct StopSignalNestingTests {
    static func sigintHandler() -> UInt {
        var current = sigaction()
        sigaction(SIGINT, nil, &current)
        return withUnsafeBytes(of: &current.__sigaction_handler) { $0.load(as: UInt.self) }
    }

    @Test("Two systems installed at once both hear SIGINT; the one left hears it after the other restores; the last restores the handler that was there before")
    func nestedInstalls() throws {
        // A handler of the process's own (ignoring), so that the signals raised below never
        // reach the default action, whatever the code under test does.
        var ignore = sigaction()
        ignore.__sigaction_handler = unsafeBitCast(SIG_IGN, to: sigaction.__Unnamed_union___sigaction_handler.self)
        var saved = sigaction()
        sigaction(SIGINT, &ignore, &saved)
        defer { sigaction(SIGINT, &saved, nil) }
        let before = Self.sigintHandler()
        // Delivered on this thread (the test runner's threads may block it).
        var only = sigset_t(), mask = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }

        let a = LiveLibinputSystem(), b = LiveLibinputSystem()
        let pa = try a.makeWakePipe().get(), pb = try b.makeWakePipe().get()
        defer { a.closeWakePipe(pa); b.closeWakePipe(pb) }
        #expect(a.installStopSignals(pa) == 0)
        #expect(b.installStopSignals(pb) == 0)
        raise(SIGINT)
        #expect(a.drainWakePipe(pa) == [UInt8(SIGINT)])
        #expect(b.drainWakePipe(pb) == [UInt8(SIGINT)])

        b.restoreStopSignals()
        #expect(Self.sigintHandler() != before, "a's loop still runs: its handler stays")
        raise(SIGINT)
        #expect(a.drainWakePipe(pa) == [UInt8(SIGINT)], "the loop still running no longer hears SIGINT")
        #expect(b.drainWakePipe(pb).isEmpty)

        a.restoreStopSignals()
        #expect(Self.sigintHandler() == before)
        // Restoring again does nothing.
        a.restoreStopSignals()
        #expect(Self.sigintHandler() == before)
    }
}
