// The workload of the original request (a GraphNeuralNetworks.jl session):
//
//   gs = [rand_graph(5, 10) for _ in 1:3]; g = batch(gs)
//   x  = rand(Float32, 4, g.num_nodes)
//   model = GNNChain(GCNConv(4 => 4, relu), GCNConv(4 => 4), GlobalPool(max), Dense(4, 1))
//   y = model(g, x)                       # 1 × 3
//
// Everything is drawn from one Rng in this order: the graphs, then x, then
// the parameters layer by layer.
#pragma once

#include "gnn/graph.h"
#include "gnn/layers.h"
#include "gnn/tensor.h"

#include <cstdint>

namespace gnn {

struct WorkloadConfig {
  int graphs = 3;
  int nodes = 5;     ///< per graph
  int edges = 10;    ///< per graph (bidirected: even)
  int features = 4;
  std::uint64_t seed = 42;
};

struct Workload {
  GNNGraph graph;
  Tensor x;    ///< features × nodes, on the host
  Chain model; ///< on the host
};

Workload make_workload(const WorkloadConfig &config);

} // namespace gnn
