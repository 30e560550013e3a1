// nvcc command lines in a compilation database become clang CUDA flags.
// RUN: %python %S/../../../integrations/cuda/nvcc_to_clang.py %S/Inputs/nvcc_db.json %t/out/compile_commands.json
// RUN: FileCheck %s < %t/out/compile_commands.json

// The nvcc entry: driver, architectures, host options, rdc, the language,
// nvcc-only options dropped, the clang 16 + CUDA 12+ workarounds appended.
// CHECK:      "arguments": [
// CHECK-NEXT:   "clang++",
// CHECK-NEXT:   "-I/src/include",
// CHECK-NEXT:   "-isystem",
// CHECK-NEXT:   "/usr/local/cuda/include",
// CHECK-NEXT:   "-O3",
// CHECK-NEXT:   "-fPIC",
// CHECK-NEXT:   "-Wall",
// CHECK-NEXT:   "-fgpu-rdc",
// CHECK-NEXT:   "-std=c++17",
// CHECK-NEXT:   "-x",
// CHECK-NEXT:   "cuda",
// CHECK-NEXT:   "-c",
// CHECK-NEXT:   "/src/kernels.cu",
// CHECK-NEXT:   "-o",
// CHECK-NEXT:   "kernels.o",
// CHECK-NEXT:   "--cuda-gpu-arch=sm_80",
// CHECK-NEXT:   "--cuda-gpu-arch=sm_90",
// CHECK-NEXT:   "--cuda-path=/usr/local/cuda",
// CHECK-NEXT:   "-nocudalib",
// CHECK-NEXT:   "-Wno-unknown-cuda-version",
// CHECK-NEXT:   "-Xclang",
// CHECK-NEXT:   "-fcuda-allow-variadic-functions",
// CHECK-NEXT:   "-isystem",
// CHECK-NEXT:   "{{.*}}integrations/cuda/include",
// CHECK-NEXT:   "-isystem",
// CHECK-NEXT:   "/usr/local/cuda/include/cccl",
// CHECK-NEXT:   "-include",
// CHECK-NEXT:   "dispatch_cuda_shims.h"
// CHECK-NEXT: ]
// A C++ entry stays as it was.
// CHECK:      "command": "/usr/bin/c++ -I/src/include -O3 -c /src/main.cpp -o main.o"
// CHECK-NOT: nvcc
