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

void HijackedCallCheck::check(const MatchFinder::MatchResult &Result) {
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
  diagWidening(H->Template, Call->getBeginLoc(),
       "call to '%0' resolves to the unconstrained template '%1' (%2) although '%3' "
       "(%4) was viable through %5; the template's exact match hijacks the call"
       "%select{| from %7 code}6; constrain the template or call the intended "
       "overload explicitly")
      << H->Chosen->getNameAsString() << signatureOf(H->Template->getTemplatedDecl())
      << shortLocation(H->Template->getLocation(), SM) << signatureOf(H->Skipped)
      << shortLocation(H->Skipped->getLocation(), SM) << matchRankLabel(H->SkippedRank)
      << (Cuda ? 1 : 0) << cudaSpaceLabel(cudaSpaceOf(CallerFD));
  diag(H->Skipped->getLocation(), "the overload the call skipped", DiagnosticIDs::Note);
}

} // namespace dispatch
