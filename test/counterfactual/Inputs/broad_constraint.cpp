// counterfactual-flags: -std=c++20
// Constraints that everyday foreign types pass constrain nothing: the
// templates below are judged unconstrained, and their hijacks reported.
#include <type_traits>
namespace gnn {
struct Store { int n = 0; };
int keep(const Store &s) { return s.n; }
template <class T> requires std::is_copy_constructible_v<std::remove_cvref_t<T>>
int keep(T &&) { return -1; }

double scale(double x) { return x; }
template <class T> auto scale(T x) -> decltype(T(x)) { return x; }

int run() {
  Store s;
  return keep(s) + int(scale(2));   // both hijacked
}
} // namespace gnn
