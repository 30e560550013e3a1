// A project's compilation database as clang can use it: CMake writes nvcc
// command lines for .cu files, which are translated to clang's CUDA flags on
// load. Used by dispatch-scan and dispatch-clangd.
#pragma once

#include "NvccTranslation.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace dispatch::driver {

/// Dir/compile_commands.json with nvcc entries translated to clang's CUDA
/// flags (NvccTranslation.h).
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompilationDatabase(llvm::StringRef Dir);

} // namespace dispatch::driver
