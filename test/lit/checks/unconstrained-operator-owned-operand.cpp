// RUN: %check_dispatch_tidy %s dispatch-unconstrained-operator %t -- -std=c++17 -isystem %inputs/system
// RUN: %check_dispatch_tidy --check-suffix=LATENT %s dispatch-unconstrained-operator %t-latent \
// RUN:   --config="{CheckOptions: {ReportLatent: true}}" -- -std=c++17 -isystem %inputs/system
//
// An operator template one of whose parameters is a concrete project class
// is viable only when that class is an operand: reported like any other name,
// when it competes with a specific overload (never latent), unless other
// types convert to that class: then it is an operator like any other, always
// a finding, latent where it takes no call from another candidate.

#include <fake_std.h>

namespace nn {
struct layer { virtual ~layer() = default; };
struct dense : layer {};

// The builder's only `<<`: it wins every call with no alternative. Silent.
struct sequential { int n = 0; };
template <class L> sequential &operator<<(sequential &s, L &&) { ++s.n; return s; }

// Tied through a pointer parameter of a class template specialisation; silent.
template <class P> struct layer_tuple { P first; };
template <class T> T &operator<<(const layer_tuple<layer *> &, T &rhs) { return rhs; }

// Tied to `graph`, but a specific overload exists: `g << d` with a non-const
// lvalue `dense` goes to the template (exact `T&&` beats derived-to-base).
struct graph { int n = 0; };
graph &operator<<(graph &g, const layer &) { ++g.n; return g; }
template <class L> graph &operator<<(graph &g, L &&) { g.n += 10; return g; }
// CHECK-NOTES: :[[@LINE-1]]:27: warning: unconstrained template 'nn::operator<<(graph &, L &&)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES: :[[@LINE-2]]:27: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES: :53:3: note: this call resolves to the template (with L = nn::dense &)
// CHECK-NOTES: :[[@LINE-5]]:8: note: without the template, the call would resolve to 'nn::operator<<(graph &, const layer &)'

// A scalar converts to a fill, so `1.0f + anything` reaches the template.
struct fill {
  fill(float v) : v(v) {}
  float v;
};
template <class B> float operator+(const fill &f, const B &) { return f.v; }
// CHECK-NOTES-LATENT: :[[@LINE-1]]:26: warning: unconstrained template 'nn::operator+(const fill &, const B &)' accepts arguments of any type [dispatch-unconstrained-operator]
// CHECK-NOTES-LATENT: :[[@LINE-2]]:26: note: viable at 1 call in this translation unit and chosen at 1
// CHECK-NOTES-LATENT: :54:13: note: this call resolves to the template (with B = nn::dense)
// CHECK-NOTES-LATENT: :54:13: note: without the template, the call would have no viable function
// CHECK-NOTES-LATENT: :[[@LINE-5]]:26: note: latent: no other candidate is viable at the calls it wins here, so nothing resolves differently because of it (shown by the ReportLatent option)
} // namespace nn

int main() {
  nn::sequential net;
  net << nn::dense() << nn::dense();
  nn::dense d;
  nn::graph g;
  g << d;
  float s = 1.0f + d;
  nn::layer_tuple<nn::layer *> t{&d};
  t << d;
  return net.n + g.n + static_cast<int>(s);
}
