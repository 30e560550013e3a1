#pragma once
// Called with a lambda from each TU: two specialisations of internal
// linkage (a closure type has none), never merged by the linker.
template <class F> inline void parallel_for(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}
// Each TU has its own copy of a function of internal linkage: what it calls
// may differ without an ODR violation.
static inline int pick_local() { return choose(1); }
namespace {
inline int pick_anonymous() { return choose(2); }
} // namespace
// One definition for the program: a different `choose` here is a divergence.
inline int pick_shared() { return choose(3); }
