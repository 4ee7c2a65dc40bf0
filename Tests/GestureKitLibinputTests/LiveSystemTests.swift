import Glibc
import GestureKit
import Testing
@testable import GestureKitLibinput

/// The real libinput and kernel, on a machine without input devices.
@Suite("The live system")
struct LiveSystemTests {
    @Test("A path context can be created and fails cleanly on a device path that does not exist")
    func pathContext() throws {
        let system = LiveLibinputSystem()
        var logged: [String] = []
        var opened: [String] = []
        let callbacks = LibinputContextCallbacks(
            openRestricted: { path, flags in
                opened.append(path)
                return system.open(path, flags: flags)
            },
            closeRestricted: { system.close($0) },
            log: { logged.append("\($0): \($1)") })
        #expect(system.createPathContext(callbacks: callbacks) == 0)
        #expect(system.contextFileDescriptor() >= 0)
        system.setLogPriority(.debug)
        #expect(system.addPathDevice("/dev/input/event-does-not-exist") == false)
        #expect(system.dispatch() == 0)
        #expect(system.nextEvent() == nil)
        system.destroyContext()
        #expect(system.contextFileDescriptor() == -1)
        system.destroyContext()
        // libinput looks the node up in udev before opening it, and says why it gave up through the
        // variadic log handler, which the shim formats.
        #expect(opened.isEmpty)
        #expect(logged.contains { $0.contains("/dev/input/event-does-not-exist") && !$0.contains("%") })
    }

    @Test("The backend on a missing path reports the missing device")
    func backendMissingPath() throws {
        #expect(throws: LibinputBackendError.deviceNotFound(path: "/dev/input/event-does-not-exist")) {
            try LibinputBackend(configuration: .paths(["/dev/input/event-does-not-exist"]))
        }
    }

    @Test("The backend on a seat without devices fails with an error, not an empty run")
    func backendEmptySeat() throws {
        #expect(throws: LibinputBackendError.self) {
            try LibinputBackend(configuration: .seat("seat0"))
        }
    }

    @Test("The live open returns -errno faithfully")
    func openErrno() {
        let system = LiveLibinputSystem()
        #expect(system.open("/nonexistent/node", flags: O_RDONLY) == -ENOENT)
        let fd = system.open("/dev/null", flags: O_RDONLY | O_CLOEXEC)
        #expect(fd >= 0)
        system.close(fd)
    }

    @Test("A node's identity is the same through a link; a missing path and a file that is not a node have none")
    func nodeIdentity() throws {
        let system = LiveLibinputSystem()
        let null = try #require(system.nodeIdentity("/dev/null"))
        #expect(system.nodeIdentity("/dev/zero").map { $0 != null } == true)
        var template = Array("/tmp/gesturekit-node-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { _ = rmdir(directory) }
        let link = directory + "/null-link", file = directory + "/file"
        #expect(symlink("/dev/null", link) == 0)
        defer { _ = unlink(link) }
        #expect(system.nodeIdentity(link) == null)
        let fd = Glibc.open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        _ = Glibc.close(fd)
        defer { _ = unlink(file) }
        #expect(system.nodeIdentity(file) == nil)
        #expect(system.nodeIdentity("/nonexistent/node") == nil)
    }

    @Test("The live wake pipe carries wakes and is closed cleanly")
    func wakePipe() throws {
        let system = LiveLibinputSystem()
        let pipe = try system.makeWakePipe().get()
        system.waker(for: pipe)()
        var descriptors = [PollDescriptor(fd: pipe.readFD, events: PollDescriptor.readable)]
        #expect(system.poll(&descriptors, timeoutMilliseconds: 1000) == 1)
        #expect(descriptors[0].returnedEvents & PollDescriptor.readable != 0)
        #expect(system.drainWakePipe(pipe) == [0])
        #expect(system.poll(&descriptors, timeoutMilliseconds: 0) == 0)
        system.closeWakePipe(pipe)
        #expect(system.monotonicNow() > .zero)
    }

    @Test("SIGTERM raised during a live loop is caught by the self-pipe and restored afterwards")
    func signalPipe() throws {
        let system = LiveLibinputSystem()
        let pipe = try system.makeWakePipe().get()
        defer { system.closeWakePipe(pipe) }
        #expect(system.installStopSignals(pipe) == 0)
        // Deliver the signal to this thread, unblocked here whatever the test runner's threads do.
        var only = sigset_t()
        var previous = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &only, &previous)
        raise(SIGTERM)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        var descriptors = [PollDescriptor(fd: pipe.readFD, events: PollDescriptor.readable)]
        let ready = system.poll(&descriptors, timeoutMilliseconds: 1000)
        system.restoreStopSignals()
        #expect(ready == 1)
        #expect(system.drainWakePipe(pipe) == [UInt8(SIGTERM)])
    }
}
