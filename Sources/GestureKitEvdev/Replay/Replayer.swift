import GestureKit

/// Feeds a ``Recording`` through a `GestureEngine` on the recording's own timestamps.
///
/// Two ways to run:
/// * ``run(on:)`` on a virtual clock, as fast as possible: the engine's time moves only with the
///   events, deadlines fire when an event or the final tail passes them.
/// * ``run(on:speed:isolation:sleep:)`` in real time, scaled by `speed`: before each event and each
///   engine deadline, the replayer asks the caller's `sleep` to wait for the scaled gap. The
///   replayer never reads a clock itself; tests pass a sleep that records or does nothing.
///
/// Either way, every device is announced with `.deviceAdded` at ``ReplayOptions/startTime``, the
/// devices' frames are merged in time order, and after the last event the engine is advanced by
/// ``ReplayOptions/tail`` so that pending timers fire. Touchpads are left out unless
/// ``ReplayOptions/includesTouchpads`` is set.
///
/// An engine's time never goes back: on an engine whose clock is already past
/// ``ReplayOptions/startTime`` (a second replay on one engine, say), both ways of running start
/// the recording at the engine's time instead, so that it replays as it would on a fresh engine.
public struct Replayer: Sendable {
    /// The recording to replay.
    public let recording: Recording
    /// How to replay it.
    public var options: ReplayOptions

    /// Creates a replayer.
    public init(recording: Recording, options: ReplayOptions) {
        self.recording = recording
        self.options = options
    }

    /// Every input event the replay sends, in order: the `.deviceAdded` events, then the frames of
    /// all replayed devices merged by timestamp (ties keep device order), then, at the end of the
    /// tail, a frame cancelling the contacts of each device whose recording ends with fingers down
    /// (cut off mid-touch, or between a lift and its `SYN_REPORT`: nothing is left down), and
    /// `.deviceRemoved` events if ``ReplayOptions/removesDevicesAtEnd`` is set.
    /// - Throws: ``EvdevError`` for an unsupported device (unless skipped), a protocol violation
    ///   in the events (among them a device's event stamped earlier than the one before it), or ``EvdevError/Reason/outOfRange(_:)`` when ``ReplayOptions/startTime``
    ///   plus the recording's times and ``ReplayOptions/tail`` pass `Int64.max` microseconds.
    public func inputEvents() throws(EvdevError) -> [InputEvent] {
        try plan().events
    }

    /// ``inputEvents()``, and the moment the replay ends on the engine's clock.
    private func plan() throws(EvdevError) -> (events: [InputEvent], end: Timestamp) {
        var added: [InputEvent] = []
        var frames: [(event: InputEvent, device: Int)] = []
        var ids: [DeviceID] = []
        var decoders: [TouchDecoder] = []
        for (index, recorded) in recording.devices.enumerated() {
            let id = DeviceID(options.firstDeviceID + index)
            let classification = recorded.description.classification
            if case .unsupported = classification, options.skipsUnsupportedDevices { continue }
            if case .touchpad = classification, !options.includesTouchpads { continue }
            var decoder: TouchDecoder
            do {
                decoder = try TouchDecoder(
                    description: recorded.description, id: id, mapping: options.mapping, options: options.decoder)
            } catch {
                throw EvdevError(file: recording.source, error.reason)
            }
            added.append(decoder.deviceAdded(at: options.startTime))
            ids.append(id)
            var previous = Timestamp(microseconds: .min)
            for (number, recordedEvent) in recorded.events.enumerated() {
                // The readers refuse a file whose times go back; a recording built in code is
                // checked here, since the merge below keeps each device's frames in time order
                // and would hear a lift before the landing stamped after it.
                guard recordedEvent.time >= previous else {
                    throw EvdevError(file: recording.source, EvdevError.Reason.protocolViolation(
                        "a timestamp earlier than the previous event's").located(event: number + 1, at: recordedEvent.time))
                }
                previous = recordedEvent.time
                var event = recordedEvent
                event.time = try shifted(event.time)
                do {
                    if try decoder.decode(event) {
                        // A copy sized to its contacts: the decoder keeps its own storage, with
                        // room for all its slots, for the next frame.
                        var frame = decoder.frame
                        frame.contacts = frame.contacts.map { $0 }
                        frames.append((.touchFrame(frame), index))
                    }
                } catch {
                    // The events are read before they are decoded: the line is not known here,
                    // the event's place in its device's stream and its (rebased) time are.
                    throw EvdevError(file: recording.source, error.reason.located(event: number + 1, at: recordedEvent.time))
                }
            }
            decoders.append(decoder)
        }
        // Stable merge by time; each device's frames are already in order.
        let merged = frames.enumerated().sorted {
            let (a, b) = ($0.element.event.timestamp, $1.element.event.timestamp)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element.event)
        var result = added + merged
        let end = try endTime(lastEvent: merged.last?.timestamp)
        for var decoder in decoders where decoder.finish(at: end) {
            result.append(.touchFrame(decoder.frame))
        }
        if options.removesDevicesAtEnd {
            result += ids.map { .deviceRemoved($0, at: end) }
        }
        // The replay runs a tail after its last event (the removals', when there are any, as it
        // always has; never the cancels', which only close what the recording left open).
        let last = options.removesDevicesAtEnd && !ids.isEmpty ? end : (merged.last ?? added.last)?.timestamp
        return (result, try endTime(lastEvent: last))
    }

    /// A recording's time on the engine's clock: moved by the start time, checked.
    private func shifted(_ time: Timestamp) throws(EvdevError) -> Timestamp {
        let (sum, overflow) = time.microseconds.addingReportingOverflow(options.startTime.microseconds)
        guard !overflow else {
            throw EvdevError(file: recording.source, .outOfRange(
                "the replay's start time \(options.startTime) moves the event at \(time) beyond the microsecond clock"))
        }
        return Timestamp(microseconds: sum)
    }

    /// The moment the replay ends: the last event (or the start) plus the tail.
    private func endTime(lastEvent: Timestamp?) throws(EvdevError) -> Timestamp {
        let lastRecorded = try shifted(recording.devices.compactMap { $0.events.last?.time }.max() ?? .zero)
        let last = max(lastEvent ?? options.startTime, lastRecorded)
        let (tail, overflow) = options.tail.components.seconds.multipliedReportingOverflow(by: 1_000_000)
        let (end, overflow2) = last.microseconds.addingReportingOverflow(tail)
        guard !overflow, !overflow2, end <= Int64.max - 1_000_000 else {
            throw EvdevError(file: recording.source, .outOfRange(
                "the replay's tail \(options.tail) after \(last) passes the microsecond clock's end"))
        }
        return last + options.tail
    }

    /// Replays on a virtual clock, as fast as possible, then advances the engine by the tail.
    /// - Returns: The moment the replay ended on the engine's clock.
    /// - Throws: ``EvdevError`` as ``inputEvents()`` does; nothing is sent then.
    @discardableResult
    public func run(on engine: GestureEngine) throws(EvdevError) -> Timestamp {
        let (events, end) = try starting(at: engine.now).plan()
        for event in events where !isRemoval(event) { engine.send(event) }
        engine.advance(to: end)
        for event in events where isRemoval(event) { engine.send(event) }
        return end
    }

    /// Replays in real time scaled by `speed`, waiting through `sleep` before each event and each
    /// engine deadline, then runs the tail the same way.
    /// - Parameters:
    ///   - engine: The engine to feed.
    ///   - speed: 1 for real time, 2 for twice as fast, … Values of zero or less replay without
    ///     waiting.
    ///   - isolation: The caller's isolation, so that the engine never leaves it.
    ///   - sleep: Waits for a duration, e.g. `{ try await Task.sleep(for: $0) }`, or records it in a
    ///     test. Called only for positive durations.
    /// - Returns: The moment the replay ended on the engine's clock.
    /// - Throws: ``EvdevError`` as ``inputEvents()`` does, or whatever `sleep` throws (e.g.
    ///   `CancellationError`).
    @discardableResult
    public func run(
        on engine: GestureEngine, speed: Double = 1, isolation: isolated (any Actor)? = #isolation,
        sleep: (Duration) async throws -> Void
    ) async throws -> Timestamp {
        let replay = starting(at: engine.now)
        let (events, end) = try replay.plan()
        var clock = replay.options.startTime

        func wait(until time: Timestamp) async throws {
            guard time > clock else { return }
            let gap = time.microseconds - clock.microseconds
            clock = time
            guard speed > 0 else { return }
            // A tiny speed makes the wait longer than any clock: it is the longest one.
            let scaled = (Double(gap) / speed).rounded()
            if scaled >= 1 { try await sleep(.microseconds(scaled < 0x1p63 ? Int64(scaled) : Int64.max)) }
        }

        func runDeadlines(before time: Timestamp) async throws {
            while let deadline = engine.nextDeadline, deadline > clock, deadline < time {
                try await wait(until: deadline)
                engine.advance(to: deadline)
            }
        }

        for event in events where !isRemoval(event) {
            try await runDeadlines(before: event.timestamp)
            try await wait(until: event.timestamp)
            engine.send(event)
        }
        try await runDeadlines(before: end)
        try await wait(until: end)
        engine.advance(to: end)
        for event in events where isRemoval(event) { engine.send(event) }
        return end
    }

    /// This replay, started no earlier than `now`, the engine's time (see the type's documentation).
    private func starting(at now: Timestamp) -> Replayer {
        var replay = self
        if now > options.startTime { replay.options.startTime = now }
        return replay
    }

    private func isRemoval(_ event: InputEvent) -> Bool {
        if case .deviceRemoved = event { return true }
        return false
    }
}

extension EvdevError.Reason {
    /// A protocol violation, with the event that broke it named: the `event`-th (from 1) of its
    /// device's events, `time` after the recording's first event. Any other reason as it is.
    fileprivate func located(event: Int, at time: Timestamp) -> Self {
        guard case .protocolViolation(let what) = self else { return self }
        return .protocolViolation("\(what) (event \(event) of the device, \(time) after the recording's first)")
    }
}
