#include "fp/index.h"

namespace fp {
int second() { return code(2) + measure("b"); }
} // namespace fp
