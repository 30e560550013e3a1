// CUDA-specific facts: execution space of functions, device containers, and
// the reduced-precision float types whose conversions are costly in kernels.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"

#include <string>
#include <vector>

namespace dispatch {

enum class CudaSpace { Host, Device, HostDevice, Global };

/// Execution space from `__host__`, `__device__`, `__global__` attributes;
/// functions without attributes are host functions (constexpr ones too, unless
/// --expt-relaxed-constexpr; that is not modelled).
CudaSpace cudaSpaceOf(const clang::FunctionDecl *FD);
const char *cudaSpaceLabel(CudaSpace S);
/// True for code that runs on the device: __device__, __global__, and
/// __host__ __device__.
bool runsOnDevice(CudaSpace S);

/// Default list of class (template) names that hold device memory.
std::vector<std::string> defaultDeviceTypes();
/// Default list of host containers a device type converts to or from.
std::vector<std::string> defaultHostTypes();

/// `__half`, `__nv_bfloat16` (and their 2-vectors): the name, or empty.
std::string reducedPrecisionName(clang::QualType T);

/// Default names of functions that copy across the bus: a trailing `*`
/// matches any suffix (`cudaMemcpy*`), other names match the qualified name.
std::vector<std::string> defaultTransferFunctions();

/// Whether the body of FD (or of a function it calls directly that is defined
/// in this translation unit, up to Depth levels) calls one of
/// TransferFunctions or constructs a thrust host/device copy.
bool performsDeviceCopy(const clang::FunctionDecl *FD,
                        const std::vector<std::string> &TransferFunctions, unsigned Depth = 2);

/// Classes of the translation unit some of whose fields are the destination of
/// a cudaMalloc-family call (`cudaMalloc(&data_, n)` in a member function).
bool allocatesDeviceMemory(const clang::CXXRecordDecl *RD);

/// A device type: named in DeviceTypes, allocating device memory itself, or
/// holding a field of such a type (one level: `struct B { device_vector d; }`).
bool holdsDeviceMemory(clang::QualType T, const std::vector<std::string> &DeviceTypes);

} // namespace dispatch
