// swift-tools-version:6.2
import PackageDescription

// A package that uses GestureKit as a user's package would: through its products, by path.
// scripts/consumer-check builds it (debug and release) and runs CoreOnly.
//
//   CoreOnly          imports only GestureKit: the core links on its own, and recognizes a tap
//                     and a pinch fed by hand.
//   ReadmeEmbedding   the README's "Embedding" example, compiled as written. Its main.swift is
//                     generated from README.md by scripts/consumer-check (Generated/ is ignored).
let package = Package(
    name: "GestureKitConsumer",
    dependencies: [
        .package(name: "GestureKit", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CoreOnly",
            dependencies: [.product(name: "GestureKit", package: "GestureKit")]
        ),
        .executableTarget(
            name: "ReadmeEmbedding",
            dependencies: [
                .product(name: "GestureKit", package: "GestureKit"),
                .product(name: "GestureKitLibinput", package: "GestureKit"),
            ],
            path: "Generated/ReadmeEmbedding"
        ),
    ],
    swiftLanguageModes: [.v6]
)
