// A use that also changes the value's kind on its way through the
// conversion — a floating-point value to an integer, anything to bool — says
// so, and is an effect in either profile: NetworKit's `x = 0.0;`, meant to
// zero a vector, built `Vector(count)` of dimension 0.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LIBRARY %s dispatch-implicit-conversion %t-lib \
// RUN:   --config="{CheckOptions: {OwnUsesAreEffects: false, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17

namespace nk {
using count = unsigned long;

struct Vector {
  Vector(count dimension, double initial = 0.0) : n(dimension) {}
  count n;
};

struct Weight {
  operator double() const { return 1.5; }
};

struct Flag {
  Flag(bool on) : on(on) {}
  bool on;
};

void solve(Vector &x, count n, Weight w, const int *p) {
  x = 0.0;
  Vector y = n;
  int rounded = w;
  double exact = w;
  Flag f = p;
  (void)y;
  (void)rounded;
  (void)exact;
  (void)f;
}

// A pointer-like conversion tested in a condition is the idiom's own use:
// no change of kind there, latent in the library profile.
struct Handle {
  operator const void *() const { return this; }
};
bool live(Handle h) {
  if (h)
    return true;
  return false;
}
} // namespace nk

// CHECK-NOTES-DEFAULT: :13:3: warning: constructor 'nk::Vector::Vector(count, double)' makes 'nk::count' implicitly convertible to 'nk::Vector' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :13:3: note: every overload taking 'nk::Vector' now also accepts 'nk::count' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :27:7: note: used implicitly here, after converting 'double' to 'nk::count'
// CHECK-NOTES-DEFAULT: :28:14: note: used implicitly here
// CHECK-NOTES-DEFAULT: :18:3: warning: conversion operator 'nk::Weight::operator double' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :18:3: note: every overload taking 'double' now also accepts 'nk::Weight' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :29:17: note: used implicitly here, then converting 'double' to 'int'
// CHECK-NOTES-DEFAULT: :30:18: note: used implicitly here
// CHECK-NOTES-DEFAULT: :22:3: warning: constructor 'nk::Flag::Flag(bool)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :22:3: note: every overload taking 'nk::Flag' now also accepts 'bool'
// CHECK-NOTES-DEFAULT: :31:12: note: used implicitly here, after converting 'const int *' to 'bool'
// CHECK-NOTES-DEFAULT: :41:3: warning: conversion operator 'nk::Handle::operator const void *' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :41:3: note: every overload taking 'const void *' now also accepts 'nk::Handle' (a raw pointer)
// CHECK-NOTES-DEFAULT: :44:7: note: used implicitly here
// The fix keeps what each use does, the conversions before it included:
// CHECK-FIXES-DEFAULT: {{^}}  x = Vector(0.0);
// CHECK-FIXES-DEFAULT: {{^}}  Vector y = Vector(n);
// CHECK-FIXES-DEFAULT: {{^}}  int rounded = static_cast<double>(w);
// CHECK-FIXES-DEFAULT: {{^}}  Flag f = Flag(p);
// CHECK-FIXES-DEFAULT: {{^}}  if (static_cast<const void *>(h))

// The library profile: the own uses alone would leave all three latent.
// CHECK-NOTES-LIBRARY: :13:3: warning: constructor 'nk::Vector::Vector(count, double)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LIBRARY: :13:3: note: every overload taking 'nk::Vector' now also accepts 'nk::count' (an arithmetic type)
// CHECK-NOTES-LIBRARY: :27:7: note: used implicitly here, after converting 'double' to 'nk::count'
// CHECK-NOTES-LIBRARY: :28:14: note: used implicitly here
// CHECK-NOTES-LIBRARY: :18:3: warning: conversion operator 'nk::Weight::operator double' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LIBRARY: :18:3: note: every overload taking 'double' now also accepts 'nk::Weight' (an arithmetic type)
// CHECK-NOTES-LIBRARY: :29:17: note: used implicitly here, then converting 'double' to 'int'
// CHECK-NOTES-LIBRARY: :30:18: note: used implicitly here
// CHECK-NOTES-LIBRARY: :22:3: warning: constructor 'nk::Flag::Flag(bool)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LIBRARY: :22:3: note: every overload taking 'nk::Flag' now also accepts 'bool'
// CHECK-NOTES-LIBRARY: :31:12: note: used implicitly here, after converting 'const int *' to 'bool'
