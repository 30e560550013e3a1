#include "gnn/workload.h"

#ifdef CUDA_REF_SEEDED
#include "gnn/seeded/all.h"
#endif

namespace gnn {

Workload make_workload(const WorkloadConfig &config) {
  Rng rng(config.seed);
  std::vector<GNNGraph> graphs;
  for (int i = 0; i < config.graphs; ++i)
    graphs.push_back(rand_graph(rng, config.nodes, config.edges));
  GNNGraph g = batch(graphs);
  const auto f = static_cast<std::size_t>(config.features);
  Tensor drawn(f, static_cast<std::size_t>(g.num_nodes()));
  for (std::size_t j = 0; j < drawn.cols(); ++j)
    for (std::size_t i = 0; i < f; ++i)
      drawn.at(i, j) = rng.uniform();
  const NodeFeatures features(std::move(drawn), g.num_graphs());
  // The workload keeps its own copy of the features. In the seeded build the
  // generic deepcopy template takes this call (same values, other function).
  Tensor x = deepcopy(features);
  Chain model({GCNConv(f, f, Activation::Relu, rng), GCNConv(f, f, Activation::Identity, rng),
               GlobalMaxPool(), Dense(f, 1, Activation::Identity, rng)});
  return Workload{std::move(g), std::move(x), std::move(model)};
}

} // namespace gnn
