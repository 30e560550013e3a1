// Every check honours NOLINT, NOLINTNEXTLINE and globs, as clang-tidy's own do:
// each declaration below would be reported without its comment.
// RUN: %check_dispatch_tidy %s 'dispatch-*' %t -- -std=c++20 -isystem %inputs/system
// With latent findings shown, so that suppression is tested whether or not a
// declaration has an effect in this file:
// RUN: %check_dispatch_tidy %s 'dispatch-*' %t-latent --config="{CheckOptions: {ReportLatent: true}}" \
// RUN:   -- -std=c++20 -isystem %inputs/system

#include <fake_std.h>

namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};

struct IndexKind {
  IndexKind(int bits) : bits(bits) {} // NOLINT(dispatch-implicit-conversion)
  int bits;
};
struct Tensor {
  Tensor(const Tensor &) = default;
  // NOLINTNEXTLINE(dispatch-greedy-constructor)
  template <class U> Tensor(U &&) {}
};
template <class A, class B> auto operator+(const A &a, const B &) { return a; } // NOLINT(dispatch-unconstrained-*)
Graph deepcopy(const Graph &g) { return g; }
template <class T> T deepcopy(const T &x) { return x; } // NOLINT
void use() {
  GNNGraph g;
  deepcopy(g); // NOLINT(dispatch-hijacked-call)
}
} // namespace gnn

// NOLINTBEGIN(dispatch-foreign-overload)
std::ostream &operator<<(std::ostream &os, const std::vector<float> &) { return os; }
// NOLINTEND(dispatch-foreign-overload)

// The same kind of declaration without a comment is still reported.
struct Loud {
  Loud(int) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: constructor 'Loud::Loud(int)' {{.*}} [dispatch-implicit-conversion]
  // CHECK-FIXES: {{^}}  explicit Loud(int) {}
};
void loud(Loud);
void shout() { loud(1); }
// CHECK-FIXES: {{^}}void shout() { loud(Loud(1)); }
