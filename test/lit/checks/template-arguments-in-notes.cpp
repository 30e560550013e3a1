// A template named with its arguments in a note says what the call chose:
// the parameters its signature deduces, not a constraint's defaulted
// parameter (`class E = enable_if_t<...>`, `class U = void`, `int N = 0`)
// nor a pack deduced empty (xtensor's `CTA = <>`).
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion,dispatch-unconstrained-operator %t -- -std=c++17
//
// The other conversion each note names is clang's, with the first one explicit:
// RUN: %dispatch_resolve %s -- -std=c++17 -DNAME_EXPLICIT=explicit | %python %inputs/greedy/callees.py named | FileCheck %s --check-prefix=WITHOUT-NAME
// RUN: %dispatch_resolve %s -- -std=c++17 -DINT_EXPLICIT=explicit | %python %inputs/greedy/callees.py length | FileCheck %s --check-prefix=WITHOUT-INT
#include <type_traits>
#ifndef NAME_EXPLICIT
#define NAME_EXPLICIT
#endif
#ifndef INT_EXPLICIT
#define INT_EXPLICIT
#endif

namespace ffi {
struct Name {
  const char *s;
};
struct RetValue {
  NAME_EXPLICIT operator Name() const { return {"ret"}; }
  template <class T, class E = std::enable_if_t<std::is_class_v<T>>> operator T() const { return T(); }
};
const char *named(const RetValue &r) {
  Name n = r;
  return n.s;
}
// CHECK-NOTES: :23:17: warning: conversion operator 'ffi::RetValue::operator Name' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :23:17: note: every overload taking 'ffi::Name' now also accepts 'ffi::RetValue'
// CHECK-NOTES: :27:12: note: used implicitly here; without it, this use would convert through 'ffi::RetValue::operator T' (with T = ffi::Name){{$}}
// WITHOUT-NAME: 27: ffi::RetValue::operator ffi::Name() const (line 24)

struct Meters {
  INT_EXPLICIT Meters(int m) : v(m) {}
  template <class T, class... Opts> Meters(T m, Opts... opts) : v(m) {}
  double v;
};
double length(int m) {
  Meters x = m;
  return x.v;
}
// CHECK-NOTES: :36:16: warning: constructor 'ffi::Meters::Meters(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :36:16: note: every overload taking 'ffi::Meters' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES: :41:14: note: used implicitly here; without it, this use would convert through 'ffi::Meters::Meters(T, Opts...)' (with T = int){{$}}
// WITHOUT-INT: 41: ffi::Meters::Meters<int>(int) (line 37)
} // namespace ffi

namespace gnn {
struct Fill {
  operator float() const { return value; }
  float value;
};
template <class B, class U = void, int N = 0, class... Rest>
float operator+(const Fill &f, const B &b) { return b + f.value; }
float run(Fill f) { return f + 2.0f; }
// CHECK-NOTES: :[[@LINE-2]]:7: warning: unconstrained template 'gnn::operator+(const Fill &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-3]]:7: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :[[@LINE-3]]:28: note: this call resolves to the template (with B = float){{$}}
// CHECK-NOTES: :[[@LINE-4]]:28: note: without the template, the call would use the built-in 'operator+'
} // namespace gnn
// The fixes name the conversion each use had:
// CHECK-FIXES: {{^}}  Name n = static_cast<Name>(r);
// CHECK-FIXES: {{^}}  Meters x = Meters(m);
