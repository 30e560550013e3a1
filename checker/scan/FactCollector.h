// AST facts of one translation unit for dispatch-scan: the declarations the
// checks flagged (with USRs), their dependent sites, the call graph of the
// project's code, and the resolution of every call in header-defined
// (inline / template) functions for the ODR comparison.
//
// Only code that was compiled counts, as in Julia's invalidation: template
// patterns are skipped and their instantiations visited. Code in system
// headers is not walked (its calls into the project are not in the graph).
#pragma once

#include "Facts.h"

#include "dispatch/Finding.h"

#include "clang/AST/ASTContext.h"

namespace dispatch::scan {

/// Paths in facts: absolute, dots removed, then relative to Root if inside.
class PathMapper {
public:
  explicit PathMapper(std::string Root) : Root(std::move(Root)) {}
  std::string map(llvm::StringRef Path, llvm::StringRef WorkingDir) const;
  const std::string &root() const { return Root; }

private:
  std::string Root;
};

/// Adds the TU's facts to Out (which holds this TU only): the surviving
/// findings and what depends on their declarations.
void collectFacts(clang::ASTContext &Ctx, const std::vector<const Finding *> &Found,
                  const PathMapper &Paths, llvm::StringRef WorkingDir, Facts &Out,
                  TuFact &Tu);

} // namespace dispatch::scan
