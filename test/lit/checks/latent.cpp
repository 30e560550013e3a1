// Effective findings by default: a declaration is reported in a TU that shows
// its effect (an implicit use, a call or construction it takes, a competing
// viable candidate); with no effect it is latent and reported only with the
// ReportLatent option, with a note that says so.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s 'dispatch-*' %t -- -std=c++17 -isystem %inputs/system
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s 'dispatch-*' %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17 -isystem %inputs/system
// RUN: %check_dispatch_tidy --check-suffix=ONE %s dispatch-unconstrained-operator %t-one \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17 -isystem %inputs/system

#include <fake_std.h>

namespace gnn {

// Used implicitly four times: the first three uses are notes, then a count.
struct Index {
  Index(int v) : v(v) {}
  // CHECK-NOTES-DEFAULT: :[[@LINE-1]]:3: warning: constructor 'gnn::Index::Index(int)' makes 'int' implicitly convertible to 'gnn::Index' [ubiquitous] [dispatch-implicit-conversion]
  // CHECK-NOTES-DEFAULT: :[[@LINE-2]]:3: note: every overload taking 'gnn::Index' now also accepts 'int' (an arithmetic type)
  // CHECK-NOTES-DEFAULT: :40:8: note: used implicitly here
  // CHECK-NOTES-DEFAULT: :41:8: note: used implicitly here
  // CHECK-NOTES-DEFAULT: :42:8: note: used implicitly here
  // CHECK-NOTES-DEFAULT: :[[@LINE-6]]:3: note: and 1 more in this translation unit
  // CHECK-MESSAGES-LATENT: :[[@LINE-7]]:3: warning: constructor 'gnn::Index::Index(int)' {{.*}} [dispatch-implicit-conversion]
  int v;
};

// Nothing in this file uses these: latent.
struct Weight {
  Weight(float) {}
  // CHECK-MESSAGES-LATENT: :[[@LINE-1]]:3: warning: constructor 'gnn::Weight::Weight(float)' {{.*}} [dispatch-implicit-conversion]
};
template <class A, class B> A operator*(const A &a, const B &) { return a; }
// CHECK-MESSAGES-LATENT: :[[@LINE-1]]:31: warning: unconstrained template 'gnn::operator*(const A &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-ONE: :[[@LINE-2]]:31: warning: unconstrained template 'gnn::operator*(const A &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-ONE: :[[@LINE-3]]:31: note: latent: no effect in this translation unit (shown by the ReportLatent option)

void take(Index);
void run() {
  take(1);
  take(2);
  take(3);
  take(4);
  // CHECK-FIXES-DEFAULT: {{^}}  take(Index(4));
  // CHECK-FIXES-LATENT: {{^}}  take(Index(4));
}

} // namespace gnn
