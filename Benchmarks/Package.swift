// swift-tools-version:6.1
import PackageDescription

// The benchmarks live in their own package so that building the library never fetches the
// benchmark tool. Run them with `Benchmarks/run` (or `swift package --disable-sandbox benchmark`
// from this folder).
//
//   Workloads      the recognizer graph, the scripted finger streams, the recording replay and
//                  the libinput mapping path, shared by both executables
//   GestureKitBenchmarks   the ordo-one benchmark suite: wall clock and heap allocations per frame
//   bench-driver   runs one workload for a number of frames, for `valgrind --tool=callgrind`
let package = Package(
    name: "GestureKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "GestureKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "GestureKit", package: "GestureKit"),
                .product(name: "GestureKitEvdev", package: "GestureKit"),
                .product(name: "GestureKitLibinput", package: "GestureKit"),
            ]
        ),
        .executableTarget(
            name: "GestureKitBenchmarks",
            dependencies: ["Workloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/GestureKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "bench-driver", dependencies: ["Workloads"], path: "Sources/BenchDriver"),
    ],
    swiftLanguageModes: [.v6]
)
