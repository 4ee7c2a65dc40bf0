// swift-tools-version:6.2
import PackageDescription

// A package that uses GestureKit as a user's package would: through its products, by path.
// scripts/consumer-check builds it (debug and release) and runs CoreOnly and WithBackend.
//
//   CoreOnly          imports only GestureKit: the core links on its own, and recognizes a tap
//                     and a pinch fed by hand.
//   WithBackend       imports GestureKitLibinput too, and runs anywhere: the backend's clock drives
//                     an engine, and a missing device node is the backend's clear error.
//   ReadmeEmbedding   the README's "Embedding" example, compiled as written. Its main.swift is
//                     generated from README.md by scripts/consumer-check (Generated/ is ignored).
//   ReadmeAsync       the README's "Swift concurrency, several screens, live changes" example,
//                     generated the same way.
//   DocCSnippets      every swift block of the DocC articles, each in a function of its own,
//                     generated the same way; compiled, never run.

/// A README example: an executable with the library's products, its source under Generated/.
func readmeExample(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            .product(name: "GestureKit", package: "GestureKit"),
            .product(name: "GestureKitLibinput", package: "GestureKit"),
        ],
        path: "Generated/\(name)"
    )
}

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
            name: "WithBackend",
            dependencies: [
                .product(name: "GestureKit", package: "GestureKit"),
                .product(name: "GestureKitLibinput", package: "GestureKit"),
            ]
        ),
        readmeExample("ReadmeEmbedding"),
        readmeExample("ReadmeAsync"),
        .target(
            name: "DocCSnippets",
            dependencies: [
                .product(name: "GestureKit", package: "GestureKit"),
                .product(name: "GestureKitEvdev", package: "GestureKit"),
                .product(name: "GestureKitLibinput", package: "GestureKit"),
            ],
            path: "Generated/DocCSnippets"
        ),
    ],
    swiftLanguageModes: [.v6]
)
