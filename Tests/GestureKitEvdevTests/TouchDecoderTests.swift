import GestureKit
import GestureKitEvdev
import Testing

@Suite struct TouchDecoderTests {
    func decoder(_ d: DeviceDescription = testTouchscreen()) throws -> TouchDecoder {
        try TouchDecoder(description: d, id: DeviceID(7), mapping: testMapping)
    }

    @Test func describesTheDevice() throws {
        let dec = try decoder()
        #expect(dec.device.kind == .touchscreen)
        #expect(dec.device.hasResolution)
        #expect(dec.device.maximumContacts == 4)
        #expect(dec.device.sizeMillimetres == Size(width: 99.9, height: 49.9))
        guard case .deviceAdded(let device, let t) = dec.deviceAdded(at: .milliseconds(5)) else {
            Issue.record("expected deviceAdded")
            return
        }
        #expect(device == dec.device && t == .milliseconds(5))
    }

    @Test func beganMovedStationaryEnded() throws {
        var dec = try decoder()
        let f1 = try #require(try frame(&dec, at: 0, [
            (.mtSlot, 0), (.mtTrackingID, 40), (.mtPositionX, 100), (.mtPositionY, 200), (.mtPressure, 255),
            (.mtTouchMajor, 50),
        ]))
        #expect(f1.device == DeviceID(7) && f1.timestamp == .zero)
        let c = try #require(f1.contacts.first)
        #expect(f1.contacts.count == 1 && c.phase == .began && c.id == 1)
        #expect(c.location == Point(x: 100, y: 200))
        #expect(c.millimetres == Point(x: 10, y: 20))
        #expect(c.pressure == 1 && c.majorAxisMillimetres == 5 && !c.isPalm)

        let f2 = try #require(try frame(&dec, at: 10, [(.mtSlot, 1), (.mtTrackingID, 41), (.mtPositionX, 500), (.mtPositionY, 250)]))
        #expect(f2.phases.map(\.0) == [1, 2] && f2.phases.map(\.1) == [.stationary, .began])

        let f3 = try #require(try frame(&dec, at: 20, [(.mtSlot, 0), (.mtPositionX, 110)]))
        #expect(f3.phases.map(\.1) == [.moved, .stationary])
        #expect(f3.contact(1)?.location == Point(x: 110, y: 200))

        #expect(try frame(&dec, at: 25, []) == nil, "a SYN_REPORT that changes nothing makes no frame")

        let f4 = try #require(try frame(&dec, at: 30, [(.mtSlot, 1), (.mtTrackingID, -1)]))
        #expect(f4.phases.map(\.1) == [.stationary, .ended])
        #expect(f4.contact(2)?.location == Point(x: 500, y: 250))
        #expect(dec.activeContactCount == 1)
    }

    @Test func slotReuseGetsANewContactID() throws {
        var dec = try decoder()
        _ = try frame(&dec, at: 0, [(.mtTrackingID, 5), (.mtPositionX, 10), (.mtPositionY, 10)])
        _ = try frame(&dec, at: 10, [(.mtTrackingID, -1)])
        let f = try #require(try frame(&dec, at: 20, [(.mtTrackingID, 5), (.mtPositionX, 20)]))
        #expect(f.phases.map(\.0) == [2] && f.phases.map(\.1) == [.began])
    }

    @Test func liftAndRetouchInOneFrame() throws {
        var dec = try decoder()
        _ = try frame(&dec, at: 0, [(.mtTrackingID, 5), (.mtPositionX, 10), (.mtPositionY, 10)])
        let f = try #require(try frame(&dec, at: 10, [(.mtTrackingID, -1), (.mtTrackingID, 6), (.mtPositionX, 300)]))
        #expect(f.phases.map(\.0) == [1, 2] && f.phases.map(\.1) == [.ended, .began])
        #expect(f.contact(1)?.location == Point(x: 10, y: 10))
        #expect(f.contact(2)?.location == Point(x: 300, y: 10))
        // A new tracking id replacing the old one without −1 is the same.
        let g = try #require(try frame(&dec, at: 20, [(.mtTrackingID, 7)]))
        #expect(g.phases.map(\.0) == [2, 3] && g.phases.map(\.1) == [.ended, .began])
    }

    @Test func newTrackingIDWithoutPositionKeepsTheSlotsLastPosition() throws {
        var dec = try decoder()
        _ = try frame(&dec, at: 0, [(.mtTrackingID, 1), (.mtPositionX, 340), (.mtPositionY, 242)])
        _ = try frame(&dec, at: 90, [(.mtTrackingID, -1)])
        let f = try #require(try frame(&dec, at: 230, [(.mtTrackingID, 2)]))
        #expect(f.contacts.first?.phase == .began && f.contacts.first?.location == Point(x: 340, y: 242))
    }

    @Test func aTouchWithoutAnyPositionWaitsForOne() throws {
        var dec = try decoder()
        #expect(try frame(&dec, at: 0, [(.mtSlot, 2), (.mtTrackingID, 9)]) == nil)
        let f = try #require(try frame(&dec, at: 10, [(.mtPositionX, 1), (.mtPositionY, 2)]))
        #expect(f.phases.map(\.1) == [.began])
    }

    @Test func synDroppedCancelsAndResyncs() throws {
        var dec = try decoder()
        _ = try frame(&dec, at: 0, [
            (.mtSlot, 0), (.mtTrackingID, 1), (.mtPositionX, 10), (.mtPositionY, 10),
            (.mtSlot, 1), (.mtTrackingID, 2), (.mtPositionX, 20), (.mtPositionY, 20),
        ])
        #expect(try dec.decode(EvdevEvent(time: .milliseconds(5), .mtPositionX, 30)) == false)
        #expect(try dec.decode(EvdevEvent(time: .milliseconds(6), .synDropped, 0)) == true)
        #expect(dec.frame.phases.map(\.1) == [.cancelled, .cancelled])
        #expect(dec.frame.timestamp == .milliseconds(6))
        // Everything up to the next SYN_REPORT is ignored.
        #expect(try dec.decode(EvdevEvent(time: .milliseconds(7), .mtTrackingID, 99)) == false)
        #expect(try dec.decode(EvdevEvent(time: .milliseconds(7), .synReport, 0)) == false)
        #expect(dec.activeContactCount == 0)
        // Fingers still down are not reported; a new touch is.
        #expect(try frame(&dec, at: 10, [(.mtSlot, 0), (.mtPositionX, 40)]) == nil)
        let f = try #require(try frame(&dec, at: 20, [(.mtSlot, 2), (.mtTrackingID, 3), (.mtPositionX, 5), (.mtPositionY, 5)]))
        #expect(f.phases.map(\.0) == [3] && f.phases.map(\.1) == [.began])
    }

    @Test func palms() throws {
        var dec = try decoder()
        let f1 = try #require(try frame(&dec, at: 0, [
            (.mtSlot, 0), (.mtTrackingID, 1), (.mtToolType, EventCode.mtToolPalm), (.mtPositionX, 10), (.mtPositionY, 10),
            (.mtSlot, 1), (.mtTrackingID, 2), (.mtToolType, EventCode.mtToolFinger), (.mtPositionX, 50), (.mtPositionY, 50),
        ]))
        #expect(f1.contacts.map(\.isPalm) == [true, false])
        #expect(f1.phases.map(\.1) == [.began, .began])
        // The finger turns into a palm: cancelled, then silent until it lifts.
        let f2 = try #require(try frame(&dec, at: 10, [(.mtSlot, 1), (.mtToolType, EventCode.mtToolPalm)]))
        #expect(f2.contact(2)?.phase == .cancelled && f2.contact(2)?.isPalm == true)
        let f3 = try #require(try frame(&dec, at: 20, [(.mtSlot, 1), (.mtPositionX, 60), (.mtSlot, 0), (.mtPositionX, 20)]))
        #expect(f3.phases.map(\.0) == [1] && f3.contacts[0].phase == .moved && f3.contacts[0].isPalm)
        let f4 = try #require(try frame(&dec, at: 30, [(.mtSlot, 1), (.mtTrackingID, -1), (.mtSlot, 0), (.mtTrackingID, -1)]))
        #expect(f4.phases.map(\.0) == [1] && f4.contacts[0].phase == .ended)
    }

    @Test func singleTouchDevice() throws {
        var d = DeviceDescription(name: "Resistive", properties: .direct)
        d.declare(.touch)
        d.declare(.absX, absInfo: AbsInfo(minimum: 100, maximum: 1099, resolution: 10))
        d.declare(.absY, absInfo: AbsInfo(minimum: 0, maximum: 499, resolution: 10))
        d.declare(.absPressure, absInfo: AbsInfo(minimum: 0, maximum: 100))
        #expect(d.classification == .touchscreen)
        var dec = try decoder(d)
        #expect(dec.device.maximumContacts == 1)
        let f1 = try #require(try frame(&dec, at: 0, [(.absX, 600), (.absY, 100), (.absPressure, 50), (.touch, 1)]))
        #expect(f1.contacts.count == 1 && f1.contacts[0].phase == .began)
        #expect(f1.contacts[0].location == Point(x: 500, y: 100))
        #expect(f1.contacts[0].millimetres == Point(x: 50, y: 10))
        #expect(f1.contacts[0].pressure == 0.5)
        let f2 = try #require(try frame(&dec, at: 10, [(.absX, 700)]))
        #expect(f2.contacts[0].phase == .moved && f2.contacts[0].id == 1)
        let f3 = try #require(try frame(&dec, at: 20, [(.touch, 0)]))
        #expect(f3.contacts[0].phase == .ended)
        let f4 = try #require(try frame(&dec, at: 30, [(.touch, 1)]))
        #expect(f4.contacts[0].phase == .began && f4.contacts[0].id == 2)
    }

    @Test func resolutionZeroIsReportedAndEstimated() throws {
        var dec = try decoder(testTouchscreen(resolution: 0))
        #expect(!dec.device.hasResolution && dec.device.sizeMillimetres == nil)
        let f = try #require(try frame(&dec, at: 0, [(.mtTrackingID, 1), (.mtPositionX, 999), (.mtPositionY, 499)]))
        // The sensor is taken to cover the 1000 × 500 point output at 96 dpi.
        let outputDiagonalMM: Double = (1000.0 * 1000.0 + 500.0 * 500.0).squareRoot() / (96.0 / 25.4)
        let sensorDiagonal: Double = (999.0 * 999.0 + 499.0 * 499.0).squareRoot()
        let mmPerUnit = outputDiagonalMM / sensorDiagonal
        #expect(abs(f.contacts[0].millimetres.x - 999 * mmPerUnit) < 1e-9)
        #expect(abs(f.contacts[0].millimetres.y - 499 * mmPerUnit) < 1e-9)
    }

    @Test func semiMultitouchFingerCounts() throws {
        var d = testTouchscreen(properties: [.pointer, .buttonPad, .semiMultitouch])
        for code in [EventCode.toolFinger, .toolDoubleTap, .toolTripleTap] { d.declare(code) }
        #expect(d.classification == .touchpad(semiMultitouch: true))
        var dec = try decoder(d)
        let f1 = try #require(try frame(&dec, at: 0, [(.mtTrackingID, 1), (.mtPositionX, 1), (.mtPositionY, 1), (.toolFinger, 1)]))
        #expect(f1.reportedFingerCount == 1)
        let f2 = try #require(try frame(&dec, at: 10, [(.toolFinger, 0), (.toolTripleTap, 1)]))
        #expect(f2.reportedFingerCount == 3 && f2.phases.map(\.1) == [.stationary])
        let f3 = try #require(try frame(&dec, at: 20, [(.toolTripleTap, 0), (.mtTrackingID, -1)]))
        #expect(f3.reportedFingerCount == nil && f3.phases.map(\.1) == [.ended])
    }

    @Test func moreFingersThanSlotsOnAFullMultitouchDevice() throws {
        var d = testTouchscreen(properties: [.pointer])
        for code in [EventCode.toolFinger, .toolTripleTap] { d.declare(code) }
        var dec = try decoder(d)
        let f1 = try #require(try frame(&dec, at: 0, [(.mtTrackingID, 1), (.mtPositionX, 1), (.mtPositionY, 1), (.toolFinger, 1)]))
        #expect(f1.reportedFingerCount == nil, "one finger, one contact: the contacts are the whole truth")
        let f2 = try #require(try frame(&dec, at: 10, [(.toolFinger, 0), (.toolTripleTap, 1)]))
        #expect(f2.reportedFingerCount == 3)
    }

    @Test func protocolErrors() throws {
        var dec = try decoder()
        #expect(throws: EvdevError(.protocolViolation("ABS_MT_SLOT 4 outside 0…3 on \"Test Touchscreen\""))) {
            _ = try dec.decode(EvdevEvent(time: .zero, .mtSlot, 4))
        }
        #expect(throws: EvdevError.self) { _ = try dec.decode(EvdevEvent(time: .zero, .synMTReport, 0)) }
    }

    @Test func classification() {
        var protocolA = testTouchscreen()
        protocolA.codes[.abs]?.remove(EventCode.mtSlot.code)
        #expect(protocolA.classification == .unsupported(
            reason: "multitouch protocol A (ABS_MT_POSITION_X without ABS_MT_SLOT) is not supported"))
        #expect(throws: EvdevError.self) { try TouchDecoder(description: protocolA, id: DeviceID(1), mapping: testMapping) }
        var noProps = testTouchscreen(properties: nil)
        #expect(noProps.classification == .touchscreen)
        noProps.declare(.toolFinger)
        #expect(noProps.classification == .touchpad(semiMultitouch: false))
        #expect(testTouchscreen(properties: .pointer).classification == .touchpad(semiMultitouch: false))
        #expect(testTouchscreen(properties: [.direct, .pointer]).classification == .touchscreen)
        #expect(DeviceDescription(name: "keyboard", codes: [.key: [30]]).classification.kind == nil)
    }

    @Test func steadyStateReusesTheFrameStorage() throws {
        var dec = try decoder()
        _ = try frame(&dec, at: 0, [(.mtTrackingID, 1), (.mtPositionX, 1), (.mtPositionY, 1)])
        let capacity = dec.frame.contacts.capacity
        for i in 1...500 { _ = try frame(&dec, at: Int64(i), [(.mtPositionX, Int32(i % 900))]) }
        #expect(dec.frame.contacts.capacity == capacity)
        #expect(dec.frame.contacts.count == 1)
    }
}
