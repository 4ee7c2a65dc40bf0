import GestureKit
import GestureKitEvdev
import Testing

/// A touchscreen without a resolution takes its millimetres from its output's physical size, each
/// sensor axis measured along the output axis the mapping lays it on: a quarter turn written as
/// libinput's calibration matrix gives the same millimetres, contact sizes and large-contact
/// rejection as the same turn written as a rotation.
@Suite("A sensor turned by a calibration matrix measures as one turned by rotation")
struct CalibratedSensorMillimetresTests {
    /// A protocol-B touchscreen that reports no resolution (as 12 of the 14 shared touchscreen
    /// recordings do): x 0…999, y 0…499, a touch major in position units (0…1117, the diagonal).
    static func panelWithoutResolution() -> DeviceDescription {
        var d = testTouchscreen(resolution: 0)
        d.declare(.mtTouchMajor, absInfo: AbsInfo(minimum: 0, maximum: 1117))
        return d
    }

    /// The same portrait kiosk described two ways: a landscape sensor mounted a quarter turn,
    /// on a 500 × 1000-point output whose panel is 50 × 100 mm. Once with `rotation`, once with the
    /// calibration matrix libinput documents for a 90° turn (`0 -1 1 1 0 0`), which maps every
    /// sensor point to exactly the same output point.
    static let portraitByRotation = OutputMapping(
        size: Size(width: 500, height: 1000), rotation: .clockwise90, physicalSize: Size(width: 50, height: 100))
    static let portraitByCalibration = OutputMapping(
        size: Size(width: 500, height: 1000),
        calibration: OutputMapping.CalibrationMatrix(0, -1, 1, 1, 0, 0), physicalSize: Size(width: 50, height: 100))

    /// One contact landing at sensor (700, 200) with a touch major of 450 units, and lifting 80 ms later.
    static func largeContactTap() -> [EvdevEvent] {
        func e(_ ms: Int64, _ code: EventCode, _ value: Int32) -> EvdevEvent { EvdevEvent(time: .milliseconds(ms), code, value) }
        return [
            e(0, .mtSlot, 0), e(0, .mtTrackingID, 7), e(0, .mtPositionX, 700), e(0, .mtPositionY, 200),
            e(0, .mtTouchMajor, 450), e(0, .synReport, 0),
            e(80, .mtTrackingID, -1), e(80, .synReport, 0),
        ]
    }

    static func firstContact(_ mapping: OutputMapping) throws -> (TouchContact, InputDevice) {
        var decoder = try TouchDecoder(description: panelWithoutResolution(), id: DeviceID(1), mapping: mapping)
        for event in largeContactTap() where try decoder.decode(event) {
            if let c = decoder.frame.contacts.first { return (c, decoder.device) }
        }
        throw EvdevError(.truncated(expected: "a frame"))
    }

    @Test("a no-resolution sensor turned by libinput's 90° calibration matrix gets the same millimetres as one turned by rotation")
    func calibrationSwapsTheSensorsMillimetres() throws {
        let (byRotation, rotatedDevice) = try Self.firstContact(Self.portraitByRotation)
        let (byCalibration, calibratedDevice) = try Self.firstContact(Self.portraitByCalibration)
        // The two mappings put the contact on the same point of the output.
        #expect(abs(byRotation.location.x - byCalibration.location.x) < 1e-9
            && abs(byRotation.location.y - byCalibration.location.y) < 1e-9)
        // The sensor's x axis lies along the output's 100 mm height, its y axis along the 50 mm
        // width: 10 units per millimetre on both, 450 units = 45 mm, the sensor 100 × 50 mm. Taking
        // the sensor's x along the output's width would give 20 units/mm across, 5 units/mm down,
        // a 22.5 mm contact and a 50 × 100 mm sensor.
        let rotatedMajor = try #require(byRotation.majorAxisMillimetres)
        let calibratedMajor = try #require(byCalibration.majorAxisMillimetres)
        #expect(abs(rotatedMajor - 45) < 0.1, "rotation: \(rotatedMajor) mm")
        #expect(abs(calibratedMajor - rotatedMajor) < 0.1, "calibration: \(calibratedMajor) mm, rotation: \(rotatedMajor) mm")
        #expect(abs(byCalibration.millimetres.x - byRotation.millimetres.x) < 0.1
            && abs(byCalibration.millimetres.y - byRotation.millimetres.y) < 0.1,
            "calibration: \(byCalibration.millimetres), rotation: \(byRotation.millimetres)")
        #expect(calibratedDevice.sizeMillimetres == rotatedDevice.sizeMillimetres,
            "calibration: \(String(describing: calibratedDevice.sizeMillimetres)), rotation: \(String(describing: rotatedDevice.sizeMillimetres))")
    }

    @Test("a 45 mm contact is rejected as large whether the panel's quarter turn is a rotation or a calibration matrix")
    func largeContactRejectionDoesNotDependOnHowTheTurnIsDescribed() throws {
        func taps(_ mapping: OutputMapping) throws -> Int {
            let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 500, height: 1000))
            let tap = TapGestureRecognizer()
            var recognized = 0
            tap.addTarget { t in if t.state == .ended { recognized += 1 } }
            engine.root.addGestureRecognizer(tap)
            let recording = Recording(source: "palm.evemu", devices: [
                RecordedDevice(description: Self.panelWithoutResolution(), events: Self.largeContactTap()),
            ])
            try Replayer(recording: recording, options: ReplayOptions(mapping: mapping)).run(on: engine)
            return recognized
        }
        // 45 mm is beyond the 40 mm `largeContactMajorAxis`: the contact is a palm, not a tap.
        #expect(try taps(Self.portraitByRotation) == 0)
        #expect(try taps(Self.portraitByCalibration) == 0, "with the calibration matrix the palm is taken for a 22.5 mm finger and taps")
    }

    @Test("a no-resolution sensor calibrated onto half its output spans half the output's millimetres")
    func calibrationOntoPartOfTheOutputScalesTheMillimetres() throws {
        // A 1000 × 500-point output, 100 × 50 mm; the calibration maps the sensor onto its left half.
        let leftHalf = OutputMapping(
            size: Size(width: 1000, height: 500),
            calibration: OutputMapping.CalibrationMatrix(0.5, 0, 0, 0, 1, 0), physicalSize: Size(width: 100, height: 50))
        let (contact, device) = try Self.firstContact(leftHalf)
        let size = try #require(device.sizeMillimetres)
        #expect(abs(size.width - 50) < 1e-9 && abs(size.height - 50) < 1e-9, "\(size)")
        // Sensor (700, 200): 20 units per millimetre across, 10 down (the whole output's width
        // would give 10 across, and x 70 mm).
        #expect(abs(contact.millimetres.x - 35.04) < 0.01 && abs(contact.millimetres.y - 20.04) < 0.01,
            "\(contact.millimetres)")
    }
}
