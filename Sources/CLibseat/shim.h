// The C header of libseat, exactly as the system installs it (pkg-config "libseat").
#include <libseat.h>
