// SEEDED (Optimisers.jl's broadcasted hook): an optimiser whose update goes
// through an unconstrained broadcast hook in its namespace.
#pragma once

#include "gnn/tensor.h"

#include <utility>

namespace gnn::optim {

template <class F, class X> auto broadcast(F &&f, X &&x) { return f(std::forward<X>(x)); }

/// Plain gradient descent: w -= eta * g, element by element.
struct Descent {
  float eta = 0.1f;
  void apply(Tensor &w, const Tensor &g) const {
    for (std::size_t j = 0; j < w.cols(); ++j)
      for (std::size_t i = 0; i < w.rows(); ++i)
        w.at(i, j) = broadcast([&](float v) { return v - eta * g.at(i, j); }, w.at(i, j));
  }
};

} // namespace gnn::optim
