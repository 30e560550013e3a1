// A __host__ __device__ template against a __device__ overload. In device
// code the template's exact match beats float; from host code the __device__
// overload is not viable, so removing the template breaks that call.
template <class T> __host__ __device__ T clamp01(T x) { return x < T(0) ? T(0) : x; }
__device__ float clamp01(float x) { return x < 0.f ? 0.f : x; }

__device__ float activate(double v) { return clamp01(v); } // hijacked
float host_activate(double v) { return clamp01(v); }       // removal: no viable function
