#include "fp/index.h"

#include <cstdio>

int main() {
  std::printf("%d %d %d\n", fp::first(), fp::second(), fp::code(fp::IndexKind(4)));
  return 0;
}
