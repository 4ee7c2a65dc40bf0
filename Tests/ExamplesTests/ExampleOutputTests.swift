import Testing

/// Each example, run as a user runs it, on its built-in script: the exact lines it prints.
///
/// The scripts play on virtual time, so the output is the same on every machine and every run.
@Suite("Examples print what their scripts make them do")
struct ExampleOutputTests {
    @Test("SimpleGestures: tap, swipes, the control toggling the left swipe, rotation")
    func simpleGestures() throws {
        let run = try ExampleRun.run("SimpleGestures")
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == [
            "> tap",
            "  image: tap at (300, 400)",
            "> swipe right",
            "  image: swipe right at (200, 300)",
            "> swipe left (no left swipe yet: nothing)",
            "> tap the control",
            "  control: left swipe on",
            "> swipe left",
            "  image: swipe left at (800, 300)",
            "> two fingers turn 45° clockwise around (500, 300)",
            "  image: rotated by 45° at (500, 300)",
            "> tap the control again, then swipe left",
            "  control: left swipe off",
        ])
    }

    @Test("Tickle: the custom recognizer and its failures, beside the built-in recognizers")
    func tickle() throws {
        let run = try ExampleRun.run("Tickle", ["--script"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == [
            "> tickle: left, right, left, 25 mm each",
            "  tickle: recognized at (25, 150) after 3 strokes",
            "> tickle with 10 mm strokes",
            "  tickle: failed, stroke 1 was 10 mm, shorter than 20 mm",
            "> tickle with two strokes",
            "  tickle: failed, 2 strokes of 3",
            "> pan",
            "  pan: began",
            "  pan: ended, moved (120, 40)",
            "> pinch out",
            "  pinch: ended, scale 2.00",
            "> rotate 90° counter-clockwise",
            "  rotation: ended, -90°",
            "> tap",
            "  tap: at (125, 450)",
            "> long press",
            "  long press: began at (375, 450)",
            "  long press: ended",
            "> swipe up",
            "  swipe: up",
        ])
    }

    @Test("CardSwipe: finish, bounce past the origin, cancel below 32 points")
    func cardSwipe() throws {
        let run = try ExampleRun.run("CardSwipe")
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == [
            "> drag right 300 points and lift",
            "  card: swipe started right",
            "  card: finished right at progress 0.30, card at (650, 150): thrown off",
            "> drag right 100, back left 200 (past the origin), right again 250, lift",
            "  card: swipe started right",
            "  card: now moving left, progress 0.08",
            "  card: behind its origin, bouncing: progress -0.01",
            "  card: now moving right, progress -0.04",
            "  card: over its origin again",
            "  card: finished right at progress 0.15, card at (500, 150): thrown off",
            "> drag right 20, back 10, lift",
            "  card: swipe started right",
            "  card: now moving left, progress 0.01",
            "  card: cancelled, snaps back to (350, 150)",
        ])
    }

    static let kioskLines = [
        "> long press on the map",
        "  map: context menu at (460, 320)",
        "> pinch out on the map",
        "  map: zoomed ×2.00, zoom level ×2.00",
        "> swipe in from the left edge",
        "  back: edge swipe of 500 points, back to the previous page",
    ]

    @Test("KioskNavigator: long press menu, pinch zoom, edge swipe back")
    func kioskNavigator() throws {
        let run = try ExampleRun.run("KioskNavigator")
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == Self.kioskLines)
    }

    @Test("CompositorBridge: touches forwarded in frames, held back by the edge swipe, cancelled at once by the system swipe")
    func compositorBridge() throws {
        let run = try ExampleRun.run("CompositorBridge")
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines == [
            "> tap in the window: delivered at once",
            "  [10 ms] client ← down 1 at (500, 260)",
            "  [10 ms] client ← frame",
            "  [70 ms] client ← up 1",
            "  [70 ms] client ← frame",
            "> tap in the edge band: held back until the edge swipe fails, when the finger lifts",
            "  [140 ms] client ← down 1 at (10, 260)",
            "  [140 ms] client ← up 1",
            "  [140 ms] client ← frame",
            "> swipe in from the left edge: the client sees nothing",
            "  system: edge swipe → app switcher",
            "  system: app switcher released",
            "> three fingers swipe up in the window: the client sees them, then one cancel for all three",
            "  [230 ms] client ← down 1 at (400, 360)",
            "  [230 ms] client ← down 2 at (500, 360)",
            "  [230 ms] client ← down 3 at (600, 360)",
            "  [230 ms] client ← frame",
            "  [240 ms] client ← motion 1 to (400, 340)",
            "  [240 ms] client ← motion 2 to (500, 340)",
            "  [240 ms] client ← motion 3 to (600, 340)",
            "  [240 ms] client ← frame",
            "  [250 ms] client ← motion 1 to (400, 320)",
            "  [250 ms] client ← motion 2 to (500, 320)",
            "  [250 ms] client ← motion 3 to (600, 320)",
            "  [250 ms] client ← frame",
            "  system: three-finger swipe up → overview",
            "  [260 ms] client ← cancel (touches 1, 2, 3)",
            "  [260 ms] client ← frame",
        ])
    }

    @Test("AsyncKiosk: on the main actor, a long press and a double-tap timeout fire from the backend's own poll timeouts")
    func asyncKiosk() throws {
        let run = try ExampleRun.run("AsyncKiosk")
        #expect(run.status == 0, "\(run.errorOutput)")
        // The script's clock starts at 1 s; the menu opens 0.5 s after the finger lands, the tap is
        // recognized 0.3 s (the double-tap interval) after it lifts at 3.06 s.
        #expect(run.lines == [
            "menu: open at (640, 400), 1.500000s",
            "menu: closed",
            "tap at (320, 200), 3.360000s, once the double tap timed out",
            "double tap at (960, 200)",
            "zoom: 3.00×",
        ])
        #expect(try ExampleRun.run("AsyncKiosk", ["--script"]).lines == run.lines)
        let refused = try ExampleRun.run("AsyncKiosk", ["--frobnicate"])
        #expect(refused.status == 2)
        #expect(refused.lines == ["usage: AsyncKiosk [--script | --live]"])
    }

    @Test("an unknown argument is refused with the usage and status 2", arguments: ["SimpleGestures", "Tickle", "CardSwipe", "CompositorBridge"])
    func usage(example: String) throws {
        let run = try ExampleRun.run(example, ["--frobnicate"])
        #expect(run.status == 2)
        #expect(run.lines == ["usage: \(example) [--script]"])
    }
}
