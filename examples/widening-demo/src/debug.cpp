#include <ostream>
#include <vector>

// Debug printing for a standard container at global scope: type piracy.
std::ostream &operator<<(std::ostream &os, const std::vector<float> &v) {
  for (float x : v)
    os << x << ' ';
  return os;
}
