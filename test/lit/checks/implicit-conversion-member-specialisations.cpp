// An explicit specialisation of a member template (`template <> S::S(int)`,
// `template <> C::operator int()`) gives the template a body for some
// arguments; the template is the declaration that widens, and its finding
// has the uses. The specialisation is not reported, not even as latent,
// though its uses are the template's.
// RUN: %check_dispatch_tidy %s dispatch-implicit-conversion %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-implicit-conversion %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17

namespace gnn {
struct Scalar {
  template <class T> operator T() const { return T(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: conversion operator 'gnn::Scalar::operator T' makes 'gnn::Scalar' implicitly convertible to any type [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  template <class T> explicit operator T() const { return T(); }
};
template <> Scalar::operator int() const { return 1; }
template <> Scalar::operator float() const { return 2; }

struct Weight {
  template <class T> Weight(const T *) {}
  // CHECK-MESSAGES-LATENT: :[[@LINE-1]]:22: warning: constructor 'gnn::Weight::Weight(const T *)' makes any pointer to const implicitly convertible to 'gnn::Weight' [templated] [dispatch-implicit-conversion]
  // CHECK-FIXES-LATENT: {{^}}  template <class T> explicit Weight(const T *) {}
};
template <> Weight::Weight(const int *) {}

void take(Weight) {}

int use(const Scalar &s) {
  int i = s;
  // CHECK-FIXES: {{^}}  int i = static_cast<int>(s);
  long l = s;
  // CHECK-FIXES: {{^}}  long l = static_cast<long>(s);
  take(Weight(&i));
  return i + int(l);
}
} // namespace gnn
