// The compilation database clangd itself reads. CMake writes nvcc command
// lines for .cu files; clangd would parse them as clang's and show false
// errors in every CUDA buffer. When a project's database has nvcc entries,
// dispatch-clangd gives clangd a copy with those entries translated to
// clang's CUDA flags (the same translation its own checks use, host side
// as the editor shows it) and points clangd's --compile-commands-dir there.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace dispatch::clangd {

class ClangdDatabase {
public:
  /// CacheRoot: where translated copies live, one directory per project
  /// database. LlvmRoot: the LLVM whose clang++ the copy names.
  ClangdDatabase(std::string CacheRoot, std::string LlvmRoot)
      : CacheRoot(std::move(CacheRoot)), LlvmRoot(std::move(LlvmRoot)) {}

  /// The directory of the database clangd should read for the project
  /// database in SourceDir: a translated copy (written or brought up to
  /// date when SourceDir's is newer), or nullopt when SourceDir's has no
  /// nvcc entry (clangd reads it as it is).
  llvm::Expected<std::optional<std::string>> directoryFor(llvm::StringRef SourceDir);

  /// $XDG_CACHE_HOME/dispatch-clangd, else $HOME/.cache/dispatch-clangd.
  static std::string defaultCacheRoot();

private:
  std::string CacheRoot, LlvmRoot;
};

} // namespace dispatch::clangd
