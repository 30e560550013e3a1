// The overload the template beats is found only by argument-dependent lookup,
// in another namespace.
namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};
int save(const Graph &) { return 1; }
} // namespace gnn

namespace io {
template <class T> int save(const T &) { return 2; }
int run() { return save(gnn::GNNGraph{}); } // hijacked; ADL finds gnn::save
} // namespace io
