#include "color.h"
bool a() { return is_color_terminal(); }
