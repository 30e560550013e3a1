// One TU of eight, compiled in src/ with a relative include path.
#include "common.h"
struct L7 { L7(int) {} };
void t7(L7) {}
void u7() { t7(1); scale(2); }
