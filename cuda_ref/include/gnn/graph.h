// Graphs as GraphNeuralNetworks.jl's GNNGraph: a COO edge list (0-based
// sources and targets), compressed forms built on demand, and, for batched
// graphs, which graph each node belongs to.
#pragma once

#include "gnn/rng.h"

#include <optional>
#include <utility>
#include <vector>

namespace gnn {

/// Compressed adjacency: the neighbours of node v are
/// indices[offsets[v] .. offsets[v + 1]).
struct Compressed {
  std::vector<int> offsets;
  std::vector<int> indices;
};

#ifdef CUDA_REF_SEEDED
/// SEEDED (Graphs.jl's Pair(e::AbstractSimpleEdge)): an edge converts to a
/// std::pair implicitly.
struct Edge {
  int source, target;
  operator std::pair<int, int>() const { return {source, target}; }
};
#endif

class GNNGraph {
public:
  /// One graph with `num_nodes` nodes and edges source[k] -> target[k].
  GNNGraph(int num_nodes, std::vector<int> source, std::vector<int> target);
  /// A batch: graph_indicator[v] is the graph of node v (non-decreasing).
  GNNGraph(int num_nodes, std::vector<int> source, std::vector<int> target,
           std::vector<int> graph_indicator);

  int num_nodes() const { return num_nodes_; }
  int num_edges() const { return static_cast<int>(source_.size()); }
  int num_graphs() const { return num_graphs_; }
  const std::vector<int> &source() const { return source_; }
  const std::vector<int> &target() const { return target_; }
  const std::vector<int> &graph_indicator() const { return graph_indicator_; }
  /// First node of each graph, plus num_nodes at the end (size num_graphs + 1).
  std::vector<int> graph_node_offsets() const;

  /// Out-neighbours by source (CSR), and in-neighbours by target (CSC),
  /// computed on first use. Not thread-safe on first use.
  const Compressed &csr() const;
  const Compressed &csc() const;
  std::vector<int> in_degree() const;
#ifdef CUDA_REF_SEEDED
  Edge edge(int k) const { return Edge{source_[k], target_[k]}; }
#endif

private:
  int num_nodes_;
  std::vector<int> source_, target_, graph_indicator_;
  int num_graphs_ = 1;
  mutable std::optional<Compressed> csr_, csc_;
};

/// Erdős–Rényi G(n, m) as GraphNeuralNetworks.jl's rand_graph: no self-loops,
/// no multi-edges. Bidirected: m must be even; draws m/2 distinct unordered
/// pairs {s, t}, then both directions (sources [s; t], targets [t; s]).
/// Directed: m distinct ordered pairs. Throws std::invalid_argument when m is
/// odd (bidirected) or exceeds the number of possible edges.
GNNGraph rand_graph(Rng &rng, int n, int m, bool bidirected = true);

/// Block-diagonal union: node ids of graph k are offset by the nodes of
/// graphs 0..k-1; graph_indicator numbers the graphs.
GNNGraph batch(const std::vector<GNNGraph> &graphs);
/// The inverse of batch.
std::vector<GNNGraph> unbatch(const GNNGraph &g);

} // namespace gnn
