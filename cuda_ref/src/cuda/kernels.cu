// CUDA kernels for the operations in backend.h: GEMM through cuBLAS,
// gather aggregation over the in-neighbour CSR (CSC), segmented max, bias and
// activation. Same semantics as src/cpu/ops.cpp.
#include "cuda_check.h"
#include "gnn/backend.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gnn::cuda {

namespace {
constexpr int kThreads = 256;
int threads_for(std::size_t work) {
#ifdef CUDA_REF_SEEDED
  return std::min(kThreads, launch_threads(32, work)); // 32-bit indices, via IndexKind(int)
#else
  (void)work;
  return kThreads;
#endif
}
int blocks_for(std::size_t n) {
  const int threads = threads_for(n);
  return static_cast<int>((n + threads - 1) / threads);
}

// One thread per (feature, node): y[r, v] = c_v (c_v x[r, v] + Σ c_u x[r, u]).
__global__ void gcn_aggregate_kernel(int features, int nodes, const int *offsets,
                                     const int *sources, const float *norm, const float *x,
                                     float *y, bool self_loops) {
  const long long idx = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (idx >= static_cast<long long>(features) * nodes)
    return;
  const int v = static_cast<int>(idx / features);
  const int r = static_cast<int>(idx % features);
  float acc = self_loops ? norm[v] * x[static_cast<long long>(v) * features + r] : 0.0f;
  for (int k = offsets[v]; k < offsets[v + 1]; ++k) {
    const int u = sources[k];
    acc += norm[u] * x[static_cast<long long>(u) * features + r];
  }
  y[static_cast<long long>(v) * features + r] = norm[v] * acc;
}

// One thread per (feature, graph): the max over the graph's node range.
__global__ void segment_max_kernel(int features, int graphs, const int *node_offsets,
                                   const float *x, float *y) {
  const long long idx = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (idx >= static_cast<long long>(features) * graphs)
    return;
  const int g = static_cast<int>(idx / features);
  const int r = static_cast<int>(idx % features);
  float m = -INFINITY;
  for (int v = node_offsets[g]; v < node_offsets[g + 1]; ++v)
    m = fmaxf(m, x[static_cast<long long>(v) * features + r]);
  y[static_cast<long long>(g) * features + r] = m;
}

__global__ void bias_activation_kernel(int rows, long long n, float *x, const float *bias,
                                       bool relu) {
  const long long idx = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (idx >= n)
    return;
  float v = x[idx] + (bias ? bias[idx % rows] : 0.0f);
  x[idx] = relu ? fmaxf(v, 0.0f) : v;
}

cublasHandle_t handle() {
  static cublasHandle_t h = [] {
    cublasHandle_t created = nullptr;
    check(cublasCreate(&created), "cublasCreate");
    return created;
  }();
  return h;
}
} // namespace

Tensor matmul(const Tensor &a, const Tensor &b) {
  const int m = static_cast<int>(a.rows()), k = static_cast<int>(a.cols()),
            n = static_cast<int>(b.cols());
  Tensor c(a.rows(), b.cols(), Device::CUDA);
  const float one = 1.0f, zero = 0.0f;
  // Column-major like the tensors: no transposes needed.
  check(cublasSgemm(handle(), CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a.data(), m, b.data(), k,
                    &zero, c.data(), m),
        "cublasSgemm");
  return c;
}

Tensor gcn_aggregate(const GNNGraph &g, const Tensor &x, bool self_loops) {
  const Compressed &in = g.csc();
  std::vector<int> degree = g.in_degree();
  std::vector<float> norm(degree.size());
  for (std::size_t v = 0; v < degree.size(); ++v) {
    const int d = degree[v] + (self_loops ? 1 : 0);
    norm[v] = d > 0 ? 1.0f / std::sqrt(static_cast<float>(d)) : 0.0f;
  }
  DeviceArray<int> offsets(in.offsets), sources(in.indices);
  DeviceArray<float> dnorm(norm);
  Tensor y(x.rows(), x.cols(), Device::CUDA);
  const std::size_t total = x.rows() * x.cols();
  if (total > 0)
    gcn_aggregate_kernel<<<blocks_for(total), threads_for(total)>>>(
        static_cast<int>(x.rows()), g.num_nodes(), offsets.get(), sources.get(), dnorm.get(),
        x.data(), y.data(), self_loops);
  check(cudaGetLastError(), "gcn_aggregate_kernel");
  return y;
}

Tensor segment_max(const GNNGraph &g, const Tensor &x) {
  DeviceArray<int> offsets(g.graph_node_offsets());
  Tensor y(x.rows(), static_cast<std::size_t>(g.num_graphs()), Device::CUDA);
  const std::size_t total = x.rows() * static_cast<std::size_t>(g.num_graphs());
  if (total > 0)
    segment_max_kernel<<<blocks_for(total), threads_for(total)>>>(static_cast<int>(x.rows()),
                                                        g.num_graphs(), offsets.get(), x.data(),
                                                        y.data());
  check(cudaGetLastError(), "segment_max_kernel");
  return y;
}

void bias_activation(Tensor &x, const Tensor *bias, Activation act) {
  const long long n = static_cast<long long>(x.size());
  if (n > 0)
    bias_activation_kernel<<<blocks_for(x.size()), threads_for(x.size())>>>(
        static_cast<int>(x.rows()), n, x.data(), bias ? bias->data() : nullptr,
        act == Activation::Relu);
  check(cudaGetLastError(), "bias_activation_kernel");
}

} // namespace gnn::cuda
