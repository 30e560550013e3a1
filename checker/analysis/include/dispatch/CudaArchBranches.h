// The code of `#if`/`#ifdef` chains that test __CUDA_ARCH__. The host pass of
// a CUDA file parses `__device__` bodies with __CUDA_ARCH__ undefined, so it
// sees the branch no device build compiles (tiny-cuda-nn's `fma(__half, ...)`:
// `__hfma` for sm_60 and up, `fmaf` rounding through float in the `#else`
// the host pass reads). What such a branch does on the device, the device
// pass says (--cuda-device-only).
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <vector>

namespace dispatch {

class CudaArchBranches {
public:
  /// Starts recording the chains the preprocessor reads from now on.
  void attach(clang::Preprocessor &PP);
  /// Whether Loc (its expansion) is in a branch of a chain testing __CUDA_ARCH__.
  bool contains(clang::SourceLocation Loc, const clang::SourceManager &SM) const;
  void clear() {
    if (PairsStore)
      PairsStore->clear();
  }

private:
  /// Each branch: from its directive to the next one of its chain. Shared
  /// with the preprocessor's callback, which outlives no TU.
  std::shared_ptr<std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>>> PairsStore;
};

} // namespace dispatch
