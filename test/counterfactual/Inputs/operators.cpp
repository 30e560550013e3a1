// Operator templates: a member `operator*` and a non-member `operator<<`.
// In `log << g << 1` both calls start at `log`; only the operator tells
// them apart.
namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};
struct Log {};
struct Tensor {
  Tensor operator*(double) const { return *this; }
  template <class T> Tensor operator*(T) const { return *this; }
};

Log &operator<<(Log &l, const Graph &) { return l; }
template <class T> Log &operator<<(Log &l, const T &) { return l; }

void run(Log &log, Tensor t) {
  t = t * 2;             // hijacked: int -> double
  GNNGraph g;
  log << g << 1;         // `log << g` hijacked (derived-to-base); `<< 1` has no other candidate
  log << Graph{};        // not hijacked
}
} // namespace gnn
