// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L3 { L3(int) {} };
void t3(L3) {}
void u3() { t3(1); scale(2); }
