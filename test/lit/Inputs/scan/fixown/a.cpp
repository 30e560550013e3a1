#include "o.h"
// The conversion takes this call from the printf form: effective here.
int a() { return fo::trace("bits %d", 32); }
