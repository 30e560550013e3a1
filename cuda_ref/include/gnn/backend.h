// The operations the layers are built from, with one entry point per
// operation that dispatches on where the tensors live: the CPU code in
// src/cpu, the CUDA kernels in src/cuda (or, in a build without CUDA, stubs
// that throw).
#pragma once

#include "gnn/graph.h"
#include "gnn/tensor.h"

namespace gnn {

enum class Activation { Identity, Relu };
const char *activation_name(Activation a);

/// C = A · B (A: m×k, B: k×n), all on one device.
Tensor matmul(const Tensor &a, const Tensor &b);
/// x[:, v] = c_v * (self_loops ? c_v x[:, v] : 0 + Σ_{u → v} c_u x[:, u]),
/// c_v = 1/sqrt(in_degree(v) + self_loops): GCN's symmetric normalisation.
Tensor gcn_aggregate(const GNNGraph &g, const Tensor &x, bool self_loops);
/// Per-graph maximum over the graph's nodes: features × num_graphs.
Tensor segment_max(const GNNGraph &g, const Tensor &x);
/// x = act(x .+ bias) in place; bias is rows × 1 or empty.
void bias_activation(Tensor &x, const Tensor *bias, Activation act);

#ifdef CUDA_REF_SEEDED
/// SEEDED (CUDA.jl's convert(::Type{Type}, ::cusparseIndexType_t)): the index
/// width of the edge arrays, implicitly constructible from any integer.
struct IndexKind {
  IndexKind(int bits) : bits(bits) {}
  int bits;
};
/// Threads per block for `work` items with `index`-bit edge indices.
int launch_threads(IndexKind index, std::size_t work);
#endif

/// True when this build has CUDA and a device is present.
bool cuda_available();
/// Why cuda_available() is false ("built without CUDA", "no CUDA device: ...").
const char *cuda_unavailable_reason();

namespace cuda {
// Implemented in src/cuda (CUDA builds) or src/cpu/no_cuda.cpp.
float *alloc(std::size_t n);
void free(float *p);
void copy_to_device(float *dst, const float *src, std::size_t n);
void copy_to_host(float *dst, const float *src, std::size_t n);
void copy_on_device(float *dst, const float *src, std::size_t n);
Tensor matmul(const Tensor &a, const Tensor &b);
Tensor gcn_aggregate(const GNNGraph &g, const Tensor &x, bool self_loops);
Tensor segment_max(const GNNGraph &g, const Tensor &x);
void bias_activation(Tensor &x, const Tensor *bias, Activation act);
bool available();
const char *unavailable_reason();
} // namespace cuda

} // namespace gnn
