// The overload the template beats is viable only through a user-defined
// conversion (const char[4] -> std::string).
#include <string>
namespace ui {
int label(const std::string &s) { return int(s.size()); }
template <class T> int label(T &&) { return -1; }

int run() {
  const std::string name = "sage";
  return label("gcn")  // hijacked
         + label(name); // not hijacked: a tie the non-template wins
}
} // namespace ui
