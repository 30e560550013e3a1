// Device memory and availability for the CUDA back end.
#include "cuda_check.h"
#include "gnn/backend.h"

#include <string>

namespace gnn::cuda {

namespace {
struct Probe {
  bool ok = false;
  std::string reason;
  Probe() {
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess)
      reason = std::string("no CUDA device: ") + cudaGetErrorString(status);
    else if (count == 0)
      reason = "no CUDA device found";
    else
      ok = true;
  }
};
const Probe &probe() {
  static const Probe p;
  return p;
}
} // namespace

bool available() { return probe().ok; }
const char *unavailable_reason() { return probe().ok ? "" : probe().reason.c_str(); }

float *alloc(std::size_t n) {
  if (!available())
    throw std::runtime_error(std::string("gnn: ") + unavailable_reason());
  float *p = nullptr;
  check(cudaMalloc(reinterpret_cast<void **>(&p), sizeof(float) * (n ? n : 1)), "cudaMalloc");
  return p;
}

void free(float *p) {
  if (p)
    cudaFree(p);
}

void copy_to_device(float *dst, const float *src, std::size_t n) {
  check(cudaMemcpy(dst, src, sizeof(float) * n, cudaMemcpyHostToDevice), "cudaMemcpy H2D");
}

void copy_to_host(float *dst, const float *src, std::size_t n) {
  check(cudaMemcpy(dst, src, sizeof(float) * n, cudaMemcpyDeviceToHost), "cudaMemcpy D2H");
}

void copy_on_device(float *dst, const float *src, std::size_t n) {
  check(cudaMemcpy(dst, src, sizeof(float) * n, cudaMemcpyDeviceToDevice), "cudaMemcpy D2D");
}

} // namespace gnn::cuda
