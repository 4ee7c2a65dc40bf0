#include "CLibinputShim.h"
