#include <ostream>
#include <vector>

// Debug printing for a standard container at global scope: type piracy.
std::ostream &operator<<(std::ostream &os, const std::vector<float> &v) {
  for (float x : v)
    os << x << ' ';
  return os;
}

// The debug helper that uses it.
void dump_losses(std::ostream &os, const std::vector<float> &losses) { os << losses << '\n'; }
