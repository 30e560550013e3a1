// dispatch-generic-copy: the `deepcopy` family — generic copy/clone templates
// that accept any type and out-rank specific overloads for derived types.
#pragma once

#include "../common/DispatchCheck.h"

#include "clang/AST/Expr.h"

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

  std::vector<std::string> CopyFunctions;
  std::vector<const clang::FunctionTemplateDecl *> Found;
  std::vector<const clang::CallExpr *> Calls;
};

} // namespace dispatch
