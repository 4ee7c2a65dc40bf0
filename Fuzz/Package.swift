// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for what reads untrusted input, in their own package so that building the
// library never builds them. Run them with `Fuzz/run` (it builds with
// `-sanitize=fuzzer,address`); each is an executable whose only entry point is libFuzzer's
// `LLVMFuzzerTestOneInput` (with `LLVMFuzzerInitialize`), declared with `@_cdecl`; each
// target's main.swift hands the test to libFuzzer's driver. This is the one place the project uses
// an underscored attribute: libFuzzer calls C symbols of those names, and Swift has no other way to
// export one.
//
//   fuzz-evemu              EvemuReader.parse
//   fuzz-libinput-record    LibinputRecordReader.parse
//   fuzz-format             RecordingReader.format and RecordingReader.parse (detection, then
//                           either reader)
//   fuzz-decoder            TouchDecoder fed raw evdev events (a touchscreen or a touchpad chosen
//                           by the first byte), and the frames it closes fed to a GestureEngine
let package = Package(
    name: "GestureKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "GestureKit", path: ".."),
    ],
    targets: [
        // Seed corpora from the shared recordings, written at run time (Seeds.writeSeedsIfAsked).
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver", .product(name: "GestureKitEvdev", package: "GestureKit")]),
        // The declaration of libFuzzer's driver, which each target's entry point calls.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "FuzzEvemu", dependencies: ["FuzzSupport", .product(name: "GestureKitEvdev", package: "GestureKit")]),
        .executableTarget(
            name: "FuzzLibinputRecord", dependencies: ["FuzzSupport", .product(name: "GestureKitEvdev", package: "GestureKit")]),
        .executableTarget(
            name: "FuzzFormat", dependencies: ["FuzzSupport", .product(name: "GestureKitEvdev", package: "GestureKit")]),
        .executableTarget(
            name: "FuzzDecoder",
            dependencies: [
                "FuzzSupport",
                .product(name: "GestureKit", package: "GestureKit"),
                .product(name: "GestureKitEvdev", package: "GestureKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
