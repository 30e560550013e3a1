// REQUIRES: cuda-toolkit
// Explicit casts are no implicit conversion, widening is exact (so latent: no
// value changes), narrowing rounds (through the converting constructor or the
// converting assignment `h = f`), and one site of a template instantiated for
// several half types is one finding naming each.
// RUN: %check_dispatch_tidy %s dispatch-implicit-device-transfer %t -- -std=c++17 %cuda_flags --cuda-host-only

#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void casts(const __half *in, float *out) {
  int i = threadIdx.x;
  out[i] = (float)in[i];               // C-style cast: explicit
  out[i] += static_cast<float>(in[i]); // static_cast: explicit
  out[i] += float(in[i]);              // functional cast: explicit
  __half back = static_cast<__half>(out[i]);
  float f = in[i]; // exact: latent
  // CHECK-FIXES: {{^}}  float f = in[i]; // exact: latent
  out[i] += f + float(back);
}

template <class T> __global__ void widen(const T *in, float *out) {
  float acc = in[threadIdx.x];
  // CHECK-FIXES: {{^}}  float acc = in[threadIdx.x];
  out[threadIdx.x] = acc;
}
template <class T> __global__ void narrow_each(T *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x] * 0.5f;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: implicit 'float' to '__half' and '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:22: warning: implicit 'float' to '__half' and '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:22: note: rounds, through the implicit converting assignment '__half::operator=({{(const )?}}float)' and '__nv_bfloat16::operator=({{(const )?}}float)'; the explicit form for every instantiation is a 'static_cast' to the site's type
  // CHECK-NOTES: :[[@LINE-4]]:22: note: in the instantiations 'narrow_each<__half>' and 'narrow_each<__nv_bfloat16>'
  // CHECK-NOTES: :[[@LINE-5]]:22: note: no automatic fix: the type is a template argument here, which another instantiation or build may set to another type
  // No fix: no one intrinsic serves both instantiations.
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = in[threadIdx.x] * 0.5f;
}
template __global__ void narrow_each<__half>(__half *, const float *);
template __global__ void narrow_each<__nv_bfloat16>(__nv_bfloat16 *, const float *);
template __global__ void widen<__half>(const __half *, float *);
template __global__ void widen<__nv_bfloat16>(const __nv_bfloat16 *, float *);

// float → half rounds, unless the value is a constant the type holds
// exactly (llm.c's `__nv_bfloat16 zero = 0.f`): then nothing changes value,
// and the site is latent (shown with ReportLatent).
__global__ void narrow(__nv_bfloat16 *out, __half *h, const float *in) {
  __nv_bfloat16 v = in[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:21: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:21: note: rounds, through the implicit converting constructor '__nv_bfloat16::__nv_bfloat16({{(const )?}}float)'; the explicit form is __float2bfloat16()
  // CHECK-FIXES: {{^}}  __nv_bfloat16 v = __float2bfloat16(in[threadIdx.x]);
  __nv_bfloat16 zero = 0.f;
  // CHECK-FIXES: {{^}}  __nv_bfloat16 zero = 0.f;
  __half half_one = 0.5f;
  // CHECK-FIXES: {{^}}  __half half_one = 0.5f;
  __half third = 0.3f;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: implicit 'float' to '__half' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:18: warning: implicit 'float' to '__half' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:18: note: rounds, through {{.*}} the explicit form is __float2half()
  // CHECK-FIXES: {{^}}  __half third = __float2half(0.3f);
  out[threadIdx.x] = v;
  out[threadIdx.x + 1] = zero;
  h[0] = half_one;
  h[1] = third;
  out[2] = in[1] * 2.0f; // llm.c's `out[i] = 0.5f * xi * ...`
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:12: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: rounds, through the implicit converting assignment '__nv_bfloat16::operator=({{(const )?}}float)'; the explicit form is __float2bfloat16()
  // CHECK-FIXES: {{^}}  out[2] = __float2bfloat16(in[1] * 2.0f); // llm.c's `out[i] = 0.5f * xi * ...`
  h[2] = 0.25f; // exact: latent
  // CHECK-FIXES: {{^}}  h[2] = 0.25f; // exact: latent
}
// RUN: %clang_tidy --checks='-*,dispatch-implicit-device-transfer' --config='{CheckOptions: {ReportLatent: true}}' \
// RUN:   %s -- -std=c++17 %cuda_flags --cuda-host-only 2>&1 | FileCheck %s --check-prefix=LATENT
// LATENT: reduced-precision-sites.cu:17:13: note: exact, but through the implicit conversion operator '__half::operator float'; the explicit form is __half2float()
// LATENT: reduced-precision-sites.cu:23:15: note: exact, but through the implicit conversion operator '__half::operator float' and '__nv_bfloat16::operator float'; the explicit form for every instantiation is 'static_cast<float>'
// LATENT: reduced-precision-sites.cu:51:24: note: exact for the constant 0, but through the implicit converting constructor '__nv_bfloat16::__nv_bfloat16({{(const )?}}float)'
// LATENT: reduced-precision-sites.cu:53:21: note: exact for the constant 0.5, but through
// LATENT: reduced-precision-sites.cu:69:10: note: exact for the constant 0.25, but through the implicit converting assignment '__half::operator=({{(const )?}}float)'
// LATENT: reduced-precision-sites.cu:153:15: note: exact, but through the implicit conversion operator '__half::operator float' and '__nv_bfloat16::operator float'; the explicit form for every instantiation is 'static_cast<float>'

// A target written through a typedef that the build switches (llm.c's
// floatX: float, __half or __nv_bfloat16) keeps its name in the fix: the
// intrinsic would break the other configurations.
typedef __nv_bfloat16 floatX;
__global__ void store(floatX *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x] + 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:22: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:22: note: rounds, through the implicit converting assignment {{.*}}; the explicit form is static_cast<floatX>()
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = static_cast<floatX>(in[threadIdx.x] + 1.0f);
  floatX v = in[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:14: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:14: note: rounds, through the implicit converting constructor {{.*}}; the explicit form is static_cast<floatX>()
  // CHECK-FIXES: {{^}}  floatX v = static_cast<floatX>(in[0]);
  out[1] = v;
}

// A half type that reaches the site as a template argument (llm.c's
// `Packed128<floatX>::operator[]`): the instantiation sees __nv_bfloat16,
// but the build sets floatX to float or __half as well, so the intrinsic
// would be wrong; the object's type spells the argument (`x128` is a typedef
// of `Packed<floatX>`), and the cast names it, as every configuration needs.
template <class ElementType> struct Packed {
  ElementType payload[4];
  __device__ ElementType &operator[](int i) { return payload[i]; }
};
typedef Packed<floatX> x128;
__global__ void packed_store(x128 *out, const float *in) {
  x128 p = out[0];
  p[0] = in[0] * 0.5f;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:10: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:10: note: rounds, through the implicit converting assignment {{.*}}; the explicit form is static_cast<floatX>()
  // CHECK-FIXES: {{^}}  p[0] = static_cast<floatX>(in[0] * 0.5f);
  out[0] = p;
}

// A site in a kernel template names the instantiation that narrows: llm.c's
// bias-gradient kernel, meant to write the float aux buffer in this branch,
// was instantiated with UseAux = true for the bf16 gradient itself (a
// `constexpr std::bool_constant<true> False;`), and the note shows it.
template <class OutFloat, bool UseAux>
__global__ void bias_grad(OutFloat *out, float a) {
  if constexpr (!UseAux) {
    out[0] = (OutFloat)(a + (float)out[0]);
  } else {
    out[blockIdx.y] = a;
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
    // CHECK-NOTES: :[[@LINE-2]]:23: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
    // CHECK-NOTES: :[[@LINE-3]]:23: note: rounds, through the implicit converting assignment {{.*}}
    // CHECK-NOTES: :[[@LINE-4]]:23: note: in the instantiation 'bias_grad<__nv_bfloat16, true>'
    // CHECK-NOTES: :[[@LINE-5]]:23: note: no automatic fix: the type is a template argument here, {{.*}}
    // CHECK-FIXES: {{^}}    out[blockIdx.y] = a;
  }
}
constexpr std::bool_constant<true> False;
template __global__ void bias_grad<__nv_bfloat16, False>(__nv_bfloat16 *, float);
template __global__ void bias_grad<float, true>(float *, float);

// DGL's segment reduction: the half value comes from the reducer the kernel
// is instantiated with (specialised for each half type, which it names),
// widened into a float accumulator (latent: exact); no one intrinsic fits
// both instantiations, a static_cast does.
template <class DType> struct Sum;
template <> struct Sum<__half> {
  __device__ static __half zero() { return __float2half(0.f); }
};
template <> struct Sum<__nv_bfloat16> {
  __device__ static __nv_bfloat16 zero() { return __float2bfloat16(0.f); }
};
template <class DType, class ReduceOp> __global__ void segment(float *out) {
  float acc = ReduceOp::zero();
  out[0] = acc;
}
template __global__ void segment<__half, Sum<__half>>(float *);
template __global__ void segment<__nv_bfloat16, Sum<__nv_bfloat16>>(float *);

// tiny-cuda-nn's reductions: an fp32 result stored through a view of the
// kernel's own T (`MatrixView<T>::operator()` returns `T &`), instantiated
// for float and __half. The view's type spells T, which is no name every
// instantiation shares: `__float2half()` would round the float one too.
template <class T> struct View {
  T *data;
  __device__ T &operator()(int i) { return data[i]; }
};
template <class T> __global__ void reduce_sum(View<T> reduced, const float *in) {
  float result = in[0] + in[1];
  reduced(0) = result;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: implicit 'float' to '__half' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-2]]:16: warning: implicit 'float' to '__half' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-NOTES: :[[@LINE-3]]:16: note: rounds, through the implicit converting assignment {{.*}}; the explicit form for every instantiation is a 'static_cast' to the site's type
  // CHECK-NOTES: :[[@LINE-4]]:16: note: in the instantiation 'reduce_sum<__half>'
  // CHECK-NOTES: :[[@LINE-5]]:16: note: no automatic fix: the type is a template argument here, {{.*}}
  // CHECK-FIXES: {{^}}  reduced(0) = result;
}
template __global__ void reduce_sum<float>(View<float>, const float *);
template __global__ void reduce_sum<__half>(View<__half>, const float *);
