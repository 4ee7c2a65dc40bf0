/// `value` with exactly `decimals` digits after the point (`0.3` → `"0.30"`), for example output
/// that reads the same on every platform.
public func fixed(_ value: Double, _ decimals: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(scaled) }
    let unit = Int64(scale)
    let fraction = String(scaled % unit)
    return "\(sign)\(scaled / unit).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
}

/// Degrees from radians, rounded to a whole degree.
public func degrees(_ radians: Double) -> Int {
    Int((radians * 180 / .pi).rounded())
}
