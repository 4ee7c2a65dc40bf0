import FuzzSupport

// The program's entry point (SwiftPM's `FuzzFormat_main`): libFuzzer's driver with this target's test.
exit(runFuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzFormat))
