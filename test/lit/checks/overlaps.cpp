// When two checks could report one declaration, the registry says who does
// (docs/checks/README.md): with dispatch-greedy-constructor enabled, a greedy
// converting constructor is its finding; with only dispatch-implicit-conversion
// enabled, the user is still told.
// RUN: %check_dispatch_tidy --check-suffix=ALONE %s dispatch-implicit-conversion %t-alone -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=BOTH %s dispatch-implicit-conversion,dispatch-greedy-constructor %t-both -- -std=c++17

namespace gnn {
struct Tensor {
  Tensor() = default;
  template <class U> Tensor(U &&) {}
  // CHECK-MESSAGES-ALONE: :[[@LINE-1]]:22: warning: constructor 'gnn::Tensor::Tensor(U &&)' makes any type implicitly convertible to 'gnn::Tensor' [templated] [dispatch-implicit-conversion]
  // CHECK-MESSAGES-BOTH: :[[@LINE-2]]:22: warning: unconstrained forwarding-reference constructor template 'gnn::Tensor::Tensor(U &&)' {{.*}} [dispatch-greedy-constructor]
  // CHECK-FIXES-ALONE: {{^}}  template <class U> explicit Tensor(U &&) {}
  // CHECK-FIXES-BOTH: {{^}}  template <class U, {{.*}}enable_if{{.*}}> explicit Tensor(U &&) {}
};
void take(Tensor);
void feed() { take(1); }
// CHECK-FIXES-ALONE: {{^}}void feed() { take(Tensor(1)); }
// CHECK-FIXES-BOTH: {{^}}void feed() { take(Tensor(1)); }
} // namespace gnn
