// dispatch-hijacked-call: a call that overload resolution sent to an
// unconstrained template although, without the template, it would resolve to
// a more specific overload — as clang's own overload resolution shows it
// (dispatch/OverloadOracle.h): free, member and operator calls, rewritten
// comparisons, constructions.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/CopyFamily.h"
#include "dispatch/OverloadOracle.h"

#include <vector>

namespace dispatch {

class HijackedCallCheck : public DispatchCheck {
public:
  HijackedCallCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  /// Template and Skipped (null: a built-in operator) both outside the
  /// project: a vendored library's own overload set.
  bool isLibraryDesign(const clang::FunctionTemplateDecl *Template,
                       const clang::FunctionDecl *Skipped,
                       const clang::SourceManager &SM) const;
  /// Whether another enabled check reports Template at its declaration, this
  /// call among its notes (rules/checks.json: this check defers
  /// "unconstrained-template" and "generic-copy"): one warning per template,
  /// not one per call (SNAP's 149 calls of four comparison templates).
  bool isReportedAtTemplate(const clang::FunctionTemplateDecl *Template,
                            const CallSite &Site) const;
  void reportHijack(const CallSite &Site, const clang::FunctionTemplateDecl *Template,
                    const clang::FunctionDecl *Skipped, const clang::Decl *Caller,
                    bool FromModel, clang::ASTContext &Ctx);

  bool DeferTemplates, DeferCopies;
  /// dispatch-generic-copy's CopyFunctions, as it reads them.
  CopyFamily CopyNames;
  /// Calls to specialisations of hijacking templates, in source order.
  std::vector<CallSite> Sites;
  CallSiteCollector Collector;
};

} // namespace dispatch
