// After a fatal error (a missing header) the rest of the TU is parsed without
// it: scopes may stay open and project functions land in a library namespace.
// No finding is made from such an AST; the same code without the missing
// include is reported.
// RUN: cp %s %t.cpp
// RUN: %not %clang_tidy --checks='-*,dispatch-*' --config='{}' %t.cpp -- -std=c++17 2>&1 | FileCheck %s
// RUN: %clang_tidy --checks='-*,dispatch-*' --config='{}' %t.cpp -- -std=c++17 -DNO_MISSING 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FINE
// CHECK: error: 'dispatch_no_such_header.h' file not found
// CHECK-NOT: [dispatch-
// FINE: warning: constructor 'Index::Index(int)' makes 'int' implicitly convertible to 'Index' [ubiquitous] [dispatch-implicit-conversion]
#ifndef NO_MISSING
#include <dispatch_no_such_header.h>
#endif
struct Index {
  Index(int) {}
};
void take(Index);
void run() { take(1); }
