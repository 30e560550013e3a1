#pragma once
#include "mini/tensor.h"

namespace mini {

struct Layer {
  float weight = 1;
  float forward(const Tensor &x) const;
  float average(const Tensor &x) const;
};

} // namespace mini
