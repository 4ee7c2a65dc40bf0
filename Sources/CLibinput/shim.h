#include <libinput.h>
#include <libudev.h>
