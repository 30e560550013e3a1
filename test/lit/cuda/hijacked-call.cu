// REQUIRES: cuda-toolkit
// RUN: %check_dispatch_tidy %s dispatch-hijacked-call %t-host -- -std=c++17 %cuda_flags --cuda-host-only
// RUN: %check_dispatch_tidy %s dispatch-hijacked-call %t-dev -- -std=c++17 %cuda_flags --cuda-device-only

#include <cuda_runtime.h>

namespace gnn {
__device__ float relu(float x) { return x > 0.f ? x : 0.f; }
template <class T> __host__ __device__ T relu(T x) { return x > T(0) ? x : T(0); }

__host__ float sigmoid(float x) { return x; }
template <class T> __host__ __device__ T sigmoid(T x) { return x; }

__global__ void activate(float *out, const int *in) {
  out[threadIdx.x] = relu(in[threadIdx.x]);
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: call to 'relu' resolves to the unconstrained template 'gnn::relu(T)' although a more specific overload is viable (in __global__ code) [dispatch-hijacked-call]
  // CHECK-NOTES: :9:42: note: the template the call resolves to
  // CHECK-NOTES: :8:18: note: without the template, the call would resolve to 'gnn::relu(float)'
  // The overload oracle asks Sema, whose CUDA rules make the __host__
  // sigmoid(float) not callable from __global__ code: no hijack.
  out[threadIdx.x] += sigmoid(in[threadIdx.x]);
}
} // namespace gnn
