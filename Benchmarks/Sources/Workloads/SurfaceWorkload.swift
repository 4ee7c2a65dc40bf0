import GestureKit

/// Workload (6): a compositor forwarding touches to a client. One surface region covers the
/// screen; its handler counts what a client would be sent (each touch that moved, then one frame
/// per event; cancels cover the region). The system gestures of ``RecognizerGraph``'s root that
/// a hand of 10 fingers in the middle of the screen fails — edge pans on all four edges, 3- and
/// 4-finger swipes — sit above it, so after warm-up every moving frame is delivered: 10 motions
/// and a frame through the touch delivery path.
public final class SurfaceWorkload {
    public let stream: FingerStream
    private let client = CountingClient()

    /// What the client was sent, so that the work cannot be optimised away.
    public var sink: Int { client.motions + client.frames }

    public init(fingers: Int = 10) {
        let engine = GestureEngine(screen: FingerStream.screen)
        let surface = Region(frame: FingerStream.screen, name: "client surface")
        surface.touchHandler = client
        engine.root.addChild(surface)
        let c = engine.configuration
        for edge in [ScreenEdges.left, .right, .top, .bottom] {
            let e = ScreenEdgePanGestureRecognizer(configuration: c)
            e.edges = edge
            engine.root.addGestureRecognizer(e)
        }
        for count in 3...4 {
            let s = SwipeGestureRecognizer(configuration: c)
            s.direction = .all
            s.numberOfTouchesRequired = count
            engine.root.addGestureRecognizer(s)
        }
        stream = FingerStream(engine: engine, fingers: fingers)
        stream.run(frames: GraphWorkload.warmUpFrames)
        // The client must be hearing every frame, or this measures nothing.
        let (motions, frames) = (client.motions, client.frames)
        stream.step()
        precondition(client.motions == motions + fingers && client.frames == frames + 1 && client.cancels == 0,
                     "the surface is not delivered every finger's motion and a frame")
    }

    /// One moving frame.
    @inline(__always) public func step() { stream.step() }
}

/// Counts what a compositor would send its client.
final class CountingClient: TouchHandler {
    var motions = 0
    var frames = 0
    var cancels = 0
    var cancellationScope: TouchCancellationScope { .region }
    func touchBegan(_ touch: Touch) {}
    func touchMoved(_ touch: Touch) { motions += 1 }
    func touchEnded(_ touch: Touch) {}
    func touchCancelled(_ touch: Touch) { cancels += 1 }
    func touchesCancelled(_ touches: [Touch], in region: Region) { cancels += 1 }
    func touchFrame(in region: Region) { frames += 1 }
}
