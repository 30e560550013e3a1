// RUN: %check_dispatch_tidy %s dispatch-hijacked-call %t -- -std=c++17 -isystem %inputs/system
//
// A call that goes to one template for any type instead of another is not a
// hijack: what it would resolve to must be a specific overload.

#include <fake_std.h>

namespace nn {
struct tensor {};

// The more specialised `fit` forwards to the generic one; a defaulted
// dependent parameter (`= std::vector<U>()`) is not a constraint.
struct network {
  template <class Opt, class T, class U>
  bool fit(Opt &, const std::vector<T> &in, const std::vector<U> &out,
           const std::vector<U> &cost = std::vector<U>()) { return in.size() == out.size(); }
  template <class Opt> // counterfactual: expected-unreported (the fallback is the generic fit template)
  bool fit(Opt &o, const std::vector<tensor> &in, const std::vector<tensor> &out) {
    return fit<Opt, tensor, tensor>(o, in, out);
  }
};

// A member template whose parameter names the class's own type: in the class
// template it looks like a `typename X::type` constraint, in the
// specialisation it is a concrete type, and the constructor is as generic as
// the other one.
template <class X> struct shape_of { using type = X; };
template <class CT, class X> struct broadcast_view {
  using shape_type = typename shape_of<X>::type;
  template <class CTA, class S> broadcast_view(CTA &&, const S &) {} // counterfactual: expected-unreported (the fallback is the other constructor template)
  template <class CTA> broadcast_view(CTA &&, shape_type &&) {}
};
struct shape { shape(const std::vector<int> &) {} };

// A specific overload: a hijack (control).
struct layer {};
void add(const layer &) {}
template <class L> void add(L &&) {}
} // namespace nn

int main() {
  nn::network net;
  int opt = 0;
  std::vector<nn::tensor> a, b;
  bool ok = net.fit(opt, a, b);
  std::vector<int> dims;
  nn::broadcast_view<int, nn::shape> v(1, dims);
  nn::layer l;
  nn::add(l);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: call to 'add' resolves to the unconstrained template 'nn::add(L &&)' although a more specific overload is viable [dispatch-hijacked-call]
  // CHECK-NOTES: :38:25: note: the template the call resolves to
  // CHECK-NOTES: :37:6: note: without the template, the call would resolve to 'nn::add(const layer &)'
  return ok ? 0 : 1;
}
