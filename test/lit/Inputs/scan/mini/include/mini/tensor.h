#pragma once
#include <vector>

namespace mini {

struct Tensor {
  std::vector<float> data;
  operator std::vector<float>() const { return data; }
};

#ifdef MINI_V2
struct Scalar {
  Scalar(double v) : value(v) {}
  double value;
};
inline double magnitude(Scalar s) { return s.value < 0 ? -s.value : s.value; }
#endif

} // namespace mini
