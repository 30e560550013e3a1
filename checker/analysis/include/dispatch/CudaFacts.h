// CUDA-specific facts: execution space of functions, device containers, and
// the reduced-precision float types whose conversions are costly in kernels.
#pragma once

#include "dispatch/ConversionFacts.h"
#include "dispatch/Knowledge.h"

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

/// The reduced-precision type T names (`__half`, `__nv_bfloat16`, their
/// 2-vectors: Knowledge::ReducedPrecision), or null.
const ReducedPrecisionType *reducedPrecisionOf(clang::QualType T, const Knowledge &K);

/// Whether a function name matches one of Patterns: a trailing `*` matches
/// any suffix (`cudaMemcpy*`); a pattern with `::` is compared with the
/// qualified name, others with the plain name.
bool functionNameMatches(const clang::FunctionDecl *F, llvm::ArrayRef<std::string> Patterns);

/// Whether the body of FD (or of a function it calls directly that is defined
/// in this translation unit, up to Depth levels) calls one of
/// TransferFunctions or constructs a copying container from another
/// (Knowledge::CopyingContainers: a thrust host/device copy).
bool performsDeviceCopy(const clang::FunctionDecl *FD,
                        const std::vector<std::string> &TransferFunctions, const Knowledge &K,
                        unsigned Depth = 2);

/// Classes of the translation unit some of whose fields are the destination of
/// a device allocation (`cudaMalloc(&data_, n)` in a member function).
bool allocatesDeviceMemory(const clang::CXXRecordDecl *RD, const Knowledge &K);

/// A device type: named in DeviceTypes, allocating device memory itself, or
/// holding a field of such a type (one level: `struct B { device_vector d; }`).
bool holdsDeviceMemory(clang::QualType T, const std::vector<std::string> &DeviceTypes,
                       const Knowledge &K);

/// Which types count as device memory and which functions copy across the
/// bus (dispatch-implicit-device-transfer's options).
struct TransferConfig {
  std::vector<std::string> DeviceTypes, HostTypes, TransferFunctions;
  const Knowledge *K = &Knowledge::builtin();
};

/// Why an implicit conversion moves data between device and host ("device
/// to host", "host to device", "across the bus (its body copies between
/// device and host)"), or empty when it does not.
std::string deviceTransferReason(const ImplicitConversion &Conv, const TransferConfig &C);

} // namespace dispatch
