// When a file last changed: what the translated database and the last
// scan are compared by (ClangdDatabase, LastScan).
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"

#include <optional>

namespace dispatch::clangd {

/// The file's modification time; nullopt when it does not exist.
inline std::optional<llvm::sys::TimePoint<>> modificationTime(const llvm::Twine &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) || !llvm::sys::fs::exists(St))
    return std::nullopt;
  return St.getLastModificationTime();
}

} // namespace dispatch::clangd
