// A call in an unevaluated operand runs nothing: the detection idiom's
// template beating its `(...)` fallback inside `decltype` is the trait's
// answer (networkit's StringBuilder), latent; the same overload set called
// for real is a hijack.
// RUN: %check_dispatch_tidy --check-suffix=DEFAULT %s dispatch-hijacked-call %t -- -std=c++17
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-hijacked-call %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17
// The claims are clang's: with the template deleted, each call goes to the
// fallback (dispatch-resolve).
// RUN: %dispatch_resolve %s -- -std=c++17 > %t.with.json
// RUN: %dispatch_resolve %s -- -std=c++17 -DNO_TEMPLATE > %t.without.json
// RUN: %python %inputs/greedy/callees.py use < %t.with.json | FileCheck %s --check-prefix=WITH
// RUN: %python %inputs/greedy/callees.py 'isCopyable<aux::Node>' < %t.with.json | FileCheck %s --check-prefix=WITH-PROBE
// RUN: %python %inputs/greedy/callees.py use < %t.without.json | FileCheck %s --check-prefix=WITHOUT
// RUN: %python %inputs/greedy/callees.py 'isCopyable<aux::Node>' < %t.without.json | FileCheck %s --check-prefix=WITHOUT-PROBE
#include <type_traits>
#include <utility>

namespace aux {
struct Probe {
  static std::false_type isCopyable(...);
#ifndef NO_TEMPLATE
  template <class T, class = decltype(T(std::declval<const T &>()))>
  static std::true_type isCopyable(const T &);
#endif
};
template <class T> constexpr bool isCopyable() {
  return decltype(Probe::isCopyable(std::declval<T>()))::value;
}

struct Node {};
bool use() {
  Node n;
  Probe::isCopyable(n);
  return isCopyable<Node>();
}
} // namespace aux

// CHECK-NOTES-DEFAULT: :34:3: warning: call to 'isCopyable' resolves to the unconstrained template 'aux::Probe::isCopyable(const T &)' although a more specific overload is viable [dispatch-hijacked-call]
// CHECK-NOTES-DEFAULT: :24:25: note: the template the call resolves to
// CHECK-NOTES-DEFAULT: :24:25: note: its constraints admit everyday foreign types (the ConstraintPanel option)
// CHECK-NOTES-DEFAULT: :21:26: note: without the template, the call would resolve to 'aux::Probe::isCopyable(...)'

// CHECK-NOTES-LATENT: :28:19: warning: call to 'isCopyable' resolves to the unconstrained template {{.*}} [dispatch-hijacked-call]
// CHECK-NOTES-LATENT: :24:25: note: the template the call resolves to
// CHECK-NOTES-LATENT: :24:25: note: its constraints admit everyday foreign types (the ConstraintPanel option)
// CHECK-NOTES-LATENT: :21:26: note: without the template, the call would resolve to 'aux::Probe::isCopyable(...)'
// CHECK-NOTES-LATENT: :28:19: note: latent: the call is in an unevaluated operand (a detection probe): nothing runs (shown by the ReportLatent option)
// CHECK-NOTES-LATENT: :34:3: warning: call to 'isCopyable' resolves to the unconstrained template {{.*}} [dispatch-hijacked-call]
// CHECK-NOTES-LATENT: :24:25: note: the template the call resolves to
// CHECK-NOTES-LATENT: :24:25: note: its constraints admit everyday foreign types (the ConstraintPanel option)
// CHECK-NOTES-LATENT: :21:26: note: without the template, the call would resolve to 'aux::Probe::isCopyable(...)'

// WITH: 34: aux::Probe::isCopyable<aux::Node, aux::Node>(const aux::Node &) (line 24)
// WITHOUT: 34: aux::Probe::isCopyable(...) (line 21)
// WITH-PROBE: 28: aux::Probe::isCopyable<aux::Node, aux::Node>(const aux::Node &) (line 24)
// WITHOUT-PROBE: 28: aux::Probe::isCopyable(...) (line 21)
