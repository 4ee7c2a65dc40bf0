extension Region {
    /// Tells the touch handler of the cancels owed to it (`cancelsOwed`: fingers delivered here
    /// whose engine went while they were down), as the engine's cancel would have, in its scope,
    /// then ends the frame. Called once the region is in an engine's tree again, or as its
    /// handler is replaced or taken away (the handler still set is the one that heard them).
    func settleCancelsOwed() {
        let touches = cancelsOwed
        cancelsOwed = []
        // Each touch holds its region again (it let go while the region held it).
        for t in touches { t.live.value.region = self }
        guard !touches.isEmpty, let handler = touchHandler else { return }
        switch handler.cancellationScope {
        case .touch:
            for t in touches { handler.touchCancelled(t) }
        case .region:
            handler.touchesCancelled(touches, in: self)
        }
        handler.touchFrame(in: self)
    }
}
