// REQUIRES: cuda-toolkit
// RUN: %check_dispatch_tidy --check-suffix=HOST %s dispatch-implicit-device-transfer %t-host -- -std=c++17 %cuda_flags --cuda-host-only
// RUN: %check_dispatch_tidy --check-suffix=DEVICE %s dispatch-implicit-device-transfer %t-dev -- -std=c++17 %cuda_flags --cuda-device-only

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <thrust/device_vector.h>
#include <vector>

namespace gnn {

struct HostTensor {
  std::vector<float> data;
};

// Device storage allocated with cudaMalloc: a device type by construction.
class DeviceTensor {
public:
  explicit DeviceTensor(size_t n) : n_(n) { cudaMalloc(&data_, n * sizeof(float)); }
  operator HostTensor() const {
    // CHECK-MESSAGES-HOST: :[[@LINE-1]]:3: warning: implicit conversion 'gnn::DeviceTensor::operator HostTensor' copies data device to host [dispatch-implicit-device-transfer]
    // CHECK-MESSAGES-DEVICE: :[[@LINE-2]]:3: warning: implicit conversion 'gnn::DeviceTensor::operator HostTensor' {{.*}} [dispatch-implicit-device-transfer]
    // CHECK-FIXES: {{^}}  explicit operator HostTensor() const {
    HostTensor h;
    h.data.resize(n_);
    cudaMemcpy(h.data.data(), data_, n_ * sizeof(float), cudaMemcpyDeviceToHost);
    return h;
  }

private:
  float *data_ = nullptr;
  size_t n_ = 0;
};

// A thrust-backed buffer with an implicit conversion to std::vector.
struct Buffer {
  thrust::device_vector<float> d;
  operator std::vector<float>() const { return std::vector<float>(d.size()); }
  // CHECK-MESSAGES-HOST: :[[@LINE-1]]:3: warning: implicit conversion 'gnn::Buffer::operator std::vector<float>' copies data device to host [dispatch-implicit-device-transfer]
  // CHECK-MESSAGES-DEVICE: :[[@LINE-2]]:3: warning: implicit conversion 'gnn::Buffer::operator std::vector<float>' {{.*}} [dispatch-implicit-device-transfer]
  // CHECK-FIXES: {{^}}  explicit operator std::vector<float>() const { return std::vector<float>(d.size()); }
};

float sum(const HostTensor &h) { return h.data.empty() ? 0.f : h.data[0]; }
float use(const DeviceTensor &t) {
  return sum(t);
  // CHECK-FIXES: {{^}}  return sum(static_cast<HostTensor>(t));
}
std::vector<float> pull(const Buffer &b) { return b; }
// CHECK-FIXES: {{^}}std::vector<float> pull(const Buffer &b) { return static_cast<std::vector<float>>(b); }

// Reduced precision in device code: implicit narrowing through __half's
// converting assignment and __nv_bfloat16's converting constructor (widening
// through the conversion operator is exact: latent).
__device__ float widen(__half h) {
  float f = h;
  // CHECK-FIXES: {{^}}  float f = h;
  return f;
}
__device__ void store(__half *out, float v) {
  *out = v;
  // CHECK-MESSAGES-HOST: :[[@LINE-1]]:10: warning: implicit 'float' to '__half' conversion in __device__ code [dispatch-implicit-device-transfer]
  // CHECK-MESSAGES-DEVICE: :[[@LINE-2]]:10: warning: implicit 'float' to '__half' conversion {{.*}} [dispatch-implicit-device-transfer]
  // CHECK-FIXES: {{^}}  *out = __float2half(v);
}
__global__ void narrow(__nv_bfloat16 *out, const float *in) {
  __nv_bfloat16 b = in[threadIdx.x];
  // CHECK-MESSAGES-HOST: :[[@LINE-1]]:21: warning: implicit 'float' to '__nv_bfloat16' conversion in __global__ code [dispatch-implicit-device-transfer]
  // CHECK-MESSAGES-DEVICE: :[[@LINE-2]]:21: warning: implicit 'float' to '__nv_bfloat16' {{.*}} [dispatch-implicit-device-transfer]
  // CHECK-FIXES: {{^}}  __nv_bfloat16 b = __float2bfloat16(in[threadIdx.x]);
  out[threadIdx.x] = b;
}

// A class template: judged on its specialisations, where the copy's call
// is resolved (held-out set: DeviceVector<T> -> std::vector<T>). The cast
// in to_host() spells the conversion: no implicit use, no fix blocker.
template <class T> class DeviceVector {
public:
  explicit DeviceVector(size_t n) : n_(n) { cudaMalloc(&ptr_, n * sizeof(T)); }
  operator std::vector<T>() const {
    // CHECK-MESSAGES-HOST: :[[@LINE-1]]:3: warning: implicit conversion 'gnn::DeviceVector::operator std::vector<T>' copies data across the bus (its body copies between device and host) [dispatch-implicit-device-transfer]
    // CHECK-MESSAGES-DEVICE: :[[@LINE-2]]:3: warning: implicit conversion 'gnn::DeviceVector::operator std::vector<T>' {{.*}} [dispatch-implicit-device-transfer]
    // CHECK-FIXES: {{^}}  explicit operator std::vector<T>() const {
    std::vector<T> host(n_);
    cudaMemcpy(host.data(), ptr_, n_ * sizeof(T), cudaMemcpyDeviceToHost);
    return host;
  }
  std::vector<T> to_host() const { return static_cast<std::vector<T>>(*this); }
private:
  T *ptr_ = nullptr;
  size_t n_ = 0;
};
float mean(const std::vector<float> &v) { return v.empty() ? 0.f : v[0]; }
float eval(DeviceVector<float> &logits) {
  std::vector<float> snap = logits.to_host();
  return mean(logits) + snap[0];
  // CHECK-FIXES: {{^}}  return mean(static_cast<std::vector<float>>(logits)) + snap[0];
}

// Negative: explicit transfers, host code using __half, host-only types.
struct Staging {
  explicit operator HostTensor() const { return {}; }
};
float host_side(__half h) { return __half2float(h); }
__device__ float explicit_widen(__half h) { return __half2float(h); }
struct Pair { operator float() const { return 0.f; } };

} // namespace gnn
