// The library profile: only uses that take a call (and bool) are effects.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {OwnUsesAreEffects: false}}" -- -std=c++17
// The default: every implicit use is (no fix asked here: the notes are the point).
// RUN: %check_dispatch_tidy --check-suffix=ALL %s dispatch-implicit-conversion %t-all \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
// The library profile's latent findings say why.
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-implicit-conversion %t-latent \
// RUN:   --config="{CheckOptions: {OwnUsesAreEffects: false, ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
//
// What each call resolves to with the conversions as written, and with them
// `Level(int)` made `explicit` (clang's answer, dispatch-resolve: the counterfactual the
// "without it" notes claim).
// RUN: %dispatch_resolve %s -- -std=c++17 | %python %inputs/greedy/callees.py calls | FileCheck %s --check-prefix=WITH
// RUN: %dispatch_resolve %s -- -std=c++17 -DLEVEL_EXPLICIT=explicit -DONLY_TAKEN | %python %inputs/greedy/callees.py calls | FileCheck %s --check-prefix=WITHOUT
//
// A conversion's use takes its call from another function when, without the
// conversion, the call would resolve elsewhere: noted with where. Where
// nothing else could take it, the use is the conversion's own (an implicit
// use, counted in dispatch-scan's impact), as a template's call with no other
// candidate viable is: an effect by default, not in the library profile
// (OwnUsesAreEffects: false), where a conversion to bool's (not a condition's) is.
#ifndef LEVEL_EXPLICIT
#define LEVEL_EXPLICIT
#endif

namespace gnn {

// Taken from a printf-style fallback (an ellipsis loses to any conversion).
struct Level {
  LEVEL_EXPLICIT Level(int v) : v(v) {}
  int v;
};
void log(const char *format, ...);
void log(const char *label, Level level);

// Taken from another converting overload: both arguments' conversions are
// user-defined (a tie), the second argument decides.
struct Box {
  Box(int) {} // viable at put(1, 2), not used: latent (implicit-conversion-viable-only.cpp)
};
void put(Box, long);
void put(Level, int);

// Own uses only: copy-initialisation, a return, the one function taking it.
struct Meters {
  Meters(double v) : v(v) {}
  double v;
};
double length(Meters m) { return m.v; }

// Its sibling `operator double` would serve the same function: the class's
// own design, no call taken (the note says which conversion the use would take).
struct Reading {
  operator float() const { return 1.0f; }
  operator double() const { return 2.0; } // unused: latent
};
void show(float);
Meters origin() { return 0.0; }

// bool: every use is an effect.
struct Ready {
  operator bool() const { return true; }
};

void calls(Ready r, Reading g) {
  log("rank %d", 3);
  log("ready");
#ifndef ONLY_TAKEN // the own uses: made explicit, these do not compile
  Level l = 4;
  (void)l;
#endif
  put(1, 2);
  Meters m = 1.5;
  length(2.5);
  show(g);
  (void)m;
  if (r) {
  }
}

// bool: a use 'explicit' breaks is an effect in either profile; a condition
// is none, 'explicit' keeps it (Ready above: latent).
struct Armed {
  operator bool() const { return true; }
};
bool armed(Armed a) {
  bool b = a;
  if (a) {
  }
  return b;
}

} // namespace gnn

// The library profile: Level (two calls taken, one own use) and Ready.
// CHECK-NOTES-DEFAULT: :31:18: warning: constructor 'gnn::Level::Level(int)' makes 'int' implicitly convertible to 'gnn::Level' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :31:18: note: every overload taking 'gnn::Level' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :67:18: note: used implicitly here; without it, this call would resolve to 'gnn::log(const char *, ...)'
// CHECK-NOTES-DEFAULT: :73:7: note: used implicitly here; without it, this call would resolve to 'gnn::put(Box, long)'
// CHECK-NOTES-DEFAULT: :70:13: note: used implicitly here
// CHECK-NOTES-DEFAULT: :85:3: warning: conversion operator 'gnn::Armed::operator bool' makes 'gnn::Armed' implicitly convertible to 'bool' [ubiquitous] [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :85:3: note: every overload taking 'bool' now also accepts 'gnn::Armed'
// CHECK-NOTES-DEFAULT: :88:12: note: used implicitly here
// CHECK-NOTES-DEFAULT: :89:7: note: used as a condition here ('explicit' keeps this use)
// Its fix keeps each call's meaning, the taken ones included:
// CHECK-FIXES-DEFAULT: {{^}}  LEVEL_EXPLICIT explicit Level(int v) : v(v) {}
// CHECK-FIXES-DEFAULT: {{^}}  operator bool() const { return true; }
// CHECK-FIXES-DEFAULT: {{^}}  log("rank %d", Level(3));
// CHECK-FIXES-DEFAULT: {{^}}  Level l = Level(4);
// CHECK-FIXES-DEFAULT: {{^}}  put(Level(1), 2);
// CHECK-FIXES-DEFAULT: {{^}}  explicit operator bool() const { return true; }
// CHECK-FIXES-DEFAULT: {{^}}  bool b = static_cast<bool>(a);

// The default: every implicitly used conversion; Box (viable at put(1, 2),
// never applied: nothing changed) and operator double (unused) have no use.
// CHECK-NOTES-ALL: :31:18: warning: constructor 'gnn::Level::Level(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-ALL: :31:18: note: every overload taking 'gnn::Level' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-ALL: :67:18: note: used implicitly here; without it, this call would resolve to 'gnn::log(const char *, ...)'
// CHECK-NOTES-ALL: :73:7: note: used implicitly here; without it, this call would resolve to 'gnn::put(Box, long)'
// CHECK-NOTES-ALL: :70:13: note: used implicitly here
// CHECK-NOTES-ALL: :47:3: warning: constructor 'gnn::Meters::Meters(double)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-ALL: :47:3: note: every overload taking 'gnn::Meters' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES-ALL: :59:26: note: used implicitly here
// CHECK-NOTES-ALL: :74:14: note: used implicitly here
// CHECK-NOTES-ALL: :75:10: note: used implicitly here
// CHECK-NOTES-ALL: :55:3: warning: conversion operator 'gnn::Reading::operator float' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-ALL: :55:3: note: every overload taking 'float' now also accepts 'gnn::Reading' (an arithmetic type)
// CHECK-NOTES-ALL: :76:8: note: used implicitly here; without it, this use would convert through 'gnn::Reading::operator double'
// CHECK-NOTES-ALL: :85:3: warning: conversion operator 'gnn::Armed::operator bool' {{.*}}
// CHECK-NOTES-ALL: :85:3: note: every overload taking 'bool' now also accepts 'gnn::Armed'
// CHECK-NOTES-ALL: :88:12: note: used implicitly here
// CHECK-NOTES-ALL: :89:7: note: used as a condition here ('explicit' keeps this use)

// The library profile's latent ones, saying why.
// CHECK-NOTES-LATENT: :31:18: warning: constructor 'gnn::Level::Level(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :31:18: note: every overload taking 'gnn::Level' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-LATENT: :67:18: note: used implicitly here; without it, this call would resolve to 'gnn::log(const char *, ...)'
// CHECK-NOTES-LATENT: :73:7: note: used implicitly here; without it, this call would resolve to 'gnn::put(Box, long)'
// CHECK-NOTES-LATENT: :70:13: note: used implicitly here
// CHECK-NOTES-LATENT: :40:3: warning: constructor 'gnn::Box::Box(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :40:3: note: every overload taking 'gnn::Box' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-LATENT: :73:3: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::put(Level, int)'
// CHECK-NOTES-LATENT: :40:3: note: latent: the calls where it is viable resolve elsewhere with or without it (shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :47:3: warning: constructor 'gnn::Meters::Meters(double)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :47:3: note: every overload taking 'gnn::Meters' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES-LATENT: :59:26: note: used implicitly here
// CHECK-NOTES-LATENT: :74:14: note: used implicitly here
// CHECK-NOTES-LATENT: :75:10: note: used implicitly here
// CHECK-NOTES-LATENT: :47:3: note: latent: nothing else could take its uses here, so they are its own (counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :55:3: warning: conversion operator 'gnn::Reading::operator float' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :55:3: note: every overload taking 'float' now also accepts 'gnn::Reading' (an arithmetic type)
// CHECK-NOTES-LATENT: :76:8: note: used implicitly here; without it, this use would convert through 'gnn::Reading::operator double'
// CHECK-NOTES-LATENT: :55:3: note: latent: without it, its uses here would not compile or would convert through another conversion (noted at each; counted in dispatch-scan's impact; shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :56:3: warning: conversion operator 'gnn::Reading::operator double' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :56:3: note: every overload taking 'double' now also accepts 'gnn::Reading' (an arithmetic type)
// CHECK-NOTES-LATENT: :56:3: note: latent: no effect in this translation unit (shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :63:3: warning: conversion operator 'gnn::Ready::operator bool' {{.*}}
// CHECK-NOTES-LATENT: :63:3: note: every overload taking 'bool' now also accepts 'gnn::Ready'
// CHECK-NOTES-LATENT: :78:7: note: used as a condition here ('explicit' keeps this use)
// CHECK-NOTES-LATENT: :63:3: note: latent: its uses here are conditions, which 'explicit' keeps (shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :85:3: warning: conversion operator 'gnn::Armed::operator bool' {{.*}}
// CHECK-NOTES-LATENT: :85:3: note: every overload taking 'bool' now also accepts 'gnn::Armed'
// CHECK-NOTES-LATENT: :88:12: note: used implicitly here
// CHECK-NOTES-LATENT: :89:7: note: used as a condition here ('explicit' keeps this use)

// What clang resolves the taken calls to, with Level(int) and made explicit:
// WITH: 67: gnn::log(const char *, Level) (line 35)
// WITH: 68: gnn::log(const char *, ...) (line 34)
// WITH: 73: gnn::put(Level, int) (line 43)
// WITHOUT: 67: gnn::log(const char *, ...) (line 34)
// WITHOUT: 68: gnn::log(const char *, ...) (line 34)
// WITHOUT: 73: gnn::put(Box, long) (line 42)
