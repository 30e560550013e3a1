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
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: call to 'relu' resolves to the unconstrained template 'gnn::relu(T)' ({{.*}}:9) although 'gnn::relu(float)' ({{.*}}:8) was viable through a standard conversion; the template's exact match hijacks the call from __global__ code; constrain the template or call the intended overload explicitly [dispatch-hijacked-call]
  // CHECK-MESSAGES: :8:18: note: the overload the call skipped
  // The __host__ sigmoid(float) is not callable here: no hijack.
  out[threadIdx.x] += sigmoid(in[threadIdx.x]);
}
} // namespace gnn
