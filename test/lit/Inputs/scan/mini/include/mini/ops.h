#pragma once
#include "mini/tensor.h"

namespace mini {

inline float total(const std::vector<float> &v) {
  float s = 0;
  for (float x : v)
    s += x;
  return s;
}

inline float tensor_total(const Tensor &t) { return total(t); }

template <class T> float mean_of(const T &x) {
  std::vector<float> v = x;
  return v.empty() ? 0.0f : total(v) / float(v.size());
}

template <class F, class X> auto broadcast(F &&f, X &&x) { return f(x); }

} // namespace mini
