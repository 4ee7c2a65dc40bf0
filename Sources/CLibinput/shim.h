// The C headers of libinput and libudev, exactly as the system installs them (pkg-config "libinput").
#include <libinput.h>
#include <libudev.h>
