// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17 -isystem %inputs/system
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t.full \
// RUN:   --config="{CheckOptions: {TraverseProjectCodeOnly: false, ReportLatent: true}}" -- -std=c++17 -isystem %inputs/system

// A conversion used implicitly only inside library code instantiated for the
// project's types: making it explicit would break the library code, so no fix
// is offered. The use is shown where the project made clang instantiate that
// code ("used implicitly in 'lib::Box::take', called here"), the line a
// maintainer can change. When clang-tidy runs only dispatch-* checks, the matchers skip
// system-header code that is not instantiated for project types (the default,
// first RUN line); the findings must be those of the full traversal (second).
// Latent findings are shown: the Tensor conversion's only use is in an
// unevaluated operand (latent), and it must still be found there.
#include <fake_generic.h>

struct Tensor {
  Tensor(int v) : v(v) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Tensor::Tensor(int)'{{.*}} [dispatch-implicit-conversion]
  // CHECK-MESSAGES: fake_generic.h:12:{{[0-9]+}}: note: used in an unevaluated operand here
  // CHECK-MESSAGES: fake_generic.h:12:{{[0-9]+}}: note: no automatic fix: this use is in an unevaluated operand
  // CHECK-FIXES: {{^}}  Tensor(int v) : v(v) {}
  int v;
};
constexpr bool NoThrow = lib::is_nothrow_convertible<int, Tensor>::value;

struct Scalar {
  operator float() const { return 1; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'Scalar::operator float'{{.*}} [dispatch-implicit-conversion]
  // CHECK-MESSAGES: :[[@LINE+4]]:42: note: used implicitly in 'lib::Box::take', called here
  // CHECK-MESSAGES: fake_generic.h:19:{{[0-9]+}}: note: no automatic fix: this use is in a system header
  // CHECK-FIXES: {{^}}  operator float() const { return 1; }
};
float boxed() { return lib::Box<float>{}.take(Scalar{}); }

struct Weight {
  operator float() const { return 2; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'Weight::operator float'{{.*}} [dispatch-implicit-conversion]
  // CHECK-MESSAGES: :[[@LINE+4]]:35: note: used implicitly in 'lib::Sink::put', called here
  // CHECK-MESSAGES: fake_generic.h:23:{{[0-9]+}}: note: no automatic fix: this use is in a system header
  // CHECK-FIXES: {{^}}  operator float() const { return 2; }
};
float sunk() { return lib::Sink{}.put(Weight{}); }

struct Score {
  operator float() const { return 3; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: conversion operator 'Score::operator float'{{.*}} [dispatch-implicit-conversion]
  // CHECK-MESSAGES: :[[@LINE+5]]:45: note: used implicitly in 'lib::Caller::call', called here
  // CHECK-MESSAGES: fake_generic.h:27:{{[0-9]+}}: note: no automatic fix: this use is in a system header
  // CHECK-FIXES: {{^}}  operator float() const { return 3; }
};
Score best() { return {}; }
float called() { return lib::Caller<&best>::call(); }

// Used in project code too: the project use is rewritten, none in a header.
struct Label {
  Label(const char *) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Label::Label(const char *)'{{.*}} [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit Label(const char *) {}
};
void tag(Label);
void tagged() { tag("x"); }
// CHECK-FIXES: {{^}}void tagged() { tag(Label("x")); }
