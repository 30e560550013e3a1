// dispatch-greedy-constructor: unconstrained template constructors that take
// anything (forwarding reference, by value, non-const reference, pack) and so
// out-rank copy/move construction and every other conversion.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"

namespace dispatch {

class GreedyConstructorCheck : public DispatchCheck {
public:
  GreedyConstructorCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  struct Greedy {
    const clang::CXXConstructorDecl *Ctor;
    GreedyForm Form;
  };
  /// Also add `explicit` (with call-site rewrites) to single-argument ones.
  bool MakeExplicit;

  clang::ASTContext *Ctx = nullptr;
  std::vector<Greedy> Found;
  ConversionSiteIndex Sites;
};

} // namespace dispatch
