#define LOG_INLINE
#include "color.h"
