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
    let z2 = z * z
    var series = 1.0 / 13
    series = 1.0 / 11 - z2 * series
    series = 1.0 / 9 - z2 * series
    series = 1.0 / 7 - z2 * series
    series = 1.0 / 5 - z2 * series
    series = 1.0 / 3 - z2 * series
    series = 1 - z2 * series
    var a = 4 * z * series
    if swap { a = .pi / 2 - a }
    if x < 0 { a = .pi - a }
    return y < 0 ? -a : a
}
