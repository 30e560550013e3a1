// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L1 { L1(int) {} };
void t1(L1) {}
void u1() { t1(1); scale(2); }
