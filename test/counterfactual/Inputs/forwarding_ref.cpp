// `T &&` against `const Store &`: for a non-const lvalue the template binds
// without adding const and wins.
namespace io {
struct Store { int n = 0; };

int keep(const Store &s) { return s.n; }
template <class T> int keep(T &&) { return -1; }

int run() {
  Store s;
  const Store c;
  return keep(s)   // hijacked
         + keep(c); // not hijacked: T = const Store &, a tie the non-template wins
}
} // namespace io
