// RUN: %check_dispatch_tidy %s dispatch-unconstrained-operator %t -- -std=c++20 -isystem %inputs/system
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-unconstrained-operator %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++20 -isystem %inputs/system

#include <fake_std.h>

namespace gnn {
struct Tensor {};
struct Fill {};

template <class A, class B> auto operator+(const A &a, const B &) { return a; }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::operator+(const A &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:34: note: viable at 3 calls in this translation unit and chosen at 2
// CHECK-NOTES: :42:12: note: this call resolves to the template (with A = gnn::Tensor, B = int)
// CHECK-NOTES: :20:8: note: without the template, the call would resolve to 'gnn::operator+(const Tensor &, double)'
// CHECK-NOTES: :41:12: note: this call resolves to the template (with A = gnn::Tensor, B = gnn::Tensor)
// CHECK-NOTES: :41:12: note: without the template, the call would have no viable function

Fill operator+(const Fill &a, const Fill &) { return a; }
Tensor operator+(const Tensor &a, double) { return a; }

template <class F, class X> auto broadcast(F &&f, X &&x) { return f(x); }
// CHECK-NOTES-LATENT: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::broadcast(F &&, X &&)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-LATENT: :[[@LINE-2]]:34: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES-LATENT: :45:3: note: this call resolves to the template (with F = (lambda at {{.*}}), X = int)
// CHECK-NOTES-LATENT: :45:3: note: without the template, the call would have no viable function
// CHECK-NOTES-LATENT: :[[@LINE-5]]:34: note: latent: no other candidate is viable at the calls it wins here, so nothing resolves differently because of it (shown by the ReportLatent option)

struct Features : Tensor {};
template <class T> std::ostream &operator<<(std::ostream &os, const T &) { return os; }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::operator<<(std::ostream &, const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:34: note: viable at 2 calls in this translation unit and chosen at 1
// CHECK-NOTES: :47:3: note: this call resolves to the template (with T = gnn::Features)
// CHECK-NOTES: :[[@LINE+1]]:15: note: without the template, the call would resolve to 'gnn::operator<<(std::ostream &, const Tensor &)'
std::ostream &operator<<(std::ostream &os, const Tensor &) { return os; }

// The calls it wins with no other viable candidate are its own use, not an
// invalidation: broadcast is latent here (shown by ReportLatent).
void run(std::ostream &os) {
  Tensor a, b;
  auto c = a + b;         // wins, nothing else viable: own use
  auto d = a + 1;         // wins; without it: operator+(const Tensor &, double)
  Fill f, g;
  auto h = f + g;         // viable, loses to the exact non-template beside it
  broadcast([](int x) { return x; }, 3);  // wins, nothing else viable
  Features x;
  os << x;                // wins; without it: operator<<(std::ostream &, const Tensor &)
  os << a;                // viable, loses to the non-template
}

// Negative: constrained, hidden friends, member operators, non-hook names,
// class-specific parameters.
template <class T> concept TensorLike = requires(T t) { t.data(); };
template <TensorLike A> auto operator*(const A &a, const A &) { return a; }
template <class A> requires TensorLike<A> auto operator-(const A &a, const A &) { return a; }
template <class T> struct Wrapper {
  template <class U> friend auto operator/(const Wrapper &w, const U &) { return w; }
  template <class U> auto operator%(const U &) const { return *this; }
};
template <class T> auto operator==(const Wrapper<T> &, const Wrapper<T> &) { return true; }
template <class T> auto helper(const T &t) { return t; }
// A pattern parameter ties the template to its family, even beside an
// any-type one (Element is deduced from the Quaternion).
template <class E> struct Quaternion {};
template <class E> Quaternion<E> operator*(Quaternion<E> q, E) { return q; }
template <class T, class U> bool operator==(const Wrapper<T> &, const U &) { return false; }

// Other names are reported when they compete with another viable candidate
// at a call; customisation points like operators.
float clamp01(float x) { return x; }
template <class T> T clamp01(T x) { return x; }
// CHECK-NOTES: :[[@LINE-1]]:22: warning: unconstrained template 'gnn::clamp01(T)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:22: note: viable at 2 calls in this translation unit and chosen at 1
// CHECK-NOTES: :99:3: note: this call resolves to the template (with T = int)
// CHECK-NOTES: :70:7: note: without the template, the call would resolve to 'gnn::clamp01(float)'
template <class T> void swap(T &, T &) {} // no call in this file: latent
// CHECK-NOTES-LATENT: :[[@LINE-1]]:25: warning: unconstrained template 'gnn::swap(T &, T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-LATENT: :[[@LINE-2]]:25: note: latent: no effect in this translation unit (shown by the ReportLatent option)
template <class T> T only_one(T x) { return x; } // no other candidate: quiet
// Variadic recursion: the only competitors are the template's own
// unconstrained siblings, which displace nothing: quiet.
// counterfactual: expected-unreported (the fallback is the unconstrained variadic sibling, no specific overload)
template <class A, class T> void arc(A &a, T &&x) { a += static_cast<int>(x); }
template <class A, class T, class... Ts> void arc(A &a, T &&x, Ts &&...xs) {
  arc(a, x);
  arc(a, xs...);
}
// A constraint everyday types pass constrains nothing.
template <class T> concept Copyable = requires(const T &a) { T(a); };
template <Copyable A, Copyable B> bool operator!=(const A &, const B &) { return true; }
// CHECK-NOTES: :[[@LINE-1]]:40: warning: unconstrained template 'gnn::operator!=(const A &, const B &)' {{.*}} [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:40: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :[[@LINE-3]]:40: note: its constraints admit everyday foreign types (the ConstraintPanel option)
// CHECK-NOTES: :103:13: note: this call resolves to the template (with A = gnn::Tensor, B = int)
// CHECK-NOTES: :[[@LINE+1]]:6: note: without the template, the call would resolve to 'gnn::operator!=(const Tensor &, long)'
bool operator!=(const Tensor &, long) { return false; }
void more() {
  clamp01(0.5f);        // viable, the exact non-template wins
  clamp01(1);           // wins; without it: clamp01(float)
  only_one(2);
  int sum = 0;
  arc(sum, 1, 2, 3);
  bool ne = Tensor{} != 1;
}
} // namespace gnn

// Somebody else's unconstrained operator is not ours to report.
#include <fake_ops.h>
