import FuzzSupport

// The program's entry point (SwiftPM's `FuzzDecoder_main`): libFuzzer's driver with this target's test.
exit(runFuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzDecoder))
