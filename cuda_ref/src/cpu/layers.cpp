#include "gnn/layers.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace gnn {

Tensor glorot_uniform(Rng &rng, std::size_t out, std::size_t in) {
  const float a = std::sqrt(6.0f / static_cast<float>(in + out));
  Tensor w(out, in);
  for (std::size_t j = 0; j < in; ++j)
    for (std::size_t i = 0; i < out; ++i)
      w.at(i, j) = rng.uniform(-a, a);
  return w;
}

GCNConv::GCNConv(std::size_t in, std::size_t out, Activation act, Rng &rng, GCNOptions options)
    : weight_(glorot_uniform(rng, out, in)), bias_(options.bias ? Tensor(out, 1) : Tensor()),
      act_(act), options_(options) {}

Tensor GCNConv::forward(const GNNGraph &g, const Tensor &x) const {
  if (x.rows() != weight_.cols())
    throw std::invalid_argument("GCNConv: input has the wrong number of features");
  const bool self = options_.add_self_loops;
  Tensor y = weight_.rows() < weight_.cols() ? gcn_aggregate(g, matmul(weight_, x), self)
                                             : matmul(weight_, gcn_aggregate(g, x, self));
  bias_activation(y, options_.bias ? &bias_ : nullptr, act_);
  return y;
}

GCNConv GCNConv::to(Device device) const {
  GCNConv moved = *this;
  moved.weight_ = weight_.to(device);
  if (options_.bias)
    moved.bias_ = bias_.to(device);
  return moved;
}

namespace {
void check_shape(const Tensor &got, const Tensor &want, const char *what) {
  if (got.rows() != want.rows() || got.cols() != want.cols() || got.device() != want.device())
    throw std::invalid_argument(std::string(what) + ": shape or device differs");
}
} // namespace

void GCNConv::load(Tensor weight, Tensor bias) {
  check_shape(weight, weight_, "GCNConv::load weight");
  check_shape(bias, bias_, "GCNConv::load bias");
  weight_ = std::move(weight);
  bias_ = std::move(bias);
}

void Dense::load(Tensor weight, Tensor bias) {
  check_shape(weight, weight_, "Dense::load weight");
  check_shape(bias, bias_, "Dense::load bias");
  weight_ = std::move(weight);
  bias_ = std::move(bias);
}

Dense::Dense(std::size_t in, std::size_t out, Activation act, Rng &rng)
    : weight_(glorot_uniform(rng, out, in)), bias_(out, 1), act_(act) {}

Tensor Dense::forward(const Tensor &x) const {
  Tensor y = matmul(weight_, x);
  bias_activation(y, &bias_, act_);
  return y;
}

Dense Dense::to(Device device) const {
  Dense moved = *this;
  moved.weight_ = weight_.to(device);
  moved.bias_ = bias_.to(device);
  return moved;
}

namespace {
struct Forward {
  const GNNGraph &g;
  const Tensor &x;
  Tensor operator()(const GCNConv &l) const { return l.forward(g, x); }
  Tensor operator()(const GlobalMaxPool &l) const { return l.forward(g, x); }
  Tensor operator()(const Dense &l) const { return l.forward(x); }
};
} // namespace

Tensor Chain::forward(const GNNGraph &g, const Tensor &x) const {
  Tensor h = x;
  for (const Layer &layer : layers_)
    h = std::visit(Forward{g, h}, layer);
  return h;
}

Chain Chain::to(Device device) const {
  std::vector<Layer> moved;
  for (const Layer &layer : layers_)
    moved.push_back(std::visit([&](const auto &l) { return Layer(l.to(device)); }, layer));
  return Chain(std::move(moved));
}

} // namespace gnn
