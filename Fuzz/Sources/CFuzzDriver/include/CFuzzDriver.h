// libFuzzer's driver, called from a target's entry point (SwiftPM names an executable's entry
// point <Module>_main, so libFuzzer's own main is not the one that runs).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
