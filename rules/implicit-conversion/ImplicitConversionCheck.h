// dispatch-implicit-conversion: non-explicit converting constructors and
// conversion operators, ranked by how much of the program they widen.
#pragma once

#include "../common/DispatchCheck.h"

#include "dispatch/ConversionFacts.h"
#include "dispatch/ConversionSiteIndex.h"
#include "dispatch/ExplicitConvention.h"

namespace dispatch {

class ImplicitConversionCheck : public DispatchCheck {
public:
  ImplicitConversionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void finishTranslationUnit(clang::ASTContext &Ctx) override;
  void resetTranslationUnit() override;

  /// A call, and what it would do without the conversion (wouldDo's words).
  struct CallAnswer {
    clang::SourceLocation Loc;
    std::string WouldDo;
  };

  /// A use takes a call from something else when, without the conversion,
  /// the call it is an argument of would resolve to another function (not
  /// one of the class's own) or a built-in operator: the "without" answer.
  /// Nullopt for the conversion's own uses — nothing else viable, ambiguous
  /// among its own siblings, no call around the use, or no replay.
  std::optional<CallAnswer> contest(const ConversionSite &Use, const clang::FunctionDecl *Written,
                                 clang::ASTContext &Ctx);

  /// What the use itself would convert through without Written — another
  /// conversion function of the source class or converting constructor of
  /// the target (`int n = arg` through `operator bool` once `operator int`
  /// is gone) — or null: no other conversion, ambiguous, or no replay.
  const clang::FunctionDecl *otherConversion(const ConversionSite &Use,
                                             const clang::FunctionDecl *Written,
                                             clang::ASTContext &Ctx);

  /// The calls among Calls where a candidate that loses is viable through
  /// one of Found's conversions and the winner does not use it — the
  /// widened candidate set that changed nothing yet (taking the conversion
  /// out leaves the winner the winner) — by the conversion as written; each
  /// call replayed once.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<CallAnswer>>
  viableOnlyCalls(clang::ASTContext &Ctx);
  /// Calls replayed for viableOnlyCalls per translation unit, at most (the
  /// oracle's budget serves the calls the conversions take too).
  static constexpr unsigned MaxViableOnlyReplays = 4000;

  /// The conversion Written adds, when this check reports it.
  std::optional<ImplicitConversion> reportable(const clang::FunctionDecl *Written) const;

  /// Report conversions at least this broad ("templated", "ubiquitous",
  /// "ordinary").
  ConversionBreadth MinimumBreadth;
  /// Offer the fix (explicit + call-site rewrites) at all.
  bool FixCallSites;
  /// Count a use nothing else could take (the conversion's own) as an
  /// effect; off, only uses that take a call from another function (and any
  /// use of a conversion to bool) are: the library profile.
  bool OwnUsesAreEffects;
  /// Set when another enabled check claims device transfers
  /// (rules/checks.json): conversions that move data across the bus are
  /// left to it.
  bool DeferTransfers;
  /// Set when dispatch-greedy-constructor runs: greedy constructor
  /// templates are its findings (its fix adds explicit too).
  bool DeferGreedy;
  TransferConfig Transfers;

  std::vector<ImplicitConversion> Found;
  ConversionSiteIndex Sites;
  /// Calls, rewritten comparisons and constructions in the project's code,
  /// in traversal order (a rewritten comparison before its inner call):
  /// where a conversion may make a losing candidate viable.
  std::vector<const clang::Expr *> Calls;
  /// What a call names, the same for every specialisation: a constructor's
  /// class as written, another function's name.
  static const void *calleeKey(const clang::FunctionDecl *F);
  /// The callee keys of the functions with a parameter of each class (as
  /// written), by value or reference: a call to one of these is where a
  /// converting constructor to that class can add a candidate.
  llvm::DenseMap<const clang::CXXRecordDecl *, llvm::SmallVector<const void *, 2>> Takers;
  /// The explicit converting constructors the project wrote: an implicit
  /// one beside them is effective without uses.
  ExplicitConvention Convention;
};

} // namespace dispatch

template <> struct clang::tidy::OptionEnumMapping<dispatch::ConversionBreadth> {
  static llvm::ArrayRef<std::pair<dispatch::ConversionBreadth, llvm::StringRef>> getEnumMapping();
};
