// A header of the project: the template lives here, not in the main file.
#pragma once
namespace gnn {
struct Graph {};
struct GNNGraph : Graph {};
inline int norm(const Graph &) { return 0; }
template <class T> int norm(const T &) { return 1; }
} // namespace gnn
