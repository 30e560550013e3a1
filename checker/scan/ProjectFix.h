// `dispatch-scan fix`: a declaration's fix together with the rewrites of its
// uses in every translation unit of the compilation database.
//
// clang-tidy --fix (and an editor's quick fix) rewrites the uses in the one
// TU it checked; the others then stop compiling once the declaration is
// `explicit`. Here every TU is checked, the fixes each offers are merged
// (an edit that several TUs share — the declaration, a use in a header — is
// made once), a declaration is fixed only where every TU that reports it
// offers a fix, and every TU of the database is compiled again with the
// edits, in memory, before any file is written: when one TU would not
// compile, nothing is written.
#pragma once

#include "ScanUnits.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace dispatch::scan {

/// Files/Filter select the TUs fixes are taken from; every TU of the
/// database is compiled with them.
struct FixOptions : UnitOptions {
  bool DryRun = false;             ///< check, print, write nothing
};

/// What a fix run decided.
struct FixOutcome {
  unsigned Fixed = 0;        ///< declarations whose fix was applied
  unsigned NotFixed = 0;     ///< findings left (no fix in some TU, or a conflict)
  unsigned FilesChanged = 0;
  bool Compiles = true;      ///< every TU compiles with the edits
  bool Written = false;      ///< the edits are on disk
};

/// Runs the checks over the selected TUs, merges their fixes, compiles
/// every TU of the database with them and writes the files when all
/// compile (unless DryRun). What it does is printed to Log. An error when
/// the database cannot be read, or a TU does not compile or crashes before
/// any edit (its uses are unknown): nothing is written then.
llvm::Expected<FixOutcome> fixProject(const FixOptions &Opts, llvm::raw_ostream &Log);

} // namespace dispatch::scan
