// Error checking for CUDA runtime and cuBLAS calls: failures become
// std::runtime_error with the call and the error's name.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace gnn::cuda {

inline void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

inline void check(cublasStatus_t status, const char *what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(what) + ": cuBLAS status " + std::to_string(status));
}

/// A device array of T, freed on destruction (for kernels' temporaries).
template <class T> class DeviceArray {
public:
  explicit DeviceArray(const std::vector<T> &host) : n_(host.size()) {
    check(cudaMalloc(reinterpret_cast<void **>(&ptr_), sizeof(T) * (n_ ? n_ : 1)), "cudaMalloc");
    if (n_)
      check(cudaMemcpy(ptr_, host.data(), sizeof(T) * n_, cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  ~DeviceArray() { cudaFree(ptr_); }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;
  const T *get() const { return ptr_; }

private:
  T *ptr_ = nullptr;
  std::size_t n_;
};

} // namespace gnn::cuda
