// `dispatch-scan collect`: the checks and the fact collector over every
// translation unit of a compilation database, in parallel, each TU in its
// own crash-recovery context so that one bad TU never loses the run.
#pragma once

#include "Facts.h"
#include "ScanUnits.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace dispatch::scan {

struct CollectOptions : UnitOptions {
  bool Progress = false;
  std::string PerTuDir;       ///< also write one facts file per TU here
};

/// Collects and merges the facts of every selected TU; an error when the
/// database cannot be read. Paths in Opts must be absolute (the caller
/// resolves them before any work starts).
llvm::Expected<Facts> collectProject(const CollectOptions &Opts);

} // namespace dispatch::scan
