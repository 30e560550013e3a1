// Layers of the reference model, with GraphNeuralNetworks.jl's semantics.
#pragma once

#include "gnn/backend.h"
#include "gnn/graph.h"
#include "gnn/rng.h"
#include "gnn/tensor.h"

#include <variant>
#include <vector>

namespace gnn {

/// Glorot (Xavier) uniform: U(-a, a), a = sqrt(6 / (fan_in + fan_out)),
/// drawn column by column from `rng` (Flux's glorot_uniform).
Tensor glorot_uniform(Rng &rng, std::size_t out, std::size_t in);

struct GCNOptions {
  bool add_self_loops = true;
  bool bias = true;
};

/// GCNConv(in => out, σ): σ(W · X · Â + b), Â = D^{-1/2} (A + I) D^{-1/2},
/// d_i = 1 + in-degree(i); W is applied before the aggregation when
/// out < in (fewer features to move), after it otherwise.
class GCNConv {
public:
  GCNConv(std::size_t in, std::size_t out, Activation act, Rng &rng, GCNOptions options = {});
  Tensor forward(const GNNGraph &g, const Tensor &x) const;
  GCNConv to(Device device) const;
  /// Replaces the parameters (trained weights); shapes must match.
  void load(Tensor weight, Tensor bias);

  const Tensor &weight() const { return weight_; }
  const Tensor &bias() const { return bias_; }
  const GCNOptions &options() const { return options_; }
  Activation activation() const { return act_; }

private:
  Tensor weight_, bias_; // out × in, out × 1 (empty without bias)
  Activation act_;
  GCNOptions options_;
};

/// GlobalPool(max): per-graph maximum over nodes, features × num_graphs.
class GlobalMaxPool {
public:
  Tensor forward(const GNNGraph &g, const Tensor &x) const { return segment_max(g, x); }
  GlobalMaxPool to(Device) const { return *this; }
};

/// Dense(in, out, σ): σ(W x .+ b), Glorot-uniform W, zero b.
class Dense {
public:
  Dense(std::size_t in, std::size_t out, Activation act, Rng &rng);
  Tensor forward(const Tensor &x) const;
  Dense to(Device device) const;
  /// Replaces the parameters (trained weights); shapes must match.
  void load(Tensor weight, Tensor bias);
  const Tensor &weight() const { return weight_; }
  const Tensor &bias() const { return bias_; }

private:
  Tensor weight_, bias_;
  Activation act_;
};

/// GNNChain: graph layers get (g, x), the others x.
class Chain {
public:
  using Layer = std::variant<GCNConv, GlobalMaxPool, Dense>;
  Chain() = default;
  explicit Chain(std::vector<Layer> layers) : layers_(std::move(layers)) {}
  Tensor forward(const GNNGraph &g, const Tensor &x) const;
  Chain to(Device device) const;
  const std::vector<Layer> &layers() const { return layers_; }

private:
  std::vector<Layer> layers_;
};

} // namespace gnn
