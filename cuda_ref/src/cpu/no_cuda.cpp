// The CUDA entry points of a build without the CUDA toolkit: every one says
// so. Tensors never reach them unless someone asks for Device::CUDA.
#include "gnn/backend.h"

#include <stdexcept>

namespace gnn::cuda {

namespace {
[[noreturn]] void unavailable() {
  throw std::runtime_error("gnn: this build has no CUDA back end (configure with CUDA to get it)");
}
} // namespace

bool available() { return false; }
const char *unavailable_reason() { return "built without CUDA"; }
float *alloc(std::size_t) { unavailable(); }
void free(float *) {}
void copy_to_device(float *, const float *, std::size_t) { unavailable(); }
void copy_to_host(float *, const float *, std::size_t) { unavailable(); }
void copy_on_device(float *, const float *, std::size_t) { unavailable(); }
Tensor matmul(const Tensor &, const Tensor &) { unavailable(); }
Tensor gcn_aggregate(const GNNGraph &, const Tensor &, bool) { unavailable(); }
Tensor segment_max(const GNNGraph &, const Tensor &) { unavailable(); }
void bias_activation(Tensor &, const Tensor *, Activation) { unavailable(); }

} // namespace gnn::cuda
