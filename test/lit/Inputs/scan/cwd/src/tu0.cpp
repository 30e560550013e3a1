// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L0 { L0(int) {} };
void t0(L0) {}
void u0() { t0(1); scale(2); }
