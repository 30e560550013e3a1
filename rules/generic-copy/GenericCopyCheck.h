// dispatch-generic-copy: the `deepcopy` family — generic copy/clone templates
// (names by pattern: `copy_to`, `share_copy`, `clone_raw`, ...) that accept
// any type, and the calls where clang's overload resolution sends them to the
// template although a specific overload would take them without it.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/CopyFamily.h"
#include "dispatch/OverloadOracle.h"

#include <string>
#include <vector>

namespace dispatch {

class GenericCopyCheck : public DispatchCheck {
public:
  GenericCopyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  bool isCopyName(const clang::NamedDecl *D) const;

  /// Names of the copy family; `*` matches any run of characters.
  std::vector<std::string> CopyFunctions;
  CopyFamily Family;

  std::vector<const clang::FunctionTemplateDecl *> Found;
  std::vector<CallSite> Calls;
};

} // namespace dispatch
