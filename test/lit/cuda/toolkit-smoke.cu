// REQUIRES: cuda-toolkit
// Every check over code that uses Thrust, CUB, cuBLAS and the fp16/bf16
// headers: no crash, no finding in the toolkit, no finding in clean code.
// RUN: %check_dispatch_tidy %s 'dispatch-*' %t-host -- -std=c++17 %cuda_flags --cuda-host-only
// RUN: %check_dispatch_tidy %s 'dispatch-*' %t-dev -- -std=c++17 %cuda_flags --cuda-device-only

#include <cub/cub.cuh>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

namespace gnn {
struct Relu {
  __host__ __device__ float operator()(float x) const { return x > 0.f ? x : 0.f; }
};

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = __half2float(__float2half(x[i] * a));
}

float run(int n) {
  thrust::device_vector<float> d(n, 1.0f);
  thrust::transform(d.begin(), d.end(), d.begin(), Relu{});
  scale<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d.data()), 2.0f, n);
  thrust::host_vector<float> h = d;
  return thrust::reduce(d.begin(), d.end()) + h[0];
}
} // namespace gnn
