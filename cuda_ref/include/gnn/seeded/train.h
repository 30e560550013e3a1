// SEEDED (the broadcasted hooks of BangBang, FLoops and Transducers): the
// trainer's own unconstrained broadcast hook.
#pragma once

#include <utility>

namespace gnn::train {

template <class F, class X> auto broadcast(F &&f, X &&x) { return f(std::forward<X>(x)); }

/// Mean of a loss over a batch, through the hook.
template <class Losses> float mean_loss(const Losses &losses) {
  float sum = 0.0f;
  for (float l : losses)
    sum += broadcast([](float v) { return v; }, l);
  return losses.empty() ? 0.0f : sum / static_cast<float>(losses.size());
}

} // namespace gnn::train
