// SEEDED (Optimisers.jl's broadcasted hook): an optimiser whose update goes
// through an unconstrained broadcast hook in its namespace.
#pragma once

#include "gnn/tensor.h"

#include <cstddef>
#include <type_traits>
#include <utility>

namespace gnn::optim {

/// The optimiser's hook: f applied to x when f takes it, element by element
/// through the library's gnn::broadcast otherwise.
template <class F, class X> auto broadcast(F &&f, X &&x) {
  if constexpr (std::is_invocable_v<F &, X>)
    return f(std::forward<X>(x));
  else
    return gnn::broadcast(f, x);
}

/// Plain gradient descent: w -= eta * g, element by element. The update of
/// the whole (non-const) weight tensor is a call gnn::broadcast(F, const
/// Tensor &) had, found by ADL; the hook's `X &&` binds `w` better, so the
/// hook takes it (and hands it back to gnn::broadcast).
struct Descent {
  float eta = 0.1f;
  void apply(Tensor &w, const Tensor &g) const {
    std::size_t k = 0; // broadcast visits column by column
    w = broadcast(
        [&](float v) {
          float step = eta * g.at(k % g.rows(), k / g.rows());
          ++k;
          return v - step;
        },
        w);
  }
};

} // namespace gnn::optim
