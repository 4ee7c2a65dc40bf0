import GestureKit
import GestureKitEvdev
import Testing

@Suite struct OutputMappingTests {
    let size = Size(width: 200, height: 100)

    @Test func rotations() {
        let p = Point(x: 0.25, y: 0.1)
        #expect(OutputMapping(size: size).map(normalized: p) == Point(x: 50, y: 10))
        // 90° clockwise: the top edge goes right.
        #expect(OutputMapping(size: size, rotation: .clockwise90).map(normalized: p) == Point(x: 180, y: 25))
        #expect(OutputMapping(size: size, rotation: .upsideDown).map(normalized: p) == Point(x: 150, y: 90))
        #expect(OutputMapping(size: size, rotation: .clockwise270).map(normalized: p) == Point(x: 20, y: 75))
    }

    @Test func flipsComeBeforeTheRotation() {
        let p = Point(x: 0.25, y: 0.1)
        #expect(OutputMapping(size: size, flipsHorizontally: true).map(normalized: p) == Point(x: 150, y: 10))
        #expect(OutputMapping(size: size, flipsVertically: true).map(normalized: p) == Point(x: 50, y: 90))
        #expect(OutputMapping(size: size, rotation: .clockwise90, flipsHorizontally: true).map(normalized: p)
            == Point(x: 180, y: 75))
    }

    @Test func calibrationIsAppliedToNormalizedCoordinatesFirst() throws {
        // libinput's documented example: the left half of the output.
        let leftHalf = try #require(OutputMapping.CalibrationMatrix([0.5, 0, 0, 0, 1, 0]))
        #expect(OutputMapping(size: size, calibration: leftHalf).map(normalized: Point(x: 1, y: 0.5)) == Point(x: 100, y: 50))
        // A swap of axes, then a rotation.
        let swap = OutputMapping.CalibrationMatrix(0, 1, 0, 1, 0, 0)
        #expect(OutputMapping(size: size, rotation: .upsideDown, calibration: swap).map(normalized: Point(x: 0.2, y: 0.6))
            == Point(x: 80, y: 80))
        #expect(OutputMapping.CalibrationMatrix([1, 2]) == nil)
    }

    @Test func decoderUsesTheMapping() throws {
        let mapping = OutputMapping(size: Size(width: 500, height: 1000), rotation: .clockwise90)
        var dec = try TouchDecoder(description: testTouchscreen(), id: DeviceID(1), mapping: mapping)
        let f = try #require(try frame(&dec, at: 0, [(.mtTrackingID, 1), (.mtPositionX, 0), (.mtPositionY, 0)]))
        #expect(f.contacts[0].location == Point(x: 500, y: 0), "the sensor's top-left goes to the output's top-right")
        #expect(f.contacts[0].millimetres == .zero, "millimetres stay on the sensor")
    }
}
