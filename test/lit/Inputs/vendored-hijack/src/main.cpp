#include "../third_party/mat/mat.h"

namespace gnn {
struct Expr : mat::Base<Expr> {};
struct Graph {};
struct GNNGraph : Graph {};
void show(const Graph &) {}
using mat::show;
} // namespace gnn

int main() {
  // The library's catch-all takes the construction from the library's own
  // Matrix(const Base<D> &): its design, nothing the project could change.
  mat::Matrix m(gnn::Expr{});
  // The library's template takes the call from the project's own overload.
  gnn::show(gnn::GNNGraph{});
  (void)m;
}
