// RUN: %check_dispatch_tidy %s dispatch-unconstrained-operator %t -- -std=c++17
//
// A template with an ordinary name is reported when it competes. A generic
// fallback that loses to the specific overloads declared beside it in its own
// namespace is that family's design (xtensor's detail::check_resize_dimension,
// linear_begin); it competes when it beats one of them, or when a candidate
// from another namespace is viable beside it.

namespace lib {
struct Scalar {};
struct Array {};
} // namespace lib

namespace gnn {
struct Tensor {};

namespace detail {
// Generic fallback + specific overload, called qualified: the specific one
// wins wherever it applies. Quiet.
template <class S, class T> bool same_rank(const S &, const T &) { return false; }
// counterfactual: expected-unreported (without it the call goes to the generic fallback, no specific overload)
template <class T> bool same_rank(const Tensor &, const T &) { return true; }
} // namespace detail

// A const/non-const pair plus an overload for one pattern: quiet, every call
// goes to the most specific member of the family.
template <class C> int first(C &) { return 0; }       // counterfactual: expected-unreported (the fallback is the const sibling)
template <class C> int first(const C &) { return 1; } // counterfactual: expected-unreported (the fallback is the non-const sibling)
template <class T> struct Box {};
// counterfactual: expected-unreported (the fallback is the generic first(C &))
template <class T> int first(Box<T> &) { return 2; }

// A non-template beside it that wins: quiet as well.
template <class T> int rank_of(const T &) { return 0; }
int rank_of(const Tensor &) { return 2; }

// Positive: the template beats the specific overload of its own namespace
// (a non-const lvalue binds T & better than const Tensor &).
template <class T> int width(T &) { return 0; }
// CHECK-NOTES: :[[@LINE-1]]:24: warning: unconstrained template 'gnn::width(T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:24: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :[[@LINE+5]]:{{[0-9]+}}: note: this call resolves to the template (with T = gnn::Tensor)
// CHECK-NOTES: :[[@LINE+3]]:5: note: without the template, the call would resolve to 'gnn::width(const Tensor &)'

// counterfactual: expected-unreported (the declaration below is the fallback, not a template)
int width(const Tensor &) { return 1; }
int use_width(Tensor &t) { return width(t); }

// Positive: a candidate of another namespace (found by ADL) is viable beside
// the template, which reaches into lib's overload set.
template <class T> int norm(const T &) { return 0; }
// CHECK-NOTES: :[[@LINE-1]]:24: warning: unconstrained template 'gnn::norm(const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:24: note: viable at 1 call in this translation unit and chosen at 0

void use() {
  Tensor t;
  const Tensor ct;
  int i = 0;
  detail::same_rank(t, 1);
  detail::same_rank(i, 1);
  Box<int> b;
  lib::Array a;
  first(b);
  first(a);
  first(ct);
  rank_of(ct);
  rank_of(1);
}
} // namespace gnn

namespace lib {
int norm(const Scalar &);
}

namespace gnn {
int use_norm(const lib::Scalar &s) { return norm(s); }
} // namespace gnn

// A generic fallback that only exists to fail (`static_assert`) and whose
// return type names `typename std::decay_t<E>::value_type` (a SFINAE shape
// every container passes) is another template for any type: the immediate
// implementation beating it competes with nothing (xtensor's
// detail::accumulator_impl). Quiet.
#include <string>
#include <type_traits>
#include <vector>
namespace gnn {
// The everyday types the constraint is judged against (ConstraintPanel).
std::vector<int> sizes;
std::string name;
struct Immediate {};
struct Values {
  using value_type = double;
};
namespace detail {
template <class F, class E, class S>
typename std::decay_t<E>::value_type accumulate_impl(F &&, E &&, S) {
  static_assert(sizeof(S) == 0, "lazy accumulation is not implemented");
}
// counterfactual: expected-unreported (without it the call goes to the static_assert fallback, no specific overload)
template <class F, class E> auto accumulate_impl(F &&f, E &&e, Immediate) { return f(e); }
} // namespace detail
double sum_all(Values &v) {
  return detail::accumulate_impl([](Values &) { return 0.0; }, v, Immediate{});
}
} // namespace gnn
