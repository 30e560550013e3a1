// What a traversal of the translation unit must visit to see every node the
// dispatch-* checks can act on, and nothing else.
//
// The checks report declarations the project wrote and calls and conversions
// that involve them. Code in system headers matters only where it was
// instantiated for the project's types: `std::vector<gnn::Tensor>`'s members,
// `std::is_convertible<float, gnn::Tensor>`'s test, `std::function<gnn::Tensor
// (float)>`'s invoker — there a project conversion can be used implicitly, and
// a fix that makes it explicit would break the system header. Everything else
// in system headers (most of a TU: the standard library, the CUDA toolkit,
// Eigen...) cannot name a project type and only costs time to walk.
//
// Setting this scope with ASTContext::setTraversalScope before the matchers
// run keeps every node the checks need (parents included: the parent map is
// built over the same scope) and skips the rest.
#pragma once

#include "clang/AST/ASTContext.h"

#include <vector>

namespace dispatch {

/// Declarations in translation-unit order: each top-level declaration written
/// outside system headers, and, in place of each system-header top-level
/// declaration, the instantiations of its templates (at any depth) whose
/// template arguments involve a type, declaration or template written outside
/// system headers — as RecursiveASTVisitor would have visited them.
std::vector<clang::Decl *> projectTraversalScope(clang::ASTContext &Ctx);

/// Whether the traversal scope is already limited (not the whole TU).
bool hasLimitedTraversalScope(clang::ASTContext &Ctx);

} // namespace dispatch
