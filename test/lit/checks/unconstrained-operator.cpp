// RUN: %check_dispatch_tidy %s dispatch-unconstrained-operator %t -- -std=c++20 -isystem %inputs/system

#include <fake_std.h>

namespace gnn {
struct Tensor {};
struct Fill {};

template <class A, class B> auto operator+(const A &a, const B &) { return a; }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::operator+(const A &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:34: note: viable at 3 calls in this translation unit and chosen at 2
// CHECK-NOTES: :33:12: note: this call resolves to the template (with A = gnn::Tensor, B = gnn::Tensor)
// CHECK-NOTES: :33:12: note: without the template, the call would have no viable function
// CHECK-NOTES: :34:12: note: this call resolves to the template (with A = gnn::Tensor, B = int)
// CHECK-NOTES: :34:12: note: without the template, the call would have no viable function

Fill operator+(const Fill &a, const Fill &) { return a; }

template <class F, class X> auto broadcast(F &&f, X &&x) { return f(x); }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::broadcast(F &&, X &&)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:34: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :37:3: note: this call resolves to the template (with F = (lambda at {{.*}}), X = int)
// CHECK-NOTES: :37:3: note: without the template, the call would have no viable function

template <class T> std::ostream &operator<<(std::ostream &os, const T &) { return os; }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: unconstrained template 'gnn::operator<<(std::ostream &, const T &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:34: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :38:3: note: this call resolves to the template (with T = gnn::Tensor)
// CHECK-NOTES: :38:3: note: without the template, the call would have no viable function

void run(std::ostream &os) {
  Tensor a, b;
  auto c = a + b;         // wins
  auto d = a + 1;         // wins
  Fill f, g;
  auto h = f + g;         // viable, loses to the exact non-template
  broadcast([](int x) { return x; }, 3);
  os << a;                // wins through ADL on Tensor
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
// CHECK-NOTES: :86:3: note: this call resolves to the template (with T = int)
// CHECK-NOTES: :60:7: note: without the template, the call would resolve to 'gnn::clamp01(float)'
template <class T> void swap(T &, T &) {} // no call in this file: latent, quiet (latent.cpp)
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
// CHECK-NOTES: :90:{{[0-9]+}}: note: this call resolves to the template (with A = gnn::Tensor, B = int)
// CHECK-NOTES: :90:{{[0-9]+}}: note: without the template, the call would {{.*}}
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
