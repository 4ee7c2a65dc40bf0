import GestureKit

/// Collects one device's `TOUCH_DOWN/MOTION/UP/CANCEL` events until `TOUCH_FRAME` closes them into a
/// ``TouchFrame``.
///
/// The contacts still down stay in the accumulator between frames and are listed as stationary when
/// a frame does not mention them.
///
/// libinput cancels a touchscreen touch on its own for one of two reasons, and does not say which:
/// the device marked the contact as a palm (`MT_TOOL_PALM`), or libinput let go of every touch at
/// once (touch arbitration with a pen, a suspended device). A frame that cancels some touches while
/// others stay down, or a single touch, is the first: those contacts are reported as palms
/// (`TouchContact.isPalm`, cancelled as `.palm` by the engine). A frame that cancels two or more
/// touches and leaves none down is the second, and stays a device cancel. libinput also cancels the
/// touches of a device it is removing, just before the removal: a frame whose only news is the
/// cancel of every touch still down (``isLoneCancel``) is held back by the mapper until the next
/// libinput event says which it was. Both arrays keep their storage between frames, so a steady stream
/// of frames allocates nothing once they have grown to the device's contact count.
struct TouchFrameAccumulator {
    /// A contact and its sensor position before the output mapping.
    struct Live {
        var contact: TouchContact
        var normalized: Point
    }

    private(set) var live: [Live] = []
    /// The frame handed out last; its `contacts` storage is reused.
    private(set) var frame: TouchFrame

    init(device: DeviceID, capacity: Int) {
        frame = TouchFrame(device: device, timestamp: .zero)
        frame.contacts.reserveCapacity(capacity)
        live.reserveCapacity(capacity)
    }

    /// Whether a touch event is waiting for its frame.
    var hasPendingChanges: Bool { live.contains { $0.contact.phase != .stationary } }

    /// Whether the contact with this id has already ended or been cancelled in the open frame, so a
    /// new contact with the same id must wait for the next frame.
    func hasFinished(_ id: Int) -> Bool {
        live.contains { $0.contact.id == id && !$0.contact.phase.isActive }
    }

    mutating func down(id: Int, position: RawTouchEvent.Position) {
        if let i = index(of: id) {
            live[i].contact.phase = .began
            live[i].contact.millimetres = position.millimetres
            live[i].normalized = position.normalized
        } else {
            live.append(Live(
                contact: TouchContact(id: id, phase: .began, location: .zero, millimetres: position.millimetres),
                normalized: position.normalized))
        }
    }

    mutating func motion(id: Int, position: RawTouchEvent.Position) {
        guard let i = index(of: id) else {
            // libinput always sends a down first; a motion without one starts the contact.
            down(id: id, position: position)
            return
        }
        if live[i].contact.phase == .stationary { live[i].contact.phase = .moved }
        live[i].contact.millimetres = position.millimetres
        live[i].normalized = position.normalized
    }

    mutating func end(id: Int, cancelled: Bool) {
        guard let i = index(of: id) else { return }
        live[i].contact.phase = cancelled ? .cancelled : .ended
        // Taken as libinput's palm handling until the frame shows every touch let go (see above).
        live[i].contact.isPalm = cancelled
    }

    /// Whether the frame just closed only cancels touches and leaves none down: libinput's palm
    /// handling (one touch) or letting go of every touch (two or more), or the start of the device's
    /// removal, whatever the number of touches.
    var isLoneCancel: Bool {
        !frame.contacts.isEmpty && frame.contacts.allSatisfy { $0.phase == .cancelled }
    }

    /// Moves every contact's sensor position through `transform` (libinput's calibration changed
    /// under them).
    mutating func transformPositions(_ transform: (Point) -> Point) {
        for i in live.indices { live[i].normalized = transform(live[i].normalized) }
    }

    /// Cancels every contact still down (the device went away).
    mutating func cancelAll() {
        for i in live.indices where live[i].contact.phase.isActive { live[i].contact.phase = .cancelled }
    }

    /// Fills ``frame`` with every known contact, mapped to the output, at `time`.
    mutating func close(at time: Timestamp, output: OutputMapping) {
        var palms = 0, down = 0
        for item in live {
            if item.contact.isPalm { palms += 1 } else if item.contact.phase.isActive { down += 1 }
        }
        if palms >= 2 && down == 0 {
            for i in live.indices { live[i].contact.isPalm = false }
        }
        frame.timestamp = time
        frame.contacts.removeAll(keepingCapacity: true)
        for item in live {
            var contact = item.contact
            contact.location = output.map(normalized: item.normalized)
            frame.contacts.append(contact)
        }
    }

    /// After a frame was handed out: forgets ended contacts and marks the others stationary.
    mutating func settle() {
        live.removeAll { !$0.contact.phase.isActive }
        for i in live.indices { live[i].contact.phase = .stationary }
    }

    private func index(of id: Int) -> Int? {
        live.firstIndex { $0.contact.id == id }
    }
}
