import GestureKit

extension LibinputBackend {
    // Every setter here may be used while the backend runs: on the backend's own thread (a
    // dispatching host, a `run` callback), or from any thread through `controller`.
    //
    // A change takes effect at once, for touches in progress too: a contact keeps its id and
    // phase, and is placed where the new mapping puts its sensor position, in a frame of its own
    // with every contact of the device stationary (the engine takes a resting contact at a new
    // position as no motion), handed on at the next dispatch; from then on it is mapped the new
    // way. A touchscreen whose density changes is announced again (`.deviceAdded`, same id)
    // once none of its contacts is down, so the engine measures millimetres the new way from its
    // next touch on without cancelling one.

    /// The size, in points, of the default output: the one touchscreens cover unless the
    /// ``outputAssignment`` or ``setOutputMapping(_:for:)`` names another. Takes effect at once
    /// (see ``defaultOutput``).
    ///
    /// The output's physical size (``Configuration/outputMillimetres``, as seen: its width along
    /// the points' x axis) turns with it: a size that goes from landscape to portrait, or back,
    /// swaps the millimetres too, so that a kiosk that turns its screen with this and ``rotation``
    /// keeps the density of a panel that reports no size of its own.
    public var outputSize: Size {
        get { mapper.defaultOutput.size }
        set {
            var output = defaultOutput
            if let mm = output.physicalSize, Self.turns(from: output.size, to: newValue) {
                output.physicalSize = Size(width: mm.height, height: mm.width)
            }
            output.size = newValue
            defaultOutput = output
        }
    }

    /// Whether going from `old` to `new` turns an output from landscape to portrait or back.
    private static func turns(from old: Size, to new: Size) -> Bool {
        old.width != old.height && new.width != new.height && (old.width > old.height) != (new.width > new.height)
    }

    /// How touchscreens on the default output are turned relative to it. Takes effect at once
    /// (see ``defaultOutput``).
    public var rotation: OutputRotation {
        get { mapper.defaultOutput.rotation }
        set { defaultOutput.rotation = newValue }
    }

    /// The whole default output: size, rotation, physical size, calibration, origin. Takes effect at
    /// once for every touchscreen that uses it: its contacts down are placed anew in a frame of
    /// their own (see <doc:LiveConfiguration>), handed on at the next dispatch.
    public var defaultOutput: OutputMapping {
        get { mapper.defaultOutput }
        set { pending.append(contentsOf: mapper.setDefaultOutput(newValue)) }
    }

    /// Which output each touchscreen covers (see ``OutputAssignment``). Setting it chooses again
    /// for every touchscreen held; devices added later are chosen for as they arrive.
    public var outputAssignment: OutputAssignment? {
        get { mapper.assignment }
        set { pending.append(contentsOf: mapper.setAssignment(newValue)) }
    }

    /// The mapping a touchscreen uses now, or `nil` for a device that is not a touchscreen the
    /// backend holds.
    public func outputMapping(for id: DeviceID) -> OutputMapping? {
        guard let handle = mapper.handle(for: id), let entry = mapper.device(handle), entry.isTouchscreen else {
            return nil
        }
        return entry.output
    }

    /// Maps one touchscreen onto `mapping`, whatever the assignment says, until it is removed;
    /// `nil` returns it to the assignment and the default. Takes effect at once: the device's
    /// contacts down are placed anew in a frame of their own, handed on at the next dispatch.
    ///
    /// A suspend keeps the pin (see ``suspend(into:)``): the device libinput opens again on resume
    /// from the same node, with the same name, is pinned to `mapping` as it is announced, under
    /// its new id. A device unplugged and plugged in again is a new device, with no pin.
    ///
    /// - Throws: ``LibinputBackendError/unknownDevice(_:)`` unless `id` is a touchscreen the
    ///   backend holds.
    public func setOutputMapping(_ mapping: OutputMapping?, for id: DeviceID) throws {
        guard !isClosed, let handle = mapper.handle(for: id), mapper.device(handle)?.isTouchscreen == true else {
            throw LibinputBackendError.unknownDevice(id)
        }
        pending.append(contentsOf: mapper.setPinnedOutput(mapping, for: handle))
    }
}

extension LibinputController {
    /// Replaces the default output (``LibinputBackend/defaultOutput``).
    public func setDefaultOutput(_ output: OutputMapping) {
        update { $0.defaultOutput = output }
    }

    /// Replaces the assignment of outputs to touchscreens (``LibinputBackend/outputAssignment``).
    public func setOutputAssignment(_ assignment: OutputAssignment?) {
        update { $0.outputAssignment = assignment }
    }

    /// Maps one touchscreen onto `mapping`, or with `nil` returns it to the assignment
    /// (``LibinputBackend/setOutputMapping(_:for:)``). An unknown device is reported in the
    /// backend's log.
    public func setOutputMapping(_ mapping: OutputMapping?, for device: DeviceID) {
        update { backend in
            do {
                try backend.setOutputMapping(mapping, for: device)
            } catch {
                backend.logger.warning("output mapping not applied: \(error)")
            }
        }
    }
}
