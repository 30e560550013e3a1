// `T &&` against `const Store &`: for a non-const lvalue the template binds
// without adding const and wins; for an rvalue, binding an rvalue reference
// beats binding a const lvalue reference (no conversion involved at all).
namespace io {
struct Store { int n = 0; };

int keep(const Store &s) { return s.n; }
template <class T> int keep(T &&) { return -1; }

int run() {
  Store s;
  const Store c;
  return keep(s)         // hijacked
         + keep(c)        // not hijacked: T = const Store &, a tie the non-template wins
         + keep(Store{}); // hijacked: an rvalue binds to Store && before const Store &
}
} // namespace io
