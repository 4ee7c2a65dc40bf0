/// The angle of the vector (x, y) from the positive x axis, in radians in (−π, π]: `atan2(y, x)`,
/// in pure Swift so the core needs no C library.
///
/// Range reduction by two argument halvings (atan x = 2 atan(x / (1 + √(1 + x²)))) brings the
/// argument below tan(π/16); a Taylor series to x¹³ then gives an error below 1e-10 rad.
@inlinable
public func atan2Approx(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    // atan of the ratio ≤ 1, then fold into the right octant.
    let swap = ay > ax
    var z = swap ? ax / ay : ay / ax
    z = z / (1 + (1 + z * z).squareRoot())
    z = z / (1 + (1 + z * z).squareRoot())
    var a = 4 * arctangentSeries(z)
    if swap { a = .pi / 2 - a }
    if x < 0 { a = .pi - a }
    return y < 0 ? -a : a
}

/// The angle, in radians in (−π, π], by which the vector `a` turns to become `b` (clockwise
/// positive on screen): `atan2(a × b, a · b)`, the difference of their angles wrapped into one
/// turn.
///
/// Between two frames a finger turns by a small step about the centre of the hand: when the
/// tangent of the step is at most ¼ (about 14°), the arctangent's series to x¹³ gives it with an
/// error below 1e-10 rad (far below for the usual steps of a fraction of a degree), with no
/// square root; larger steps go through ``atan2Approx(_:_:)``.
func turnAngle(from a: Point, to b: Point) -> Double {
    let cross = a.x * b.y - a.y * b.x
    let dot = a.x * b.x + a.y * b.y
    guard dot > 0, abs(cross) <= 0.25 * dot else { return atan2Approx(cross, dot) }
    return arctangentSeries(cross / dot)
}

/// The arctangent of a small `x` by its Taylor series to x¹³ (x − x³/3 + … + x¹³/13), whose
/// error is below |x|¹⁵ / 15.
@inlinable @inline(__always)
func arctangentSeries(_ x: Double) -> Double {
    let x2 = x * x
    var series = 1.0 / 13
    series = 1.0 / 11 - x2 * series
    series = 1.0 / 9 - x2 * series
    series = 1.0 / 7 - x2 * series
    series = 1.0 / 5 - x2 * series
    series = 1.0 / 3 - x2 * series
    series = 1 - x2 * series
    return x * series
}
