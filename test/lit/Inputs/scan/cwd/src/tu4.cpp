// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L4 { L4(int) {} };
void t4(L4) {}
void u4() { t4(1); scale(2); }
