// A project's compilation database as clang can use it: CMake writes nvcc
// command lines for .cu files, which are translated to clang's CUDA flags by
// integrations/cuda/nvcc_to_clang.py (the project's one translator) on load.
// Used by dispatch-scan and dispatch-clangd.
#pragma once

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>

namespace dispatch::scan {

bool isNvccCommand(const clang::tooling::CompileCommand &C);

/// Dir/compile_commands.json with nvcc entries translated; null with Why
/// set on failure. Translator: nvcc_to_clang.py (empty: the installed copy
/// beside the executable, else the source tree's).
std::unique_ptr<clang::tooling::CompilationDatabase>
loadClangDatabase(llvm::StringRef Dir, llvm::StringRef Translator, std::string &Why);

} // namespace dispatch::scan
