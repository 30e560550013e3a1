// The files of a translation unit, found in one pass over the
// source-location table. SourceManager::translateFile rescans that whole
// table (macro expansions included) on every call, which costs seconds
// when it is called per header or per diagnostic in a CUDA TU.
#pragma once

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

namespace dispatch {

/// Each file entered in the TU (the first time it was entered).
llvm::DenseMap<const clang::FileEntry *, clang::FileID> fileIdsOf(const clang::SourceManager &SM);

} // namespace dispatch
