// Base of every dispatch-* check: reads the options all checks share (who owns
// what, library knowledge) once, runs the per-translation-unit life cycle
// (match, finish, reset), and turns each Finding into clang-tidy's
// diagnostics — so that each check class stays a thin layer over the
// analysis library.
#pragma once

#include "PipelineTrim.h"

#include "dispatch/ConversionSiteIndex.h"
#include "dispatch/ConversionSites.h"
#include "dispatch/CudaFacts.h"
#include "dispatch/Finding.h"
#include "dispatch/InstantiationTracer.h"
#include "dispatch/Knowledge.h"
#include "dispatch/OverloadOracle.h"
#include "dispatch/Ownership.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <optional>

namespace dispatch {

class DispatchCheck : public clang::tidy::ClangTidyCheck {
public:
  DispatchCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  /// The check's own matchers, and the project traversal scope when this run
  /// may trim clang-tidy's pipeline (PipelineTrim.h).
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) final;
  /// finishTranslationUnit, then resetTranslationUnit: the one end-of-TU
  /// reset of every check.
  void onEndOfTranslationUnit() final;
  /// Keeps the preprocessor (no callbacks): the overload oracle reaches
  /// Sema through it (dispatch/SemaAccess.h).
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override {
    this->PP = PP;
  }
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

  /// Installed by tools that consume findings as data (dispatch-scan,
  /// dispatch-clangd); the plugin installs none.
  void setFindingSink(FindingSink *S) { Sink = S; }
  llvm::StringRef checkName() const { return Name; }

  /// The one "declaration as written" filter: the first declaration the
  /// source writes, not implicit, not produced by template instantiation
  /// (an explicit specialisation is written; also the matcher
  /// matchers::isWrittenDeclaration, rules/common/Matchers.h).
  static bool isWrittenDeclaration(const clang::Decl *D);

protected:
  virtual void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) = 0;
  /// One match; the TU's ASTContext is astContext() from here on.
  virtual void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) = 0;
  /// Everything of the TU has been matched: report what was collected.
  virtual void finishTranslationUnit(clang::ASTContext &Ctx) {}
  /// Forget the TU (called after finishTranslationUnit, also when nothing
  /// matched).
  virtual void resetTranslationUnit() {}

  clang::ASTContext &astContext() const { return *Ctx; }

  /// clang's overload resolution for this TU (dispatch/OverloadOracle.h), or
  /// null when no live Sema can be reached: then the check uses its AST
  /// model and says so once (noteModelFallback).
  OverloadOracle *oracle();
  /// Adds, to the first finding of a TU without the oracle, the note that
  /// its overload facts come from the AST model.
  void noteModelFallback(Finding &F);

  /// A finding of this check, with its message, notes and fixes: rendered as
  /// clang-tidy diagnostics and handed to the installed sink.
  Finding finding(const clang::NamedDecl *D, WideningKind Kind, clang::SourceLocation Loc,
                  std::string Message) const;
  void report(Finding F);

  /// Whether any of Sites (where a finding's effects are: implicit uses,
  /// calls or constructions it takes or competes for) is in code the project
  /// ships. An effect in its tests, benchmarks or experiments (AuxiliaryDirs)
  /// reaches no user, as a finding there does not; when every site is there,
  /// F's latent note says where.
  bool anyShipped(llvm::ArrayRef<clang::SourceLocation> Sites, Finding &F) const;
  /// Where a site takes effect for the project: Loc itself, or, for a site
  /// written in a system header's template, the project code that made clang
  /// instantiate it (dispatch/InstantiationTracer.h): a use in doctest's
  /// comparison template is the test's that wrote `CHECK_EQ`.
  clang::SourceLocation effectLocation(clang::SourceLocation Loc, const clang::Expr *Site) {
    return shownSite(Loc, Site).Loc;
  }
  /// Where to show a site, and where that is in words: Loc, "here"; or, for
  /// a site in a system header's template, the project code that made clang
  /// instantiate it, "in 'std::sort', called here" (the line a maintainer
  /// can see and change; xgboost's `emplace_back(str)`, not
  /// new_allocator.h).
  struct ShownSite {
    clang::SourceLocation Loc;
    std::string Where;
  };
  ShownSite shownSite(clang::SourceLocation Loc, const clang::Expr *Site);

  /// Boolean options through the string accessors only: the templated
  /// `get<bool>` is mangled differently by GCC and by the Clang that built
  /// clang-tidy, so a GCC-built plugin could not resolve it.
  bool boolOption(llvm::StringRef Name, bool Default, bool Global = false);
  void storeBool(clang::tidy::ClangTidyOptions::OptionMap &Opts, llvm::StringRef Name,
                 bool Value);

  /// Declarations and locations the project owns (options SourceRoots,
  /// ThirdPartyDirs, ThirdPartyMarkers, OwnedNamespaces; global or per check).
  const OwnershipPolicy &ownership() const { return Ownership; }
  bool isOwned(const clang::Decl *D) const { return Ownership.isOwnedDecl(D); }
  /// Whether F would be shown (a latent finding only with ReportLatent).
  bool shown(const Finding &F) const { return !F.Latent || ReportLatent; }
  /// The library knowledge of this run (built in + KnowledgeFiles).
  const Knowledge &knowledge() const { return *Know; }

  /// The matchers of the conversion checks: converting constructors and
  /// conversion operators the project wrote (bound "decl"), and every
  /// constructor call ("construct") and user-defined conversion ("cast"),
  /// whose sites ConversionSiteIndex sorts out.
  void registerConversionMatchers(clang::ast_matchers::MatchFinder *Finder);

  /// One note per use (the first MaxUseNotes), then "and N more".
  static constexpr size_t MaxUseNotes = 3;
  static void noteUses(Finding &F, llvm::ArrayRef<clang::SourceLocation> Uses,
                       llvm::StringRef Text, NoteRole Role = NoteRole::ImplicitUse);
  /// A call and what to say about it.
  struct CallNote {
    clang::SourceLocation Loc;
    std::string Text;
  };
  /// One note per call (the first MaxUseNotes), then "and N more <More>" at
  /// the finding.
  static void noteCalls(Finding &F, llvm::ArrayRef<CallNote> Calls, llvm::StringRef More,
                        NoteRole Role);

  /// A call a template wins: the call, what to say about it, and what it
  /// would do without the template (unset: not asked).
  struct WonCall {
    const CallSite *Site;
    std::string Text;
    std::optional<Outcome> Result = std::nullopt;
    const clang::FunctionDecl *Function = nullptr;
  };
  /// The per-template checks' notes: each of the first MaxUseNotes calls and
  /// what it would do without the template, then "and N more calls <More>".
  /// The calls a template takes from another function come first: they are
  /// the invalidations.
  static void noteWonCalls(Finding &F, llvm::ArrayRef<WonCall> Calls, llvm::StringRef More);

  /// What a call (or construction) would do without a declaration, in the
  /// words every check uses: "resolve to 'gnn::f(int)'", "use the built-in
  /// 'operator+'", "be ambiguous", "have no viable function"; empty for a
  /// deleted function.
  static std::string wouldDo(Outcome Result, const clang::FunctionDecl *Function,
                             const CallSite &Site);
  /// The note "without the template, the call would ..." (wouldDo): at the
  /// function it would resolve to, else at the call.
  static void noteWithout(Finding &F, const CallSite &Site, Outcome Result,
                          const clang::FunctionDecl *Function);

  /// The note that says why no fix was offered (null: nothing to say).
  static void noteNoFix(Finding &F, const ConversionSite *Blocker);
  /// The conversion checks' fix: `explicit` on D with its uses rewritten
  /// (titled for editors), or the note at the use that blocks it.
  static void attachExplicitFix(Finding &F, const clang::FunctionDecl *D,
                                ConversionSiteIndex::ExplicitFix Fix);

  /// Whether another enabled check of this run claims findings of Topic
  /// ("device-transfer") that this check defers to it (rules/checks.json).
  bool deferredToAnotherCheck(llvm::StringRef Topic) const;
  /// An option of another check, as that check reads it (its own key only).
  std::string optionOf(llvm::StringRef Check, llvm::StringRef Option,
                       llvm::StringRef Default) const;
  /// dispatch-implicit-device-transfer's options, read on behalf of any
  /// check that needs to know what a device transfer is.
  TransferConfig transferConfig() const;

private:
  /// Reports CheckOptions keys of this check that no check reads, and
  /// invalid KnowledgeFiles.
  void validateOptions();

  clang::tidy::ClangTidyContext *Context;
  std::string Name;
  std::shared_ptr<const Knowledge> Know;
  OwnershipPolicy Ownership;
  FindingSink *Sink = nullptr;
  clang::ASTContext *Ctx = nullptr;
  clang::Preprocessor *PP = nullptr;
  std::optional<OverloadOracle> Oracle; ///< per TU
  std::optional<InstantiationTracer> Tracer; ///< per TU, made on first use
  /// Everyday foreign types a constraint must exclude to count (global
  /// option ConstraintPanel).
  std::vector<std::string> ConstraintPanel;
  bool OracleTried = false, FallbackNoted = false;
  /// Report declarations with no effect in the TU too (global option).
  bool ReportLatent;
  bool TrimPipeline;
  ProjectScopeSetter ScopeSetter;
};

} // namespace dispatch
