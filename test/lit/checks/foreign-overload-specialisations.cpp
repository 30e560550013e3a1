// An explicit specialisation of a library's function template for library
// types is piracy as a class template's is: translation units that see it
// run its definition, the others the template's (an ODR hazard), so it is
// reported whether or not this TU calls it. The calls are noted; overload
// resolution picks the same specialisation without it.
// RUN: %check_dispatch_tidy %s dispatch-foreign-overload %t -- -std=c++17 -isystem %inputs/system
//
// The counterfactual: clang resolves each call to the same specialisation
// with and without the explicit ones, whose definitions are then the
// template's (line 10: fake_lib.h's template).
// RUN: %dispatch_resolve %s -- -std=c++17 -isystem %inputs/system | %python %inputs/greedy/callees.py twice | FileCheck %s --check-prefix=WITH
// RUN: %dispatch_resolve %s -- -std=c++17 -isystem %inputs/system -DNO_PIRACY | %python %inputs/greedy/callees.py twice | FileCheck %s --check-prefix=WITHOUT

#include <fake_lib.h>
#include <fake_std.h>

namespace gnn {
struct Tensor {};
template <class T> T blend(T x) { return x; }
// Negative: the project's own template.
template <> inline int blend<int>(int x) { return x + 1; }
} // namespace gnn

#ifndef NO_PIRACY
namespace lib {
template <> inline float scaled<float>(float x) { return x * 2; }
// Declared first, then defined: reported once, at the first declaration,
// though this TU never calls it.
template <> long scaled<long>(long x);
template <> long scaled<long>(long x) { return x; }
} // namespace lib
// Outside the namespace, qualified.
template <> short lib::scaled<short>(short x) { return x; }
#endif

// Negative: a project type among the template arguments.
namespace lib {
template <> inline gnn::Tensor scaled<gnn::Tensor>(gnn::Tensor x) { return x; }
} // namespace lib

float twice() {
  (void)lib::scaled(gnn::Tensor{});
  return lib::scaled(1.0f) + float(lib::scaled(2.0)) + gnn::blend(1);
}

// CHECK-NOTES: :26:26: warning: specialisation 'lib::scaled(float)' of a foreign template for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :26:26: note: neither the template nor any template argument is the project's: its behaviour depends on which translation units see it (an ODR hazard)
// CHECK-NOTES: :43:10: note: called here; without it, this call would run the template's own definition
// CHECK-NOTES: :29:18: warning: specialisation 'lib::scaled(long)' of a foreign template for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :29:18: note: neither the template
// CHECK-NOTES: :33:24: warning: specialisation 'lib::scaled(short)' of a foreign template for foreign types is type piracy [dispatch-foreign-overload]
// CHECK-NOTES: :33:24: note: neither the template

// WITH: 43: lib::scaled<double>(double) (line 10)
// WITH-NEXT: 43: lib::scaled<float>(float) (line 26)
// WITHOUT: 43: lib::scaled<double>(double) (line 10)
// WITHOUT-NEXT: 43: lib::scaled<float>(float) (line 10)
