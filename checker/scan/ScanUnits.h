// The translation units a project-wide command runs over: the compilation
// database's entries, selected by file and regex, each CUDA source in a host
// pass and a device pass per GPU architecture, as nvcc compiles it. Shared by `collect` and `fix`.
#pragma once

#include "TuRunner.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace dispatch::scan {

/// Which TUs a project-wide command (collect, fix) runs, and how.
struct UnitOptions {
  std::string BuildDir;            ///< holds compile_commands.json
  std::vector<std::string> Files;  ///< only these sources (empty: all)
  std::string Filter;              ///< regex on source paths
  std::string Root;                ///< paths are relative to it
  std::string Checks;              ///< extra clang-tidy check glob
  std::vector<std::string> ExtraArgs;
  unsigned Jobs = 1;
  std::string LlvmRoot;            ///< for the resource directory
};

struct Unit {
  clang::tooling::CompileCommand Command;
  /// "", "host", "device", or "device sm_80" when the command compiles
  /// for several architectures (one device pass each).
  std::string Pass;
};

/// The units of Files (all of the database when empty) whose path matches
/// Filter (everything when empty); a file the database lacks is warned about.
std::vector<Unit> selectUnits(const clang::tooling::CompilationDatabase &DB,
                              const std::vector<std::string> &Files, const std::string &Filter);

/// What TuRunner runs for a unit: its command, the pass flag, ExtraArgs.
driver::TuCommand commandFor(const Unit &U, const std::vector<std::string> &ExtraArgs,
                             const std::string &LlvmRoot);

} // namespace dispatch::scan
