#include "GenericCopyCheck.h"

#include "dispatch/DiagnosticText.h"
#include "dispatch/HijackAnalysis.h"
#include "dispatch/Options.h"
#include "dispatch/TemplateFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {

GenericCopyCheck::GenericCopyCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context),
      CopyFunctions(splitList(Options.get("CopyFunctions", "deepcopy;deep_copy;clone;copy"))) {}

void GenericCopyCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "CopyFunctions", joinList(CopyFunctions));
}

bool GenericCopyCheck::isCopyName(const NamedDecl *D) const {
  const IdentifierInfo *Id = D->getIdentifier();
  return Id && llvm::is_contained(CopyFunctions, Id->getName());
}

void GenericCopyCheck::registerCheckMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionTemplateDecl(unless(isExpansionInSystemHeader()),
                           hasAnyName(std::vector<llvm::StringRef>(CopyFunctions.begin(),
                                                                   CopyFunctions.end())))
          .bind("tmpl"),
      this);
  Finder->addMatcher(
      callExpr(callee(functionDecl(isTemplateInstantiation(), unless(cxxMethodDecl()))))
          .bind("call"),
      this);
}

/// One parameter that takes any type, nothing else required: `T f(const T&)`.
static bool isGenericCopy(const FunctionTemplateDecl *FTD) {
  const FunctionDecl *FD = FTD->getTemplatedDecl();
  if (isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic())
    return false;
  if (FD->getMinRequiredArguments() != 1 || FD->getNumParams() < 1)
    return false;
  ParamShape Shape = classifyParam(FD->getParamDecl(0), FTD);
  return !Shape.IsPack && acceptsAnyType(Shape.Form) && isUnconstrainedTemplate(FTD);
}

void GenericCopyCheck::onMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    if (const FunctionDecl *Callee = Call->getDirectCallee(); Callee && isCopyName(Callee))
      Calls.push_back(Call);
    return;
  }
  const auto *FTD = Result.Nodes.getNodeAs<FunctionTemplateDecl>("tmpl");
  if (!FTD || !isWrittenDeclaration(FTD) || !isCopyName(FTD))
    return;
  if (isGenericCopy(FTD) && isOwned(FTD))
    Found.push_back(FTD);
}

void GenericCopyCheck::finishTranslationUnit(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionTemplateDecl *FTD : Found) {
    // Calls this template took from a more specific overload.
    std::vector<Hijack> Taken;
    std::vector<const CallExpr *> TakenAt;
    for (const CallExpr *Call : Calls) {
      if (primaryTemplateOf(Call->getDirectCallee()) != FTD)
        continue;
      if (std::optional<Hijack> H = findHijack(Call, Ctx)) {
        Taken.push_back(*H);
        TakenAt.push_back(Call);
      }
    }
    const FunctionDecl *FD = FTD->getTemplatedDecl();
    // No fix-it: constraining the template sends derived objects to the
    // specific overload, which returns the base type; whether that slicing is
    // what the caller wanted is a person's decision.
    std::string Message = "generic '" + signatureOf(FD) + "' accepts any type";
    if (!Taken.empty())
      Message += "; it out-ranks a more specific overload at " +
                 plural(Taken.size(), "call", "calls") +
                 " in this translation unit (a template's exact match beats a derived-to-base "
                 "conversion)";
    Finding F = finding(FD, WideningKind::GenericCopy, FD->getLocation(),
                        Message + "; constrain it to the types it is meant for");
    F.WonCalls = Taken.size();
    if (!Taken.empty())
      F.note(TakenAt.front()->getBeginLoc(),
             "this call takes '" + Taken.front().Chosen->getNameAsString() + "' instead of '" +
                 signatureOf(Taken.front().Skipped) + "' (declared at " +
                 shortLocation(Taken.front().Skipped->getLocation(), SM) + ")",
             NoteRole::WonCall);
    report(std::move(F));
  }
}

void GenericCopyCheck::resetTranslationUnit() {
  Found.clear();
  Calls.clear();
}

} // namespace dispatch
