// REQUIRES: cuda-toolkit
// The same for CUDA, both passes: kernels with errors, __half misuse.
// RUN: %not %clang_tidy --checks='-*,dispatch-*' %s -- -std=c++17 %cuda_flags --cuda-host-only 2>&1 | FileCheck %s
// RUN: %not %clang_tidy --checks='-*,dispatch-*' %s -- -std=c++17 %cuda_flags --cuda-device-only 2>&1 | FileCheck %s
// CHECK: error:
// CHECK-NOT: PLEASE submit a bug report
#include <cuda_fp16.h>
struct Dev {
  Dev(float *p) { cudaMalloc(&p_, 4); }
  operator UnknownHost() const;
  float *p_;
};
__global__ void k(__half *h, Missing m) {
  float f = h[threadIdx.x] + undeclared;
  __half g = f * m;
  k<<<1, 1>>>(h);
}
template <class T> __device__ T relu(T x) { return x.bad(); }
__device__ float relu(float);
__global__ void call(int *x) { relu(x[0]); relu(nullptr); }
