// SEEDED: lazy broadcast expressions.
//  - NNlibCUDA's materialize(::Broadcasted{..., typeof(relu)}): an expression
//    that converts to a Tensor implicitly, materialising on conversion;
//  - FillArrays' broadcasted(::DefaultArrayStyle, op, ::AbstractFill): an
//    unconstrained operator over a lazily filled tensor and anything.
#pragma once

#include "gnn/backend.h"
#include "gnn/tensor.h"

#include <type_traits>

namespace gnn {

struct ReluExpr {
  const Tensor *x;
  operator Tensor() const {
    Tensor y = *x;
    bias_activation(y, nullptr, Activation::Relu);
    return y;
  }
};
inline ReluExpr lazy_relu(const Tensor &x) { return ReluExpr{&x}; }

/// A rows × cols tensor whose every entry is `value`, never stored. A scalar
/// is a 1 × 1 fill, so the operator below takes `scalar + anything` too.
struct Fill {
  Fill(float value, std::size_t rows = 1, std::size_t cols = 1)
      : value(value), rows(rows), cols(cols) {}
  float value;
  std::size_t rows, cols;
};
/// A fill added to a tensor: every entry shifted by the fill's value.
inline Tensor operator+(const Fill &f, const Tensor &x) {
  return broadcast([v = f.value](float e) { return e + v; }, x);
}
/// ... and to anything else. For a tensor's derived class (`NodeFeatures`)
/// the template's exact match beats the overload above.
template <class B> auto operator+(const Fill &f, const B &b) {
  if constexpr (std::is_arithmetic_v<B>)
    return b + f.value;
  else
    return broadcast([v = f.value](float e) { return e + v; }, b);
}

} // namespace gnn
