extension GestureEngine {
    /// `t` was placed anew by `shift`, with no motion (see `Touch.take`): the pans following it
    /// move the anchor of their position by its share of the shift, the pinches and rotations
    /// measure afresh from where the fingers are (those the frame moved already, where they were
    /// as it began: whichever the frame lists first), so that no translation, scale or turn
    /// jumps when a finger next moves. Only arithmetic on their values: nothing is called out.
    @inline(never)
    func touchPlaced(_ t: Touch, by shift: Point) {
        for g in t.gestureRecognizers {
            if let pan = g as? PanGestureRecognizer {
                pan.touchPlaced(by: shift)
            } else if let pinch = g as? PinchGestureRecognizer {
                pinch.touchPlaced(inFrame: frameSerial)
            } else if let rotation = g as? RotationGestureRecognizer {
                rotation.touchPlaced(inFrame: frameSerial)
            }
        }
    }
}
