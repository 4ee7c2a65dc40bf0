// Declarations only (include/CFuzzDriver.h); libFuzzer, linked by -sanitize=fuzzer, defines them.
#include "CFuzzDriver.h"
