#include "HijackedCallCheck.h"

#include "dispatch/CudaFacts.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/HijackAnalysis.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

void HijackedCallCheck::registerCheckMatchers(MatchFinder *Finder) {
  // Only calls to function template specialisations can be hijacked.
  Finder->addMatcher(
      callExpr(unless(isExpansionInSystemHeader()),
               callee(functionDecl(isTemplateInstantiation(), unless(cxxMethodDecl()))))
          .bind("call"),
      this);
}

void HijackedCallCheck::onMatch(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  // Report calls the project wrote; a std:: template taking a call from
  // std:: is nobody's business here.
  if (!Call || !ownership().isOwnedLocation(Call->getBeginLoc(), SM))
    return;
  const Decl *Caller = nullptr;
  std::optional<Hijack> H = findHijack(
      Call, [&] { return Caller = enclosingCaller(Call, Ctx); }, Ctx);
  if (!H)
    return;
  const auto *CallerFD = dyn_cast_or_null<FunctionDecl>(Caller);
  bool Cuda = Ctx.getLangOpts().CUDA;
  std::string Message =
      "call to '" + H->Chosen->getNameAsString() + "' resolves to the unconstrained template '" +
      signatureOf(H->Template->getTemplatedDecl()) + "' (" +
      shortLocation(H->Template->getLocation(), SM) + ") although '" +
      signatureOf(H->Skipped) + "' (" + shortLocation(H->Skipped->getLocation(), SM) +
      ") was viable through " + matchRankLabel(H->SkippedRank) +
      "; the template's exact match hijacks the call";
  if (Cuda)
    Message += std::string(" from ") + cudaSpaceLabel(cudaSpaceOf(CallerFD)) + " code";
  Finding F = finding(H->Template, WideningKind::HijackedCall, Call->getBeginLoc(),
                      Message + "; constrain the template or call the intended overload "
                                "explicitly");
  F.WonCalls = 1;
  F.note(H->Skipped->getLocation(), "the overload the call skipped", NoteRole::WouldResolveTo);
  report(std::move(F));
}

} // namespace dispatch
