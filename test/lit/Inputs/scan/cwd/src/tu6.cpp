// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L6 { L6(int) {} };
void t6(L6) {}
void u6() { t6(1); scale(2); }
