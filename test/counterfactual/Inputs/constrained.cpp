// counterfactual-flags: -std=c++20
// Constrained templates that still win: the checks leave constrained
// templates alone by design, so their hijacks are expected to go unreported.
#include <concepts>
#include <type_traits>
namespace gnn {
int bucket(double) { return 0; }
// counterfactual: expected-unreported (constrained with requires; dispatch-hijacked-call skips constrained templates)
template <class T> requires std::integral<T> int bucket(T) { return 1; }

int shard(double) { return 0; }
template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0> int shard(T) { return 1; } // counterfactual: expected-unreported (constrained with enable_if)

int run() { return bucket(3) + shard(4); } // both hijacked by a constrained template
} // namespace gnn
