// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L5 { L5(int) {} };
void t5(L5) {}
void u5() { t5(1); scale(2); }
