import GestureKit

/// A stretch of touch activity on one device, from the first finger down to all fingers up: what a
/// recording's gestures are made of, for tests, tools and statistics.
public struct TouchEpisode: Hashable, Sendable {
    /// One contact's life within an episode.
    public struct Track: Hashable, Sendable {
        /// The contact id.
        public var id: Int
        /// Every position the contact reported, in output points, with its time.
        public var samples: [Sample]
        /// How the contact left: `.ended`, `.cancelled`, or still active if the stream stopped.
        public var lastPhase: TouchPhase
        /// Whether the contact was marked as a palm.
        public var isPalm: Bool

        /// When the contact began.
        public var start: Timestamp { samples.first?.time ?? .zero }
        /// When the contact was last seen.
        public var end: Timestamp { samples.last?.time ?? .zero }
        /// The first position, in points.
        public var firstLocation: Point { samples.first?.location ?? .zero }
        /// The last position, in points.
        public var lastLocation: Point { samples.last?.location ?? .zero }
    }

    /// One reported position of a contact.
    public struct Sample: Hashable, Sendable {
        /// When.
        public var time: Timestamp
        /// Where, in output points.
        public var location: Point
        /// Where, in sensor millimetres.
        public var millimetres: Point
    }

    /// The device.
    public var device: DeviceID
    /// The first frame's time.
    public var start: Timestamp
    /// The last frame's time (all fingers up, or the end of the stream).
    public var end: Timestamp
    /// The contacts, in the order they began.
    public var tracks: [Track]
    /// The most contacts down at once.
    public var maximumContacts: Int
    /// The largest `TouchFrame.reportedFingerCount` seen, if any frame had one.
    public var maximumReportedFingers: Int?

    /// `end − start`.
    public var duration: Duration { end - start }

    /// Splits the touch frames in `events` into episodes, per device, each closed by a frame after
    /// which no contact is down. Non-frame events are ignored.
    public static func split(_ events: [InputEvent]) -> [TouchEpisode] {
        var open: [DeviceID: (episode: TouchEpisode, index: [Int: Int], down: Set<Int>)] = [:]
        var done: [TouchEpisode] = []
        for event in events {
            guard case .touchFrame(let frame) = event else { continue }
            var state = open[frame.device] ?? (
                TouchEpisode(device: frame.device, start: frame.timestamp, end: frame.timestamp, tracks: [],
                             maximumContacts: 0, maximumReportedFingers: nil), [:], []
            )
            for c in frame.contacts {
                let sample = Sample(time: frame.timestamp, location: c.location, millimetres: c.millimetres)
                if let i = state.index[c.id] {
                    state.episode.tracks[i].samples.append(sample)
                    state.episode.tracks[i].lastPhase = c.phase
                    state.episode.tracks[i].isPalm = state.episode.tracks[i].isPalm || c.isPalm
                } else {
                    state.index[c.id] = state.episode.tracks.count
                    state.episode.tracks.append(Track(id: c.id, samples: [sample], lastPhase: c.phase, isPalm: c.isPalm))
                }
                if c.phase.isActive { state.down.insert(c.id) } else { state.down.remove(c.id) }
            }
            state.episode.end = frame.timestamp
            state.episode.maximumContacts = max(state.episode.maximumContacts, state.down.count)
            if let n = frame.reportedFingerCount {
                state.episode.maximumReportedFingers = max(state.episode.maximumReportedFingers ?? 0, n)
            }
            if state.down.isEmpty {
                if !state.episode.tracks.isEmpty { done.append(state.episode) }
                open[frame.device] = nil
            } else {
                open[frame.device] = state
            }
        }
        done += open.values.map(\.episode).sorted { $0.start < $1.start }
        return done
    }
}
