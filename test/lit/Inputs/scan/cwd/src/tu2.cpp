// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L2 { L2(int) {} };
void t2(L2) {}
void u2() { t2(1); scale(2); }
