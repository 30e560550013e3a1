// counterfactual-flags: -std=c++20
// `r < 3` considers operator< and the rewritten (r <=> 3) < 0: a `<=>`
// template with an exact match beats operator<(const Rank &, long).
#include <compare>
namespace gnn {
struct Rank { int v; };

bool operator<(const Rank &r, long b) { return r.v < b; }
template <class T> std::strong_ordering operator<=>(const Rank &, const T &) {
  return std::strong_ordering::less;
}

bool run(Rank r) { return r < 3; } // hijacked, via the rewritten (r <=> 3) < 0
} // namespace gnn
