#include "HijackedCallCheck.h"

#include "dispatch/AstNavigation.h"
#include "dispatch/CudaFacts.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/HijackAnalysis.h"
#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <set>
#include <tuple>

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

HijackedCallCheck::HijackedCallCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      DeferTemplates(deferredToAnotherCheck("unconstrained-template")),
      DeferCopies(deferredToAnotherCheck("generic-copy")),
      CopyNames(splitList(optionOf("dispatch-generic-copy", "CopyFunctions",
                                   CopyFamily::DefaultPatterns))) {}

void HijackedCallCheck::registerCheckMatchers(MatchFinder *Finder) {
  // Only calls to function template specialisations can be hijacked.
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(callExpr(Written, callee(functionDecl(isTemplateInstantiation()))).bind("call"),
                     this);
  // Constructor templates, also inherited ones (the AST names the derived
  // class's implicit constructor): filtered in onMatch.
  Finder->addMatcher(cxxConstructExpr(Written).bind("call"), this);
  Finder->addMatcher(
      implicitCastExpr(Written, hasCastKind(CK_UserDefinedConversion)).bind("call"), this);
  Finder->addMatcher(cxxRewrittenBinaryOperator(Written).bind("rewritten"), this);
}

void HijackedCallCheck::onMatch(const MatchFinder::MatchResult &Result) {
  const auto *E = Result.Nodes.getNodeAs<Expr>("call");
  if (!E)
    E = Result.Nodes.getNodeAs<CXXRewrittenBinaryOperator>("rewritten");
  std::optional<CallSite> Site = E ? Collector.add(E) : std::nullopt;
  // Calls the project wrote; a std:: template taking a call from std:: is
  // nobody's business here.
  if (!Site || !ownership().isOwnedLocation(E->getBeginLoc(), *Result.SourceManager))
    return;
  const FunctionTemplateDecl *T = primaryTemplateOf(Site->Chosen);
  // Constraints are judged at the end of the TU, by the oracle: deduction
  // must not add specialisations while the matchers traverse them.
  if (!hasHijackingShape(T) ||
      Result.SourceManager->isInSystemHeader(Result.SourceManager->getExpansionLoc(T->getLocation())))
    return;
  Sites.push_back(*Site);
}

bool HijackedCallCheck::isReportedAtTemplate(const FunctionTemplateDecl *Template,
                                             const CallSite &Site) const {
  if (!isOwned(Template))
    return false;
  // The candidates of dispatch-generic-copy and dispatch-unconstrained-
  // operator, as their matchers find them; both note the calls a template
  // takes (noteWonCalls).
  if (DeferCopies && CopyNames.isCopyTemplate(Template))
    return isa<CallExpr>(Site.E);
  return DeferTemplates && isFreeTemplateForAnyType(Template) &&
         (Site.Kind == CallKind::Free || Site.Kind == CallKind::Operator);
}

void HijackedCallCheck::reportHijack(const CallSite &Site, const FunctionTemplateDecl *Template,
                                     const FunctionDecl *Skipped, const Decl *Caller,
                                     bool FromModel, ASTContext &Ctx) {
  std::string Message = "call to '" + Site.Chosen->getNameAsString() +
                        "' resolves to the unconstrained template '" +
                        signatureOf(Template->getTemplatedDecl()) +
                        (Skipped ? "' although a more specific overload is viable"
                                 : "' although a built-in operator is viable");
  if (Ctx.getLangOpts().CUDA)
    Message += std::string(" (in ") + cudaSpaceLabel(cudaSpaceOf(dyn_cast_or_null<FunctionDecl>(
                                          Caller))) +
               " code)";
  Finding F = finding(Template, WideningKind::HijackedCall, Site.Loc, Message);
  F.WonCalls = 1;
  // The call is this finding's one dependent: the template's other calls
  // (its own uses) must not become dispatch-scan sites through it.
  F.DependentSites = std::vector<SourceLocation>{Site.Loc};
  F.note(Template->getLocation(), "the template the call resolves to", NoteRole::TemplateDecl);
  if (!isUnconstrainedTemplate(Template))
    F.note(Template->getLocation(),
           "its constraints admit everyday foreign types (the ConstraintPanel option)",
           NoteRole::Context);
  noteWithout(F, Site, Skipped ? Outcome::Function : Outcome::Builtin, Skipped);
  // A function that hands the call back to the template is no hijack
  // (forwardsTo), which only its body tells: CTranslate2's run-time
  // dispatcher `view(void *, Shape)` is defined in storage_view.cc. A
  // `(...)` fallback, never defined, is a detection idiom's: it has no
  // argument to hand back.
  if (const FunctionDecl *Def = nullptr; Skipped && !Skipped->hasBody(Def) &&
                                         !Skipped->isVariadic() &&
                                         !Skipped->getTemplateInstantiationPattern()) {
    F.Alternative = Skipped;
    F.note(Skipped->getLocation(),
           "its body is in another translation unit: if it hands the call back to the "
           "template (a run-time dispatcher), the call is no hijack",
           NoteRole::Context);
  }
  // `decltype(Helper::isStreamable(std::declval<T>()))`: a detection probe,
  // whose template beating its `(...)` fallback is the trait's answer;
  // nothing runs (networkit's StringBuilder traits, 10 of 34 TUs).
  if (isInUnevaluatedOperand(Site.E, Ctx)) {
    F.Latent = true;
    F.LatentReason = "latent: the call is in an unevaluated operand (a detection probe): nothing "
                     "runs (shown by the ReportLatent option)";
  }
  if (FromModel)
    noteModelFallback(F);
  report(std::move(F));
}

bool HijackedCallCheck::isLibraryDesign(const FunctionTemplateDecl *Template,
                                        const FunctionDecl *Skipped,
                                        const SourceManager &SM) const {
  // A vendored library's template taking a call from the library's own
  // overload (Eigen's `Matrix(const T &)` before `Matrix(const EigenBase<D>
  // &)`) or from a built-in operator: nothing the project could change.
  return !ownership().isOwnedLocation(Template->getLocation(), SM) &&
         !(Skipped && ownership().isOwnedLocation(Skipped->getLocation(), SM));
}

void HijackedCallCheck::finishTranslationUnit(ASTContext &Ctx) {
  // One finding per written call and template: a call in a template is
  // seen once per instantiation.
  std::set<std::tuple<unsigned, const FunctionTemplateDecl *>> Reported;
  for (const CallSite &Site : Sites) {
    const Decl *Caller = enclosingCaller(Site.E, Ctx);
    const FunctionTemplateDecl *Template = nullptr;
    const FunctionDecl *Skipped = nullptr;
    bool FromModel = false;
    if (OverloadOracle *O = oracle()) {
      if (std::optional<OracleHijack> H = findHijack(*O, Site, Caller)) {
        Template = H->Template;
        Skipped = H->Skipped;
      }
    } else if (const auto *Call = dyn_cast<CallExpr>(Site.E);
               Call && isHijackingTemplate(primaryTemplateOf(Site.Chosen))) {
      // No Sema: the AST model, which knows free functions only.
      if (std::optional<Hijack> H = findHijack(Call, [&] { return Caller; }, Ctx)) {
        Template = H->Template;
        Skipped = H->Skipped;
        FromModel = true;
      }
    }
    if (!Template || isLibraryDesign(Template, Skipped, Ctx.getSourceManager()) ||
        isReportedAtTemplate(Template, Site))
      continue;
    auto Key = std::make_tuple(Ctx.getSourceManager().getFileLoc(Site.Loc).getRawEncoding(),
                               Template->getCanonicalDecl());
    if (!Reported.insert(Key).second)
      continue;
    reportHijack(Site, Template, Skipped, Caller, FromModel, Ctx);
  }
}

void HijackedCallCheck::resetTranslationUnit() {
  Sites.clear();
  Collector.clear();
}

} // namespace dispatch
