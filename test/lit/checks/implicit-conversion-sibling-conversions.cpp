// A class with several conversions: a use one of them takes would, without
// it, convert through another (DGL's DGLArgValue: with `operator int` gone,
// `int n = args[1]` compiles on through `operator bool` and gives 0 or 1).
// The note says which, from clang's own choice among the conversions; a use
// nothing else could take (or that would be ambiguous) is the conversion's
// own. The class's design either way: an effect by default, latent in the
// library profile, with a reason that says so.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LIBRARY %s dispatch-implicit-conversion %t-library \
// RUN:   --config="{CheckOptions: {OwnUsesAreEffects: false, ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
//
// The counterfactual the notes claim (dispatch-resolve): each conversion
// made `explicit`, what each use then converts through.
// RUN: %dispatch_resolve %s -- -std=c++17 | %python %inputs/greedy/callees.py total | FileCheck %s --check-prefix=WITH
// RUN: %dispatch_resolve %s -- -std=c++17 -DINT_EXPLICIT=explicit -DFROM_INT_EXPLICIT=explicit | %python %inputs/greedy/callees.py total | FileCheck %s --check-prefix=WITHOUT
// RUN: %not %clangxx -fsyntax-only -std=c++17 -DDOUBLE_EXPLICIT=explicit %s 2>&1 | FileCheck %s --check-prefix=WITHOUT-DOUBLE
// RUN: %dispatch_resolve %s -- -std=c++17 | %python %inputs/greedy/callees.py named | FileCheck %s --check-prefix=WITH-NAME
// RUN: %dispatch_resolve %s -- -std=c++17 -DNAME_EXPLICIT=explicit | %python %inputs/greedy/callees.py named | FileCheck %s --check-prefix=WITHOUT-NAME
#ifndef INT_EXPLICIT
#define INT_EXPLICIT
#endif
#ifndef DOUBLE_EXPLICIT
#define DOUBLE_EXPLICIT
#endif
#ifndef NAME_EXPLICIT
#define NAME_EXPLICIT
#endif
#ifndef FROM_INT_EXPLICIT
#define FROM_INT_EXPLICIT
#endif

namespace ffi {

struct ArgValue {
  INT_EXPLICIT operator int() const { return static_cast<int>(v); }
  DOUBLE_EXPLICIT operator double() const { return v; }
  operator bool() const { return v != 0; }
  double v;
};

struct Meters {
  FROM_INT_EXPLICIT Meters(int m) : v(m) {}
  Meters(double m) : v(m) {}
  double v;
};

// One conversion alone: nothing else could take its use.
struct Label {
  Label(const char *s) : s(s) {}
  const char *s;
};

Meters total(const ArgValue &a, Label *out) {
  int n = a; // operator int; without it, operator bool (a promotion)
  double d = a; // operator double; without it, ambiguous: int and bool both convert
  *out = "total";
  if (a) {
  }
  return n + d > 1 ? Meters(d) : 3; // Meters(int); without it, Meters(double)
}

int uses(const ArgValue &a, Label *out) { return total(a, out).v; }

// A class target, and a conversion template beside (DGL's RetValue: its
// `operator std::string` beside `template <class T> operator T`).
struct Name {
  const char *s;
};
struct RetValue {
  NAME_EXPLICIT operator Name() const { return {"ret"}; }
  template <class T> operator T() const { return T(); }
};
const char *named(const RetValue &r) {
  Name n = r; // operator Name; without it, operator T with T = Name
  return n.s;
}

} // namespace ffi

// CHECK-NOTES-DEFAULT: :35:16: warning: conversion operator 'ffi::ArgValue::operator int' makes 'ffi::ArgValue' implicitly convertible to 'int' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :35:16: note: every overload taking 'int' now also accepts 'ffi::ArgValue' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :54:11: note: used implicitly here; without it, this use would convert through 'ffi::ArgValue::operator bool'
// CHECK-NOTES-DEFAULT: :36:19: warning: conversion operator 'ffi::ArgValue::operator double' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :36:19: note: every overload taking 'double' now also accepts 'ffi::ArgValue' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :55:14: note: used implicitly here{{$}}
// CHECK-NOTES-DEFAULT: :42:21: warning: constructor 'ffi::Meters::Meters(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :42:21: note: every overload taking 'ffi::Meters' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :59:34: note: used implicitly here; without it, this use would convert through 'ffi::Meters::Meters(double)'
// CHECK-NOTES-DEFAULT: :49:3: warning: constructor 'ffi::Label::Label(const char *)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :49:3: note: every overload taking 'ffi::Label' now also accepts 'const char *' (a raw pointer)
// CHECK-NOTES-DEFAULT: :56:10: note: used implicitly here{{$}}
// CHECK-NOTES-DEFAULT: :70:17: warning: conversion operator 'ffi::RetValue::operator Name' makes 'ffi::RetValue' implicitly convertible to 'ffi::Name' [ordinary] [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :70:17: note: every overload taking 'ffi::Name' now also accepts 'ffi::RetValue'
// CHECK-NOTES-DEFAULT: :74:12: note: used implicitly here; without it, this use would convert through 'ffi::RetValue::operator T' (with T = ffi::Name)
// The fix names the conversion each use had, so nothing reroutes:
// CHECK-FIXES-DEFAULT: {{^}}  int n = static_cast<int>(a); // operator int;
// CHECK-FIXES-DEFAULT: {{^}}  double d = static_cast<double>(a); // operator double;
// CHECK-FIXES-DEFAULT: {{^}}  return n + d > 1 ? Meters(d) : Meters(3); // Meters(int);
// CHECK-FIXES-DEFAULT: {{^}}  Name n = static_cast<Name>(r); // operator Name;

// The library profile: the class's own design, latent, saying what is true.
// CHECK-NOTES-LIBRARY: :35:16: warning: conversion operator 'ffi::ArgValue::operator int' {{.*}}
// CHECK-NOTES-LIBRARY: :35:16: note: every overload taking 'int' now also accepts 'ffi::ArgValue' (an arithmetic type)
// CHECK-NOTES-LIBRARY: :54:11: note: used implicitly here; without it, this use would convert through 'ffi::ArgValue::operator bool'
// CHECK-NOTES-LIBRARY: :35:16: note: latent: without it, its uses here would not compile or would convert through another conversion (noted at each; counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :36:19: warning: conversion operator 'ffi::ArgValue::operator double' {{.*}}
// CHECK-NOTES-LIBRARY: :36:19: note: every overload taking 'double' now also accepts 'ffi::ArgValue' (an arithmetic type)
// CHECK-NOTES-LIBRARY: :55:14: note: used implicitly here{{$}}
// CHECK-NOTES-LIBRARY: :36:19: note: latent: nothing else could take its uses here, so they are its own (counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :37:3: warning: conversion operator 'ffi::ArgValue::operator bool' {{.*}}
// CHECK-NOTES-LIBRARY: :37:3: note: every overload taking 'bool' now also accepts 'ffi::ArgValue'
// CHECK-NOTES-LIBRARY: :57:7: note: used as a condition here ('explicit' keeps this use)
// CHECK-NOTES-LIBRARY: :37:3: note: latent: its uses here are conditions, which 'explicit' keeps (shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :42:21: warning: constructor 'ffi::Meters::Meters(int)' {{.*}}
// CHECK-NOTES-LIBRARY: :42:21: note: every overload taking 'ffi::Meters' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-LIBRARY: :59:34: note: used implicitly here; without it, this use would convert through 'ffi::Meters::Meters(double)'
// CHECK-NOTES-LIBRARY: :42:21: note: latent: without it, its uses here would not compile or would convert through another conversion (noted at each; counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :43:3: warning: constructor 'ffi::Meters::Meters(double)' {{.*}}
// CHECK-NOTES-LIBRARY: :43:3: note: every overload taking 'ffi::Meters' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES-LIBRARY: :43:3: note: latent: no effect in this translation unit (shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :49:3: warning: constructor 'ffi::Label::Label(const char *)' {{.*}}
// CHECK-NOTES-LIBRARY: :49:3: note: every overload taking 'ffi::Label' now also accepts 'const char *' (a raw pointer)
// CHECK-NOTES-LIBRARY: :56:10: note: used implicitly here{{$}}
// CHECK-NOTES-LIBRARY: :49:3: note: latent: nothing else could take its uses here, so they are its own (counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :70:17: warning: conversion operator 'ffi::RetValue::operator Name' {{.*}}
// CHECK-NOTES-LIBRARY: :70:17: note: every overload taking 'ffi::Name' now also accepts 'ffi::RetValue'
// CHECK-NOTES-LIBRARY: :74:12: note: used implicitly here; without it, this use would convert through 'ffi::RetValue::operator T' (with T = ffi::Name)
// CHECK-NOTES-LIBRARY: :70:17: note: latent: without it, its uses here would not compile or would convert through another conversion (noted at each; counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LIBRARY: :71:22: warning: conversion operator 'ffi::RetValue::operator T' makes 'ffi::RetValue' implicitly convertible to any type [templated] [dispatch-implicit-conversion]
// CHECK-NOTES-LIBRARY: :71:22: note: every overload set now also accepts 'ffi::RetValue'
// CHECK-NOTES-LIBRARY: :71:22: note: latent: no effect in this translation unit (shown by the ReportLatent option)

// What clang converts each use through, as written and with the conversions
// made explicit; `operator double` explicit leaves its use ambiguous.
// WITH: 54: ffi::ArgValue::operator int() const (line 35)
// WITH: 55: ffi::ArgValue::operator double() const (line 36)
// WITH: 59: ffi::Meters::Meters(int) (line 42)
// WITHOUT: 54: ffi::ArgValue::operator bool() const (line 37)
// WITHOUT: 59: ffi::Meters::Meters(double) (line 43)
// WITHOUT-NOT: Meters(int)
// WITHOUT-DOUBLE: :55:10: error: conversion from 'const ArgValue' to 'double' is ambiguous
// WITH-NAME: 74: ffi::RetValue::operator Name() const (line 70)
// WITHOUT-NAME: 74: ffi::RetValue::operator ffi::Name() const (line 71)
