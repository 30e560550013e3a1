// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17 -isystem %inputs/system

// Tricky cases: the warning stays, but no fix is offered when a use cannot be
// rewritten safely (macro, template instantiation), and nothing is reported
// for code the project does not own or for conditional explicit.
#include <fake_std.h>
#include <fake_lib.h>

struct Id {
  Id(long v) : v(v) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Id::Id(long)' makes 'long' implicitly convertible to 'Id' [ubiquitous] [dispatch-implicit-conversion]
  long v;
};
void take(Id);
#define TAKE(x) take(x)
void f() {
  TAKE(3);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: note: no automatic fix: this use is in a macro expansion
}

struct Weight {
  Weight(float w) : w(w) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Weight::Weight(float)' {{.*}} [dispatch-implicit-conversion]
  float w;
};
void scale(Weight);
template <class T> void apply(T x) { scale(x); }
// CHECK-MESSAGES: :[[@LINE-1]]:44: note: no automatic fix: this use is in a template instantiation
void g() {
  apply(1.0f); // both calls share one instantiation: one site
  apply(2.0f);
}

// Conditional explicit is the author's decision; not reported.
template <bool B> struct Maybe {
  explicit(B) Maybe(int) {}
};

// A library type's implicit conversion is not ours to fix.
void h() { lib::Handle h = 3; (void)h; }

// NOLINT works as in any clang-tidy check.
struct Quiet {
  Quiet(int) {} // NOLINT(dispatch-implicit-conversion)
};

// The safe-bool idiom (dlib's bound_function_pointer): the target type is
// private, so no use can spell `static_cast<safe_bool>(x)`, and an explicit
// operator safe_bool would no longer serve `if (x)`: no fix.
class Callback {
  typedef void (Callback::*safe_bool)() const;
  void safe_bool_true() const {}

public:
  operator safe_bool() const { return set ? &Callback::safe_bool_true : nullptr; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'Callback::operator safe_bool' makes 'Callback' implicitly convertible to 'Callback::safe_bool' [ordinary] [dispatch-implicit-conversion]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: no automatic fix: 'safe_bool' is not accessible outside the class; the explicit form is 'explicit operator bool'
  bool set = false;
};
// A condition is what `explicit operator bool` keeps (no effect); a bool
// initialised from it is a use.
int fire(const Callback &c) {
  bool armed = c;
  return c && armed ? 1 : 0;
}
