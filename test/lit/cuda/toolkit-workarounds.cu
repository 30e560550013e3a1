// REQUIRES: cuda-toolkit
// What each clang needs against CUDA 13 (integrations/cuda/README.md), each
// workaround left out in turn, host and device passes, clang 16 and 19 alike
// unless the prefix names one: the shims directory (clang's CUDA wrapper
// includes a texture header CUDA 12 removed), -include dispatch_cuda_shims.h
// (the device pass needs cudaConfigureCall for <<<>>>), CCCL's include
// directory, and -fcuda-allow-variadic-functions, which only clang 16 needs:
// clang 19 accepts CCCL's variadic __host__ __device__ helpers by default.
//
// RUN: %if llvm16 %{ %not %} %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path \
// RUN:   --cuda-gpu-arch=sm_80 -nocudalib -Wno-unknown-cuda-version -isystem %cuda_shims \
// RUN:   -isystem %cuda_path/include/cccl -include dispatch_cuda_shims.h --cuda-host-only %s 2>&1 | FileCheck %s --check-prefix=NOVARIADIC-%llvm_major --allow-empty
// RUN: %if llvm16 %{ %not %} %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path \
// RUN:   --cuda-gpu-arch=sm_80 -nocudalib -Wno-unknown-cuda-version -isystem %cuda_shims \
// RUN:   -isystem %cuda_path/include/cccl -include dispatch_cuda_shims.h --cuda-device-only %s 2>&1 | FileCheck %s --check-prefix=NOVARIADIC-%llvm_major --allow-empty
// RUN: %not %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions \
// RUN:   -isystem %cuda_path/include/cccl --cuda-host-only %s 2>&1 | FileCheck %s --check-prefix=NOSHIMS
// RUN: %not %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions \
// RUN:   -isystem %cuda_shims -isystem %cuda_path/include/cccl --cuda-device-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOLAUNCHDECL
// The host pass needs no cudaConfigureCall declaration.
// RUN: %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions \
// RUN:   -isystem %cuda_shims -isystem %cuda_path/include/cccl --cuda-host-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %not %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions \
// RUN:   -isystem %cuda_shims -include dispatch_cuda_shims.h --cuda-host-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOCCCL
// The shims hide no header CUDA 13 has: texture objects (tiny-cuda-nn's
// sample) compile in both passes.
// RUN: %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions \
// RUN:   -isystem %cuda_shims -isystem %cuda_path/include/cccl -include dispatch_cuda_shims.h \
// RUN:   -DTEXTURE_OBJECTS --cuda-host-only %s 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions \
// RUN:   -isystem %cuda_shims -isystem %cuda_path/include/cccl -include dispatch_cuda_shims.h \
// RUN:   -DTEXTURE_OBJECTS --cuda-device-only %s 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// Without -Wno-unknown-cuda-version each clang names the newest CUDA it knows.
// RUN: %clangxx -fsyntax-only -std=c++17 -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 \
// RUN:   -nocudalib -Xclang -fcuda-allow-variadic-functions -isystem %cuda_shims \
// RUN:   -isystem %cuda_path/include/cccl -include dispatch_cuda_shims.h --cuda-host-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERSION-%llvm_major
//
// NOVARIADIC-16: error: CUDA device code does not support variadic functions
// NOVARIADIC-19-NOT: error
// NOSHIMS: fatal error: 'texture_fetch_functions.h' file not found
// NOLAUNCHDECL: error: use of undeclared identifier cudaConfigureCall
// CLEAN-NOT: error
// NOCCCL: fatal error: 'thrust/device_vector.h' file not found
// VERSION-16: CUDA version is newer than the latest partially supported version 11.8
// VERSION-19: CUDA version is newer than the latest partially supported version 12.5

#include <thrust/device_vector.h>
#include <thrust/transform.h>

struct Twice {
  __host__ __device__ float operator()(float x) const { return 2.f * x; }
};

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.f;
}

void run(int n) {
  thrust::device_vector<float> d(n, 1.0f);
  thrust::transform(d.begin(), d.end(), d.begin(), Twice{});
  scale<<<1, 256>>>(thrust::raw_pointer_cast(d.data()), n);
}

#ifdef TEXTURE_OBJECTS
__global__ void sample(cudaTextureObject_t t, float *out) { out[0] = tex2D<float>(t, 0.5f, 0.5f); }
#endif
