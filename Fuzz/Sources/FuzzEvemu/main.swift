import FuzzSupport

// The program's entry point (SwiftPM's `FuzzEvemu_main`): libFuzzer's driver with this target's test.
exit(runFuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzEvemu))
