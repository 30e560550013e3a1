// counterfactual-flags: -std=c++20
// Outcomes clang words differently from "no viable function" or from the
// call the claim names (the held-out set's refutations, all the judge's):
// - one candidate left that does not take the argument: clang reports the
//   argument's conversion at the argument;
// - no candidate left: typo correction suggests a similar name elsewhere;
// - a comparison rewritten without the template (`e < 10` as
//   `(e <=> Epoch(10)) < 0`): the `<=>` overload resolution chose is the
//   call's counterpart, not the `< 0` after it.
#include <compare>

namespace gnn {
struct Tensor { float v = 0; };
struct Shape { int n = 0; };
inline Tensor broadcast(const Tensor &t, const Shape &) { return t; }
template <class T> Tensor broadcast(T &&value, const Shape &) { return Tensor{float(sizeof(value))}; }
Tensor expand(Tensor &t, const Shape &s) { return broadcast(t, s); } // hijacked: T&& binds better
float scalar(const Shape &s) { return broadcast(0.5f, s).v; }       // only candidate: own use
int convert(const Tensor &) { return 0; }
} // namespace gnn

namespace io {
template <class T> int convert(const T &) { return 1; }
int both(const gnn::Tensor &t) { return convert(t); } // gnn::convert wins, the template competes
int number() { return convert(3.5); }                 // without it: `convert` is undeclared here
} // namespace io

namespace ckpt {
struct Epoch {
  int n = 0;
  Epoch(int v) : n(v) {}
  auto operator<=>(const Epoch &) const = default;
};
} // namespace ckpt
namespace ckpt::compat {
template <class A, class B> bool operator<(const A &a, const B &b) { return a.n < static_cast<int>(b); }
} // namespace ckpt::compat
using namespace ckpt::compat;
bool stale(const ckpt::Epoch &e) { return e < 10; } // hijacked from Epoch's operator<=>
