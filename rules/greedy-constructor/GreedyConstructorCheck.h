// dispatch-greedy-constructor: unconstrained template constructors that take
// anything (forwarding reference, by value, non-const reference, pack) and so
// out-rank copy/move construction and every other conversion.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"

#include "clang-tidy/utils/IncludeInserter.h"

namespace dispatch {

class GreedyConstructorCheck : public DispatchCheck {
public:
  GreedyConstructorCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  struct Greedy {
    const clang::CXXConstructorDecl *Ctor;
    GreedyForm Form;
  };
  /// Also add `explicit` (with call-site rewrites) to single-argument ones.
  bool MakeExplicit;
  /// The fix's `#include <type_traits>`, placed as clang-tidy's own checks do.
  clang::tidy::utils::IncludeInserter Inserter;

  std::vector<Greedy> Found;
  ConversionSiteIndex Sites;
  /// Constructions that resolve to a constructor template, by the template's
  /// written constructor: the effect that makes a finding effective.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<clang::SourceLocation>> Constructions;
};

} // namespace dispatch
