// An effective overload for foreign types says which calls it takes and what
// each would do without it — clang's answer (the overload set asked again
// with it taken out): another function, an ambiguity (DGL's `max(half, half)`
// beside CUDA's `max(int, int)`), or no viable function.
// RUN: %check_dispatch_tidy %s dispatch-foreign-overload %t -- -std=c++17 -isystem %inputs/system
//
// The counterfactual (dispatch-resolve, and the errors clang gives without
// the overloads):
// RUN: %dispatch_resolve %s -- -std=c++17 -isystem %inputs/system | %python %inputs/greedy/callees.py report | FileCheck %s --check-prefix=WITH
// RUN: %dispatch_resolve %s -- -std=c++17 -isystem %inputs/system -DNO_PIRACY -DONLY_NORM | %python %inputs/greedy/callees.py report | FileCheck %s --check-prefix=WITHOUT
// RUN: %not %clangxx -fsyntax-only -std=c++17 -isystem %inputs/system -DNO_PIRACY %s 2>&1 | FileCheck %s --check-prefix=WITHOUT-ERRORS

#include <fake_math.h>
#include <fake_std.h>

#ifndef NO_PIRACY
namespace lib {
inline int norm(long x) { return int(x); }
} // namespace lib
namespace std {
inline unsigned abs(unsigned x) { return x; }
} // namespace std
inline std::ostream &operator<<(std::ostream &os, const std::vector<float> &) { return os; }
#endif

int report(std::ostream &os, const std::vector<float> &v) {
  int n = lib::norm(3L);
#ifndef ONLY_NORM
  n += std::abs(3u);
  os << v;
#endif
  return n;
}

// Negative: declared, never called here (latent, not shown).
namespace lib {
inline int norm(short x) { return x; }
} // namespace lib

// CHECK-NOTES: :18:12: warning: overload 'lib::norm(long)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :18:12: note: neither the name it overloads nor any parameter type is the project's: it widens a foreign overload set only where this declaration is visible
// CHECK-NOTES: :27:11: note: called here; without it, this call would resolve to 'lib::norm(int)'
// CHECK-NOTES: :21:17: warning: 'std::abs(unsigned int)' is added to namespace std for types nobody in the project owns [dispatch-foreign-overload]
// CHECK-NOTES: :21:17: note: the standard allows only specialisations of std templates for program-defined types; calls into std now resolve differently depending on includes
// CHECK-NOTES: :29:8: note: called here; without it, this call would be ambiguous
// CHECK-NOTES: :23:22: warning: overload 'operator<<(std::ostream &, const std::vector<float> &)' of a foreign function for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :23:22: note: neither the name it overloads nor any parameter type is the project's: it widens an operator every translation unit uses only where this declaration is visible
// CHECK-NOTES: :30:6: note: called here; without it, this call would have no viable function

// WITH: 27: lib::norm(long) (line 18)
// WITH: 29: std::abs(unsigned int) (line 21)
// WITH: 30: operator<<(std::ostream &, const std::vector<float> &) (line 23)
// WITHOUT: 27: lib::norm(int) (line 6)
// WITHOUT-ERRORS: :29:8: error: call to 'abs' is ambiguous
// WITHOUT-ERRORS: :30:6: error: invalid operands to binary expression
