// Base of every dispatch-* check: reads the options all checks share (who owns
// what) once, so that each check class stays a thin layer over the analysis
// library.
#pragma once

#include "PipelineTrim.h"

#include "dispatch/ConversionSites.h"
#include "dispatch/Ownership.h"
#include "dispatch/WideningObserver.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace dispatch {

class DispatchCheck : public clang::tidy::ClangTidyCheck {
public:
  DispatchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  /// The check's own matchers, and the project traversal scope when this run
  /// may trim clang-tidy's pipeline (PipelineTrim.h).
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

  /// Installed by tools that collect project facts (dispatch-scan).
  void setObserver(WideningObserver *O) { Observer = O; }
  llvm::StringRef checkName() const { return Name; }

protected:
  virtual void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) = 0;

  /// A warning about the widening declaration `D`, reported at `Loc` (its
  /// own location or a call it takes); an installed observer learns `D`.
  clang::DiagnosticBuilder diagWidening(const clang::NamedDecl *D, clang::SourceLocation Loc,
                                        llvm::StringRef Message);

  /// Boolean options through the string accessors only: the templated
  /// `get<bool>` is mangled differently by GCC and by the Clang that built
  /// clang-tidy, so a GCC-built plugin could not resolve it.
  bool boolOption(llvm::StringRef Name, bool Default);
  void storeBool(clang::tidy::ClangTidyOptions::OptionMap &Opts, llvm::StringRef Name,
                 bool Value);

  /// Declarations and locations the project owns (options SourceRoots,
  /// ThirdPartyDirs, OwnedNamespaces; global or per check).
  const OwnershipPolicy &ownership() const { return Ownership; }
  bool isOwned(const clang::Decl *D) const { return Ownership.isOwnedDecl(D); }

  /// The matchers of the conversion checks: converting constructors and
  /// conversion operators the project wrote (bound "decl"), and every
  /// constructor call ("construct") and user-defined conversion ("cast"),
  /// whose sites ConversionSiteIndex sorts out.
  void registerConversionMatchers(clang::ast_matchers::MatchFinder *Finder);

  /// Attaches fix-its to a warning. The warning is emitted at the end of the
  /// caller's full expression, so a note issued after this call follows it.
  static void withFixes(const clang::DiagnosticBuilder &Diag,
                        llvm::ArrayRef<clang::FixItHint> Hints) {
    for (const clang::FixItHint &H : Hints)
      Diag << H;
  }
  /// The note that says why no fix was offered (null: nothing to say).
  void noteNoFix(const ConversionSite *Blocker);

  /// Whether another check of this run is enabled (so that two checks do not
  /// report the same declaration).
  bool isEnabled(llvm::StringRef Check) const { return Context->isCheckEnabled(Check); }
  /// An option of another check, e.g. the device types of
  /// dispatch-implicit-device-transfer, with its default.
  std::string otherCheckOption(llvm::StringRef Check, llvm::StringRef Name,
                               llvm::StringRef Default) const;

private:
  clang::tidy::ClangTidyContext *Context;
  std::string Name;
  OwnershipPolicy Ownership;
  WideningObserver *Observer = nullptr;
  bool TrimPipeline;
  ProjectScopeSetter ScopeSetter;
};

} // namespace dispatch
