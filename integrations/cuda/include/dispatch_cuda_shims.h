// dispatch-tidy CUDA shim, force-included (-include dispatch_cuda_shims.h)
// when clang 16 parses .cu files against a CUDA 12+ toolkit.
//
// clang 16 lowers `kernel<<<grid, block>>>(...)` through cudaConfigureCall in
// the device-side pass, but CUDA 12 no longer declares it. Only a declaration
// is needed: the checks never generate code.
#pragma once
#if defined(__CUDA__) && defined(__cplusplus)
extern "C" __host__ __device__ int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                                     size_t sharedMem = 0,
                                                     cudaStream_t stream = 0);
#endif
