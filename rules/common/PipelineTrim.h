// What a clang-tidy run that holds only dispatch-* checks can skip.
//
// clang-tidy 16 does two things for every check that ours never use:
//  - for a TU with modules semantics (every -std=c++20 TU) it re-lexes the
//    whole TU through a second preprocessor (ExpandModularHeadersPPCallbacks)
//    so that preprocessor callbacks see macros from modules; no dispatch-*
//    check registers preprocessor callbacks. (LLVM 17 made this opt-in, so
//    against LLVM 19 there is nothing to switch off: see LLVMCompat.h.)
//  - its matchers walk the whole TU, system headers included, although only
//    project code and what was instantiated for project types can hold a
//    dispatch finding or a conversion site (see dispatch/TraversalScope.h).
//    (LLVM 21 skips matching in system headers for the same reason.)
// Both are skipped only when no other check or static-analyzer checker runs
// in the same clang-tidy invocation, system-header diagnostics were not asked
// for (--system-headers), and the option TraverseProjectCodeOnly is not false.
#pragma once

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace dispatch {

/// Whether this TU's run may skip the work above.
bool mayTrimPipeline(clang::tidy::ClangTidyContext &Context);

/// Turns off the module-header re-lexing for this TU (clang-tidy 16 only; a
/// no-op on 19): must run before clang-tidy builds its preprocessor
/// callbacks, i.e. in a check constructor.
void skipModuleHeaderExpansion(clang::tidy::ClangTidyContext &Context);

/// Matched on the TranslationUnitDecl, which the matcher traversal visits
/// before its children: limits the rest of the traversal (and the parent map)
/// to projectTraversalScope(). Leaves a scope somebody else limited alone.
class ProjectScopeSetter : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void registerOn(clang::ast_matchers::MatchFinder &Finder);
};

} // namespace dispatch
