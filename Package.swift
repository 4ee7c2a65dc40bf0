// swift-tools-version:6.2
import PackageDescription

// Data flow, one target per stage:
//   libinput fd → GestureKitLibinput (backend, the only place C is called: libinput, libudev, libseat)
//   evdev recordings → GestureKitEvdev (decoding and replay, pure Swift)
//   → GestureKit input values → engine → arbitration → recognizers → targets / delegates / touch delivery
let package = Package(
    name: "GestureKit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "GestureKit", targets: ["GestureKit"]),
        .library(name: "GestureKitEvdev", targets: ["GestureKitEvdev"]),
        .library(name: "GestureKitLibinput", targets: ["GestureKitLibinput"]),
        .executable(name: "gesture-demo", targets: ["GestureDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: plain value events in, gestures out. No C, no dependencies.
        // Double's rounding and square root call the C maths library, which nothing else links on
        // Linux when a program imports GestureKit alone (without Foundation or Glibc).
        .target(
            name: "GestureKit",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),

        // evdev decoding, evemu and `libinput record` readers, deterministic replay.
        .target(
            name: "GestureKitEvdev",
            dependencies: ["GestureKit", .product(name: "Yams", package: "Yams")]
        ),

        // libinput and libudev, as the system provides them.
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),
        // libinput's log handler is variadic (va_list); this shim formats it for Swift.
        .target(name: "CLibinputShim", dependencies: ["CLibinput"]),
        // libseat, for opening device nodes through a seatd or logind session without the `input`
        // group. Required at build time: SwiftPM has no optional system libraries.
        .systemLibrary(
            name: "CLibseat",
            pkgConfig: "libseat",
            providers: [.apt(["libseat-dev"])]
        ),
        .target(
            name: "GestureKitLibinput",
            dependencies: [
                "GestureKit", "CLibinput", "CLibinputShim", "CLibseat",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .executableTarget(
            name: "GestureDemo",
            dependencies: [
                "GestureKit", "GestureKitEvdev", "GestureKitLibinput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")]
        ),

        // Runnable examples (Examples/), each tested by running it: Tests/ExamplesTests.
        .target(name: "ExampleSupport", dependencies: ["GestureKit"], path: "Examples/ExampleSupport"),
        .executableTarget(
            name: "SimpleGestures", dependencies: ["GestureKit", "ExampleSupport"], path: "Examples/SimpleGestures"),
        .executableTarget(name: "Tickle", dependencies: ["GestureKit", "ExampleSupport"], path: "Examples/Tickle"),
        .executableTarget(name: "CardSwipe", dependencies: ["GestureKit", "ExampleSupport"], path: "Examples/CardSwipe"),
        .executableTarget(
            name: "KioskNavigator",
            dependencies: [
                "GestureKit", "GestureKitEvdev", "GestureKitLibinput", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/KioskNavigator"
        ),
        .executableTarget(
            name: "EdgeZones",
            dependencies: [
                "GestureKit", "GestureKitEvdev", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/EdgeZones"
        ),
        .executableTarget(
            name: "CompositorBridge", dependencies: ["GestureKit", "ExampleSupport"], path: "Examples/CompositorBridge"),
        .executableTarget(
            name: "AsyncKiosk", dependencies: ["GestureKit", "GestureKitLibinput"], path: "Examples/AsyncKiosk"),
        .testTarget(name: "ExamplesTests", dependencies: ["GestureKit", "GestureKitEvdev", "ExampleSupport"]),

        .testTarget(name: "GestureKitTests", dependencies: ["GestureKit"]),
        .testTarget(name: "GestureKitEvdevTests", dependencies: ["GestureKit", "GestureKitEvdev"]),
        // Random input streams through every recognizer kind with the engine's invariants checked
        // after every event, and the minimized sequences of what it found (docs/reliability.md).
        .testTarget(name: "InvariantTests", dependencies: ["GestureKit"]),
        .testTarget(name: "GestureKitLibinputTests", dependencies: ["GestureKit", "GestureKitLibinput"]),
        // Runs the gesture-demo binary as a user would and checks what it prints.
        .testTarget(name: "GestureDemoTests", dependencies: ["GestureDemo"], exclude: ["Expected"]),
        // Replays the shared real recordings, and transformed copies of them (resampled, mirrored,
        // rotated, rescaled, split), through the demo's recognizer graph and compares the gestures.
        .testTarget(name: "MetamorphicTests", dependencies: ["GestureDemo", "GestureKit", "GestureKitEvdev"]),
    ],
    swiftLanguageModes: [.v6]
)
