#include "UnconstrainedOperatorCheck.h"

#include "dispatch/CandidateViability.h"
#include "dispatch/DiagnosticText.h"
#include "dispatch/HijackAnalysis.h"
#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

static const char DefaultHooks[] = "broadcast;broadcasted;materialize;convert;print;show";

UnconstrainedOperatorCheck::UnconstrainedOperatorCheck(llvm::StringRef Name,
                                                       tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      HookNames(splitList(Options.get("HookNames", DefaultHooks))) {}

void UnconstrainedOperatorCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "HookNames", joinList(HookNames));
}

bool UnconstrainedOperatorCheck::isHookName(DeclarationName Name) const {
  if (Name.getCXXOverloadedOperator() != OO_None)
    return true;
  if (!Name.isIdentifier())
    return false;
  llvm::StringRef Id = Name.getAsIdentifierInfo()->getName();
  return llvm::is_contained(HookNames, Id);
}

void UnconstrainedOperatorCheck::registerCheckMatchers(MatchFinder *Finder) {
  auto Written = unless(isExpansionInSystemHeader());
  Finder->addMatcher(
      functionTemplateDecl(Written, hasDeclContext(namespaceDecl())).bind("tmpl"), this);
  Finder->addMatcher(
      functionTemplateDecl(Written, hasDeclContext(translationUnitDecl())).bind("tmpl"), this);
  Finder->addMatcher(callExpr(callee(functionDecl())).bind("call"), this);
}

void UnconstrainedOperatorCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && isHookName(Callee->getDeclName()) &&
        !Result.SourceManager->isInSystemHeader(Call->getBeginLoc()))
      Calls[Callee->getDeclName()].push_back(Call);
    return;
  }
  const auto *FTD = Result.Nodes.getNodeAs<FunctionTemplateDecl>("tmpl");
  if (!FTD || !isWrittenDeclaration(FTD))
    return;
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (FD->getFriendObjectKind() != Decl::FOK_None || !isHookName(FD->getDeclName()))
    return;
  if (!isUnconstrainedTemplate(FTD) || !acceptsUnrelatedTypes(FTD) || !isOwned(FTD))
    return;
  Found.push_back(FTD);
}

/// "T = gnn::Tensor, U = int" for a specialisation.
static std::string describeTemplateArgs(const FunctionDecl *Spec) {
  const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
  const FunctionTemplateDecl *Primary = Spec->getPrimaryTemplate();
  if (!Args || !Primary)
    return "its own signature";
  PrintingPolicy Policy = Spec->getASTContext().getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  const TemplateParameterList *Params = Primary->getTemplateParameters();
  for (unsigned I = 0; I < Args->size() && I < Params->size(); ++I) {
    if (I)
      OS << ", ";
    OS << Params->getParam(I)->getName() << " = ";
    Args->get(I).print(Policy, OS, /*IncludeType=*/false);
  }
  return OS.str();
}

void UnconstrainedOperatorCheck::finishTranslationUnit(ASTContext &Ctx) {
  for (const FunctionTemplateDecl *FTD : Found) {
    unsigned Viable = 0;
    std::vector<const CallExpr *> Won;
    auto It = Calls.find(FTD->getDeclName());
    if (It != Calls.end())
      for (const CallExpr *Call : It->second) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (primaryTemplateOf(Callee) == FTD) {
          ++Viable;
          Won.push_back(Call);
          continue;
        }
        llvm::SmallVector<const Expr *, 4> Args = callArguments(Call);
        if (templateAccepts(FTD, Args) &&
            isVisibleAt(FTD->getTemplatedDecl(), Call, Args, enclosingCaller(Call, Ctx), Ctx))
          ++Viable;
      }
    const FunctionDecl *FD = FTD->getTemplatedDecl();
    Finding F = finding(
        FD, WideningKind::UnconstrainedTemplate, FD->getLocation(),
        "unconstrained template '" + signatureOf(FD) +
            "' at namespace scope accepts arguments of any type, so ordinary lookup and ADL "
            "offer it to unrelated types; in this translation unit it is a viable candidate "
            "at " +
            plural(Viable, "call", "calls") + " and wins " + std::to_string(Won.size()) +
            "; constrain its parameters (requires or enable_if) or make it a hidden friend of "
            "the types it serves");
    F.ViableCalls = Viable;
    F.WonCalls = Won.size();
    // Which calls it wins: the first few, in source order.
    for (size_t I = 0; I < Won.size() && I < MaxWonNotes; ++I)
      F.note(Won[I]->getBeginLoc(),
             "this call resolves to the template (with " +
                 describeTemplateArgs(Won[I]->getDirectCallee()) + ")",
             NoteRole::WonCall);
    report(std::move(F));
  }
}

void UnconstrainedOperatorCheck::resetTranslationUnit() {
  Found.clear();
  Calls.clear();
}

} // namespace dispatch
