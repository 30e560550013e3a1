// A conversion that makes a candidate viable at a call another candidate
// wins: the widened candidate set that changed nothing yet (dispatch-scan's
// Viable-only column). Noted where the finding is shown, and no effect of its
// own: Box and operator double are latent, Meters is shown for its use.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-implicit-conversion %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
// The library profile says the same, and Meters' one use is its own.
// RUN: %check_dispatch_tidy --check-suffix=LATENT,LIBRARY %s dispatch-implicit-conversion %t-lib \
// RUN:   --config="{CheckOptions: {OwnUsesAreEffects: false, ReportLatent: true, dispatch-implicit-conversion.FixCallSites: false}}" -- -std=c++17
//
// "With or without it" is clang's answer: each call resolves to the same
// function with the conversions made explicit (dispatch-resolve); the one
// implicit use, measure(1.5), is left out there (it would not compile).
// RUN: %dispatch_resolve %s -- -std=c++17 | %python %inputs/greedy/callees.py calls | FileCheck %s --check-prefix=RESOLVED
// RUN: %dispatch_resolve %s -- -std=c++17 -DVIABLE_EXPLICIT=explicit -DVIABLE_EXPLICIT_USES | %python %inputs/greedy/callees.py calls | FileCheck %s --check-prefix=RESOLVED
//
// dispatch-scan counts the calls in the Viable-only column; they are no
// dependents (nothing changed): Meters' impact is its one use's function.
// RUN: rm -rf %t-scan && mkdir -p %t-scan
// RUN: %python -c "import json,sys; json.dump([{'directory': sys.argv[1], 'file': sys.argv[2], 'arguments': ['clang++', '-std=c++17', '-c', sys.argv[2]]}], open(sys.argv[1] + '/compile_commands.json', 'w'))" %t-scan %s
// RUN: %dispatch_scan collect -p %t-scan --root %S --no-progress -o %t-scan/facts.json
// RUN: %dispatch_scan report %t-scan/facts.json --latent | FileCheck %s --check-prefix=SCAN
#ifndef VIABLE_EXPLICIT
#define VIABLE_EXPLICIT
#endif

namespace gnn {

// put(1, 2): put(Box, long) is viable through Box(int); put(int, int), an
// exact match, wins.
struct Box {
  VIABLE_EXPLICIT Box(int) {}
};
void put(Box, long);
void put(int, int);

// A conversion function makes an overload taking double viable beside the
// exact one, and the built-in `double + int` beside the class's operator.
struct Weight {
  VIABLE_EXPLICIT operator double() const { return 1; }
};
void scale(double);
void scale(Weight);
int operator+(Weight, int);

// Used once (an effect by default), viable at show(3); direct-initialisation
// reaching the class's own copy constructor through it is no competition.
struct Meters {
  VIABLE_EXPLICIT Meters(double v) : v(v) {}
  double v;
};
void measure(Meters);
void show(Meters);
void show(int);

void calls(Weight w) {
  put(1, 2);
  scale(w);
  int sum = w + 1;
  Meters m(2.5);
  show(3);
#ifndef VIABLE_EXPLICIT_USES
  measure(1.5);
#endif
  (void)m;
  (void)sum;
}

} // namespace gnn

// A friend declared in its class and defined after a call is no candidate
// there (ordinary lookup cannot see the friend; ADL of (Out, char) does not
// look in Big): Big(unsigned) is viable at no call (dlib's bigint).
namespace io {
struct Out {};
Out &operator<<(Out &, char);
} // namespace io
namespace lib {
struct Big {
  VIABLE_EXPLICIT Big(unsigned) {}
  friend io::Out &operator<<(io::Out &, const Big &);
};
inline void save(const Big &b, io::Out &out) {
  out << ' ';
  out << b;
}
io::Out &operator<<(io::Out &out, const Big &) { return out; }
} // namespace lib

// CHECK-NOTES-DEFAULT: :51:19: warning: constructor 'gnn::Meters::Meters(double)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-DEFAULT: :51:19: note: every overload taking 'gnn::Meters' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES-DEFAULT: :65:11: note: used implicitly here
// CHECK-NOTES-DEFAULT: :63:3: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::show(int)'

// CHECK-NOTES-LATENT: :34:19: warning: constructor 'gnn::Box::Box(int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :34:19: note: every overload taking 'gnn::Box' now also accepts 'int' (an arithmetic type)
// CHECK-NOTES-LATENT: :59:3: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::put(int, int)'
// CHECK-NOTES-LATENT: :34:19: note: latent: the calls where it is viable resolve elsewhere with or without it (shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :42:19: warning: conversion operator 'gnn::Weight::operator double' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :42:19: note: every overload taking 'double' now also accepts 'gnn::Weight' (an arithmetic type)
// CHECK-NOTES-LATENT: :60:3: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::scale(Weight)'
// CHECK-NOTES-LATENT: :61:13: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::operator+(Weight, int)'
// CHECK-NOTES-LATENT: :42:19: note: latent: the calls where it is viable resolve elsewhere with or without it (shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :51:19: warning: constructor 'gnn::Meters::Meters(double)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :51:19: note: every overload taking 'gnn::Meters' now also accepts 'double' (an arithmetic type)
// CHECK-NOTES-LATENT: :65:11: note: used implicitly here
// CHECK-NOTES-LATENT: :63:3: note: a losing candidate is viable here through it; with or without it, this call would resolve to 'gnn::show(int)'
// CHECK-NOTES-LIBRARY: :51:19: note: latent: nothing else could take its uses here, so they are its own {{.*}}
// CHECK-NOTES-LATENT: :82:19: warning: constructor 'lib::Big::Big(unsigned int)' {{.*}} [dispatch-implicit-conversion]
// CHECK-NOTES-LATENT: :82:19: note: every overload taking 'lib::Big' now also accepts 'unsigned int' (an arithmetic type)
// CHECK-NOTES-LATENT: :82:19: note: latent: no effect in this translation unit (shown by the ReportLatent option)

// RESOLVED: 59: gnn::put(int, int) (line 37)
// RESOLVED: 60: gnn::scale(Weight) (line 45)
// RESOLVED: 61: gnn::operator+(Weight, int) (line 46)
// RESOLVED: 62: gnn::Meters::Meters(double) (line 51)
// RESOLVED: 63: gnn::show(int) (line 56)

// SCAN: │ implicit-conversion-viable-only.cpp:51 │ Meters │ 1 │ 0 │ 1 │ 1 │
// SCAN: │ implicit-conversion-viable-only.cpp:34 │ Box (latent) │ 0 │ 0 │ 1 │ 0 │
// SCAN: │ implicit-conversion-viable-only.cpp:42 │ operator double (latent) │ 0 │ 0 │ 2 │ 0 │
