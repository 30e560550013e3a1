// C++98 has no explicit conversion functions: no `explicit` fix for a
// conversion operator there (SNAP's C++98 units; clang warns, g++
// -pedantic-errors rejects it), and the note says why. A converting
// constructor's `explicit` is C++98 and still fixed.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++98
// And the fix it would have been is an error in strict C++98:
// RUN: %not %clangxx -fsyntax-only -std=c++98 -pedantic-errors -DEXPLICIT=explicit %s 2>&1 | FileCheck %s --check-prefix=STRICT
#ifndef EXPLICIT
#define EXPLICIT
#endif

struct Flt {
  Flt(double v) : v(v) {}
  EXPLICIT operator double() const { return v; }
  double v;
};

double twice(double x) { return 2 * x; }
Flt half(Flt f) { return f.v / 2; }
double use(Flt f) { return twice(f) + half(1.0).v; }

// CHECK-FIXES: {{^}}  explicit Flt(double v) : v(v) {}
// CHECK-FIXES: {{^}}  EXPLICIT operator double() const { return v; }
// CHECK-NOTES: :13:3: warning: constructor 'Flt::Flt(double)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :13:3: note: every overload taking 'Flt' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES: :19:26: note: used implicitly here
// CHECK-NOTES: :20:44: note: used implicitly here
// CHECK-NOTES: :14:12: warning: conversion operator 'Flt::operator double' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES: :14:12: note: every overload taking 'double' now also accepts 'Flt' (an arithmetic type)
// CHECK-NOTES: :20:34: note: used implicitly here
// CHECK-NOTES: :14:12: note: no automatic fix: an 'explicit' conversion function needs C++11
// STRICT: error: explicit conversion functions are a C++11 extension
