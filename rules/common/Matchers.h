// The checks' cheap predicates as AST matchers, so that the matcher, not the
// callback, discards what no check reports (clang-tidy's own modules do the
// same with their AST_MATCHERs).
#pragma once

#include "DispatchCheck.h"

#include "clang/ASTMatchers/ASTMatchers.h"

namespace dispatch::matchers {

/// The declaration as written: first, not implicit, not produced by template
/// instantiation (DispatchCheck::isWrittenDeclaration).
AST_MATCHER(clang::Decl, isWrittenDeclaration) {
  return DispatchCheck::isWrittenDeclaration(&Node);
}

} // namespace dispatch::matchers
