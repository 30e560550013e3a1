// dispatch-unconstrained-operator: namespace-scope function templates whose
// parameters accept any type, so that ordinary lookup and ADL offer them to
// unrelated types — operators, hooks (`broadcast`, ...), customisation points
// (`swap`, `begin`, ...) always, other names when they compete with another
// viable candidate at a call. Viable and won calls come from clang's overload
// resolution (dispatch/OverloadOracle.h).
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/CopyFamily.h"
#include "dispatch/OverloadOracle.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>
#include <vector>

namespace dispatch {

class UnconstrainedOperatorCheck : public DispatchCheck {
public:
  UnconstrainedOperatorCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  /// Reported whether or not it competes: operators, HookNames,
  /// CustomizationPoints.
  bool isAlwaysReported(clang::DeclarationName Name) const;

  /// Non-operator function names treated like operators ("broadcast", ...).
  std::vector<std::string> HookNames;
  /// Names found by ADL on purpose (`swap`, `begin`, `to_string`, ...).
  std::vector<std::string> CustomizationPoints;
  /// Generic copy templates are dispatch-generic-copy's when it runs
  /// (rules/checks.json: this check defers "generic-copy").
  bool DeferCopies;
  CopyFamily CopyNames;

  std::vector<const clang::FunctionTemplateDecl *> Found;
  /// Found templates tied to a project class: a concrete parameter of an
  /// owned class that nothing else converts to (`operator<<(network &, L &&)`)
  /// makes the template viable only when that class is an operand, so like
  /// other names it is reported only when it competes.
  llvm::SmallPtrSet<const clang::FunctionTemplateDecl *, 8> TiedToOwnedClass;
  CallSiteCollector Collector;
  /// Call sites in project code by the name they call.
  llvm::DenseMap<clang::DeclarationName, std::vector<CallSite>> Calls;
};

} // namespace dispatch
