// CPU implementations of the operations in backend.h, and the dispatch that
// sends CUDA tensors to the kernels.
#include "gnn/backend.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace gnn {

const char *activation_name(Activation a) { return a == Activation::Relu ? "relu" : "identity"; }

bool cuda_available() { return cuda::available(); }

#ifdef CUDA_REF_SEEDED
int launch_threads(IndexKind index, std::size_t work) {
  return index.bits > 32 && work < 4096 ? 128 : 256;
}
#endif
const char *cuda_unavailable_reason() { return cuda::unavailable_reason(); }

namespace {
void require_same_device(const Tensor &a, const Tensor &b, const char *op) {
  if (a.device() != b.device())
    throw std::invalid_argument(std::string(op) + ": operands on different devices");
}

std::vector<float> gcn_norm(const GNNGraph &g, bool self_loops) {
  std::vector<int> degree = g.in_degree();
  std::vector<float> c(degree.size());
  for (size_t v = 0; v < degree.size(); ++v) {
    int d = degree[v] + (self_loops ? 1 : 0);
    c[v] = d > 0 ? 1.0f / std::sqrt(static_cast<float>(d)) : 0.0f;
  }
  return c;
}
} // namespace

Tensor matmul(const Tensor &a, const Tensor &b) {
  require_same_device(a, b, "matmul");
  if (a.cols() != b.rows())
    throw std::invalid_argument("matmul: inner dimensions differ");
  if (a.device() == Device::CUDA)
    return cuda::matmul(a, b);
  const std::size_t m = a.rows(), k = a.cols(), n = b.cols();
  Tensor c(m, n);
  const float *A = a.data(), *B = b.data();
  float *C = c.data();
  // Column-major, j-p-i order: the innermost loop walks columns of A and C.
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t p = 0; p < k; ++p) {
      const float bpj = B[j * k + p];
      const float *a_col = A + p * m;
      float *c_col = C + j * m;
      for (std::size_t i = 0; i < m; ++i)
        c_col[i] += a_col[i] * bpj;
    }
  return c;
}

Tensor gcn_aggregate(const GNNGraph &g, const Tensor &x, bool self_loops) {
  if (x.cols() != static_cast<std::size_t>(g.num_nodes()))
    throw std::invalid_argument("gcn_aggregate: one column per node expected");
  if (x.device() == Device::CUDA)
    return cuda::gcn_aggregate(g, x, self_loops);
  const std::vector<float> c = gcn_norm(g, self_loops);
  const Compressed &in = g.csc();
  const std::size_t f = x.rows();
  Tensor y(f, x.cols());
  const float *X = x.data();
  float *Y = y.data();
  for (int v = 0; v < g.num_nodes(); ++v) {
    float *yv = Y + v * f;
    if (self_loops)
      for (std::size_t r = 0; r < f; ++r)
        yv[r] = c[v] * X[v * f + r];
    for (int k = in.offsets[v]; k < in.offsets[v + 1]; ++k) {
      const int u = in.indices[k];
      for (std::size_t r = 0; r < f; ++r)
        yv[r] += c[u] * X[u * f + r];
    }
    for (std::size_t r = 0; r < f; ++r)
      yv[r] *= c[v];
  }
  return y;
}

Tensor segment_max(const GNNGraph &g, const Tensor &x) {
  if (x.cols() != static_cast<std::size_t>(g.num_nodes()))
    throw std::invalid_argument("segment_max: one column per node expected");
  if (x.device() == Device::CUDA)
    return cuda::segment_max(g, x);
  const std::vector<int> offsets = g.graph_node_offsets();
  const std::size_t f = x.rows();
  Tensor y(f, g.num_graphs());
  for (int graph = 0; graph < g.num_graphs(); ++graph)
    for (std::size_t r = 0; r < f; ++r) {
      // An empty graph pools to -inf, as maximum over an empty set.
      float m = -std::numeric_limits<float>::infinity();
      for (int v = offsets[graph]; v < offsets[graph + 1]; ++v)
        m = std::max(m, x.at(r, v));
      y.at(r, graph) = m;
    }
  return y;
}

void bias_activation(Tensor &x, const Tensor *bias, Activation act) {
  if (bias && (bias->rows() != x.rows() || bias->cols() != 1))
    throw std::invalid_argument("bias_activation: bias must be rows × 1");
  if (bias)
    require_same_device(x, *bias, "bias_activation");
  if (x.device() == Device::CUDA)
    return cuda::bias_activation(x, bias, act);
  float *X = x.data();
  const float *B = bias ? bias->data() : nullptr;
  for (std::size_t j = 0; j < x.cols(); ++j)
    for (std::size_t i = 0; i < x.rows(); ++i) {
      float v = X[j * x.rows() + i] + (B ? B[i] : 0.0f);
      X[j * x.rows() + i] = act == Activation::Relu ? std::max(v, 0.0f) : v;
    }
}

} // namespace gnn
