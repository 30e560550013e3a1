#include "FixUnion.h"

#include "llvm/ADT/STLExtras.h"

namespace dispatch::scan {

void FixUnion::add(const FileEdits *Fix) {
  if (Incomplete)
    return;
  if (!Fix) {
    Incomplete = true;
    Why = "no fix";
  }
  for (const auto &[File, Reps] : Fix ? *Fix : FileEdits()) {
    clang::tooling::Replacements &Known = Edits[File];
    for (const clang::tooling::Replacement &Rep : Reps)
      if (llvm::find(Known, Rep) == Known.end())
        if (llvm::Error E = Known.add(Rep)) {
          Why = llvm::toString(std::move(E));
          Incomplete = true;
          break;
        }
    if (Incomplete)
      break;
  }
  if (Incomplete)
    Edits.clear();
}

} // namespace dispatch::scan
