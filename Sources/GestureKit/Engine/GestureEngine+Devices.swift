extension GestureEngine {
    // MARK: Devices

    /// Points per millimetre along each screen axis for `device`: the density its producer gave
    /// (``InputDevice/density``), else the screen's area in points over the sensor's area in
    /// millimetres on both axes (a touchscreen mapped onto the whole screen; invariant under
    /// rotation), else the fallback for a device that reports no resolution or whose sizes give
    /// no usable density (a sensor or screen of no, or of infinite, extent).
    func density(for device: InputDevice) -> PointDensity {
        if let d = device.density, d.isValid { return d }
        let fallback = PointDensity(uniform: configuration.fallbackPointsPerMillimetre)
        guard device.hasResolution, let mm = device.sizeMillimetres, mm.width > 0, mm.height > 0,
              root.frame.width > 0, root.frame.height > 0
        else { return fallback }
        let d = PointDensity(uniform: ((root.frame.width * root.frame.height) / (mm.width * mm.height)).squareRoot())
        return d.isValid ? d : fallback
    }

    /// Points per millimetre along each screen axis for the touches of device `id`, as the engine
    /// judges them, or `nil` for a device that is not plugged in.
    public func density(of id: DeviceID) -> PointDensity? { deviceDensities[id] }

    /// The rectangle of the shared space device `id`'s output covers (``InputDevice/outputFrame``),
    /// or `nil`: from the frame's device first, which the engine has at hand as its touches land.
    func outputFrame(of id: DeviceID) -> Rect? {
        if let cached = frameDevice, cached.id == id { return cached.output }
        return devices[id]?.outputFrame
    }

    /// Whether device `id` has a touch down (ignored ones too: a palm resting) or a touchpad
    /// gesture under way. A device announced again (`.deviceAdded`, same id) while it has none
    /// is described anew, and nothing of the engine's is cancelled: a double tap waiting between
    /// its taps on a panel whose output turned goes on. With input under way, the announcement
    /// is taken as the device unplugged and plugged in again.
    func hasInputUnderWay(from id: DeviceID) -> Bool {
        activeTouches.contains { $0.device == id } || touchpadSequences.contains { $0.device == id }
            || book.value.ignoredContacts.contains { $0.device == id } || touchpad.deferred.contains { $0.device == id }
            || touchpad.ignored.contains(id)
    }

    /// The device `id` is gone: its touches and touchpad gestures are cancelled, and what the
    /// engine knew of it is forgotten.
    func removeDevice(_ id: DeviceID) {
        touchpad.deferred.removeAll { $0.device == id }
        for t in activeTouches where t.device == id { cancel(t, reason: .deviceRemoved) }
        for s in touchpadSequences where s.device == id { cancelSequence(s, reason: .deviceRemoved) }
        // A double tap between taps of the device: its next tap would come from another device.
        cancelParticipantsFollowingNoTouch(.deviceRemoved, device: id)
        book.value.ignoredContacts.removeAll { $0.device == id }
        book.value.tapCounter.forget(id)
        touchpad.ignored.removeAll { $0 == id }
        setDevice(nil, for: id)
        deviceDensities[id] = nil
        forgetFrameClock(of: id)
        frameDevice = nil
        dispatchAndFinishCycle()
        drainTouchpadEvents()
    }
}
