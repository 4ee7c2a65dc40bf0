/// Trigonometry for scripting finger paths.

import GestureKit

func cos(_ a: Double) -> Double { sinCos(a).cos }
func sin(_ a: Double) -> Double { sinCos(a).sin }
/// Sine and cosine, accurate to 1e-15, by Taylor series after reduction to [-π/4, π/4]: the tests need no C library.
func sinCos(_ a: Double) -> (sin: Double, cos: Double) {
    let k = (a / (.pi / 2)).rounded()
    let x = a - k * (.pi / 2)
    var s = 0.0, c = 0.0, term = x, n = 1.0
    for _ in 0..<12 { s += term; term *= -x * x / ((n + 1) * (n + 2)); n += 2 }
    term = 1; n = 0
    for _ in 0..<12 { c += term; term *= -x * x / ((n + 1) * (n + 2)); n += 2 }
    switch Int(k) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

/// Two fingers on a circle of radius `r` around `c`, at angle `a` (radians, clockwise on screen):
/// finger 1 at the near end, any other finger at the far end.
func pair(_ c: Point, _ r: Double, _ a: Double, _ id: Int) -> Point {
    let u = Point(x: cos(a), y: sin(a)) * r
    return id == 1 ? c - u : c + u
}
