// REQUIRES: cuda-toolkit
// Explicit casts are no implicit conversion, widening is exact, and one site of
// a template instantiated for several half types is one finding naming each.
// RUN: %check_dispatch_tidy %s dispatch-implicit-device-transfer %t -- -std=c++17 %cuda_flags --cuda-host-only

#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void casts(const __half *in, float *out) {
  int i = threadIdx.x;
  out[i] = (float)in[i];               // C-style cast: explicit
  out[i] += static_cast<float>(in[i]); // static_cast: explicit
  out[i] += float(in[i]);              // functional cast: explicit
  __half back = static_cast<__half>(out[i]);
  float f = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: implicit '__half' to 'float' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:13: warning: implicit '__half' to 'float' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:13: note: exact, but through the implicit conversion operator '__half::operator float', which competes with the arithmetic overloads; the explicit form is __half2float()
  // CHECK-FIXES: {{^}}  float f = __half2float(in[i]);
  out[i] += f + float(back);
}

template <class T> __global__ void widen(const T *in, float *out) {
  float acc = in[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: implicit '__half' and '__nv_bfloat16' to 'float' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:15: warning: implicit '__half' and '__nv_bfloat16' to 'float' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:15: note: exact, but through the implicit conversion operator '__half::operator float' and '__nv_bfloat16::operator float', {{.*}} the explicit form is __half2float() or __bfloat162float()
  // No fix: no one intrinsic serves both instantiations.
  // CHECK-FIXES: {{^}}  float acc = in[threadIdx.x];
  out[threadIdx.x] = acc;
}
template __global__ void widen<__half>(const __half *, float *);
template __global__ void widen<__nv_bfloat16>(const __nv_bfloat16 *, float *);
