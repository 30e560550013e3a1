// Every layer against an independent naive computation: a dense adjacency
// matrix and explicit loops in double precision.
#include "gnn/backend.h"
#include "gnn/layers.h"
#include "gnn/workload.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using Matrix = std::vector<std::vector<double>>; // [row][col]

Matrix dense(const gnn::Tensor &t) {
  Matrix m(t.rows(), std::vector<double>(t.cols()));
  gnn::Tensor h = t.to(gnn::Device::CPU);
  for (size_t i = 0; i < t.rows(); ++i)
    for (size_t j = 0; j < t.cols(); ++j)
      m[i][j] = h.at(i, j);
  return m;
}

Matrix mul(const Matrix &a, const Matrix &b) {
  Matrix c(a.size(), std::vector<double>(b[0].size(), 0.0));
  for (size_t i = 0; i < a.size(); ++i)
    for (size_t k = 0; k < b.size(); ++k)
      for (size_t j = 0; j < b[0].size(); ++j)
        c[i][j] += a[i][k] * b[k][j];
  return c;
}

/// Â = D^{-1/2} (A + I) D^{-1/2} with A[u][v] = number of edges u -> v, so
/// that (X Â)[:, v] sums over the in-neighbours of v.
Matrix normalized_adjacency(const gnn::GNNGraph &g, bool self_loops) {
  const int n = g.num_nodes();
  Matrix a(n, std::vector<double>(n, 0.0));
  for (int k = 0; k < g.num_edges(); ++k)
    a[g.source()[k]][g.target()[k]] += 1.0;
  if (self_loops)
    for (int v = 0; v < n; ++v)
      a[v][v] += 1.0;
  std::vector<double> d(n, 0.0);
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v)
      d[v] += a[u][v]; // in-degree (+1 with the self-loop)
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v)
      a[u][v] = d[u] > 0 && d[v] > 0 ? a[u][v] / std::sqrt(d[u] * d[v]) : 0.0;
  return a;
}

double act(gnn::Activation a, double v) { return a == gnn::Activation::Relu ? std::max(v, 0.0) : v; }

void expect_close(const gnn::Tensor &got, const Matrix &want, double rel = 1e-5) {
  Matrix g = dense(got);
  ASSERT_EQ(g.size(), want.size());
  ASSERT_EQ(g[0].size(), want[0].size());
  for (size_t i = 0; i < want.size(); ++i)
    for (size_t j = 0; j < want[0].size(); ++j)
      EXPECT_NEAR(g[i][j], want[i][j], rel * std::max(1.0, std::abs(want[i][j])))
          << "at (" << i << ", " << j << ")";
}

gnn::Tensor random_features(gnn::Rng &rng, size_t f, size_t n) {
  gnn::Tensor x(f, n);
  for (size_t j = 0; j < n; ++j)
    for (size_t i = 0; i < f; ++i)
      x.at(i, j) = rng.uniform(-1.0f, 1.0f);
  return x;
}

Matrix naive_gcn(const gnn::GCNConv &layer, const gnn::GNNGraph &g, const gnn::Tensor &x) {
  Matrix y = mul(mul(dense(layer.weight()), dense(x)),
                 normalized_adjacency(g, layer.options().add_self_loops));
  Matrix b = layer.options().bias ? dense(layer.bias()) : Matrix{};
  for (size_t i = 0; i < y.size(); ++i)
    for (size_t j = 0; j < y[0].size(); ++j)
      y[i][j] = act(layer.activation(), y[i][j] + (b.empty() ? 0.0 : b[i][0]));
  return y;
}

struct GcnCase {
  size_t in, out;
  gnn::Activation act;
  gnn::GCNOptions options;
};

class GCNConvTest : public ::testing::TestWithParam<GcnCase> {};

TEST_P(GCNConvTest, MatchesDenseComputation) {
  const GcnCase c = GetParam();
  gnn::Rng rng(21);
  std::vector<gnn::GNNGraph> gs;
  for (int i = 0; i < 3; ++i)
    gs.push_back(gnn::rand_graph(rng, 7, 12));
  gs.push_back(gnn::GNNGraph(3, {}, {})); // isolated nodes: degree 0
  gnn::GNNGraph g = gnn::batch(gs);
  gnn::GCNConv layer(c.in, c.out, c.act, rng, c.options);
  gnn::Tensor x = random_features(rng, c.in, static_cast<size_t>(g.num_nodes()));
  if (c.options.bias) {
    // A non-zero bias (the initial one is zero), so that adding it is tested.
    gnn::Tensor b = layer.bias();
    for (size_t i = 0; i < b.rows(); ++i)
      b.at(i, 0) = 0.1f * static_cast<float>(i + 1) - 0.25f;
    layer.load(layer.weight(), b);
  }
  expect_close(layer.forward(g, x), naive_gcn(layer, g, x));
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, GCNConvTest,
    ::testing::Values(GcnCase{4, 4, gnn::Activation::Relu, {}},      // aggregate, then W
                      GcnCase{6, 3, gnn::Activation::Identity, {}},  // out < in: W first
                      GcnCase{3, 5, gnn::Activation::Relu, {false, true}},
                      GcnCase{5, 2, gnn::Activation::Identity, {true, false}}));

TEST(GlobalMaxPool, PerGraphMaximum) {
  gnn::Rng rng(4);
  std::vector<gnn::GNNGraph> gs{gnn::rand_graph(rng, 4, 6), gnn::rand_graph(rng, 6, 8),
                                gnn::rand_graph(rng, 2, 2)};
  gnn::GNNGraph g = gnn::batch(gs);
  gnn::Tensor x = random_features(rng, 3, static_cast<size_t>(g.num_nodes()));
  Matrix want(3, std::vector<double>(3, -std::numeric_limits<double>::infinity()));
  for (int v = 0; v < g.num_nodes(); ++v)
    for (size_t r = 0; r < 3; ++r)
      want[r][g.graph_indicator()[v]] = std::max(want[r][g.graph_indicator()[v]],
                                                 static_cast<double>(x.at(r, v)));
  expect_close(gnn::GlobalMaxPool().forward(g, x), want, 0.0);
}

TEST(Dense, MatchesDenseComputation) {
  gnn::Rng rng(9);
  gnn::Dense layer(5, 2, gnn::Activation::Relu, rng);
  layer.load(layer.weight(), gnn::Tensor::from_columns(2, 1, {0.5f, -0.3f}));
  EXPECT_THROW(layer.load(layer.weight(), gnn::Tensor(3, 1)), std::invalid_argument);
  gnn::Tensor x = random_features(rng, 5, 4);
  Matrix y = mul(dense(layer.weight()), dense(x));
  for (size_t i = 0; i < y.size(); ++i)
    for (double &v : y[i])
      v = std::max(v + (i == 0 ? 0.5 : -0.3), 0.0);
  expect_close(layer.forward(x), y);
}

TEST(Glorot, BoundsAndFanScaling) {
  gnn::Rng rng(5);
  gnn::Tensor w = gnn::glorot_uniform(rng, 30, 20);
  const float a = std::sqrt(6.0f / 50.0f);
  float lo = 1, hi = -1;
  for (float v : w.to_host_vector()) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  EXPECT_GE(lo, -a);
  EXPECT_LT(hi, a);
  EXPECT_LT(lo, -0.8f * a); // 600 draws reach near both ends
  EXPECT_GT(hi, 0.8f * a);
}

TEST(Cuda, KernelsMatchCpuWhenADeviceExists) {
  if (!gnn::cuda_available())
    GTEST_SKIP() << "CUDA device needed: " << gnn::cuda_unavailable_reason();
  gnn::Workload w = gnn::make_workload({3, 50, 200, 16, 7});
  gnn::Tensor cpu = w.model.forward(w.graph, w.x);
  gnn::Tensor gpu = w.model.to(gnn::Device::CUDA).forward(w.graph, w.x.to(gnn::Device::CUDA));
  expect_close(gpu, dense(cpu));
}

} // namespace
