// SEEDED (the broadcasted hooks of BangBang, FLoops and Transducers): the
// trainer's own unconstrained broadcast hook.
#pragma once

#include "gnn/tensor.h"

#include <type_traits>
#include <utility>

namespace gnn::train {

/// The trainer's hook, as the optimiser's: f applied to x, element by
/// element through gnn::broadcast when f takes only elements.
template <class F, class X> auto broadcast(F &&f, X &&x) {
  if constexpr (std::is_invocable_v<F &, X>)
    return f(std::forward<X>(x));
  else
    return gnn::broadcast(f, x);
}

/// Mean of a loss over a batch, through the hook.
template <class Losses> float mean_loss(const Losses &losses) {
  float sum = 0.0f;
  for (float l : losses)
    sum += broadcast([](float v) { return v; }, l);
  return losses.empty() ? 0.0f : sum / static_cast<float>(losses.size());
}

/// Per-graph losses weighted in place: the hook takes this call from
/// gnn::broadcast(F, const Tensor &) (a non-const tensor binds better to
/// `X &&`).
inline void weight_losses(Tensor &losses, float weight) {
  losses = broadcast([weight](float v) { return v * weight; }, losses);
}

} // namespace gnn::train
