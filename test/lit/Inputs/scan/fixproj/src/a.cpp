#include "fp/index.h"

int fp::first() { return code(1) + fp::default_code() + length("a"); }
