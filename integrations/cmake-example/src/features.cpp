#include <vector>

// A node-feature block that any float vector silently converts into: every
// overload set taking a Features now competes for std::vector<float>.
struct Features {
  Features(std::vector<float> values) : values(std::move(values)) {}
  std::vector<float> values;
};

float sum(const Features &f) {
  float s = 0;
  for (float v : f.values)
    s += v;
  return s;
}

float total(const std::vector<float> &v) { return sum(v); }
