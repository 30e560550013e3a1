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

/// Scaling by a weight, the overload broadcast's callers had first: the
/// template takes `broadcast(Scale{w}, x)` from it (an rvalue binds better
/// to `F &&` than to `const Scale &`).
struct Scale {
  float k;
  float operator()(float v) const { return v * k; }
};
inline float broadcast(const Scale &s, float x) { return s(x); }

} // namespace mini
