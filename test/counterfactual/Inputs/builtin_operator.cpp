// Operator templates that beat a built-in operator candidate: without them
// the call uses the built-in operator — through a conversion function
// (`Fill::operator float`), or after an enumeration's promotion.
namespace gnn {
struct Fill {
  Fill(float v) : value(v) {}
  operator float() const { return value; }
  float value;
};
template <class B> float operator+(const Fill &f, const B &b) { return b + f.value; }

enum Axis { Rows, Cols };
template <class A, class B> bool operator<(const A &, const B &) { return false; }
template <class T> T operator~(const T &t) { return t; }

struct Tensor {};

float run(Fill f, Axis a, Tensor t) {
  float x = f + 2.0f;    // hijacked: built-in float + float through operator float
  bool less = a < 1;     // hijacked: built-in int < int after promotion
  Axis same = ~a;        // hijacked: built-in ~int
  bool none = t < t;     // not hijacked: no other candidate
  return x + less + none + static_cast<int>(same);
}
} // namespace gnn
