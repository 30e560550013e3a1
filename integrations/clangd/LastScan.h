// The last `dispatch-scan collect` of the project, as dispatch-clangd reads
// it: a declaration's fix over every TU that reported it (Facts merges
// them), offered as a quick fix that edits every file. A header fix made in
// one buffer would leave the other TUs' uses of it broken.
#pragma once

#include "Facts.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace dispatch::clangd {

struct ProjectWideFix {
  nlohmann::json Edit; ///< LSP WorkspaceEdit over every file
  std::string Title;   ///< "make 'X' explicit and rewrite the uses in 2 other files"
  unsigned OtherFiles = 0; ///< files besides the buffer's that it edits
};

class LastScan {
public:
  /// Reloads Path when it changed since it was read; false when it cannot
  /// be read (no scan yet, or a malformed one: said once on stderr).
  bool load(const std::string &Path);

  /// The project-wide fix of the finding warned about at R.Loc (absolute
  /// paths), when the scan knows it, it edits a file besides BufferPath,
  /// and none of the files it edits changed after the scan (offsets would
  /// be stale). BufferText must equal the file on disk for the same reason.
  std::optional<ProjectWideFix> fixFor(const FindingRecord &R, const std::string &BufferPath,
                                       const std::string &BufferText) const;

private:
  std::string Path;
  llvm::sys::TimePoint<> Read;
  std::optional<scan::Facts> Facts;
  std::string Complained;
};

} // namespace dispatch::clangd
