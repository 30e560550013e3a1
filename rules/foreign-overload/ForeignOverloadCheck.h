// dispatch-foreign-overload: "type piracy" — overloads and specialisations in
// the project for functions and types that nobody in the project owns, and
// declarations added to namespace std.
#pragma once

#include "../common/DispatchCheck.h"

namespace dispatch {

class ForeignOverloadCheck : public DispatchCheck {
public:
  using DispatchCheck::DispatchCheck;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;
  /// The call Ref names the callee of, or null (an address taken).
  static const clang::Expr *callOf(const clang::DeclRefExpr *Ref, clang::ASTContext &Ctx);

  void checkFunction(const clang::FunctionDecl *FD);
  void checkClassSpecialization(const clang::ClassTemplateSpecializationDecl *Spec);
  void checkStdAddition(const clang::NamedDecl *ND);
  bool writtenInProject(const clang::Decl *D) const;
  /// A function's or a class's specialisation of a foreign template, Name
  /// quoted.
  Finding specialisationFinding(const clang::NamedDecl *Spec, llvm::StringRef Name);

  /// The overloads found, reported at the end of the TU with the calls
  /// they take.
  std::vector<std::pair<const clang::FunctionDecl *, Finding>> Pending;
};

} // namespace dispatch
