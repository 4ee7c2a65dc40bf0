import Foundation
import GestureKit
import GestureKitEvdev
import Testing

/// The real-recordings tier: the evemu captures described in `SOURCES.md` beside them.
///
/// The directory comes from the `GESTUREKIT_RECORDINGS` environment variable, or
/// `../shared/recordings` relative to the package root. When it is absent the suite is reported
/// as skipped (with the reason) and a line on stderr says so: it never passes silently.
enum RealRecordings {
    static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["GESTUREKIT_RECORDINGS"], !dir.isEmpty { return dir }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent("../shared/recordings").standardizedFileURL.path
    }()

    static let available: Bool = {
        let ok = FileManager.default.fileExists(atPath: directory + "/SOURCES.md")
        if !ok {
            FileHandle.standardError.write(Data(
                "SKIPPED: real-recordings tier — no recordings at \(directory) (set GESTUREKIT_RECORDINGS)\n".utf8))
        }
        return ok
    }()

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".evemu") }.sorted()
    }

    static func read(_ file: String) throws -> Recording {
        try EvemuReader.read(contentsOf: directory + "/" + file)
    }

    /// Maps a device so that one point is one sensor unit.
    static func unitMapping(_ d: DeviceDescription) -> OutputMapping {
        let x = d.absInfo[EventCode.mtPositionX.code] ?? d.absInfo[EventCode.absX.code]!
        let y = d.absInfo[EventCode.mtPositionY.code] ?? d.absInfo[EventCode.absY.code]!
        return OutputMapping(size: Size(width: x.span + 1, height: y.span + 1))
    }

    static func events(_ file: String, touchpads: Bool = false) throws -> [InputEvent] {
        let recording = try read(file)
        let options = ReplayOptions(mapping: unitMapping(recording.devices[0].description), includesTouchpads: touchpads)
        return try Replayer(recording: recording, options: options).inputEvents()
    }

    static func episodes(_ file: String, touchpads: Bool = false) throws -> [TouchEpisode] {
        TouchEpisode.split(try events(file, touchpads: touchpads))
    }
}

extension TouchEpisode {
    var milliseconds: Double { duration.gestureSeconds * 1000 }
    /// Each track's displacement in points (sensor units with ``RealRecordings/unitMapping(_:)``).
    var displacements: [Point] { tracks.map { $0.lastLocation - $0.firstLocation } }
}

@Test("The real-recordings tier says whether it runs")
func realRecordingsTierStatus() {
    // Always runs, so the log shows where the tier looked and whether it ran.
    let line = RealRecordings.available
        ? "real-recordings tier: using \(RealRecordings.directory)\n"
        : "SKIPPED: real-recordings tier — \(RealRecordings.directory) not found\n"
    FileHandle.standardError.write(Data(line.utf8))
    #expect(!RealRecordings.directory.isEmpty)
}

@Suite(
    "Real recordings", .enabled(if: RealRecordings.available, "recordings directory not found; set GESTUREKIT_RECORDINGS"))
struct RealRecordingsTests {
    @Test func all27FilesParseAndClassify() throws {
        let files = try RealRecordings.files()
        #expect(files.count == 27)
        for file in files {
            let recording = try RealRecordings.read(file)
            #expect(recording.devices.count == 1)
            let classification = recording.devices[0].description.classification
            switch file.prefix(3) {
            case "ts-": #expect(classification == .touchscreen, "\(file)")
            case "tp-":
                if file.contains("bcm5974") {
                    guard case .unsupported(let reason) = classification else {
                        Issue.record("\(file) should be unsupported, is \(classification)")
                        continue
                    }
                    #expect(reason.contains("protocol A"))
                } else {
                    #expect(classification.kind == .touchpad, "\(file)")
                    #expect(classification == .touchpad(semiMultitouch: file.contains("semimt")), "\(file)")
                }
            default: Issue.record("unexpected file \(file)")
            }
        }
    }

    @Test func protocolAGivesTheUnsupportedError() throws {
        let error = #expect(throws: EvdevError.self) {
            try RealRecordings.events("tp-bcm5974-mtA-1-2-3finger-click.evemu", touchpads: true)
        }
        #expect(error?.file == RealRecordings.directory + "/tp-bcm5974-mtA-1-2-3finger-click.evemu")
        guard case .unsupportedDevice(let name, let reason) = error?.reason else {
            Issue.record("expected unsupportedDevice, got \(String(describing: error))")
            return
        }
        #expect(name == "bcm5974")
        #expect(reason.contains("protocol A"))
    }

    @Test func missingPropertiesAndResolutionAreHandled() throws {
        let hp = try RealRecordings.read("tp-synaptics-hp8470p-2finger-hscroll.evemu").devices[0].description
        #expect(hp.properties == nil)
        #expect(hp.classification == .touchpad(semiMultitouch: false))
        #expect(hp.absInfo[EventCode.mtPositionX.code]?.resolution == 0)
        let decoder = try TouchDecoder(description: hp, id: DeviceID(1), mapping: RealRecordings.unitMapping(hp))
        #expect(decoder.device.hasResolution == false)
        #expect(decoder.device.sizeMillimetres == nil)
        let dell = try RealRecordings.read("ts-dell-canvas-4finger-5finger-pinch.evemu").devices[0].description
        let dellDecoder = try TouchDecoder(description: dell, id: DeviceID(2), mapping: RealRecordings.unitMapping(dell))
        #expect(dellDecoder.device.hasResolution)
        let size = try #require(dellDecoder.device.sizeMillimetres)
        #expect(abs(size.width - 32767.0 / 55) < 0.01 && abs(size.height - 32767.0 / 98) < 0.01)
    }

    @Test func everyTouchscreenRecordingDecodesIntoEndedEpisodes() throws {
        for file in try RealRecordings.files() where file.hasPrefix("ts-") {
            let episodes = try RealRecordings.episodes(file)
            #expect(!episodes.isEmpty, "\(file)")
            for e in episodes {
                #expect(e.tracks.allSatisfy { $0.lastPhase == .ended }, "\(file) episode at \(e.start)")
            }
        }
    }

    @Test func atmelNineTaps() throws {
        let episodes = try RealRecordings.episodes("ts-atmel-maxtouch-1finger-9taps.evemu")
        #expect(episodes.count == 9)
        for e in episodes {
            #expect(e.maximumContacts == 1)
            #expect((82...110).contains(e.milliseconds.rounded()), "tap lasted \(e.milliseconds) ms")
            #expect(e.displacements.allSatisfy { $0.length < 1 }, "taps do not move")
        }
        for (a, b) in zip(episodes, episodes.dropFirst()) {
            #expect((200...260).contains((b.start - a.start).gestureSeconds * 1000))
        }
    }

    @Test func ep0430m09FourFingerDragMovesTowardsSmallerY() throws {
        let episodes = try RealRecordings.episodes("ts-ep0430m09-4finger-drag-down.evemu")
        let e = try #require(episodes.first)
        #expect(episodes.count == 1)
        #expect(e.maximumContacts == 4 && e.tracks.count == 4)
        #expect(abs(e.milliseconds - 1170) < 30)
        for d in e.displacements { #expect((-285 ... -165).contains(d.y), "dy \(d.y)") }
        #expect(e.tracks.allSatisfy { $0.start == e.start }, "all four land together")
    }

    @Test func ep0430m09TwoFingerRecordings() throws {
        let drag = try #require(try RealRecordings.episodes("ts-ep0430m09-2finger-drag-down.evemu").first)
        #expect(drag.maximumContacts == 2)
        #expect(abs(drag.milliseconds - 760) < 30)
        for d in drag.displacements { #expect(d.y < -250) }
        #expect(abs((drag.tracks[1].start - drag.tracks[0].start).gestureSeconds * 1000 - 8) < 3)
        let hold = try #require(try RealRecordings.episodes("ts-ep0430m09-2finger-touch-hold.evemu").first)
        #expect(hold.maximumContacts == 2)
        #expect(abs(hold.milliseconds - 500) < 60)
        #expect(hold.displacements.allSatisfy { $0.length < 4 })
    }

    @Test func atmelFourFingerDragMovesTowardsLargerY() throws {
        let episodes = try RealRecordings.episodes("ts-atmel-maxtouch-4finger-drag-down.evemu")
        let e = try #require(episodes.first)
        #expect(episodes.count == 1)
        #expect(e.maximumContacts == 4)
        #expect(abs(e.milliseconds - 570) < 30)
        for d in e.displacements { #expect((135...185).contains(d.y), "dy \(d.y)") }
        let landings = e.tracks.map { Int(((($0.start - e.start).gestureSeconds) * 1000).rounded()) }.sorted()
        #expect(landings.first == 0 && landings.last.map { abs($0 - 111) <= 3 } == true, "\(landings)")
    }

    @Test func atmelTwoFingerHold() throws {
        let e = try #require(try RealRecordings.episodes("ts-atmel-maxtouch-2finger-touch-hold.evemu").first)
        #expect(e.maximumContacts == 2)
        #expect(abs(e.milliseconds - 820) < 30)
        #expect(abs((e.tracks[1].start - e.tracks[0].start).gestureSeconds * 1000 - 55) < 5)
    }

    @Test func isdv4EdgeSwipesStartAtTheLeftEdgeAndMoveRight() throws {
        for (file, fingers, seconds) in [
            ("ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu", 1, 1.24),
            ("ts-wacom-isdv4-2finger-swipe-from-left-edge.evemu", 2, 1.9),
        ] {
            let episodes = try RealRecordings.episodes(file)
            let e = try #require(episodes.first)
            #expect(episodes.count == 1)
            #expect(e.maximumContacts == fingers, "\(file)")
            #expect(abs(e.duration.gestureSeconds - seconds) < 0.05, "\(file)")
            for track in e.tracks {
                #expect(track.firstLocation.x < 130, "\(file) starts at x \(track.firstLocation.x)")
                #expect(track.lastLocation.x - track.firstLocation.x > 2400, "\(file)")
                #expect(track.firstLocation.y < 300, "\(file) starts in the top strip")
            }
        }
    }

    @Test func isdv4OtherGestures() throws {
        let drag = try #require(try RealRecordings.episodes("ts-wacom-isdv4-2finger-drag-down.evemu").first)
        #expect(drag.maximumContacts == 2 && abs(drag.duration.gestureSeconds - 1.16) < 0.05)
        #expect(drag.displacements.allSatisfy { $0.y > 1100 })
        let tap = try #require(try RealRecordings.episodes("ts-wacom-isdv4-2finger-tap.evemu").first)
        #expect(tap.maximumContacts == 2 && abs(tap.milliseconds - 32) < 5)
        let circle = try #require(try RealRecordings.episodes("ts-wacom-isdv4-2finger-circle.evemu").first)
        #expect(circle.maximumContacts == 2 && abs(circle.duration.gestureSeconds - 1.5) < 0.05)
    }

    @Test func dth2242HasTwentyTwoEpisodesUpToTenFingers() throws {
        let episodes = try RealRecordings.episodes("ts-wacom-dth2242-taps-multifinger-10.evemu")
        #expect(episodes.count == 22)
        #expect(episodes.reduce(0) { $0 + $1.tracks.count } == 66)
        #expect(episodes.map(\.maximumContacts).max() == 10)
        #expect(episodes.filter { $0.maximumContacts == 1 }.count == 16)
        #expect(Set(episodes.map(\.maximumContacts)) == [1, 2, 6, 9, 10])
        let ten = try #require(episodes.first { $0.maximumContacts == 10 })
        #expect(abs(ten.duration.gestureSeconds - 5.4) < 0.1)
    }

    @Test func dellCanvasEpisodes() throws {
        let events = try RealRecordings.events("ts-dell-canvas-4finger-5finger-pinch.evemu")
        let episodes = TouchEpisode.split(events)
        #expect(episodes.map(\.maximumContacts) == [2, 4, 5, 1])
        #expect(abs(episodes[0].milliseconds - 362) < 10)
        #expect(abs(episodes[1].duration.gestureSeconds - 1.46) < 0.05)
        #expect(abs(episodes[2].duration.gestureSeconds - 0.63) < 0.05)
        #expect(abs(episodes[3].duration.gestureSeconds - 0.33) < 0.02)
        let flick = episodes[3].tracks[0]
        let flickMM = (flick.samples.last!.millimetres - flick.samples.first!.millimetres).length
        #expect(abs(flickMM - 115) < 5, "flick \(flickMM) mm")

        // The five-finger pinch: spread (mean distance to the centroid) in millimetres.
        var positions: [Int: Point] = [:]
        var spreads: [Double] = []
        for case .touchFrame(let frame) in events
        where frame.timestamp >= episodes[2].start && frame.timestamp <= episodes[2].end {
            for c in frame.contacts {
                if c.phase.isActive { positions[c.id] = c.millimetres } else { positions[c.id] = nil }
            }
            guard positions.count == 5 else { continue }
            let centroid = positions.values.reduce(Point.zero, +) / 5
            spreads.append(positions.values.map { $0.distance(to: centroid) }.reduce(0, +) / 5)
        }
        let first = try #require(spreads.first), last = try #require(spreads.last)
        #expect(abs(first - 67) < 4 && abs(last - 39) < 4, "spread \(first) → \(last) mm")
    }

    @Test func pixelTabletFlick() throws {
        let e = try #require(try RealRecordings.episodes("ts-google-pixel-tablet-1finger-swipe.evemu").first)
        #expect(e.maximumContacts == 1 && abs(e.milliseconds - 208) < 5)
        let d = e.tracks[0].samples.last!.millimetres - e.tracks[0].samples.first!.millimetres
        #expect(abs(d.x + 49) < 2 && abs(d.y + 95) < 2, "\(d)")
    }

    @Test func touchpadsAreSkippedUnlessAsked() throws {
        let file = "tp-wacom-intuos5-2finger-swipe-right.evemu"
        let skipped = try RealRecordings.events(file)
        #expect(skipped.isEmpty)
        let e = try #require(try RealRecordings.episodes(file, touchpads: true).first)
        #expect(e.maximumContacts == 2)
        #expect(e.tracks.allSatisfy { $0.firstLocation.x < 70 && $0.lastLocation.x > 4000 })
    }

    @Test func semiMultitouchReportsFingerCounts() throws {
        for (file, fingers) in [
            ("tp-cypress-semimt-3finger-tap.evemu", 3), ("tp-cypress-semimt-3finger-press.evemu", 3),
            ("tp-cypress-semimt-2finger-tap.evemu", 2), ("tp-alps-semimt-2finger-tap.evemu", 2),
        ] {
            let episodes = try RealRecordings.episodes(file, touchpads: true)
            #expect(episodes.count == 1, "\(file)")
            #expect(episodes.first?.maximumReportedFingers == fingers, "\(file)")
            #expect((episodes.first?.maximumContacts ?? 0) <= 2, "\(file): at most the two box corners")
        }
    }
}
