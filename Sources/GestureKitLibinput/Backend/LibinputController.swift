import GestureKit

/// Changes a running backend from any thread or actor: its outputs, rotation and calibration,
/// and the engine it drives.
///
/// A backend and its engine are confined to the thread that runs them (see
/// <doc:Concurrency>). The controller is how other threads reach them: each change is queued,
/// the backend's loop is woken, and the change runs on the loop's thread before the loop reads
/// further input, in the order the changes were sent. Every way of running a backend applies them:
/// - ``LibinputBackend/run(engine:handlingSignals:onEvent:)`` and the async sequences
///   (``LibinputBackend/gestures(configuration:engine:)``, ``LibinputBackend/events(configuration:)``)
///   are woken and apply them at once;
/// - a host loop that calls ``LibinputBackend/dispatch(into:)`` applies them at its next dispatch
///   (or sets the backend's properties directly, on its own thread).
///
/// A touch in progress keeps going across a change: its contact keeps its identity and its
/// phase, is placed anew where the new mapping puts it (a frame of stationary contacts, which the
/// engine takes as no motion), and is mapped the new way from then on. See <doc:LiveConfiguration>.
///
/// ```swift
/// let stream = LibinputBackend.gestures(configuration: .seat()) { makeEngine() }
/// stream.controller.setRotation(.clockwise90)  // from any actor
/// ```
///
/// Changes sent after the backend closed (or when it failed to open) are never applied: they are
/// let go at once, with what their closures captured, and so are those still queued as it closed.
public struct LibinputController: Sendable {
    /// A change for the loop's thread.
    enum Change: Sendable {
        case backend(@Sendable (LibinputBackend) -> Void)
        case engine(@Sendable (GestureEngine) -> Void)
        case suspend, resume
    }

    let handle: LibinputStopHandle

    init(handle: LibinputStopHandle) {
        self.handle = handle
    }

    /// Runs `change` on the backend's thread, before the loop reads further input.
    ///
    /// The closure may use every member of the backend: its output mapping, calibration and
    /// devices.
    public func update(_ change: @escaping @Sendable (LibinputBackend) -> Void) {
        handle.send(.backend(change))
    }

    /// Runs `body` on the backend's thread with the engine the backend drives, between events:
    /// to add or enable recognizers, resize regions or cancel touches while an async host
    /// consumes gestures. Dropped (with a warning in the backend's log) when the backend drives no
    /// engine, that is when the host calls ``LibinputBackend/dispatch(into:)`` itself or reads
    /// ``LibinputBackend/events(configuration:)``.
    public func withEngine(_ body: @escaping @Sendable (GestureEngine) -> Void) {
        handle.send(.engine(body))
    }

    /// Sets the size, in points, of the output that devices without an output of their own cover
    /// (``LibinputBackend/outputSize``).
    public func setOutputSize(_ size: Size) {
        update { $0.outputSize = size }
    }

    /// Sets how touchscreens without an output of their own are turned
    /// (``LibinputBackend/rotation``).
    public func setRotation(_ rotation: OutputRotation) {
        update { $0.rotation = rotation }
    }

    /// Sets a touchscreen's libinput calibration matrix
    /// (``LibinputBackend/setCalibrationMatrix(_:for:)``). A device that has none, or is gone,
    /// is reported in the backend's log.
    public func setCalibrationMatrix(_ matrix: CalibrationMatrix, for device: DeviceID) {
        update { backend in
            do {
                try backend.setCalibrationMatrix(matrix, for: device)
            } catch {
                backend.logger.warning("calibration not applied: \(error)")
            }
        }
    }

    /// Suspends the backend on its thread (``LibinputBackend/suspend(into:)``), its events (every
    /// touch device's removal) handed to where the loop hands its events: the engine the backend
    /// drives, whose gestures under way are cancelled, or the consumer of
    /// ``LibinputBackend/events(configuration:)``. For a host that holds its own seat session
    /// (``SeatAccess/host(_:)``), from its seat's disable handler; a failure is
    /// logged (the devices are released all the same).
    public func suspend() {
        handle.send(.suspend)
    }

    /// Opens the devices again after ``suspend()`` (``LibinputBackend/resume(into:)``), on the
    /// backend's thread, their announcements handed on as ``suspend()``'s events are. A failure is
    /// logged.
    public func resume() {
        handle.send(.resume)
    }

    /// Stops the backend's loop (``LibinputStopHandle/stop()``): a `run` returns, an async
    /// sequence finishes. Changes sent before it are applied first.
    public func stop() {
        handle.stop()
    }
}

extension LibinputBackend {
    /// Changes this backend from any thread; see ``LibinputController``.
    public var controller: LibinputController { LibinputController(handle: stopHandle) }

    /// Applies the changes controllers sent, on this thread, then hands on the events they
    /// produced (devices announced again with their new density).
    func applyControllerChanges(engine: GestureEngine?, into handler: (InputEvent) -> Void) {
        let changes = stopHandle.takeChanges()
        guard !changes.isEmpty else { return }
        for change in changes {
            // Changes sent after one that closed the backend are never applied.
            if isClosed { break }
            switch change {
            case .backend(let body):
                body(self)
            case .engine(let body):
                if let engine {
                    body(engine)
                } else {
                    logger.warning("a controller's engine change was dropped: this backend drives no engine")
                }
            case .suspend:
                do { try suspend(into: handler) } catch { logger.warning("suspend: \(error)") }
            case .resume:
                do { try resume(into: handler) } catch { logger.warning("resume failed: \(error)") }
            }
        }
        flushPending(into: handler)
    }
}
