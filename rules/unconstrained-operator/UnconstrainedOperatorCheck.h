// dispatch-unconstrained-operator: namespace-scope operator and hook templates
// (`operator+`, `operator<<`, `broadcast`, ...) whose parameters accept any
// type, so that ordinary lookup or ADL offers them to unrelated types.
#pragma once

#include "../common/DispatchCheck.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

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

  bool isHookName(clang::DeclarationName Name) const;

  /// Non-operator function names treated like operators ("broadcast", ...).
  std::vector<std::string> HookNames;
  /// How many of the calls a template wins get a note.
  static constexpr size_t MaxWonNotes = 3;

  std::vector<const clang::FunctionTemplateDecl *> Found;
  /// Resolved calls by callee name, for counting candidates at the end.
  llvm::DenseMap<clang::DeclarationName, std::vector<const clang::CallExpr *>> Calls;
};

} // namespace dispatch
