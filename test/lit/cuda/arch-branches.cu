// REQUIRES: cuda-toolkit
// The host pass parses a __device__ body with __CUDA_ARCH__ undefined, so it
// reads the `#else` of an architecture test that no sm_80 device build
// compiles (tiny-cuda-nn's `fma(__half, __half, __half)`: `__hfma` from
// sm_60, `fmaf` rounding through float below). That branch is the device
// pass's to judge: the host pass reports nothing there, the device pass
// reports what sm_80 compiles. A __host__ __device__ function's host branch
// runs on the host, and other conditions are no architecture test.
// RUN: %check_dispatch_tidy --check-suffix=HOST %s dispatch-implicit-device-transfer %t -- -std=c++17 %cuda_flags --cuda-host-only
// RUN: %check_dispatch_tidy --check-suffix=DEVICE %s dispatch-implicit-device-transfer %t-device -- -std=c++17 %cuda_flags --cuda-device-only
#include <cuda_fp16.h>

__device__ __half fma3(__half a, __half b, __half c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
  return __hfma(a, b, c);
#else
  return fmaf(a, b, c);
#endif
}

__device__ __half scaled(__half a, float s) {
#ifdef __CUDA_ARCH__
  return __hmul(a, __float2half(s));
#else
  return __half2float(a) * s;
#endif
}

#ifndef FAST_PATH
__device__ __half halve(float x) { return x * 0.5f; }
#endif

__host__ __device__ __half either(float x) {
#if __CUDA_ARCH__ >= 600
  return __float2half(x);
#else
  return x;
#endif
}

// CHECK-MESSAGES-HOST-NOT: :17:
// CHECK-MESSAGES-HOST-NOT: :25:
// CHECK-MESSAGES-HOST: :30:43: warning: implicit 'float' to '__half' conversion in __device__ code [dispatch-implicit-device-transfer]
// CHECK-MESSAGES-HOST: :37:10: warning: implicit 'float' to '__half' conversion in __host__ __device__ code [dispatch-implicit-device-transfer]
// CHECK-MESSAGES-DEVICE: :30:43: warning: implicit 'float' to '__half' conversion in __device__ code [dispatch-implicit-device-transfer]
// CHECK-FIXES-HOST: {{^}}__device__ __half halve(float x) { return __float2half(x * 0.5f); }
// CHECK-FIXES-HOST: {{^}}  return __float2half(x);
// CHECK-FIXES-DEVICE: {{^}}__device__ __half halve(float x) { return __float2half(x * 0.5f); }
