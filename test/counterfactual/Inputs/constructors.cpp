// Constructor templates against the copy constructor: for a derived argument
// and for a non-const lvalue.
namespace gnn {
struct Tensor {
  Tensor() = default;
  Tensor(const Tensor &) = default;
  template <class T> Tensor(const T &) {}
};
struct Features : Tensor {};

struct Buffer {
  Buffer() = default;
  Buffer(const Buffer &) = default;
  template <class T> Buffer(T &&) {}
};

void run() {
  Features f;
  Tensor t(f);       // hijacked: T = Features is exact, the copy needs derived-to-base
  Buffer a;
  Buffer b(a);       // hijacked: T && = Buffer & binds without adding const
  const Buffer c;
  Buffer d(c);       // not hijacked: a tie the copy constructor wins
  (void)t; (void)b; (void)d;
}
} // namespace gnn
