// The translation units a project-wide command runs over: the compilation
// database's entries, selected by file and regex, each CUDA source twice
// (host and device pass, as nvcc compiles it). Shared by `collect` and `fix`.
#pragma once

#include "TuRunner.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace dispatch::scan {

struct Unit {
  clang::tooling::CompileCommand Command;
  std::string Pass; ///< "", "host", "device"
};

/// The units of Files (all of the database when empty) whose path matches
/// Filter (everything when empty); a file the database lacks is warned about.
std::vector<Unit> selectUnits(const clang::tooling::CompilationDatabase &DB,
                              const std::vector<std::string> &Files, const std::string &Filter);

/// What TuRunner runs for a unit: its command, the pass flag, ExtraArgs.
driver::TuCommand commandFor(const Unit &U, const std::vector<std::string> &ExtraArgs,
                             const std::string &LlvmRoot);

} // namespace dispatch::scan
