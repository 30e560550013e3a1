#include "UnconstrainedOperatorCheck.h"

#include "../common/Matchers.h"
#include "dispatch/AstNavigation.h"
#include "dispatch/CandidateViability.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/HijackAnalysis.h"
#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"
#include "dispatch/TypeFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

static const char DefaultHooks[] = "broadcast;broadcasted;materialize;convert;print;show";
static const char DefaultCustomizationPoints[] =
    "swap;size;ssize;begin;end;cbegin;cend;rbegin;rend;data;empty;get;hash_value;to_string";

UnconstrainedOperatorCheck::UnconstrainedOperatorCheck(llvm::StringRef Name,
                                                       tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context), HookNames(splitList(Options.get("HookNames", DefaultHooks))),
      CustomizationPoints(
          splitList(Options.get("CustomizationPoints", DefaultCustomizationPoints))),
      DeferCopies(deferredToAnotherCheck("generic-copy")),
      CopyNames(splitList(optionOf("dispatch-generic-copy", "CopyFunctions",
                                   CopyFamily::DefaultPatterns))) {}

void UnconstrainedOperatorCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "HookNames", joinList(HookNames));
  Options.store(Opts, "CustomizationPoints", joinList(CustomizationPoints));
}

bool UnconstrainedOperatorCheck::isAlwaysReported(DeclarationName Name) const {
  if (Name.getCXXOverloadedOperator() != OO_None)
    return true;
  if (!Name.isIdentifier())
    return false;
  llvm::StringRef Id = Name.getAsIdentifierInfo()->getName();
  return llvm::is_contained(HookNames, Id) || llvm::is_contained(CustomizationPoints, Id);
}

void UnconstrainedOperatorCheck::registerCheckMatchers(MatchFinder *Finder) {
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(
      functionTemplateDecl(Written, hasDeclContext(namespaceDecl()), matchers::isWrittenDeclaration())
          .bind("tmpl"),
      this);
  Finder->addMatcher(
      functionTemplateDecl(Written, hasDeclContext(translationUnitDecl()),
                           matchers::isWrittenDeclaration())
          .bind("tmpl"),
      this);
  Finder->addMatcher(callExpr(Written, callee(functionDecl())).bind("call"), this);
  Finder->addMatcher(cxxRewrittenBinaryOperator(Written).bind("call"), this);
}

void UnconstrainedOperatorCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *E = Result.Nodes.getNodeAs<Expr>("call")) {
    std::optional<CallSite> Site = Collector.add(E);
    // Member calls never see a namespace-scope template.
    if (Site && (Site->Kind == CallKind::Free || Site->Kind == CallKind::Operator) &&
        ownership().isOwnedLocation(E->getBeginLoc(), *Result.SourceManager))
      Calls[Site->Chosen->getDeclName()].push_back(*Site);
    return;
  }
  const auto *FTD = Result.Nodes.getNodeAs<FunctionTemplateDecl>("tmpl");
  if (!FTD)
    return;
  // Constraints are judged at the end of the TU (isBroadlyUnconstrained).
  if (!isFreeTemplateForAnyType(FTD) || !isOwned(FTD))
    return;
  if (DeferCopies && CopyNames.isCopyTemplate(FTD))
    return;
  Found.push_back(FTD);
  for (const CXXRecordDecl *RD : concreteClassParams(FTD))
    if (isOwned(RD) && !isImplicitlyConstructibleFromOtherTypes(RD))
      TiedToOwnedClass.insert(FTD);
}

/// Whether A and B are declared in the same namespace (a class's members
/// count as its namespace's).
static bool inSameNamespace(const Decl *A, const Decl *B) {
  return A->getDeclContext()->getEnclosingNamespaceContext()->getPrimaryContext() ==
         B->getDeclContext()->getEnclosingNamespaceContext()->getPrimaryContext();
}

/// Whether a call the template won would, without it, resolve to what the
/// template took it from: a specific overload or a built-in operator.
static bool takesCall(const std::optional<Resolution> &Without, const FunctionTemplateDecl *FTD,
                      OverloadOracle &O) {
  return Without && (Without->Result == Outcome::Builtin ||
                     (Without->Result == Outcome::Function &&
                      isSpecificOverload(Without->Function, FTD, O)));
}

namespace {
/// What one call shows about a template.
struct CallEffect {
  const CallSite *Site = nullptr;
  bool Viable = false, Won = false, Competes = false;
  /// Won with other candidates viable, none of which it took the call from
  /// (ambiguous without it, or an overload forwarding to it).
  bool Contested = false;
  std::optional<Resolution> Without; ///< for won calls: the call without the template
};
} // namespace

void UnconstrainedOperatorCheck::finishTranslationUnit(ASTContext &Ctx) {
  OverloadOracle *O = oracle();
  for (const FunctionTemplateDecl *FTD : Found) {
    if (!isBroadlyUnconstrained(FTD, O))
      continue;
    std::vector<CallEffect> Effects;
    auto It = Calls.find(FTD->getDeclName());
    if (It != Calls.end())
      for (const CallSite &Site : It->second) {
        CallEffect E;
        E.Site = &Site;
        E.Won = isSpecializationOf(Site.Chosen, FTD);
        const Decl *Caller = enclosingCaller(Site.E, Ctx);
        std::optional<Resolution> Asked;
        if (O && (Asked = O->resolve(Site, Caller))) {
          bool OtherViable = false;
          for (const Resolution::Candidate &C : Asked->Candidates) {
            bool Ours = isSpecializationOf(C.Function, FTD);
            E.Viable |= C.Viable && Ours;
            // A competitor is a more specific overload: not another
            // template for any type (the variadic-recursion siblings of
            // `arc(A &, T &&, Ts &&...)`, a `static_assert` fallback whose
            // `typename decay_t<E>::value_type` return admits every
            // container: the judgement of isGenericFallback). One of the
            // template's own namespace competes only when the template beat
            // it: a generic fallback that loses to the specific overloads
            // declared beside it is that family's design, not a widening.
            OtherViable |= C.Viable && !Ours && !isGenericFallback(C.Function, *O) &&
                           (E.Won || !inSameNamespace(C.Function, FTD));
          }
          // A viable built-in operator (`f + 2.0f` through a conversion
          // to float, an enum's `e == 1`) is nobody's family: it competes.
          E.Competes = E.Viable && (OtherViable || Asked->BuiltinViable);
          if (E.Won) {
            E.Without = O->resolve(Site, Caller, [&](const FunctionDecl *F) {
              return isSpecializationOf(F, FTD);
            });
            // A call it wins competes only where it has a meaning without
            // the template, one the template changes: another function (not
            // one that forwards to it) or a built-in operator. A call that
            // would be ambiguous among the siblings (dlib's
            // `make_unsigned(const T &)` for an int beside its float,
            // double, long double overloads) is the template's own use.
            E.Contested = E.Competes && !takesCall(E.Without, FTD, *O);
            E.Competes = E.Competes && !E.Contested;
          }
        } else if (const auto *Call = dyn_cast<CallExpr>(Site.E); Call && !O) {
          // No Sema: the AST model (free functions, standard conversions).
          llvm::SmallVector<const Expr *, 4> Args = callArguments(Call);
          E.Viable = E.Won || (templateAccepts(FTD, Args) &&
                               isVisibleAt(FTD->getTemplatedDecl(), Call, Args, Caller, Ctx));
        } else {
          E.Viable = E.Won;
        }
        if (E.Viable)
          Effects.push_back(std::move(E));
      }
    bool Competes = llvm::any_of(Effects, [](const CallEffect &E) { return E.Competes; });
    // Operators, hooks and customisation points are always findings (latent
    // where nothing competes); a template of another name (or tied to a
    // class of the project) only where it competes.
    bool AlwaysReported =
        isAlwaysReported(FTD->getDeclName()) && !TiedToOwnedClass.contains(FTD);
    if (!AlwaysReported && !Competes)
      continue;
    const FunctionDecl *FD = FTD->getTemplatedDecl();
    Finding F = finding(FD, WideningKind::UnconstrainedTemplate, FD->getLocation(),
                        "unconstrained template '" + signatureOf(FD) +
                            "' accepts arguments of any type");
    // An effect is a call where the template competes: another candidate is
    // viable beside it. A call it wins with nothing else viable is the
    // template's own use (`to_string(x)` with no other `to_string`), not an
    // invalidation: no call means anything else because it exists. Without
    // Sema (the AST model cannot tell) a hook's every viable call counts.
    std::vector<SourceLocation> EffectSites;
    for (const CallEffect &E : Effects)
      if (E.Competes || (!O && AlwaysReported))
        EffectSites.push_back(E.Site->Loc);
    F.Latent = !anyShipped(EffectSites, F);
    if (F.Latent && EffectSites.empty() &&
        llvm::any_of(Effects, [](const CallEffect &E) { return E.Contested; }))
      F.LatentReason = "latent: without it, the calls it wins here would be ambiguous or go to "
                       "an overload that calls it, so nothing resolves differently because of it "
                       "(shown by the ReportLatent option)";
    else if (F.Latent && EffectSites.empty() &&
             llvm::any_of(Effects, [](const CallEffect &E) { return E.Won; }))
      F.LatentReason = "latent: no other candidate is viable at the calls it wins here, so "
                       "nothing resolves differently because of it (shown by the "
                       "ReportLatent option)";
    // Its dependents (dispatch-scan's sites) are the calls it takes: those
    // that would resolve to another function or a built-in operator without
    // it.
    auto Takes = [&](const CallEffect &E) { return E.Won && takesCall(E.Without, FTD, *O); };
    if (O) {
      F.DependentSites.emplace();
      for (const CallEffect &E : Effects)
        if (Takes(E))
          F.DependentSites->push_back(E.Site->Loc);
    }
    unsigned Won = llvm::count_if(Effects, [](const CallEffect &E) { return E.Won; });
    if (!Effects.empty())
      F.note(FD->getLocation(),
             "viable at " + plural(Effects.size(), "call", "calls") +
                 " in this translation unit and chosen at " + std::to_string(Won),
             NoteRole::Context);
    if (!isUnconstrainedTemplate(FTD))
      F.note(FD->getLocation(),
             "its constraints admit everyday foreign types (the ConstraintPanel option)",
             NoteRole::Context);
    F.ViableCalls = Effects.size() - Won;
    // A won call is a hijack (dispatch-scan's column) only when it takes the
    // call from a specific overload, as dispatch-hijacked-call judges it.
    F.WonCalls = llvm::count_if(Effects, Takes);
    // Which calls it wins, and what they would do without it: those it
    // takes first (dispatch-hijacked-call leaves them to this finding).
    std::vector<const CallEffect *> WonEffects;
    for (const CallEffect &E : Effects)
      if (E.Won)
        WonEffects.push_back(&E);
    std::stable_partition(WonEffects.begin(), WonEffects.end(),
                          [&](const CallEffect *E) { return O && Takes(*E); });
    std::vector<WonCall> WonNotes;
    for (const CallEffect *E : WonEffects)
      WonNotes.push_back(
          {E->Site, "this call resolves to the template" + withTemplateArgumentsOf(E->Site->Chosen),
           E->Without ? std::optional(E->Without->Result) : std::nullopt,
           E->Without ? E->Without->Function : nullptr});
    noteWonCalls(F, WonNotes, "it wins in this translation unit");
    if (!O)
      noteModelFallback(F);
    report(std::move(F));
  }
}

void UnconstrainedOperatorCheck::resetTranslationUnit() {
  Found.clear();
  TiedToOwnedClass.clear();
  Calls.clear();
  Collector.clear();
}

} // namespace dispatch
